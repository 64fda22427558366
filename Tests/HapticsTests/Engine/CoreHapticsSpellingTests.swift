import Foundation
@_spi(HapticsTools) import Haptics
import Testing

/// Code written for Core Haptics compiles with Apple's labels and behaves like our own spelling
/// (docs/porting-from-core-haptics.md).
@Suite("Core Haptics spelling")
struct CoreHapticsSpellingTests {
    typealias Rig = EngineTestRig

    @Test("events, parameters, patterns, dynamic parameters and curves in Apple's labels equal ours")
    func valuesEqualOurs() {
        let sharp = HapticEventParameter(parameterID: .hapticSharpness, value: 0.8)
        let strong = HapticEventParameter(parameterID: .hapticIntensity, value: 1)
        let tap = HapticEvent(eventType: .hapticTransient, parameters: [strong, sharp], relativeTime: 0.1)
        #expect(tap == HapticEvent(type: .hapticTransient, time: 0.1, parameters: [HapticEventParameter(.hapticIntensity, 1),
                                                                                    HapticEventParameter(.hapticSharpness, 0.8)]))
        #expect(tap.eventType == .hapticTransient && tap.relativeTime == 0.1 && tap.duration == nil)
        #expect(sharp.parameterID == .hapticSharpness)

        let hum = HapticEvent(eventType: .hapticContinuous, parameters: [strong], relativeTime: 0, duration: 0.5)
        #expect(hum.duration == 0.5)
        let defaultLength = HapticEvent(eventType: .hapticContinuous, parameters: [], relativeTime: 0)
        #expect(defaultLength.duration == HapticEvent.defaultContinuousDuration)
        let tapWithDuration = HapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0, duration: 3)
        #expect(tapWithDuration.duration == nil, "Apple ignores a transient's duration")

        let fade = DynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0.2)
        #expect(fade == DynamicParameter(.hapticIntensityControl, value: 0.5, at: 0.2))
        #expect(fade.parameterID == .hapticIntensityControl && fade.relativeTime == 0.2)

        let points = [ParameterCurve.ControlPoint(relativeTime: 0, value: 1), .init(relativeTime: 0.4, value: 0)]
        let curve = ParameterCurve(parameterID: .hapticIntensityControl, controlPoints: points, relativeTime: 0.1)
        #expect(curve == ParameterCurve(.hapticIntensityControl, at: 0.1, points: [.init(time: 0, value: 1), .init(time: 0.4, value: 0)]))
        #expect(curve.parameterID == .hapticIntensityControl && curve.relativeTime == 0.1 && points[1].relativeTime == 0.4)

        let pattern = HapticPattern(events: [tap, hum], parameters: [fade])
        #expect(pattern == HapticPattern(events: [tap, hum], dynamicParameters: [fade]))
        #expect(HapticPattern(events: [hum], parameterCurves: [curve]).parameterCurves == [curve])
    }

    @Test("playPattern(from:) plays AHAP data and files at the next update; a bad file throws with its location")
    func playPatternFrom() throws {
        let rig = Rig()
        try rig.engine.start()
        let ahap = #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.6}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}}]}"#
        try rig.engine.playPattern(from: Data(ahap.utf8))
        // Intensity 0.6, sharpness 0.5 on the ideal output: both motors at 0.6.
        #expect(rig.frame() == Rig.body(0.6, 0.6))

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("core-haptics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tap.ahap")
        try Data(ahap.utf8).write(to: file)
        try rig.engine.playPattern(from: file)
        #expect(rig.frame(at: 0.5) == Rig.body(0.6, 0.6))

        let broken = folder.appendingPathComponent("broken.ahap")
        try Data(#"{"Pattern": [ }"#.utf8).write(to: broken)
        #expect(throws: AHAPDecodingError.self) { try rig.engine.playPattern(from: broken) }
        #expect(throws: (any Error).self) { try rig.engine.playPattern(from: folder.appendingPathComponent("missing.ahap")) }
        #expect(throws: HapticEngineError.self) { try rig.engine.playPattern(from: Data(ahap.utf8), output: 3) }
    }

    @Test("notifyWhenPlayersFinished with Apple's (Error?) handler; .leaveEngineRunning keeps it running")
    func finishedHandler() throws {
        let rig = Rig()
        try rig.engine.start()
        var errors: [String] = []
        rig.engine.notifyWhenPlayersFinished { error in
            errors.append(error.map { "\($0)" } ?? "nil")
            return .leaveEngineRunning
        }
        try rig.engine.makePlayer(with: HapticPattern(events: [.transient(at: 0)])).start(atTime: 0)
        rig.frame()
        rig.frame(at: 0.2)
        #expect(errors == ["nil"])
        #expect(rig.engine.isRunning)
        #expect(HapticEngine.FinishedAction.leaveEngineRunning == .leaveRunning)
        #expect(HapticEngine.StoppedReason.gameControllerDisconnect == .gameControllerDisconnected)
    }

    @Test("the advanced player's completion handler takes Core Haptics' Error? (nil on a normal finish)")
    func completionHandler() throws {
        let rig = Rig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: HapticPattern(events: [.transient(at: 0)]))
        var received: [Bool] = []
        player.completionHandler = { error in received.append(error == nil) }
        try player.start(atTime: 0)
        rig.frame()
        rig.frame(at: 0.2)
        #expect(received == [true])
    }
}
