@testable @_spi(HapticsTools) import Haptics
import Testing

/// What one frame costs, whatever the patterns (issue 31, item 3): a pattern is prepared once and shared
/// by every player of it; the voice cap bounds how many voices are evaluated, at the frame and at the
/// lookahead; one evaluation looks at a bounded number of events however many overlap; an AHAP file in
/// which more events sound at once than one evaluation sums is refused when read. On c8dcd09, 8 rules
/// naming one 8 MB pattern of 88,000 overlapping events took 2.1-2.5 s for one update, then 37-45 ms a
/// frame, at 1.07 GB.
@Suite("Frame bounds")
struct FrameBoundsTests {
    /// `count` continuous events of `seconds`, all starting within the first 10 ms (they overlap).
    static func overlapping(_ count: Int, seconds: Double = 30, intensity: Double = 0.01) -> HapticPattern {
        HapticPattern(events: (0..<count).map {
            .continuous(at: Double($0 % 10) * 0.001, duration: seconds, intensity: intensity, sharpness: Double($0 % 7) / 7)
        })
    }

    @Test("a pattern is prepared once: every player of it, on every engine, shares one evaluator")
    func preparedOnce() throws {
        let pattern = Self.overlapping(200)
        var addresses = Set<UnsafeRawPointer?>()
        var players: [HapticAdvancedPatternPlayer] = []   // all alive at once, so no storage is reused
        for _ in 0..<4 {
            let engine = HapticEngine(outputs: [RecordingOutput(name: "pad", profile: .ps5)])
            try engine.start()
            for _ in 0..<16 {
                let player = try engine.makeAdvancedPlayer(with: pattern)
                players.append(player)
                addresses.insert(player.evaluator.events.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) })
            }
        }
        #expect(players.count == 64)
        #expect(addresses.count == 1, "64 players of one pattern hold \(addresses.count) evaluators")
        // A copy of the value shares it too; a pattern changed afterwards is prepared again.
        var copy = pattern
        let engine = HapticEngine(outputs: [RecordingOutput(name: "pad", profile: .ps5)])
        let shared = try engine.makePlayer(with: copy).evaluator.events.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        #expect(addresses.contains(shared))
        copy.add(.transient(at: 1))
        let changed = try engine.makePlayer(with: copy)
        #expect(changed.evaluator.events.count == 201)
        #expect(copy == copy && pattern != copy, "preparation takes no part in equality")
    }

    /// Runs `voices` players of `patterns` (round robin, started a frame apart, priorities from
    /// `priority`) on `profiles` for `frames` frames at 60 per second, with every voice evaluated
    /// (`evaluatesEveryVoice`, what the engine did before) or not; returns every output's levels per
    /// frame, the completions, and the most evaluations one update made after the starts.
    static func run(_ patterns: [HapticPattern], voices: Int, frames: Int, everyVoice: Bool,
                    priority: (Int) -> Int = { _ in 0 }, profiles: [MotorProfile] = [.genericDualMotor, .ps5])
        throws -> (levels: [[ActuatorLevels]], completions: [Int], evaluations: Int) {
        let outputs = profiles.enumerated().map { RecordingOutput(name: "pad\($0.offset)", profile: $0.element) }
        let engine = HapticEngine(outputs: outputs)
        engine.evaluatesEveryVoice = everyVoice
        try engine.start()
        var players: [HapticAdvancedPatternPlayer] = []
        var completions: [Int] = []
        for index in 0..<voices {
            let player = try engine.makeAdvancedPlayer(with: patterns[index % patterns.count], output: index % outputs.count,
                                                       priority: priority(index))
            player.completionHandler = { _ in completions.append(index) }
            players.append(player)
        }
        var levels: [[ActuatorLevels]] = []
        var most = 0
        for frame in 0..<frames {
            if frame < voices { try players[frame].start(atTime: 0) }
            if frame == frames / 2 { try players[1].stop(atTime: 0) }
            engine.update(at: Double(frame) / 60)
            levels.append(outputs.map(\.lastLevels))
            if frame >= voices + 1 { most = max(most, engine.evaluationsInLastUpdate) }
        }
        return (levels, completions, most)
    }

    @Test("the voice cap bounds the evaluation; what is heard is what evaluating every voice gives")
    func capBoundsEvaluation() throws {
        let patterns = [
            Self.overlapping(40, seconds: 3, intensity: 0.05),
            HapticPattern(events: (0..<40).map { .transient(at: Double($0) * 0.07, intensity: 0.3 + Double($0 % 5) * 0.1, sharpness: 0.5) }),
            HapticPattern(events: [.continuous(at: 0, duration: 0.4, intensity: 0.7, sharpness: 0.2), .transient(at: 0.5, intensity: 1)]),
        ]
        for priority in [{ (_: Int) in 0 }, { (index: Int) in index % 3 }, { (index: Int) in -index }] {
            let bounded = try Self.run(patterns, voices: 40, frames: 240, everyVoice: false, priority: priority)
            let reference = try Self.run(patterns, voices: 40, frames: 240, everyVoice: true, priority: priority)
            let first = bounded.levels.indices.first { bounded.levels[$0] != reference.levels[$0] }
            #expect(first == nil, "frame \(first ?? -1) differs")
            #expect(bounded.completions == reference.completions, "voices finish on the same frames")
            let cap = HapticMixer().maximumAudibleVoices
            #expect(bounded.evaluations <= cap * (1 + LookaheadGrid.points), "\(bounded.evaluations) evaluations in one update")
            #expect(reference.evaluations > bounded.evaluations)
        }
    }

    @Test("200 voices of one 30 s pattern: at most the cap's voices are evaluated per update")
    func manyVoicesFewEvaluations() throws {
        let pattern = Self.overlapping(200)
        let engine = HapticEngine(outputs: [RecordingOutput(name: "pad", profile: .ps5)], voiceCapacity: 256)
        try engine.start()
        for _ in 0..<200 { try engine.makeAdvancedPlayer(with: pattern).start(atTime: 0) }
        var most = 0, steady = 0
        for frame in 0..<120 {
            engine.update(at: Double(frame) / 60)
            if frame > 0 { most = max(most, engine.evaluationsInLastUpdate) }
            if frame > 10 { steady = max(steady, engine.evaluationsInLastUpdate) }
        }
        let cap = engine.mixer.maximumAudibleVoices
        #expect(most <= cap * (1 + LookaheadGrid.points))
        #expect(steady <= 2 * cap, "steady state: one frame and one new lookahead point per heard voice, \(steady)")
        #expect(engine.patternPlayers.count == 200)
    }

    /// The reference sum: every haptic event in index order, as `sample` adds them.
    static func reference(_ evaluator: VoiceEvaluator, at t: Double, controls game: HapticControls,
                          onlyLatest limit: Int = .max) -> VoiceSample {
        let controls = evaluator.patternControls(at: t).composed(with: game)
        var isActive = t < evaluator.duration
        var sounding: [Int] = []
        for index in evaluator.events.indices where evaluator.events[index].start <= t {
            let event = evaluator.events[index]
            let (level, end) = VoiceEvaluator.envelope(event, local: t - event.start, controls: controls)
            if t - event.start < end { isActive = true }
            if level > 0 { sounding.append(index) }
        }
        var sum = 0.0, weighted = 0.0
        for index in sounding.suffix(limit) {
            let event = evaluator.events[index]
            let level = VoiceEvaluator.envelope(event, local: t - event.start, controls: controls).level
            let intensity = VoiceEvaluator.clamp01(event.intensity * controls.intensity) * level
            sum += intensity
            weighted += intensity * VoiceEvaluator.clamp01(event.sharpness + controls.sharpness)
        }
        guard sum > 0 else { return VoiceSample(signal: .silent, isActive: isActive) }
        return VoiceSample(signal: HapticSignal(intensity: min(sum, 1), sharpness: VoiceEvaluator.clamp01(weighted / sum)), isActive: isActive)
    }

    /// The reference release tail: every sustained continuous event in index order, as `releaseTail` adds them.
    static func referenceTail(_ evaluator: VoiceEvaluator, at t: Double, controls game: HapticControls) -> ReleaseTail {
        let controls = evaluator.patternControls(at: t).composed(with: game)
        var seconds = 0.0, sum = 0.0, weighted = 0.0
        for event in evaluator.events where event.start <= t && !event.isTransient && event.isSustained {
            let local = t - event.start
            let release = controls.releaseTime == 0 ? event.releaseSeconds : EnvelopeTiming.seconds(normalized: event.release + controls.releaseTime)
            if local >= 0 && local < event.duration {
                seconds = max(seconds, release)
            } else if local >= event.duration && local < event.duration + release {
                seconds = max(seconds, event.duration + release - local)
            }
            let level = VoiceEvaluator.envelope(event, local: local, controls: controls).level
            guard level > 0 else { continue }
            let intensity = VoiceEvaluator.clamp01(event.intensity * controls.intensity) * level
            sum += intensity
            weighted += intensity * VoiceEvaluator.clamp01(event.sharpness + controls.sharpness)
        }
        let initial = sum > 0 ? HapticSignal(intensity: min(sum, 1), sharpness: VoiceEvaluator.clamp01(weighted / sum)) : .silent
        return ReleaseTail(start: t, seconds: seconds, initial: initial)
    }

    @Test("a long bed and 20,000 short events: a sample is exact and looks at a few dozen events, not thousands")
    func bedAndManyEvents() {
        var events: [HapticEvent] = [.continuous(at: 0, duration: 60, intensity: 0.2, sharpness: 0.1)]
        for k in 0..<20_000 {
            let time = 0.5 + Double(k) * 0.0029
            events.append(k % 3 == 0 ? .continuous(at: time, duration: 0.011, intensity: 0.4, sharpness: 0.9)
                                     : .transient(at: time, intensity: 0.5, sharpness: Double(k % 10) / 10))
        }
        events.append(HapticEvent(type: .hapticTransient, time: 30, parameters: [.init(.decayTime, 1)]))
        let evaluator = VoiceEvaluator(pattern: HapticPattern(events: events))
        let controlSets = [HapticControls.neutral, HapticControls(intensity: 0.7, sharpness: 0.3),
                           HapticControls(attackTime: 0.3, decayTime: 0.2, releaseTime: 0.5)]
        for controls in controlSets {
            for t in stride(from: 0.0, through: 65, by: 0.731) {
                #expect(evaluator.sample(at: t, controls: controls) == Self.reference(evaluator, at: t, controls: controls), "t = \(t)")
                if controls == .neutral {
                    #expect(evaluator.examinedEvents(at: t, controls: controls) <= 200, "t = \(t): \(evaluator.examinedEvents(at: t, controls: controls))")
                }
                #expect(evaluator.examinedEvents(at: t, controls: controls) <= 2 * VoiceEvaluator.maximumExaminedEvents)
                let tail = evaluator.releaseTail(at: t, controls: controls), expected = Self.referenceTail(evaluator, at: t, controls: controls)
                #expect(tail.initial == expected.initial && tail.seconds == expected.seconds, "t = \(t)")
                #expect(evaluator.isActive(at: t, controls: controls) == Self.reference(evaluator, at: t, controls: controls).isActive)
            }
        }
    }

    @Test("every corpus file: a sample, with and without controls, is the reference sum, every 1/480 s")
    func corpusExact() throws {
        for file in EngineCorpusRenderTests.files() {
            let evaluator = VoiceEvaluator(pattern: try AHAPDecoder().decode(contentsOfFile: file.path).pattern)
            for controls in [HapticControls.neutral, HapticControls(intensity: 0.6, sharpness: -0.2, attackTime: 0.1, releaseTime: 0.3)] {
                var mismatches = 0
                for k in 0...Int((evaluator.duration + 3) * 480) {
                    let t = Double(k) / 480
                    if evaluator.sample(at: t, controls: controls) != Self.reference(evaluator, at: t, controls: controls) {
                        if mismatches == 0 {
                            Issue.record("\(file.lastPathComponent) at \(t): \(evaluator.sample(at: t, controls: controls)) against \(Self.reference(evaluator, at: t, controls: controls))")
                        }
                        mismatches += 1
                    }
                }
                #expect(mismatches == 0, "\(file.lastPathComponent): \(mismatches) samples differ")
            }
        }
    }

    @Test("random patterns of 70 to 400 events, random controls: a sample is the reference sum")
    func randomExact() {
        var generator = SplitMix64(seed: 3_131)
        func unit() -> Double { Double.random(in: 0..<1, using: &generator) }
        var mismatches = 0
        for _ in 0..<150 {
            let count = 70 + Int(unit() * 330)
            let span = 0.2 + unit() * 5
            let events: [HapticEvent] = (0..<count).map { _ in
                let time = (unit() * span * 100).rounded() / 100   // on a grid, so ends meet starts exactly
                let extra: [HapticEventParameter] = unit() < 0.3 ? [.init(.attackTime, unit()), .init(.decayTime, unit()), .init(.releaseTime, unit())] : []
                if unit() < 0.6 {
                    return HapticEvent(type: .hapticTransient, time: time, parameters: [.init(.hapticIntensity, unit()), .init(.hapticSharpness, unit())] + extra)
                }
                return .continuous(at: time, duration: (unit() * 200).rounded() / 100, intensity: unit(), sharpness: unit(),
                                   extra: extra + (unit() < 0.3 ? [.init(.sustained, 0)] : []))
            }
            let evaluator = VoiceEvaluator(pattern: HapticPattern(events: events))
            for _ in 0..<60 {
                let t = unit() < 0.5 ? (unit() * (span + 3) * 100).rounded() / 100 : unit() * (span + 3)
                let controls = unit() < 0.5 ? HapticControls.neutral
                    : HapticControls(intensity: unit(), sharpness: unit() * 2 - 1, attackTime: unit() * 2 - 1,
                                     decayTime: unit() * 2 - 1, releaseTime: unit() * 2 - 1)
                // (Past 256 events with sound, the ones that started last: some of these patterns get there.)
                let reference = Self.reference(evaluator, at: t, controls: controls, onlyLatest: VoiceEvaluator.maximumSummedEvents)
                if evaluator.sample(at: t, controls: controls) != reference || evaluator.isActive(at: t, controls: controls) != reference.isActive {
                    if mismatches < 3 {
                        Issue.record("\(count) events over \(span) s at \(t), \(controls): \(evaluator.sample(at: t, controls: controls)), active \(evaluator.isActive(at: t, controls: controls)) against \(reference)")
                    }
                    mismatches += 1
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("more events sounding than one evaluation sums: the ones that started last are summed, the cost stays bounded")
    func overlapCap() {
        let evaluator = VoiceEvaluator(pattern: Self.overlapping(3_000, intensity: 0.0001))
        for t in [0.005, 1, 12.5, 29.99] {
            let sample = evaluator.sample(at: t)
            let limited = Self.reference(evaluator, at: t, controls: .neutral, onlyLatest: VoiceEvaluator.maximumSummedEvents)
            #expect(sample == limited, "t = \(t)")
            #expect(evaluator.examinedEvents(at: t) <= 2 * VoiceEvaluator.maximumExaminedEvents)
        }
        #expect(evaluator.isActive(at: 29.99))
        #expect(!evaluator.isActive(at: 31))
    }

    @Test("the strongest transient of a long window, from the index, is the one a scan in order finds")
    func strongestTransientIndex() {
        var events: [HapticEvent] = []
        var generator = SplitMix64(seed: 31)
        func unit() -> Double { Double.random(in: 0..<1, using: &generator) }
        for k in 0..<5_000 {
            let time = Double(k) * 0.002
            events.append(k % 4 == 0 ? .continuous(at: time, duration: 0.01, intensity: 1, sharpness: 0)
                                     : .transient(at: time, intensity: (unit() * 20).rounded() / 20, sharpness: unit()))
        }
        let pattern = HapticPattern(events: events, parameterCurves: [ParameterCurve(.hapticIntensityControl, at: 2, points: [
            .init(time: 0, value: 1), .init(time: 3, value: 0.2), .init(time: 6, value: 0.9)])])
        let evaluator = VoiceEvaluator(pattern: pattern)
        #expect(evaluator.transients.hasTree)
        for _ in 0..<300 {
            let a = unit() * 10, b = a + unit() * 4
            let including = unit() < 0.5
            let game = HapticControls(intensity: 0.25 + unit() * 0.75, sharpness: unit() - 0.5)
            var expected: HapticSignal? = nil
            for event in evaluator.events where event.isTransient && (including ? event.start >= a : event.start > a) && event.start <= b {
                let controls = evaluator.patternControls(at: event.start).composed(with: game)
                let intensity = VoiceEvaluator.clamp01(event.intensity * controls.intensity)
                guard intensity > 0, intensity > (expected?.intensity ?? 0) else { continue }
                expected = HapticSignal(intensity: intensity, sharpness: VoiceEvaluator.clamp01(event.sharpness + controls.sharpness))
            }
            let found = evaluator.strongestTransient(from: a, through: b, includingFrom: including, controls: game)
            #expect(found?.intensity == expected?.intensity, "\(a)...\(b)")
        }
    }

    @Test("an AHAP file with more than 256 events sounding at once is refused at the event that passes it; 256 load")
    func soundingEventsLimit() throws {
        func document(_ count: Int, seconds: Double = 30) -> String {
            let events = (0..<count).map { k in
                #"{"Event": {"Time": \#(Double(k) * 0.0001), "EventType": "HapticContinuous", "EventDuration": \#(seconds), "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.5}]}}"#
            }
            return #"{"Version": 1.0, "Pattern": ["# + events.joined(separator: ",\n") + "]}"
        }
        #expect(try AHAPDecoder().decode(Array(document(256).utf8)).pattern.events.count == 256)
        do {
            _ = try AHAPDecoder().decode(Array(document(257).utf8))
            Issue.record("257 overlapping events were accepted")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.path == "Pattern[256]", "\(diagnostic.path)")
            #expect(diagnostic.kind == .tooManyElements)
            #expect(diagnostic.message.contains("expected at most 256 haptic events sounding at once, found 257"), "\(diagnostic.message)")
            #expect(diagnostic.location?.line == 257)
        }
        // The same number one after another (each ends before the next starts) is fine, and so are the
        // corpus's densest files (1,000 transients in a second: 50 at once).
        let sequential = (0..<2_000).map { k in
            #"{"Event": {"Time": \#(Double(k) * 0.02), "EventType": "HapticContinuous", "EventDuration": 0.02}}"#
        }
        #expect(try AHAPDecoder().decode(Array((#"{"Pattern": ["# + sequential.joined(separator: ",") + "]}").utf8)).pattern.events.count == 2_000)
        let sparkle = (0..<1_000).map { k in #"{"Event": {"Time": \#(Double(k) * 0.001), "EventType": "HapticTransient"}}"# }
        #expect(try AHAPDecoder().decode(Array((#"{"Pattern": ["# + sparkle.joined(separator: ",") + "]}").utf8)).pattern.events.count == 1_000)
        // The attack's file: 88,000 overlapping 30 s events within the 8 MiB limit, refused.
        let compact = (0..<88_000).map { k in #"{"Event":{"Time":\#(k % 100),"EventType":"HapticContinuous","EventDuration":30}}"# }
        let attack = Array((#"{"Pattern":["# + compact.joined(separator: ",") + "]}").utf8)
        #expect(attack.count < 8 << 20)
        #expect(throws: AHAPDecodingError.self) { try AHAPDecoder().decode(attack) }
    }
}
