import CHapticsSDL2

extension DualSenseEffectsState {
    /// The one SDL call for trigger effects: `SDL_GameControllerSendEffect` with these 47 bytes.
    /// Returns false when SDL refused. No allocation. Used by `SDLAdaptiveTriggerOutput` and, from
    /// its own thread with SDL's joystick lock held, by `AdaptiveTriggerWatchdog`.
    func send(to controller: OpaquePointer) -> Bool {
        withUnsafeBytes { SDL_GameControllerSendEffect(controller, $0.baseAddress, Int32($0.count)) } == 0
    }
}
