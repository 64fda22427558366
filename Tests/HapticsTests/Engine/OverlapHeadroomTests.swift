@_spi(HapticsTools) import Haptics
import Testing

/// The mixer's headroom for taps (issue 33; docs/engine.md, "Mixer"): overlapping continuous voices are
/// softly limited below full instead of clipping, so a tap posted on them still rises; one voice alone,
/// and taps, are mixed as before.
@Suite("Overlap headroom")
struct OverlapHeadroomTests {
    static let texture = HapticPattern(events: [.continuous(at: 0, duration: 2, intensity: 1, sharpness: 0.5)])
    static let tap = HapticPattern(events: [.transient(at: 0, intensity: 1, sharpness: 0.5)])

    /// The virtual pad's levels (the intent) at 60 frames per second: two textures at `level` each from 0,
    /// and a tap of `tap` at frame 30.
    static func run(textures: [Double], tap: Double?, ceiling: Double = HapticMixer.defaultOverlapCeiling) throws -> [ActuatorLevels] {
        let rig = EngineTestRig(profiles: [.virtual])
        rig.engine.mixer.overlapCeiling = ceiling
        try rig.engine.start()
        for level in textures {
            let player = try rig.engine.makeAdvancedPlayer(with: texture)
            try player.sendParameters([DynamicParameter(.hapticIntensityControl, value: level, at: 0)], atTime: 0)
            try player.start(atTime: 0)
        }
        var frames: [ActuatorLevels] = []
        for frame in 0...40 {
            if frame == 30, let tap {
                let player = try rig.engine.makeAdvancedPlayer(with: Self.tap)
                try player.sendParameters([DynamicParameter(.hapticIntensityControl, value: tap, at: 0)], atTime: 0)
                try player.start(atTime: 0)
            }
            frames.append(rig.frame(at: Double(frame) / 60))
        }
        return frames
    }

    @Test("the limiter rises like the sum up to its knee, bends below its ceiling, and leaves one voice and taps alone")
    func rule() {
        let ceiling = HapticMixer.defaultOverlapCeiling
        #expect(HapticMixer.mixed(sum: min(0.4 + 0, 1), continuous: 0.4, continuousVoices: 2, taps: 0, ceiling: ceiling) == 0.4)
        let full = HapticMixer.mixed(sum: min(1.5 + 0, 1), continuous: 1.5, continuousVoices: 2, taps: 0, ceiling: ceiling)
        #expect(full < ceiling && full > 0.65)
        #expect(HapticMixer.mixed(sum: min(1 + 0, 1), continuous: 1, continuousVoices: 1, taps: 0, ceiling: ceiling) == 1, "one voice is never limited")
        #expect(HapticMixer.mixed(sum: min(1.5 + 0, 1), continuous: 1.5, continuousVoices: 2, taps: 0, ceiling: 1) == 1, "ceiling 1: the hard limit")
        #expect(HapticMixer.mixed(sum: min(1.5 + 0.5, 1), continuous: 1.5, continuousVoices: 2, taps: 0.5, ceiling: ceiling) == 1)
        var previous = 0.0
        for step in 0...40 {
            let value = HapticMixer.mixed(sum: min(Double(step) / 20, 1), continuous: Double(step) / 20, continuousVoices: 2, taps: 0, ceiling: ceiling)
            #expect(value >= previous)
            previous = value
        }
        var mixer = HapticMixer()
        mixer.overlapCeiling = 0.2
        #expect(mixer.overlapCeiling == HapticMixer.overlapKnee)
        mixer.overlapCeiling = .nan
        #expect(mixer.overlapCeiling == 1)
    }

    @Test("two textures that would hold the motors at full are held below it, and a tap posted on them rises")
    func tapOnOverlap() throws {
        let frames = try Self.run(textures: [0.75, 0.75], tap: 0.4)
        let bed = frames[29].lowFrequency
        #expect(bed < HapticMixer.defaultOverlapCeiling && bed > 0.65, "\(frames[29])")
        #expect(frames[30].lowFrequency >= 1.2 * bed && frames[30].highFrequency >= 1.2 * frames[29].highFrequency, "\(frames[30])")
        // Before: a hard limit at 1 hid it.
        let hard = try Self.run(textures: [0.75, 0.75], tap: 0.4, ceiling: 1)
        #expect(hard[29].lowFrequency == 1 && hard[30].lowFrequency == 1)
    }

    @Test("one texture at full stays exactly full")
    func oneVoice() throws {
        let frames = try Self.run(textures: [1], tap: nil)
        #expect(frames[20] == ActuatorLevels(lowFrequency: 1, highFrequency: 1))
    }

    @Test("on an ERM pad a tap posted on two full textures rises on the quickest motor of the range too")
    func motorHeadroom() throws {
        let rig = EngineTestRig(profiles: [.genericDualMotor])
        try rig.engine.start()
        for _ in 0..<2 {
            let player = try rig.engine.makeAdvancedPlayer(with: Self.texture)
            try player.sendParameters([DynamicParameter(.hapticIntensityControl, value: 0.75, at: 0)], atTime: 0)
            try player.start(atTime: 0)
        }
        var drives: [Double] = []
        for frame in 0...33 {
            if frame == 30 { try rig.engine.makePlayer(with: Self.tap).start(atTime: 0) }
            drives.append(rig.frame(at: Double(frame) / 60).lowFrequency)
        }
        // The textures are held at a drive the quickest motor of the range feels at their level, no higher.
        let fastest = MotorResponse.largeERM.fastest
        #expect(fastest.steadyLevel(drive: drives[29]) <= HapticMixer.defaultOverlapCeiling + 1e-6, "\(drives)")
        // The tap gets a burst well above it.
        #expect(drives[30] > drives[29] + 0.2, "\(drives)")
    }
}
