import CHapticsSDL2

extension DualSenseEffectsState {
    /// The one SDL call for trigger effects: `SDL_GameControllerSendEffect` with these 47 bytes.
    /// Returns false when SDL refused. Through `PadOutputGate` (nothing once the process is leaving). No allocation. Used by `SDLAdaptiveTriggerOutput` and, from
    /// its own thread with SDL's joystick lock held, by `AdaptiveTriggerWatchdog`.
    func send(to controller: OpaquePointer) -> Bool {
        withUnsafeBytes { bytes in
            PadOutputGate.send { SDL_GameControllerSendEffect(controller, bytes.baseAddress, Int32(bytes.count)) }
        } == 0
    }
}
