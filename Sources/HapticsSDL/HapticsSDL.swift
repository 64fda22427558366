// HapticsSDL: SDLHaptics for SDL2 games. The front door (`GameHaptics` and everything it owns) is
// `HapticsFrontEnd`, written once for every SDL; this module is its SDL2 backend (`SDL2Backend`) and
// the SDL2-typed entry points (`GameHaptics.init(configuration:)`, `handle(_:)` with SDL2's
// `SDL_Event`, `VirtualGameController`). A game imports this module alone.
@_exported import HapticsFrontEnd
