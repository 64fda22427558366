@_spi(HapticsTools) import Haptics

/// The per-event view of a simulation (`hapticsctl simulate --summary`): for every response the
/// mapping played, the rule's intensity next to the drive the pad received and what the motor stage
/// predicts the hand felt.
///
/// Intensity and drive differ on purpose: the rule's intensity is what the designer asked for (0...1,
/// perceived strength); the drive is what the motor stage sends so that a real motor gives that
/// feeling (a burst at full drive while the motor spins up, the level that holds it, coasting early
/// before an end: docs/engine.md, "The planned drive"). The felt level is the motor stage's own
/// prediction from the pad's profile: close to the intensity when the motor can follow.
extension MappingSimulation {
    /// One played response and the strongest drive its player's pad received for it.
    public struct SummaryRow: Sendable, Equatable {
        /// The frame's game time, in seconds.
        public var time: Double
        /// The player (from 0).
        public var player: Int
        /// The rule's name, or the feedback preset's.
        public var name: String
        /// The rule's intensity, 0...1 (before the motor profile).
        public var intensity: Double
        /// The highest drive, 0...1 per actuator, that the player's output received from this frame up
        /// to (not including) the player's next response, at most `window` seconds: the peak this
        /// response produced, with anything still sounding from earlier responses included.
        public var peakDrive: ActuatorLevels
        /// The highest predicted felt level, 0...1 per actuator, over the same frames.
        public var peakFelt: ActuatorLevels
    }

    /// One row per played response, in order. `window` bounds how long after its frame a response's
    /// peak is looked for (seconds, default 1). Cost: O(moments × frames in the window).
    public func summary(window: Double = 1) -> [SummaryRow] {
        var rows: [SummaryRow] = []
        rows.reserveCapacity(moments.count)
        for (index, moment) in moments.enumerated() {
            let nextOnPad = moments[(index + 1)...].first { $0.player == moment.player && $0.time > moment.time }?.time
            let end = min(nextOnPad ?? .infinity, moment.time + window)
            var peak = ActuatorLevels.zero
            var peakFelt = ActuatorLevels.zero
            if outputs.indices.contains(moment.player) {
                let frames = outputs[moment.player].frames
                let felt = felt.indices.contains(moment.player) ? felt[moment.player] : []
                let first = max(Int((moment.time * rate).rounded(.down)) - 1, 0)
                var k = first
                while k < frames.count && frames[k].time < end - 1e-9 {
                    if frames[k].time >= moment.time - 1e-9 {
                        peak = peak.maximum(with: frames[k].levels)
                        if k < felt.count { peakFelt = peakFelt.maximum(with: felt[k]) }
                    }
                    k += 1
                }
            }
            rows.append(SummaryRow(time: moment.time, player: moment.player, name: moment.name,
                                   intensity: moment.intensity, peakDrive: peak, peakFelt: peakFelt))
        }
        return rows
    }

    /// The summary as an aligned text table: time, player, rule, intensity, then the peak drive of
    /// each motor (low, high, left trigger, right trigger), then the peak predicted felt level of the
    /// two body motors, three decimals.
    public func summaryTable(window: Double = 1) -> String {
        let rows = summary(window: window)
        let header = ["time", "player", "rule", "intensity", "drive low", "drive high", "drive LT", "drive RT",
                      "felt low", "felt high"]
        var cells = [header]
        for row in rows {
            cells.append([
                Self.fixed(row.time, 3), String(row.player), row.name, Self.fixed(row.intensity, 3),
                Self.fixed(row.peakDrive.lowFrequency, 3), Self.fixed(row.peakDrive.highFrequency, 3),
                Self.fixed(row.peakDrive.leftTrigger, 3), Self.fixed(row.peakDrive.rightTrigger, 3),
                Self.fixed(row.peakFelt.lowFrequency, 3), Self.fixed(row.peakFelt.highFrequency, 3),
            ])
        }
        var widths = [Int](repeating: 0, count: header.count)
        for line in cells { for (column, cell) in line.enumerated() { widths[column] = max(widths[column], cell.count) } }
        var text = ""
        for line in cells {
            var parts: [String] = []
            for (column, cell) in line.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                // Text left-aligned, numbers right-aligned.
                parts.append(column == 2 ? cell + padding : padding + cell)
            }
            text += parts.joined(separator: "  ").replacingTrailingSpaces() + "\n"
        }
        return text
    }

    /// `value` with exactly `digits` decimals (no Foundation formatting).
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled.isFinite, scaled < 1e15 else { return String(value) }
        let whole = Int(scaled) / Int(scale)
        let fraction = String(Int(scaled) % Int(scale))
        let sign = value < 0 && scaled > 0 ? "-" : ""
        return sign + String(whole) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}

private extension String {
    func replacingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
