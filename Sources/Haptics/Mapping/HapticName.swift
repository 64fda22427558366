/// A short name from the game's vocabulary (a material, a surface, a tag, a texture kind, a custom
/// event) stored inline in 16 bytes, so that events carrying names are plain values: copying one is
/// a memory copy, comparing two names is two integer comparisons, and nothing is reference-counted
/// on the per-event path.
///
/// Names of up to 15 UTF-8 bytes are kept exactly (`string` gives them back). Longer names are
/// kept as a 64-bit hash of their bytes (FNV-1a): they still compare correctly with overwhelming
/// probability, but `string` cannot give them back (it returns `#` and the hash in hex). The empty
/// name stands for "none".
public struct HapticName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    // Short names: bytes 0...14 of the UTF-8 text in (low, high) little-endian, byte 15 = length.
    // Long names: low = the hash, high's top byte = 0xFF.
    @usableFromInline var low: UInt64
    @usableFromInline var high: UInt64

    /// No name.
    @inlinable
    public static var none: HapticName { HapticName(low: 0, high: 0) }

    @inlinable
    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// The name of `text`. O(length), no allocation. Inlinable, so a call site with a literal
    /// or a known string costs no call.
    @inlinable
    public init(_ text: String) {
        // Native strings (all of them on Linux) expose their UTF-8 in place; others are copied.
        if let name = text.utf8.withContiguousStorageIfAvailable(Self.init(utf8:)) {
            self = name
        } else {
            var text = text
            self = text.withUTF8(Self.init(utf8:))
        }
    }

    /// The name of the UTF-8 text in `bytes`.
    @inlinable
    init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= 15 else {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            self.init(low: hash, high: 0xFF << 56)
            return
        }
        // Little-endian: byte i of the text is byte i of (low, high).
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
        self.init(low: UInt64(littleEndian: words.0), high: UInt64(littleEndian: words.1) | UInt64(bytes.count) << 56)
    }

    @inlinable
    public init(stringLiteral value: String) { self.init(value) }

    /// Whether this is the empty name ("none").
    public var isNone: Bool { low == 0 && high == 0 }

    /// The name as text: exact for names of up to 15 bytes, `#` and a hex hash for longer ones.
    /// Allocates; not for the per-event path.
    public var string: String {
        let length = Int(high >> 56)
        guard length != 0xFF else { return "#" + String(low, radix: 16) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        for index in 0..<length {
            let word = index < 8 ? low : high
            bytes.append(UInt8(truncatingIfNeeded: word >> (8 * UInt64(index % 8))))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public var description: String { string }

    /// A slot in a power-of-two table of `mask + 1` entries (Fibonacci hashing of both words).
    @inline(__always)
    func slot(mask: Int) -> Int {
        Int(truncatingIfNeeded: ((low ^ (high &* 0x9E37_79B9_7F4A_7C15)) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    /// The name of `text`, or `.none` for nil.
    @inlinable
    static func of(_ text: String?) -> HapticName {
        guard let text else { return .none }
        return HapticName(text)
    }

    /// The text of a name, or nil for `.none`.
    var optionalString: String? { isNone ? nil : string }
}
