import Haptics

extension GameHaptics {
    /// The pads and what comes with them (`haptics.pads`): which pad each player has, each player's
    /// engine, rumble output and adaptive triggers, reassignment, and the handlers for pads coming
    /// and going. Every path that takes a pad away from a player sends it an explicit (0,0) (and
    /// "off" to its triggers) before anything else happens to it. Game thread.
    public final class Pads {
        let state: FrontDoorState
        /// Turns DualSense triggers off when `update` stops coming (nil when disabled or before the
        /// first pad with adaptive triggers).
        package var triggerWatchdog: AdaptiveTriggerWatchdog?

        /// Called when a player's engine stops by itself: the pad was unplugged
        /// (`.gameControllerDisconnected`), focus was lost with the `.stopEngines` policy
        /// (`.applicationSuspended`), or at shutdown (`.engineDestroyed`). Arguments: player (0-based), reason.
        public var stoppedHandler: ((Int, HapticEngine.StoppedReason) -> Void)?
        /// Called when a pad is plugged back in for a player whose pad was gone: the engine runs again,
        /// and this is where the game restarts the players it wants (Core Haptics' reset handler).
        public var resetHandler: ((Int) -> Void)?
        /// Called when a pad is assigned to a player or leaves one, after the change (player, pad or nil).
        public var controllerChangedHandler: ((Int, ConnectedController?) -> Void)?

        init(state: FrontDoorState) { self.state = state }

        /// Every open pad, in the order they arrived.
        public var controllers: [ConnectedController] { state.hub.controllers }

        /// The pad assigned to `player` (0-based), or nil.
        public func controller(forPlayer player: Int) -> ConnectedController? { state.hub.entry(player: player)?.info }

        /// The open pad with SDL joystick instance id `instanceID` (assigned to a player or not), or nil.
        public func controller(instanceID: Int32) -> ConnectedController? { state.hub.entry(instanceID: instanceID)?.info }

        /// The engine that plays `player`'s haptics (for players, dynamic parameters, handlers), or nil for
        /// a player number out of range. It is replaced when a pad of another kind is plugged in for
        /// that player: fetch it again in `resetHandler`.
        public func engine(forPlayer player: Int) -> HapticEngine? {
            state.seats.indices.contains(player) ? state.seats[player].engine : nil
        }

        /// The rumble output of `player` (statistics such as the SDL calls made, safety duration), or nil out of range.
        public func rumbleOutput(forPlayer player: Int) -> SDLRumbleOutput? {
            state.seats.indices.contains(player) ? state.seats[player].output : nil
        }

        /// The adaptive triggers of `player` (0-based), or nil out of range: set effects on them in Apple's
        /// spelling (`pads.adaptiveTriggers(forPlayer: 0)?.right.setModeWeaponWithStartPosition(...)`). They
        /// belong to the player, not the pad: a pad plugged in for that player receives them.
        public func adaptiveTriggers(forPlayer player: Int) -> AdaptiveTriggers? {
            state.seats.indices.contains(player) ? state.seats[player].triggers : nil
        }

        /// The adaptive trigger output of `player` (support, statistics, last bytes sent), or nil out of range.
        public func triggerOutput(forPlayer player: Int) -> SDLAdaptiveTriggerOutput? {
            state.seats.indices.contains(player) ? state.seats[player].triggerOutput : nil
        }

        /// Whether haptics posted for `player` can be felt now (a pad that can rumble is assigned).
        public func canRumble(player: Int) -> Bool { state.seats.indices.contains(player) && state.seats[player].canRumble }

        /// Moves the pad with SDL instance id `instanceID` to `player` (nil: to no player). A pad already
        /// on that player takes the moved pad's old player. Both pads are stopped first.
        public func assign(controller instanceID: Int32, toPlayer player: Int?) {
            let changed = state.hub.assign(instanceID: instanceID, toPlayer: player)
            guard !changed.isEmpty else { return }
            for entry in changed {
                for seat in state.seats where seat.instanceID == entry.info.instanceID { release(seat, reason: nil) }
            }
            for entry in changed {
                if let player = entry.info.player { attach(entry, to: state.seats[player]) }
            }
        }

        // MARK: - Internals: pads coming and going, batteries

        func configure(_ seat: PlayerSeat) {
            let player = seat.player
            seat.engine.stoppedHandler = { [weak self] reason in self?.stoppedHandler?(player, reason) }
            seat.engine.resetHandler = { [weak self] in self?.resetHandler?(player) }
            seat.engine.presentationLatency = state.configuration.presentationLatency
            seat.output.safetyMilliseconds = state.configuration.safetyMilliseconds
            state.configureAudio(seat)
            state.applyMixer(to: seat)
        }

        func controllerAdded(_ arrival: PadArrival) {
            guard let entry = state.hub.open(arrival) else { return }
            if let player = entry.info.player { attach(entry, to: state.seats[player]) }
        }

