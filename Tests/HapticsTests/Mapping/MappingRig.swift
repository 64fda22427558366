import Foundation
import Haptics

/// An engine with recording outputs, a director playing on it, and a manual frame clock: the whole
/// mapping path without a device.
final class MappingRig {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Assets").standardized.path
    static let defaultConfig = assets + "/Haptics/haptics.toml"

    let outputs: [RecordingOutput]
    let engine: HapticEngine
    let director: HapticEventDirector
    var time = 0.0
    let step = 1.0 / 60.0

    init(mapping: LoadedMapping?, profiles: [MotorProfile] = [.virtual]) throws {
        outputs = profiles.enumerated().map { RecordingOutput(name: "pad\($0.offset + 1)", profile: $0.element, reservingFrames: 4096) }
        engine = HapticEngine(outputs: outputs, voiceCapacity: 64)
        try engine.start()
        director = HapticEventDirector(target: engine, mapping: mapping)
    }

    convenience init(config text: String, profiles: [MotorProfile] = [.virtual]) throws {
        try self.init(mapping: try LoadedMapping.load(text: text, presets: .builtIn()), profiles: profiles)
    }

    static func defaultMapping() throws -> LoadedMapping {
        try LoadedMapping.load(file: defaultConfig, presets: .builtIn())
    }

    /// One frame: the director, then the engine, at the current time; then the clock moves on.
    func frame() {
        director.update(at: time)
        engine.update(at: time)
        time += step
    }

    func frames(_ count: Int) { for _ in 0..<count { frame() } }

    /// Posts `event`, runs `count` frames, returns output `output`'s frames from the event on.
    func play(_ event: GameEvent, frames count: Int = 60, output: Int = 0) -> [ActuatorLevels] {
        let first = outputs[output].frames.count
        director.post(event)
        frames(count)
        return outputs[output].frames[first...].map(\.levels)
    }

    /// The peak level of any body motor in `levels`.
    static func peak(_ levels: [ActuatorLevels]) -> Double {
        levels.map { max($0.lowFrequency, $0.highFrequency) }.max() ?? 0
    }
}
