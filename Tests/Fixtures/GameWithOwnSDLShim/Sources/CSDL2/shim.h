// The game's own SDL shim, as many SDL games in Swift have one.
#include <SDL.h>
