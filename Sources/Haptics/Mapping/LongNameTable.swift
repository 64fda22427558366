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
/// refused, `LoadedMapping.load`).
///
/// Configs come and go (issue 31, round two, F7: every config's names stayed for the process, so a game
/// hot-reloading all day ran out). A loaded config pins its names (`pin`, released by `unpin` when the
/// `LoadedMapping` goes); when a config's name finds the table full, every name first seen in a config that
/// no loaded config pins any more is dropped in one sweep (O(`capacity` + `byteCapacity`): the survivors'
/// bytes moved down, the lookup slots rebuilt; at a config load, never in a post: docs/config.md, "Limits"),
/// and its number is used again under a new generation, so an old `HapticName` of a dropped name equals no
/// name made after (its `string` is then `#` and a hex number). So the names that must fit at once are
/// those of the configs alive (the one playing and the one loading) and of posts. Allocation-free after
/// the first use; any thread (one pthread lock, held for the lookup and the copy, or a sweep, never across
/// other work). Internal.
final class LongNameTable: @unchecked Sendable {
    static let shared = LongNameTable()

    /// Most distinct long names kept at once, in total (configs and posts).
    static let capacity = 262_144
    /// Most bytes of long names kept at once, in total (each takes 4 more for its number).
    static let byteCapacity = 16 << 20
    /// Most of them first seen in a post (these stay for the process).
    static let postedCapacity = 65_536
    static let postedBytes = 4 << 20

    private struct Entry {
        var hash: UInt64 = 0
        /// Where its bytes start in `bytes` (after its 4-byte number).
        var offset: Int32 = 0
        var length: Int32 = 0
        /// How many loaded configs pin it.
        var pins: Int32 = 0
        /// Bumped each time the number is used again: part of the `HapticName`.
        var generation: UInt32 = 0
        var state: State = .free
    }

    private enum State: UInt8 { case free, config, posted }

    private let lock = PthreadLock()
    /// The bounds of this table (the statics, smaller in tests).
    let nameCapacity: Int
    let bytesCapacity: Int
    let postedNameCapacity: Int
    let postedBytesCapacity: Int
    /// Open addressing by hash: an entry's number + 1, or 0 (2 × `capacity` slots, a power of two).
    private var slots: UnsafeMutablePointer<Int32>?
    private var slotMask = 0
    private var entries: UnsafeMutablePointer<Entry>?
    /// Each name as its number (Int32) then its bytes, in the order kept (a sweep moves them down).
    private var bytes: UnsafeMutablePointer<UInt8>?
    /// Numbers free to use again (a stack).
    private var freeNumbers: UnsafeMutablePointer<Int32>?
    private var freeCount = 0
    /// Numbers ever used (the next new one).
    private var highWater = 0
    private var count = 0
    /// Bytes of `bytes` in use, and how many of them are names' (the figure `bytesCapacity` bounds).
    private var used = 0
    private var nameBytes = 0
    private var postedCount = 0
    private var postedUsed = 0
    /// How many sweeps ran, and how many names they dropped (for tests and docs).
    private var sweepCount = 0
    private var sweptNames = 0

    init(capacity: Int = LongNameTable.capacity, byteCapacity: Int = LongNameTable.byteCapacity,
         postedCapacity: Int = LongNameTable.postedCapacity, postedBytes: Int = LongNameTable.postedBytes) {
        nameCapacity = max(capacity, 1)
        bytesCapacity = max(byteCapacity, 1)
        postedNameCapacity = min(postedCapacity, nameCapacity)
        postedBytesCapacity = min(postedBytes, bytesCapacity)
    }

    /// The FNV-1a hash of `text`'s bytes.
    @inline(__always)
    static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// The name of `text` (more than 15 bytes): its number when it is kept (kept now if new and there is
    /// room for a name `fromConfig` or first seen in a post), else its hash, marked not kept. O(length);
    /// no allocation after the first call of the process. A config's name that finds the table full first
    /// sweeps out the names no config pins (see the type).
    func name(_ text: UnsafeBufferPointer<UInt8>, fromConfig: Bool) -> HapticName {
        lock.lock()
        defer { lock.unlock() }
        return keep(text, fromConfig: fromConfig, pin: false, mayReclaim: true)
    }

    /// `name(text, fromConfig: true)`, and pins it when kept: it stays until as many `unpin` calls. What a
    /// config's load does for each long name it writes (`LongNamePins`).
    func pin(_ text: UnsafeBufferPointer<UInt8>) -> HapticName {
        lock.lock()
        defer { lock.unlock() }
        return keep(text, fromConfig: true, pin: true, mayReclaim: true)
    }

    /// Releases one pin of each kept name in `names` (names not kept, or of another generation, are
    /// skipped). O(names); no allocation.
    func unpin<Names: Sequence<HapticName>>(_ names: Names) {
        lock.lock()
        defer { lock.unlock() }
        guard let entries else { return }
        for name in names where name.isLong && name.isKept {
            let (id, generation) = Self.split(name.low)
            guard id < highWater, entries[id].state != .free, entries[id].generation == generation, entries[id].pins > 0 else { continue }
            entries[id].pins -= 1
        }
    }

    /// The text of kept name `key` (a `HapticName`'s low word: number and generation), nil when that name
    /// was dropped since. Allocates the string.
    func text(of key: Int) -> String? {
        lock.lock()
        defer { lock.unlock() }
        let (id, generation) = Self.split(UInt64(bitPattern: Int64(key)))
        guard let entries, let bytes, id < highWater, entries[id].state != .free, entries[id].generation == generation else { return nil }
        let entry = entries[id]
        return String(decoding: UnsafeBufferPointer(start: bytes + Int(entry.offset), count: Int(entry.length)), as: UTF8.self)
    }

