import Haptics

/// Turns an `AdaptiveTriggerEffect` (Apple's 0...1 parameters) into the 11-byte block a DualSense
/// takes for one trigger. The one place where trigger positions, strengths and frequencies become
/// DualSense units.
///
/// Units: a position becomes a zone 0...9 (`round(position × 9)`, zone `i` being the i-th tenth of
/// the travel); a strength or amplitude a level 0...8 (`round(value × 8)`; 0 is none, 1...8 are sent
/// as 0...7 in three bits); a frequency a rate 0...255 (`round(frequency × 255)`, cycles per second
/// as the firmware counts them). Rounding is to nearest, halves away from zero.
///
/// The DualSense rejects some combinations (read from the community documentation, see
/// docs/adaptive-triggers.md); rather than send nothing, the encoder makes the nearest valid effect:
/// - weapon: start zone clamped to 2...7, end zone to (start + 1)...8;
/// - slope feedback: start zone clamped to 0...8, end zone to (start + 1)...9, and both strength
///   levels to 1...8 when either is above 0;
/// - any effect whose strengths or amplitudes are all level 0, or a vibration at rate 0, is "off".
///
/// Cost: O(10), no allocation. Pure: safe on any thread.
package enum DualSenseTriggerEncoder {
    /// The block for `effect` (clamped to 0...1 first).
    public static func block(for effect: AdaptiveTriggerEffect) -> DualSenseTriggerBlock {
        switch effect.clamped {
        case .off:
            return .off
        case let .feedback(start, strength):
            return zoned(.feedback, from: zone(start), level: level(strength), frequency: 0)
        case let .positionalFeedback(strengths):
            return positional(.feedback, levels: strengths, frequency: 0)
        case let .weapon(start, end, strength):
            let strengthLevel = level(strength)
            guard strengthLevel > 0 else { return .off }
            let startZone = min(max(zone(start), 2), 7)
            let endZone = min(max(zone(end), startZone + 1), 8)
            var block = DualSenseTriggerBlock()
            block[0] = DualSenseTriggerBlock.EffectType.weapon.rawValue
            let zones = UInt16(1) << UInt16(startZone) | UInt16(1) << UInt16(endZone)
            block[1] = UInt8(zones & 0xFF)
            block[2] = UInt8(zones >> 8)
            block[3] = UInt8(strengthLevel - 1)
            return block
        case let .vibration(start, amplitude, frequency):
            return zoned(.vibration, from: zone(start), level: level(amplitude), frequency: rate(frequency))
        case let .positionalVibration(amplitudes, frequency):
            return positional(.vibration, levels: amplitudes, frequency: rate(frequency))
        case let .slopeFeedback(start, end, startStrength, endStrength):
            var startLevel = level(startStrength)
            var endLevel = level(endStrength)
            guard startLevel > 0 || endLevel > 0 else { return .off }
            startLevel = max(startLevel, 1)
            endLevel = max(endLevel, 1)
            let startZone = min(max(zone(start), 0), 8)
            let endZone = min(max(zone(end), startZone + 1), 9)
            let slope = Double(endLevel - startLevel) / Double(endZone - startZone)
            var levels = ZoneLevels()
            for index in startZone..<10 {
                levels[index] = index <= endZone
                    ? Int((Double(startLevel) + slope * Double(index - startZone)).rounded())
                    : endLevel
            }
            return packed(.feedback, levels: levels, frequency: 0)
        }
    }

    /// The zone 0...9 of a position 0...1.
    public static func zone(_ position: Double) -> Int { Int((unit(position) * 9).rounded()) }

    /// The level 0...8 of a strength or amplitude 0...1.
    public static func level(_ value: Double) -> Int { Int((unit(value) * 8).rounded()) }

    /// The rate byte 0...255 of a frequency 0...1.
    public static func rate(_ frequency: Double) -> UInt8 { UInt8((unit(frequency) * 255).rounded()) }

    // MARK: - Packing

    /// Ten levels 0...8, inline.
    package struct ZoneLevels {
        var storage = SIMD16<UInt8>()
        subscript(index: Int) -> Int {
            get { Int(storage[index]) }
            set { storage[index] = UInt8(min(max(newValue, 0), 8)) }
        }
    }

    /// The same level from `startZone` to zone 9.
    private static func zoned(_ type: DualSenseTriggerBlock.EffectType, from startZone: Int, level: Int,
                              frequency: UInt8) -> DualSenseTriggerBlock {
        var levels = ZoneLevels()
        for index in startZone..<10 { levels[index] = level }
        return packed(type, levels: levels, frequency: frequency)
    }

    private static func positional(_ type: DualSenseTriggerBlock.EffectType, levels values: AdaptiveTrigger.PositionalValues,
                                   frequency: UInt8) -> DualSenseTriggerBlock {
        var levels = ZoneLevels()
        for index in 0..<10 { levels[index] = level(values[index]) }
        return packed(type, levels: levels, frequency: frequency)
    }

    /// Bytes 1-2: a bit per zone with a level above 0; bytes 3-6: (level - 1) in three bits per
    /// zone, zone 0 in the lowest bits, little-endian; byte 9: the vibration rate. All zero: off.
    private static func packed(_ type: DualSenseTriggerBlock.EffectType, levels: ZoneLevels,
                               frequency: UInt8) -> DualSenseTriggerBlock {
        var active: UInt16 = 0
        var packedLevels: UInt32 = 0
        for index in 0..<10 where levels[index] > 0 {
            active |= UInt16(1) << UInt16(index)
            packedLevels |= UInt32(levels[index] - 1) << UInt32(3 * index)
        }
        guard active != 0, type != .vibration || frequency > 0 else { return .off }
        var block = DualSenseTriggerBlock()
        block[0] = type.rawValue
        block[1] = UInt8(active & 0xFF)
        block[2] = UInt8(active >> 8)
        block[3] = UInt8(packedLevels & 0xFF)
        block[4] = UInt8((packedLevels >> 8) & 0xFF)
        block[5] = UInt8((packedLevels >> 16) & 0xFF)
        block[6] = UInt8(packedLevels >> 24)
        block[9] = frequency
        return block
    }

    private static func unit(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
}
