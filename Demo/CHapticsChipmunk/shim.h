// Chipmunk2D 7 (Debian: libchipmunk-dev), used only by the demo game.
#include <chipmunk/chipmunk.h>
