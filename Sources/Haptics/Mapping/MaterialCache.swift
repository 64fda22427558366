/// Material settings by name for the per-event path: the config's materials in a small
/// open-addressing table keyed by `HapticName`, at most half full, so a lookup is one hash of two
/// integers and usually one comparison.
///
/// Internal. Built once per mapping (allocates); lookups never allocate. Any thread may read it.
struct MaterialCache: Sendable {
    private var names: [HapticName]
    private var values: [MaterialSettings]
    /// `names.count - 1` (a power of two minus one).
    private var mask: Int

    init(_ all: [String: MaterialSettings] = [:]) {
        var size = 16
        while size < all.count * 2 { size *= 2 }
        names = Array(repeating: .none, count: size)
        values = Array(repeating: MaterialSettings(), count: size)
        mask = size - 1
        for (name, settings) in all {
            let key = HapticName(name)
            guard !key.isNone else { continue }
            var slot = key.slot(mask: mask)
            while !names[slot].isNone && names[slot] != key { slot = (slot + 1) & mask }
            names[slot] = key
            values[slot] = settings
        }
    }

    /// The settings of `name`, or nil when the config does not list it (or for `.none`). O(1)
    /// expected.
    @inline(__always)
    func settings(_ name: HapticName) -> MaterialSettings? {
        guard !name.isNone else { return nil }
        return names.withUnsafeBufferPointer { names in
            var slot = name.slot(mask: mask)
            while true {
                if names[slot] == name { return values.withUnsafeBufferPointer { $0[slot] } }
                if names[slot].isNone { return nil }
                slot = (slot + 1) & mask
            }
        }
    }
}
