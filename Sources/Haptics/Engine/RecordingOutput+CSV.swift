extension RecordingOutput {
    /// The CSV header: `time,output,low,high,left_trigger,right_trigger`.
    public static let csvHeader = "time,output,low,high,left_trigger,right_trigger"

    /// The trace as CSV: the header, then one row per frame.
    public func csv() -> String { RecordingOutput.csv(for: [self]) }

    /// Several outputs' traces as one CSV: the header, then for each frame index one row per output
    /// (in the order given). Times are seconds and levels 0...1, written with Swift's shortest
    /// round-tripping decimal form. Allocates; not for the per-frame path.
    public static func csv(for outputs: [RecordingOutput]) -> String {
        var text = csvHeader + "\n"
        let count = outputs.map(\.frames.count).max() ?? 0
        for index in 0..<count {
            for output in outputs where index < output.frames.count {
                let frame = output.frames[index]
                let l = frame.levels
                text += "\(frame.time),\(csvField(output.name)),\(l.lowFrequency),\(l.highFrequency),\(l.leftTrigger),\(l.rightTrigger)\n"
            }
        }
        return text
    }

    /// A name quoted per RFC 4180 when it holds a comma, quote or line break.
    @_spi(HapticsTools) public static func csvField(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        var quoted = "\""
        for character in value {
            if character == "\"" { quoted.append("\"") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
