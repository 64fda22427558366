// HapticsSDL3: SDLHaptics for SDL3 games. The front door (`GameHaptics` and everything it owns) is
// `HapticsFrontEnd`, written once for every SDL; this module is its SDL3 backend (`SDL3Backend`) and
// the SDL3-typed entry points (`GameHaptics.init(configuration:)`, `handle(_:)` with SDL3's
// `SDL_Event`, `VirtualGameController` on `SDL_AttachVirtualJoystick`). A game imports this module
// alone, never beside HapticsSDL: one process links one SDL. docs/sdl3.md.
@_exported import HapticsFrontEnd