        func controllerRemoved(instanceID: Int32) {
            guard state.hub.entry(instanceID: instanceID) != nil else { return }
            let freed = state.seats.first { $0.instanceID == instanceID }
            if let freed { release(freed, reason: .gameControllerDisconnected) }
            state.hub.close(instanceID: instanceID)
            // A pad that had no player (more pads than players) takes the freed one.
            if let freed, let waiting = state.hub.entries.first(where: { $0.info.player == nil }) {
                assign(controller: waiting.info.instanceID, toPlayer: freed.player)
            }
        }

        /// Gives `seat` the pad of `entry`: picks its profile, makes the engine fit it, starts it, sends
        /// its adaptive triggers "off", and on a reconnection or reassignment resets it: the player's
        /// trigger effects are cleared and the reset handler runs, so the game can restart its players
        /// and set its trigger effects again.
        func attach(_ entry: ControllerHub.Entry, to seat: PlayerSeat) {
            seat.output.attach(entry.controller, backend: state.backend, profile: entry.info.profile)
            seat.triggerOutput.attach(entry.controller, backend: state.backend, support: entry.info.adaptiveTriggers,
                                      minimumUpdateInterval: entry.info.profile.minimumUpdateInterval, rumble: seat.output)
            if entry.info.adaptiveTriggers == .adaptive { startTriggerWatchdogIfNeeded() }
            seat.instanceID = entry.info.instanceID
            seat.rebuildEngineIfNeeded(voiceCapacity: state.configuration.voiceCapacity)
            state.refreshFeedbackDevice(of: seat)
            configure(seat)
            seat.batteryGain = batteryGain(state.backend.batteryLevel(entry.controller))
            state.applyMixer(to: seat)
            if !state.staysStopped { try? seat.engine.start() }
            seat.triggerOutput.stop()   // a known state: whatever another program left on the triggers ends
            if seat.hadPad {
                seat.triggers.setModeOff()   // like players, trigger effects end on a reconnection or a reassignment
                seat.engine.reset()
            }
            seat.hadPad = true
            controllerChangedHandler?(seat.player, entry.info)
        }

        /// Takes the pad away from `seat`: explicit stop, then the engine stops (with `reason`, which
        /// calls the stopped handler, or silently when nil).
        func release(_ seat: PlayerSeat, reason: HapticEngine.StoppedReason?) {
            seat.triggerOutput.detach()
            seat.rumbleDelay.clear()
            seat.output.detach()
            seat.instanceID = nil
            state.refreshFeedbackDevice(of: seat)
            if let reason { seat.engine.handleExternalStop(reason) } else { seat.engine.stop() }
            if state.audioOutput != nil && !state.staysStopped {
                try? seat.engine.start()   // with audio on, the player's sound goes on without a pad
            }
            state.pausedPlayers.removeAll { !$0.isPlaying }
            controllerChangedHandler?(seat.player, nil)
        }

        func batteryChanged(instanceID: Int32, level: PadBatteryLevel) {
            guard let seat = state.seats.first(where: { $0.instanceID == instanceID }) else { return }
            seat.batteryGain = batteryGain(level)
            state.applyMixer(to: seat)
        }

        private func batteryGain(_ level: PadBatteryLevel) -> Double {
            switch level {
            case .low: return state.configuration.lowBatteryGain
            case .empty: return state.configuration.emptyBatteryGain
            case .other: return 1
            }
        }

        /// Starts the trigger watchdog the first time a pad with adaptive triggers is attached (no thread
        /// for games that never see a DualSense), unless `triggerWatchdogMilliseconds` is 0.
        func startTriggerWatchdogIfNeeded() {
            guard triggerWatchdog == nil, !state.isShutDown, state.configuration.triggerWatchdogMilliseconds > 0 else { return }
            triggerWatchdog = AdaptiveTriggerWatchdog(links: state.seats.map(\.triggerOutput.link), backend: state.backend,
                                                      timeoutMilliseconds: UInt64(state.configuration.triggerWatchdogMilliseconds))
            triggerWatchdog?.feed()
        }

        /// Closes every pad after sending each (0,0) and "off"; destroys the engines (`stoppedHandler`
        /// with `.engineDestroyed` per player that had a pad).
        func shutdown() {
            triggerWatchdog?.stop()
            triggerWatchdog = nil
            for seat in state.seats {
                let hadPad = seat.instanceID != nil
                seat.triggerOutput.detach()
                seat.triggers.setModeOff()
                seat.output.detach()
                seat.instanceID = nil
                state.refreshFeedbackDevice(of: seat)
                seat.engine.stoppedHandler = hadPad ? seat.engine.stoppedHandler : nil
                seat.engine.invalidate()
            }
            for entry in state.hub.entries { state.hub.close(instanceID: entry.info.instanceID) }
        }
    }
}
