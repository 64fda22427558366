#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Names longer than 15 bytes, each kept once, byte for byte, so that a `HapticName` of one is a number
/// that stands for exactly that text (issue 31: a bare 64-bit hash let a colliding pair of action names,
/// found by brute force in 50 s, fire each other's rule).
///
/// A name is looked up by its FNV-1a hash (only a first filter) and compared byte for byte; a name not
/// kept yet is copied in and numbered. Storage is made once, at the first long name of the process, and
/// bounded: at most `capacity` names and `byteCapacity` bytes; names first seen in a game's post (not in
/// a config) may fill at most `postedCapacity` and `postedBytes` of it, so a game posting ever new names
/// (or an attacker) can never crowd out the names of the rules. A posted name that finds no room is not
/// kept: its `HapticName` is its hash and length, marked so, and it equals no kept name, so it takes no
/// rule (every rule's names are kept when its config loads; a config whose names find no room is
/// refused, `LoadedMapping.load`). Allocation-free after the first use; any thread (one pthread lock,
/// held for the lookup and the copy, never across other work). Internal.
final class LongNameTable: @unchecked Sendable {
    static let shared = LongNameTable()

    /// Most distinct long names kept, in total (configs and posts).
    static let capacity = 262_144
    /// Most bytes of long names kept, in total.
    static let byteCapacity = 16 << 20
    /// Most of them first seen in a post.
    static let postedCapacity = 65_536
    static let postedBytes = 4 << 20

    private struct Entry {
        var hash: UInt64
        var offset: Int
        var length: Int
    }

    private let lock = PthreadLock()
    /// Open addressing by hash: an entry's number + 1, or 0 (2 × `capacity` slots).
    private var slots: UnsafeMutablePointer<Int32>?
    private var entries: UnsafeMutablePointer<Entry>?
    private var bytes: UnsafeMutablePointer<UInt8>?
    private var count = 0
    private var used = 0
    private var postedCount = 0
    private var postedUsed = 0
    private static let slotMask = 2 * capacity - 1

    /// The FNV-1a hash of `text`'s bytes.
    @inline(__always)
    static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// The name of `text` (more than 15 bytes): its number when it is kept (kept now if new and there is
    /// room for a name `fromConfig` or first seen in a post), else its hash, marked not kept. O(length);
    /// no allocation after the first call of the process.
    func name(_ text: UnsafeBufferPointer<UInt8>, fromConfig: Bool) -> HapticName {
        let hash = Self.hash(text)
        lock.lock()
        defer { lock.unlock() }
        if slots == nil { allocate() }
        guard let slots, let entries, let bytes else { return HapticName.unkept(hash: hash, length: text.count) }
        var slot = Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 20) & Self.slotMask
        while slots[slot] != 0 {
            let id = Int(slots[slot]) - 1
            let entry = entries[id]
            if entry.hash == hash && entry.length == text.count && memcmp(bytes + entry.offset, text.baseAddress!, text.count) == 0 {
                return HapticName.kept(id: id, length: text.count)
            }
            slot = (slot + 1) & Self.slotMask
        }
        let fits = count < Self.capacity && used + text.count <= Self.byteCapacity
            && (fromConfig || (postedCount < Self.postedCapacity && postedUsed + text.count <= Self.postedBytes))
        guard fits else { return HapticName.unkept(hash: hash, length: text.count) }
        (bytes + used).update(from: text.baseAddress!, count: text.count)
        entries[count] = Entry(hash: hash, offset: used, length: text.count)
        slots[slot] = Int32(count + 1)
        let id = count
        count += 1
        used += text.count
        if !fromConfig {
            postedCount += 1
            postedUsed += text.count
        }
        return HapticName.kept(id: id, length: text.count)
    }

    /// The text of kept name `id`. Allocates the string.
    func text(of id: Int) -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard let entries, let bytes, id >= 0, id < count else { return nil }
        let entry = entries[id]
        return String(decoding: UnsafeBufferPointer(start: bytes + entry.offset, count: entry.length), as: UTF8.self)
    }

    /// How many names are kept, and how many of them came first from posts.
    var keptCount: (all: Int, posted: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (count, postedCount)
    }

    deinit {
        free(slots)
        entries?.deallocate()
        bytes?.deallocate()
    }

    private func allocate() {
        // Zeroed slots; entries and bytes are written before they are read (pages are touched as they fill).
        slots = calloc(2 * Self.capacity, MemoryLayout<Int32>.size)?.assumingMemoryBound(to: Int32.self)
        entries = UnsafeMutablePointer<Entry>.allocate(capacity: Self.capacity)
        bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.byteCapacity)
    }
}
