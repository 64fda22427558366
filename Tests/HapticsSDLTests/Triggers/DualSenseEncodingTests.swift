import Haptics
@testable import HapticsSDL
import Testing

/// Expected bytes are worked out by hand from the community-documented formats
/// (docs/adaptive-triggers.md, "Byte layout"): zones round(position × 9), levels round(value × 8)
/// sent as level - 1 in three bits per zone, rate round(frequency × 255).
@Suite("Adaptive triggers: DualSense effect bytes")
struct DualSenseEncodingTests {
    private func bytes(_ effect: AdaptiveTrigger.Effect) -> [UInt8] { DualSenseTriggerEncoder.block(for: effect).bytes }
    private let off: [UInt8] = [0x05, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]

    @Test("off, and every effect that rounds to nothing, is 0x05 then ten zeros")
    func offBlocks() {
        #expect(bytes(.off) == off)
        #expect(bytes(.feedback(startPosition: 0.5, resistiveStrength: 0.06)) == off, "0.06 × 8 rounds to level 0")
        #expect(bytes(.weapon(startPosition: 0.2, endPosition: 0.6, resistiveStrength: 0)) == off)
        #expect(bytes(.vibration(startPosition: 0, amplitude: 1, frequency: 0)) == off, "rate 0")
        #expect(bytes(.vibration(startPosition: 0, amplitude: 0, frequency: 1)) == off)
        #expect(bytes(.positionalFeedback(resistiveStrengths: AdaptiveTrigger.PositionalValues(repeating: 0.05))) == off)
        #expect(bytes(.positionalVibration(amplitudes: AdaptiveTrigger.PositionalValues(repeating: 1), frequency: 0)) == off)
        #expect(bytes(.slopeFeedback(startPosition: 0, endPosition: 1, startStrength: 0, endStrength: 0)) == off)
    }

    @Test("feedback: a bit per active zone, level - 1 in three bits per zone")
    func feedback() {
        #expect(bytes(.feedback(startPosition: 0, resistiveStrength: 1))
            == [0x21, 0xFF, 0x03, 0xFF, 0xFF, 0xFF, 0x3F, 0, 0, 0, 0])
        // start 0.5 → zone round(4.5) = 5; strength 0.5 → level 4, sent as 3 in zones 5...9.
        #expect(bytes(.feedback(startPosition: 0.5, resistiveStrength: 0.5))
            == [0x21, 0xE0, 0x03, 0x00, 0x80, 0x6D, 0x1B, 0, 0, 0, 0])
        // the last zone only, weakest level: bit 9, level value 0.
        #expect(bytes(.feedback(startPosition: 1, resistiveStrength: 0.125))
            == [0x21, 0x00, 0x02, 0, 0, 0, 0, 0, 0, 0, 0])
        // out of range in, clamped: the same as (0, 1).
        #expect(bytes(.feedback(startPosition: -1, resistiveStrength: 2)) == bytes(.feedback(startPosition: 0, resistiveStrength: 1)))
    }

    @Test("weapon: start and end zone bits, strength - 1; zones moved to the nearest the pad accepts")
    func weapon() {
        // 0.2 → zone 2, 0.6 → zone 5, strength 1 → level 8 → 7.
        #expect(bytes(.weapon(startPosition: 0.2, endPosition: 0.6, resistiveStrength: 1))
            == [0x25, 0x24, 0x00, 0x07, 0, 0, 0, 0, 0, 0, 0])
        // start zone 0 → 2 (the pad takes 2...7), end zone 9 → 8 (at most 8), level 4 → 3.
        #expect(bytes(.weapon(startPosition: 0, endPosition: 1, resistiveStrength: 0.5))
            == [0x25, 0x04, 0x01, 0x03, 0, 0, 0, 0, 0, 0, 0])
        // start 0.9 → zone 8 → 7; end must follow the start: 8.
        #expect(bytes(.weapon(startPosition: 0.9, endPosition: 0.9, resistiveStrength: 1))
            == [0x25, 0x80, 0x01, 0x07, 0, 0, 0, 0, 0, 0, 0])
        // end before start: end becomes start + 1.
        #expect(bytes(.weapon(startPosition: 0.5, endPosition: 0.1, resistiveStrength: 1))
            == [0x25, 0x60, 0x00, 0x07, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test("vibration: zones and amplitude as feedback, rate in byte 9")
    func vibration() {
        #expect(bytes(.vibration(startPosition: 0, amplitude: 1, frequency: 1))
            == [0x26, 0xFF, 0x03, 0xFF, 0xFF, 0xFF, 0x3F, 0, 0, 0xFF, 0])
        // start 0.3 → zone 3; amplitude 0.25 → level 2 → 1; frequency 0.1 → round(25.5) = 26.
        #expect(bytes(.vibration(startPosition: 0.3, amplitude: 0.25, frequency: 0.1))
            == [0x26, 0xF8, 0x03, 0x00, 0x92, 0x24, 0x09, 0, 0, 0x1A, 0])
    }

    @Test("positional feedback and vibration: one level per zone, inactive zones left out")
    func positional() {
        let ramp = AdaptiveTrigger.PositionalValues([0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1, 0])
        #expect(bytes(.positionalFeedback(resistiveStrengths: ramp))
            == [0x21, 0xFE, 0x01, 0x40, 0x34, 0xD6, 0x07, 0, 0, 0, 0])
        var ends = AdaptiveTrigger.PositionalValues()
        ends[0] = 1
        ends[9] = 1
        // frequency 0.5 → round(127.5) = 128.
        #expect(bytes(.positionalVibration(amplitudes: ends, frequency: 0.5))
            == [0x26, 0x01, 0x02, 0x07, 0x00, 0x00, 0x38, 0, 0, 0x80, 0])
    }

    @Test("slope feedback: levels interpolated between the zones, at least 1 at each end")
    func slope() {
        // zones 0...9, levels round(1 + 7i/9) = 1 2 3 3 4 5 6 6 7 8 (start strength 0 is raised to level 1).
        #expect(bytes(.slopeFeedback(startPosition: 0, endPosition: 1, startStrength: 0, endStrength: 1))
            == [0x21, 0xFF, 0x03, 0x88, 0x34, 0xB6, 0x3E, 0, 0, 0, 0])
        // equal positions: the end zone moves one past the start; flat level 4 from zone 5.
        #expect(bytes(.slopeFeedback(startPosition: 0.5, endPosition: 0.5, startStrength: 0.5, endStrength: 0.5))
            == bytes(.feedback(startPosition: 0.5, resistiveStrength: 0.5)))
    }

    @Test("the effects state: 47 bytes, enable bits 0x04 | 0x08 only, right block at 10, left at 21")
    func effectsState() {
        let right = DualSenseTriggerEncoder.block(for: .weapon(startPosition: 0.2, endPosition: 0.6, resistiveStrength: 1))
        let state = DualSenseEffectsState(right: right, left: .off)
        var expected = [UInt8](repeating: 0, count: 47)
        expected[0] = 0x0C
        expected[10] = 0x25; expected[11] = 0x24; expected[13] = 0x07
        expected[21] = 0x05
        #expect(state.bytes == expected)
        #expect(state.withUnsafeBytes { $0.count } == 47)
        #expect(DualSenseEffectsState(right: nil, left: .off).bytes[0] == 0x08)
        #expect(DualSenseEffectsState(right: .off, left: nil).bytes[0] == 0x04)
    }
}
