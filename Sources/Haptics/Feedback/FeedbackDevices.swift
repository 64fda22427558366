/// Where each player's feedback voices are made: per player an engine and one of its outputs (or
/// none: nothing can be felt for that player), and the player's adaptive triggers (or none). A plain
/// value the start stage reads; it never calls back into whoever built it.
///
/// Built by the owner of the devices when they change, not per frame: `GameHaptics` when a pad is
/// attached, detached or replaced (player N = the pad assigned to player N, output 0 of its engine),
/// `HapticEngine` for itself (player N = output N, no triggers). Reading it allocates nothing.
/// Game thread only.
package struct FeedbackDevices {
    /// Makes a stopped player for a pattern, player, category, locality and priority, or nil: the
    /// hook our tools use to give each voice a device of its own (Felt's per-voice capture).
    package typealias VoiceMaker = (_ pattern: HapticPattern, _ player: Int, _ category: HapticCategory,
                                   _ locality: HapticLocality, _ priority: Int) -> HapticAdvancedPatternPlayer?

    /// One player's device: `engine`'s output `output`.
    package struct Device {
        package var engine: HapticEngine
        /// The engine's output index (0..<engine.outputs.count).
        package var output: Int

        package init(engine: HapticEngine, output: Int) {
            self.engine = engine
            self.output = output
        }
    }

    /// Per player (0..<playerCount): the device, nil when nothing can be felt there.
    private var devices: [Device?]
    /// Per player: the adaptive triggers where mapping rules set effects, nil when there are none.
    private var triggers: [AdaptiveTriggers?]
    /// Every output of one engine, player N = output N (a `HapticEngine` as its own target).
    private let engine: HapticEngine?
    private let voiceMaker: VoiceMaker?

    /// How many players there are (player numbers 0..<playerCount); events for no particular player
    /// go to each of them.
    package let playerCount: Int

    /// `playerCount` players (>= 0), none with a device or triggers yet (see `setDevice` and
    /// `setTriggers`). Allocates the two per-player arrays.
    package init(playerCount: Int) {
        self.playerCount = max(playerCount, 0)
        devices = Array(repeating: nil, count: self.playerCount)
        triggers = Array(repeating: nil, count: self.playerCount)
        engine = nil
        voiceMaker = nil
    }

    /// Every output of `engine`: player N plays on output N, no triggers. Allocates nothing.
    package init(engine: HapticEngine) {
        playerCount = engine.outputs.count
        devices = []
        triggers = []
        self.engine = engine
        voiceMaker = nil
    }

    /// `playerCount` players whose voices `voiceMaker` makes (our tools). Allocates nothing.
    package init(playerCount: Int, voiceMaker: @escaping VoiceMaker) {
        self.playerCount = max(playerCount, 0)
        devices = []
        triggers = []
        engine = nil
        self.voiceMaker = voiceMaker
    }

    /// Sets (or, with nil, clears) `player`'s device. Ignored out of range. No allocation unless
    /// the value is shared with a copy (then one copy of the array).
    package mutating func setDevice(_ device: Device?, forPlayer player: Int) {
        guard devices.indices.contains(player) else { return }
        devices[player] = device
    }

    /// Sets (or clears) `player`'s adaptive triggers. Ignored out of range.
    package mutating func setTriggers(_ triggers: AdaptiveTriggers?, forPlayer player: Int) {
        guard self.triggers.indices.contains(player) else { return }
        self.triggers[player] = triggers
    }

    /// `player`'s device, or nil (none, or out of range).
    package func device(forPlayer player: Int) -> Device? {
        if let engine { return player >= 0 && player < playerCount ? Device(engine: engine, output: player) : nil }
        return devices.indices.contains(player) ? devices[player] : nil
    }

    /// `player`'s adaptive triggers, or nil (none, or out of range).
    package func adaptiveTriggers(forPlayer player: Int) -> AdaptiveTriggers? {
        triggers.indices.contains(player) ? triggers[player] : nil
    }

    /// Makes a stopped player for `pattern` on `player`'s device at `locality` with `priority`, or
    /// nil when nothing can be felt there (no device, an output without actuators, an engine that
    /// refuses). The one place pooled feedback voices are made. Allocates (a player).
    package func makeVoice(for pattern: HapticPattern, player: Int, category: HapticCategory,
                          locality: HapticLocality = .body, priority: Int = 0) -> HapticAdvancedPatternPlayer? {
        if let voiceMaker {
            guard player >= 0 && player < playerCount else { return nil }
            return voiceMaker(pattern, player, category, locality, priority)
        }
        guard let device = device(forPlayer: player),
              let capabilities = device.engine.capabilities(ofOutput: device.output), capabilities.supportsHaptics else { return nil }
        return try? device.engine.makeAdvancedPlayer(with: pattern, output: device.output, locality: locality,
                                                     category: category, priority: priority)
    }
}
