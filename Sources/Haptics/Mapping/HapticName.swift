/// A short name from the game's vocabulary (a material, a surface, a tag, a texture kind, a custom
/// event) stored inline in 16 bytes, so that events carrying names are plain values: copying one is
/// a memory copy, comparing two names is two integer comparisons, and nothing is reference-counted
/// on the per-event path.
///
/// Names of up to 15 UTF-8 bytes are kept exactly (`string` gives them back). Longer names are
/// kept as a 64-bit hash of their bytes (FNV-1a): they still compare correctly with overwhelming
/// probability, but `string` cannot give them back (it returns `#` and the hash in hex). Where a
/// name may be missing the API says `HapticName?` (nil: none).
public struct HapticName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    // Short names: bytes 0...14 of the UTF-8 text in (low, high) little-endian, byte 15 = length.
    // Long names: low = the hash, high's top byte = 0xFF.
    @usableFromInline var low: UInt64
    @usableFromInline var high: UInt64

    @inlinable
    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// The name of `text`. O(length), no allocation. Inlinable, so a call site with a literal
    /// or a known string costs no call.
    @inlinable
    public init(_ text: String) {
        var low: UInt64 = 0, high: UInt64 = 0
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325   // FNV-1a, for names longer than 15 bytes
        var count = 0
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            if count < 8 {
                low |= UInt64(byte) << UInt64(8 * count)
            } else if count < 15 {
                high |= UInt64(byte) << UInt64(8 * (count - 8))
            }
            count += 1
        }
        if count > 15 {
            self.init(low: hash, high: 0xFF << 56)
        } else {
            self.init(low: low, high: high | UInt64(count) << 56)
        }
    }

    @inlinable
    public init(stringLiteral value: String) { self.init(value) }

    /// Whether this is the empty name `""`.
    var isEmpty: Bool { low == 0 && high == 0 }

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

    /// A bucket in a power-of-two table of `mask + 1` entries (Fibonacci hashing of both words).
    func bucket(mask: Int) -> Int {
        Int(truncatingIfNeeded: ((low ^ (high &* 0x9E37_79B9_7F4A_7C15)) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }
}
