import CHapticsSDL2
import Haptics

// How GameHaptics reacts to pads coming and going, batteries and focus. Every path that takes a
// pad away from a player sends it an explicit (0,0) before anything else happens to it.
extension GameHaptics {
    func configure(_ slot: PlayerSlot) {
        let player = slot.player
        slot.engine.stoppedHandler = { [weak self] reason in self?.stoppedHandler?(player, reason) }
        slot.engine.resetHandler = { [weak self] in self?.resetHandler?(player) }
        slot.engine.presentationLatency = configuration.presentationLatency
        slot.output.safetyMilliseconds = configuration.safetyMilliseconds
        configureAudio(slot)
        applyMixer(to: slot)
    }

    func applyMixer() {
        for slot in slots { applyMixer(to: slot) }
    }

    private func applyMixer(to slot: PlayerSlot) {
        var settings = mixer
        settings.masterGain = mixer.masterGain * (configuration.scalesForLowBattery ? slot.batteryGain : 1)
        slot.engine.mixer = settings
    }

    func controllerAdded(deviceIndex: Int32) {
        guard let entry = hub.open(deviceIndex: deviceIndex) else { return }
        if let player = entry.info.player { attach(entry, to: slots[player]) }
    }

    func controllerRemoved(instanceID: Int32) {
        guard hub.entry(instanceID: instanceID) != nil else { return }
        let freed = slots.first { $0.instanceID == instanceID }
        if let freed { release(freed, reason: .gameControllerDisconnected) }
        hub.close(instanceID: instanceID)
        // A pad that had no player (more pads than players) takes the freed one.
        if let freed, let waiting = hub.entries.first(where: { $0.info.player == nil }) {
            assign(controller: waiting.info.instanceID, toPlayer: freed.player)
        }
    }

    /// Gives `slot` the pad of `entry`: picks its profile, makes the engine fit it, starts it, sends
    /// its adaptive triggers "off", and on a reconnection or reassignment resets it: the player's
    /// trigger effects are cleared and the reset handler runs, so the game can restart its players
    /// and set its trigger effects again.
    func attach(_ entry: ControllerHub.Entry, to slot: PlayerSlot) {
        slot.output.attach(entry.controller, profile: entry.info.profile)
        slot.triggerOutput.attach(entry.controller, support: entry.info.adaptiveTriggers,
                                  minimumUpdateInterval: entry.info.profile.minimumUpdateInterval, rumble: slot.output)
        if entry.info.adaptiveTriggers == .adaptive { startTriggerWatchdogIfNeeded() }
        slot.instanceID = entry.info.instanceID
        slot.rebuildEngineIfNeeded(voiceCapacity: configuration.voiceCapacity)
        configure(slot)
        slot.batteryGain = batteryGain(SDL_JoystickCurrentPowerLevel(SDL_GameControllerGetJoystick(entry.controller)))
        applyMixer(to: slot)
        let staysStopped = suspendedByFocus && configuration.focusPolicy == .stopEngines
        if !staysStopped { try? slot.engine.start() }
        slot.triggerOutput.stop()   // a known state: whatever another program left on the triggers ends
        if slot.hadPad {
            slot.triggers.setModeOff()   // like players, trigger effects end on a reconnection or a reassignment
            slot.engine.reset()
        }
        slot.hadPad = true
        controllerChangedHandler?(slot.player, entry.info)
    }

    /// Takes the pad away from `slot`: explicit stop, then the engine stops (with `reason`, which
    /// calls the stopped handler, or silently when nil).
    func release(_ slot: PlayerSlot, reason: HapticEngine.StoppedReason?) {
        slot.triggerOutput.detach()
        slot.rumbleDelay.clear()
        slot.output.detach()
        slot.instanceID = nil
        if let reason { slot.engine.handleExternalStop(reason) } else { slot.engine.stop() }
        if audio != nil && !(suspendedByFocus && configuration.focusPolicy == .stopEngines) {
            try? slot.engine.start()   // with audio on, the player's sound goes on without a pad
        }
        pausedPlayers.removeAll { !$0.isPlaying }
        controllerChangedHandler?(slot.player, nil)
    }

    /// Sends (0,0) to `slot`'s pad and "off" to its adaptive triggers now.
    func silence(_ slot: PlayerSlot) {
        slot.rumbleDelay.clear()
        slot.output.stop()
        slot.triggerOutput.stop()
    }

    func batteryChanged(instanceID: Int32, level: SDL_JoystickPowerLevel) {
        guard let slot = slots.first(where: { $0.instanceID == instanceID }) else { return }
        slot.batteryGain = batteryGain(level)
        applyMixer(to: slot)
    }

    private func batteryGain(_ level: SDL_JoystickPowerLevel) -> Double {
        switch level {
        case SDL_JOYSTICK_POWER_LOW: return configuration.lowBatteryGain
        case SDL_JOYSTICK_POWER_EMPTY: return configuration.emptyBatteryGain
        default: return 1
        }
    }

    func focusChanged(hasFocus focused: Bool) {
        guard focused != hasFocus else { return }
        hasFocus = focused
        switch configuration.focusPolicy {
        case .pause:
            if !focused, !isPaused {
                pause()
                suspendedByFocus = true
            } else if focused, suspendedByFocus {
                suspendedByFocus = false
                resume()
            }
        case .stopEngines:
            if !focused {
                suspendedByFocus = true
                for slot in slots where slot.instanceID != nil || audio != nil {
                    silence(slot)
                    slot.engine.handleExternalStop(.applicationSuspended)
                }
            } else {
                suspendedByFocus = false
                for slot in slots where slot.instanceID != nil || audio != nil { try? slot.engine.start() }
            }
        case .ignore:
            break
        }
    }
}
