@_spi(HapticsTools) import Haptics
import Testing

/// No finite game time can freeze haptics (issue 31, round two, F2): one `update(at: 1e300)` in the middle
/// of a normal clock used to hold the engine's clock there for good (later times counted as earlier than
/// the last one), so every pattern started afterwards played on at its level: a short tap still at full
/// strength 10 s later. `HapticClock` is the game's clock while it runs forward in steps of at most an
/// hour; a jump back is a new origin, a jump forward an hour.
@Suite("Haptic clock")
struct HapticClockTests {
    @Test("it is the game's clock itself while the game's runs forward, at any origin")
    func identity() {
        for origin in [0.0, -1e12, 1e12, 1e15, -123.25, 3.0e9 + 0.5] {
            var clock = HapticClock()
            for k in 0..<200 {
                let time = origin + Double(k) / 64
                #expect(clock.advance(to: time) == time)
            }
            #expect(clock.offset == 0)
        }
    }

    @Test("a step back is a new origin; a step over an hour counts as an hour; then the game's steps")
    func jumps() {
        var clock = HapticClock()
        clock.advance(to: 10)
        #expect(clock.advance(to: 1e300) == 10 + HapticClock.maximumStep)
        #expect(clock.advance(to: 1e300) == 10 + HapticClock.maximumStep)   // a clock that does not advance holds
        #expect(clock.advance(to: 0.5) == 10 + HapticClock.maximumStep)     // back: holds for this update
        #expect(clock.advance(to: 0.75) == 10 + HapticClock.maximumStep + 0.25)
        #expect(clock.advance(to: -.greatestFiniteMagnitude) == 10 + HapticClock.maximumStep + 0.25)
        #expect(clock.advance(to: .greatestFiniteMagnitude) == 10 + 2 * HapticClock.maximumStep + 0.25)
        #expect(clock.advance(to: .nan) == 10 + 2 * HapticClock.maximumStep + 0.25)
        #expect(clock.advance(to: .infinity) == 10 + 2 * HapticClock.maximumStep + 0.25)
        #expect(clock.advance(to: 7) == 10 + 2 * HapticClock.maximumStep + 0.25)
        #expect(clock.advance(to: 7 + 3_600) == 10 + 3 * HapticClock.maximumStep + 0.25)   // exactly the step: taken
        var late = HapticClock()
        #expect(late.advance(to: 1e300) == 0)   // a first time no sane step could move on from starts at 0
        #expect(late.advance(to: 0.5) == 0)
        #expect(late.advance(to: 0.75) == 0.25)
        var far = HapticClock()
        #expect(far.advance(to: -HapticClock.maximumOrigin) == -HapticClock.maximumOrigin)
    }

    @Test("random finite times: the clock never goes back and moves by the game's step, at most an hour")
    func randomTimes() {
        var generator = SplitMix64(seed: 31)
        for _ in 0..<50 {
            var clock = HapticClock()
            var last: Double?
            for _ in 0..<500 {
                let choice = generator.next() % 6
                let time: Double
                switch choice {
                case 0: time = Double(bitPattern: generator.next())   // anything, NaN and infinities included
                case 1: time = (last ?? 0) - Double(generator.next() % 1_000) / 7
                case 2: time = (last ?? 0) + Double(generator.next() % 1_000_000)
                default: time = (last ?? 0) + Double(generator.next() % 100) / 60
                }
                let before = clock.time
                let after = clock.advance(to: time)
                #expect(after >= before || last == nil)
                if let last, time.isFinite {
                    // Both clocks are exact to their own resolution: the game's at its size, the haptics clock's at its.
                    let tolerance = 2 * (time.ulp + last.ulp + clock.offset.ulp + after.ulp)
                    let step = time - last
                    if step >= 0 && step <= HapticClock.maximumStep {
                        #expect(abs((after - before) - step) <= tolerance, "step \(step) from \(last) to \(time)")
                    } else {
                        #expect(abs((after - before) - (step > 0 ? HapticClock.maximumStep : 0)) <= tolerance)
                    }
                }
                #expect(after.isFinite)
                if time.isFinite { last = time }
            }
        }
    }

    /// The drive a 0.2 s tap gives for `seconds` of frames at 60 per second, started on the first frame after
    /// `glitches` (game times, each one update) in the middle of a normal clock.
    static func tap(after glitches: [Double], resumeAt resume: Double? = nil, seconds: Double = 10) throws -> [ActuatorLevels] {
        let output = RecordingOutput(name: "pad", profile: .genericDualMotor)
        let engine = HapticEngine(outputs: [output])
        try engine.start()
        var time = 0.0
        for _ in 0..<30 {
            time += 1.0 / 60
            engine.update(at: time)
        }
        for glitch in glitches { engine.update(at: glitch) }
        if let resume { time = resume }
        try engine.makePlayer(with: HapticPattern(events: [.continuous(at: 0, duration: 0.2, intensity: 1, sharpness: 0.5)])).start(atTime: 0)
        var levels: [ActuatorLevels] = []
        for _ in 0..<Int(seconds * 60) {
            time += 1.0 / 60
            engine.update(at: time)
            levels.append(output.lastLevels)
        }
        return levels
    }

    @Test("a tap started after a wrong time ends, whatever the time",
          arguments: [[1e300], [.greatestFiniteMagnitude], [-.greatestFiniteMagnitude], [1e9], [-1e9], [1e300, -1e300, 1e300],
                      [4_000], [0.1, 1e15, 3], [.nan, 1e300]])
    func tapEnds(glitches: [Double]) throws {
        let levels = try Self.tap(after: glitches)
        #expect(levels.prefix(6).contains { $0.lowFrequency > 0.5 }, "the tap is felt")
        #expect(levels.suffix(from: 60).allSatisfy { $0 == .zero }, "silent 1 s after a 0.2 s tap: \(String(describing: levels.last))")
    }

    @Test("a jump back is a new origin: a continuous pattern plays on with the game's steps from there")
    func backIsNewOrigin() throws {
        let output = RecordingOutput(name: "pad", profile: .virtual)
        let engine = HapticEngine(outputs: [output])
        try engine.start()
        engine.update(at: 100)
        try engine.makePlayer(with: HapticPattern(events: [.continuous(at: 0, duration: 1, intensity: 1, sharpness: 0.5)])).start(atTime: 0)
        var felt = 0
        for k in 1...30 {   // half a second before the jump
            engine.update(at: 100 + Double(k) / 60)
            if output.lastLevels != .zero { felt += 1 }
        }
        for k in 0..<60 {   // the game's clock starts again at 0: the pattern's other half, then silence
            engine.update(at: Double(k) / 60)
            if output.lastLevels != .zero { felt += 1 }
        }
        #expect(felt >= 56 && felt <= 62, "felt on about a second of frames: \(felt)")
        #expect(output.lastLevels == .zero)
        // A command for a later game time lands on the engine's clock.
        let player = try engine.makePlayer(with: HapticPattern(events: [.continuous(at: 0, duration: 0.1, intensity: 1, sharpness: 0.5)]))
        try player.start(atTime: 2)
        engine.update(at: 1.5)
        #expect(output.lastLevels == .zero)
        engine.update(at: 2.02)
        #expect(output.lastLevels != .zero)
    }
}
