/// The 11 bytes that set one DualSense trigger's effect (bytes 10-20 of the effects state for R2,
/// 21-31 for L2). Byte 0 is the effect type; the rest depend on it (docs/adaptive-triggers.md,
/// "Byte layout"). Stored inline: no heap storage.
public struct DualSenseTriggerBlock: Hashable, Sendable {
    /// The size of a block, 11 bytes.
    public static let size = 11

    /// Effect type bytes, from the community documentation of the DualSense firmware (see the docs).
    public enum EffectType: UInt8, Sendable {
        /// No effect; the trigger returns to neutral.
        case off = 0x05
        /// Resistance per zone.
        case feedback = 0x21
        /// Resistance between a start and an end zone, released past the end.
        case weapon = 0x25
        /// Vibration per zone at one frequency.
        case vibration = 0x26
    }

    /// Lanes 0...10 are the block; 11...15 stay 0.
    var storage = SIMD16<UInt8>()

    /// The "off" block: 0x05 then ten zeros.
    public static let off: DualSenseTriggerBlock = {
        var block = DualSenseTriggerBlock()
        block.storage[0] = EffectType.off.rawValue
        return block
    }()

    /// Byte `index` (0...10).
    public subscript(index: Int) -> UInt8 {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    /// The effect type byte.
    public var type: UInt8 { storage[0] }

    /// The 11 bytes (allocates an array: for tests and tools).
    public var bytes: [UInt8] { (0..<Self.size).map { storage[$0] } }
}
