import Foundation
@_spi(HapticsTools) import Haptics
import Testing

/// Every top-level corpus file renders to a bounded trace; files with haptic content are not silent.
/// Fails (never skips) when the corpus folder is missing.
@Suite("Engine corpus rendering")
struct EngineCorpusRenderTests {
    /// The AHAP fixtures in the repository (Tests/Fixtures/ahap).
    static let folder: URL = AHAPCorpus.folder

    static func files() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".ahap") }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test("the corpus folder is present and holds files")
    func corpusPresent() {
        #expect(FileManager.default.fileExists(atPath: Self.folder.path), "missing corpus: \(Self.folder.path)")
        #expect(Self.files().count >= 50)
    }

    @Test("every corpus file renders bounded, ends at 0, and is heard when it has haptic content",
          arguments: [MotorProfile.genericDualMotor, .virtual])
    func renderCorpus(profile: MotorProfile) throws {
        let files = Self.files()
        #expect(!files.isEmpty, "no corpus files in \(Self.folder.path)")
        for file in files {
            let name = file.lastPathComponent
            let pattern = try AHAPDecoder().decode(contentsOfFile: file.path).pattern
            let output = RecordingOutput(name: "pad", profile: profile, reservingFrames: 4096)
            let engine = HapticEngine(outputs: [output])
            try engine.start()
            let player = try engine.makePlayer(with: pattern)
            try player.start(atTime: 0)
            var clock = ManualClock()
            let limit = pattern.duration + EnvelopeTiming.maximumSeconds + 1
            engine.update(at: clock.now)
            while player.isPlaying && clock.now < limit {
                engine.update(at: clock.advance(by: 1.0 / 60.0))
            }
            engine.update(at: clock.advance(by: 1.0))   // past any update-interval hold
            #expect(!player.isPlaying, "\(name): still playing after \(limit) s")
            var heard = false
            for frame in output.frames {
                for actuator in Actuator.allCases {
                    let level = frame.levels[actuator]
                    #expect(level.isFinite && level >= 0 && level <= 1, "\(name): \(actuator) = \(level) at \(frame.time)")
                    if level > 0 { heard = true }
                }
            }
            let audible = Self.hasAudibleHaptics(pattern)
            if pattern.hasHapticContent && audible {
                #expect(heard, "\(name): haptic content but a silent trace")
            }
            #expect(output.lastLevels == .zero, "\(name): does not end at 0")
        }
    }

    /// Whether some haptic event has non-zero intensity while the intensity control is not held at 0
    /// everywhere (Lofelt's "2_points" files set HapticIntensityControl to 0 throughout: silent by design).
    static func hasAudibleHaptics(_ pattern: HapticPattern) -> Bool {
        let events = pattern.events.filter { $0.type.isHaptic && $0.value(of: .hapticIntensity) > 0 }
        guard let firstStart = events.first?.time else { return false }
        var controlTimes: [Double] = []
        var controlMaximum = 0.0
        for parameter in pattern.dynamicParameters where parameter.id == .hapticIntensityControl {
            controlTimes.append(parameter.time)
            controlMaximum = max(controlMaximum, parameter.value)
        }
        for curve in pattern.parameterCurves where curve.id == .hapticIntensityControl {
            controlTimes.append(curve.time)
            for point in curve.controlPoints { controlMaximum = max(controlMaximum, point.value) }
        }
        guard let firstControl = controlTimes.min(), firstControl <= firstStart else { return true }
        return controlMaximum > 0
    }
}
