#if SDLHAPTICS_SDL3
import CSDLHaptics3
#else
import CSDLHaptics
#endif

/// Opaque handles for C that are checked on every use: a handle is never a pointer to memory but an
/// encoded (generation, index, kind) triple, looked up in a table. Freeing a handle bumps its slot's
/// generation, so a freed handle, a handle from before `SDLH_Quit`, a handle of the other kind or a
/// made-up pointer is refused (`SDLH_ERROR_INVALID_HANDLE`) instead of being dereferenced.
///
/// Game thread only (the exported functions check the thread first). Up to `limit` live handles
/// per table; slots are reused, so the table never grows past that. One table per kind serves the
/// whole process: `SDLH_Quit` frees its handles and the next session goes on with the same slots
/// and generations (`LibraryState.retireHandles`). A slot's generation wraps after 2^32 frees, the
/// one case a stale handle could match again.
struct HandleTable<Object: AnyObject> {
    /// Most live handles of one kind (the header's `SDLH_MAX_LIVE_HANDLES`; the 20 index bits hold
    /// up to 1,048,576).
    static var limit: Int { Int(SDLH_MAX_LIVE_HANDLES) }

    private struct Slot {
        var generation: UInt32 = 1
        var object: Object?
    }

    /// 1...15, distinct per table, so a pattern handle is never taken for a player handle.
    let kind: UInt
    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    private(set) var liveCount = 0

    init(kind: UInt) { self.kind = kind }

    private func encode(_ index: Int, _ generation: UInt32) -> UnsafeMutableRawPointer {
        // bits 0-3: kind, 4-23: index, 24-55: generation. Never 0.
        UnsafeMutableRawPointer(bitPattern: (UInt(generation) << 24) | (UInt(index) << 4) | kind)!
    }

    private func decode(_ handle: UnsafeRawPointer?) -> Int? {
        guard let handle else { return nil }
        let bits = UInt(bitPattern: handle)
        guard bits & 0xF == kind, bits >> 56 == 0 else { return nil }
        let index = Int((bits >> 4) & 0xFFFFF)
        let generation = UInt32(truncatingIfNeeded: bits >> 24)
        guard index < slots.count, slots[index].generation == generation, slots[index].object != nil else { return nil }
        return index
    }

    /// A new handle for `object`, or nil when `limit` handles are live.
    mutating func insert(_ object: Object) -> UnsafeMutableRawPointer? {
        let index: Int
        if let reused = freeSlots.popLast() {
            index = reused
        } else {
            guard slots.count < Self.limit else { return nil }
            slots.append(Slot())
            index = slots.count - 1
        }
        slots[index].object = object
        liveCount += 1
        return encode(index, slots[index].generation)
    }

    /// The object behind a live handle, or nil.
    func object(_ handle: UnsafeRawPointer?) -> Object? {
        guard let index = decode(handle) else { return nil }
        return slots[index].object
    }

    /// Frees a live handle; returns its object, or nil when the handle was not live.
    mutating func remove(_ handle: UnsafeRawPointer?) -> Object? {
        guard let index = decode(handle) else { return nil }
        let object = slots[index].object
        slots[index].object = nil
        slots[index].generation &+= 1
        if slots[index].generation == 0 { slots[index].generation = 1 }
        freeSlots.append(index)
        liveCount -= 1
        return object
    }

    /// Frees every live handle (at `SDLH_Quit`); generations go on, so old handles stay refused.
    mutating func removeAll(_ body: (Object) -> Void = { _ in }) {
        for index in slots.indices where slots[index].object != nil {
            body(slots[index].object!)
            slots[index].object = nil
            slots[index].generation &+= 1
            if slots[index].generation == 0 { slots[index].generation = 1 }
            freeSlots.append(index)
        }
        liveCount = 0
    }
}