    /// How many names are kept, and how many of them came first from posts.
    var keptCount: (all: Int, posted: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (count, postedCount)
    }

    /// How many loaded configs pin `name` (0 for a name not kept, or dropped since).
    func pins(of name: HapticName) -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard let entries, name.isLong, name.isKept else { return 0 }
        let (id, generation) = Self.split(name.low)
        guard id < highWater, entries[id].state != .free, entries[id].generation == generation else { return 0 }
        return Int(entries[id].pins)
    }

    /// How many sweeps ran and how many names they dropped.
    var sweeps: (count: Int, names: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (sweepCount, sweptNames)
    }

    deinit {
        CMemory.free(slots)
        entries?.deallocate()
        bytes?.deallocate()
        freeNumbers?.deallocate()
    }

    // MARK: Internals (the lock held)

    private static func split(_ low: UInt64) -> (id: Int, generation: UInt32) {
        (Int(low & 0xFFFF_FFFF), UInt32(truncatingIfNeeded: low >> 32))
    }

    private func keep(_ text: UnsafeBufferPointer<UInt8>, fromConfig: Bool, pin: Bool, mayReclaim: Bool) -> HapticName {
        let hash = Self.hash(text)
        if slots == nil { allocate() }
        guard let slots, let entries, let bytes else { return HapticName.unkept(hash: hash, length: text.count) }
        var slot = Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 20) & slotMask
        while slots[slot] != 0 {
            let id = Int(slots[slot]) - 1
            let entry = entries[id]
            if entry.hash == hash && Int(entry.length) == text.count
                && CMemory.bytesEqual(bytes + Int(entry.offset), text.baseAddress!, count: text.count) {
                if pin { entries[id].pins += 1 }
                return HapticName.kept(id: id, generation: entry.generation, length: text.count)
            }
            slot = (slot + 1) & slotMask
        }
        if fromConfig && mayReclaim && !fits(text.count) {
            sweep()
            return keep(text, fromConfig: fromConfig, pin: pin, mayReclaim: false)   // the slots moved: look again
        }
        let postedFits = postedCount < postedNameCapacity && postedUsed + text.count <= postedBytesCapacity
        guard fits(text.count) && (fromConfig || postedFits) else { return HapticName.unkept(hash: hash, length: text.count) }
        let id: Int
        if freeCount > 0 {
            freeCount -= 1
            id = Int(freeNumbers![freeCount])
        } else {
            id = highWater
            highWater += 1
            (entries + id).initialize(to: Entry())
        }
        UnsafeMutableRawPointer(bytes + used).storeBytes(of: Int32(id), as: Int32.self)
        (bytes + used + 4).update(from: text.baseAddress!, count: text.count)
        entries[id].hash = hash
        entries[id].offset = Int32(used + 4)
        entries[id].length = Int32(text.count)
        entries[id].pins = pin ? 1 : 0
        entries[id].state = fromConfig ? .config : .posted
        slots[slot] = Int32(id + 1)
        count += 1
        used += 4 + text.count
        nameBytes += text.count
        if !fromConfig {
            postedCount += 1
            postedUsed += text.count
        }
        return HapticName.kept(id: id, generation: entries[id].generation, length: text.count)
    }

    /// Whether a new name of `length` bytes has room.
    private func fits(_ length: Int) -> Bool {
        count < nameCapacity && nameBytes + length <= bytesCapacity
    }

    /// Drops every name first seen in a config that no config pins, moves the others' bytes down (in the
    /// order kept: one pass, no allocation) and rebuilds the lookup slots. O(capacity + bytes used).
    private func sweep() {
        guard let slots, let entries, let bytes, let freeNumbers else { return }
        sweepCount += 1
        var read = 0, write = 0
        while read < used {
            let id = Int(UnsafeRawPointer(bytes + read).loadUnaligned(as: Int32.self))
            let length = Int(entries[id].length)
            let size = 4 + length
            if entries[id].state == .config && entries[id].pins == 0 {
                entries[id].state = .free
                entries[id].generation &+= 1
                freeNumbers[freeCount] = Int32(id)
                freeCount += 1
                count -= 1
                nameBytes -= length
                sweptNames += 1
            } else {
                if write != read { (bytes + write).update(from: bytes + read, count: size) }   // write < read: a forward copy is safe
                entries[id].offset = Int32(write + 4)
                write += size
            }
            read += size
        }
        used = write
        slots.update(repeating: 0, count: slotMask + 1)
        for id in 0..<highWater where entries[id].state != .free {
            var slot = Int(truncatingIfNeeded: (entries[id].hash &* 0x9E37_79B9_7F4A_7C15) >> 20) & slotMask
            while slots[slot] != 0 { slot = (slot + 1) & slotMask }
            slots[slot] = Int32(id + 1)
        }
    }

    private func allocate() {
        var size = 2
        while size < 2 * nameCapacity { size *= 2 }
        slotMask = size - 1
        // Zeroed slots; entries (up to `highWater`), bytes and free numbers are written before they are read
        // (pages are touched as they fill).
        slots = CMemory.allocateZeroed(size, of: Int32.self)
        entries = UnsafeMutablePointer<Entry>.allocate(capacity: nameCapacity)
        bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: bytesCapacity + 4 * nameCapacity)
        freeNumbers = UnsafeMutablePointer<Int32>.allocate(capacity: nameCapacity)
    }
}
