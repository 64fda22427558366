// LOCAL perf rig (not for commit): haptics-felt --rig VOICES OUTPUTS FRAMES
import Foundation
import Haptics

func runRigIfAsked() {
    guard let index = CommandLine.arguments.firstIndex(of: "--rig") else { return }
    final class NullOut: HapticOutput {
        let name = "n"; let profile: MotorProfile; let isConnected = true; var last = ActuatorLevels.zero
        init(_ p: MotorProfile) { profile = p }
        func receive(_ frame: HapticFrame) { last = frame.levels }
    }
    let voices = Int(CommandLine.arguments[index + 1])!, outs = Int(CommandLine.arguments[index + 2])!, frames = Int(CommandLine.arguments[index + 3])!
    let pattern = HapticPattern(events: [
            .continuous(at: 0, duration: 1, intensity: 0.6, sharpness: 0.4),
            .transient(at: 0, intensity: 1, sharpness: 0.5), .transient(at: 0.25, intensity: 0.5, sharpness: 0.9),
            .transient(at: 0.5, intensity: 0.8, sharpness: 0.2), .transient(at: 0.75, intensity: 0.3, sharpness: 0.7)],
        parameterCurves: [ParameterCurve(.hapticIntensityControl, at: 0, points: [.init(time: 0, value: 0.4), .init(time: 0.5, value: 1), .init(time: 1, value: 0.6)])])
    let outputs = (0..<outs).map { _ in NullOut(.genericDualMotor) }
    let engine = HapticEngine(outputs: outputs, voiceCapacity: voices)
    try! engine.start()
    for i in 0..<voices {
        let p = try! engine.makeAdvancedPlayer(with: pattern, output: i % outs, category: i % 2 == 0 ? .impact : .texture)
        p.loopEnabled = true
        try! p.start(atTime: Double(i) * 0.001)
    }
    var t = 0.0
    for _ in 0..<(120 + frames) { t += 1.0 / 60; engine.update(at: t) }
    print(outputs.map(\.last.lowFrequency).reduce(0, +))
    print("rollouts", Haptics.planRollouts())
    exit(0)
}
