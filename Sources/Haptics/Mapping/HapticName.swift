/// A short name from the game's vocabulary (a material, a surface, a tag, a texture kind, a custom
/// event) stored inline in 16 bytes, so that events carrying names are plain values: copying one is
/// a memory copy, comparing two names is two integer comparisons, and nothing is reference-counted
/// on the per-event path.
///
/// Names of up to 15 UTF-8 bytes are kept inline, exactly. Longer names are compared exactly too
/// (issue 31): each is kept once, byte for byte, in a table of the process (`LongNameTable`), and the
/// name holds its number there, so comparing two is still two integer comparisons and `string` gives
/// it back. The table is bounded (262,144 names, 16 MiB; names first seen in posts at most 65,536 and
/// 4 MiB of it, so they never crowd out the rules' names): a posted name that finds no room is held as
/// its hash, equals no kept name and so takes no rule (`string` then gives `#` and the hash in hex).
/// Making a long name costs O(length) and a lock, and allocates nothing after the table's first use.
/// Where a name may be missing the API says `HapticName?` (nil: none).
public struct HapticName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    // Short names: bytes 0...14 of the UTF-8 text in (low, high) little-endian, byte 15 = length.
    // Long names: high's top byte = 0xFF, its next byte 1 when kept in `LongNameTable` (low = its
    // number there) or 0 when not (low = the FNV-1a hash), its low 32 bits the length.
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
        guard text.utf8.count <= 15 else {
            self = HapticName.long(text, fromConfig: false)
            return
        }
        var low: UInt64 = 0, high: UInt64 = 0
        var count = 0
        for byte in text.utf8 {
            if count < 8 {
                low |= UInt64(byte) << UInt64(8 * count)
            } else {
                high |= UInt64(byte) << UInt64(8 * (count - 8))
            }
            count += 1
        }
        self.init(low: low, high: high | UInt64(count) << 56)
    }

    /// The name of UTF-8 bytes `text` (not checked: the caller has), made without a `String`: what the C
    /// API's posts use. O(length), no allocation.
    package init(utf8 text: UnsafeBufferPointer<UInt8>) {
        guard text.count <= 15 else {
            self = LongNameTable.shared.name(text, fromConfig: false)
            return
        }
        var low: UInt64 = 0, high: UInt64 = 0
        for (count, byte) in text.enumerated() {
            if count < 8 { low |= UInt64(byte) << UInt64(8 * count) } else { high |= UInt64(byte) << UInt64(8 * (count - 8)) }
        }
        self.init(low: low, high: high | UInt64(text.count) << 56)
    }

    /// A name a config writes: a long one is always kept (`LongNameTable`), for as long as the table has
    /// room for configs' names (`isKept`; `LoadedMapping.load` refuses a config whose names find none).
    init(configName text: String) {
        guard text.utf8.count > 15 else {
            self.init(text)
            return
        }
        self = HapticName.long(text, fromConfig: true)
    }

    /// A name longer than 15 bytes, through `LongNameTable`.
    @usableFromInline
    static func long(_ text: String, fromConfig: Bool) -> HapticName {
        var text = text
        return text.withUTF8 { LongNameTable.shared.name($0, fromConfig: fromConfig) }
    }

    /// Long name number `id` of `LongNameTable`, `length` bytes.
    static func kept(id: Int, length: Int) -> HapticName {
        HapticName(low: UInt64(id), high: 0xFF << 56 | 1 << 48 | UInt64(UInt32(truncatingIfNeeded: length)))
    }

    /// A long name `LongNameTable` had no room for: its hash and length.
    static func unkept(hash: UInt64, length: Int) -> HapticName {
        HapticName(low: hash, high: 0xFF << 56 | UInt64(UInt32(truncatingIfNeeded: length)))
    }

    /// Whether this is a name longer than 15 bytes.
    var isLong: Bool { high >> 56 == 0xFF }

    /// Whether a long name is kept (and so compared exactly); true for every short name.
    var isKept: Bool { !isLong || (high >> 48) & 0xFF == 1 }

    /// The name's length in UTF-8 bytes (0 for a code such as a feedback case).
    var byteCount: Int { isLong ? Int(UInt32(truncatingIfNeeded: high)) : Int(high >> 56) }

    @inlinable
    public init(stringLiteral value: String) { self.init(value) }

    /// Whether this is the empty name `""`.
    var isEmpty: Bool { low == 0 && high == 0 }

    /// The name as text, exactly (a long name not kept in the table: `#` and its hex hash).
    /// Allocates; not for the per-event path.
    public var string: String {
        let length = Int(high >> 56)
        guard length != 0xFF else {
            if isKept, let text = LongNameTable.shared.text(of: Int(low)) { return text }
            return "#" + String(low, radix: 16)
        }
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
