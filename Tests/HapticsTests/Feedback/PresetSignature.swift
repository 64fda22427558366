import Haptics

/// What a preset feels like on a pad: its drive levels on the generic dual-motor profile, sampled at
/// 60 Hz for one second from its start (60 frames of low and high motor drive, each 0...1).
///
/// Distance between two signatures (the one the preset tests use): the root mean square, over the
/// frames where either preset drives a motor, of the Euclidean distance between the two (low, high)
/// pairs. 0 for identical feel; 1 would be one motor full against nothing the whole time they play.
/// (Counting only frames where something plays keeps short presets from looking alike merely
/// because both are silent for most of the second.)
struct PresetSignature {
    static let frames = 60
    static let rate = 60.0
    var low: [Double]
    var high: [Double]

    init(_ pattern: HapticPattern, profile: MotorProfile = .genericDualMotor) throws {
        let output = RecordingOutput(name: "pad", profile: profile)
        let engine = HapticEngine(outputs: [output])
        try engine.start()
        let player = try engine.makePlayer(with: pattern)
        try player.start(atTime: 0)
        for frame in 0..<Self.frames { engine.update(at: Double(frame) / Self.rate) }
        low = output.frames.map(\.levels.lowFrequency)
        high = output.frames.map(\.levels.highFrequency)
    }

    func distance(to other: PresetSignature) -> Double {
        var sum = 0.0
        var counted = 0
        for index in 0..<Self.frames where low[index] > 0 || high[index] > 0 || other.low[index] > 0 || other.high[index] > 0 {
            let dl = low[index] - other.low[index]
            let dh = high[index] - other.high[index]
            sum += dl * dl + dh * dh
            counted += 1
        }
        return counted == 0 ? 0 : (sum / Double(counted)).squareRoot()
    }

    /// Total drive over the second (sum of both motors over all frames / rate), in drive-seconds.
    var energy: Double { (low.reduce(0, +) + high.reduce(0, +)) / Self.rate }
    /// The high motor's share of the energy, 0...1: how sharp the preset feels.
    var highShare: Double {
        let total = low.reduce(0, +) + high.reduce(0, +)
        return total > 0 ? high.reduce(0, +) / total : 0
    }
    /// Seconds until the first frame with any drive.
    var onset: Double {
        let first = low.indices.first { low[$0] > 0 || high[$0] > 0 } ?? Self.frames
        return Double(first) / Self.rate
    }
}
