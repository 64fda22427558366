/// Material settings by name for the per-event path: the config's materials in a small
/// open-addressing table keyed by `HapticName`, at most half full, so a lookup is one hash of two
/// integers and usually one comparison.
///
/// Internal. Built once per mapping (allocates); lookups never allocate. Any thread may read it.
struct MaterialCache: Sendable {
    /// One bucket per entry: nil while empty.
    private var names: [HapticName?]
    private var values: [MaterialSettings]
    /// `names.count - 1` (a power of two minus one).
    private var mask: Int

    init(_ all: [String: MaterialSettings] = [:]) {
        var size = 16
        while size < all.count * 2 { size *= 2 }
        names = Array(repeating: nil, count: size)
        values = Array(repeating: MaterialSettings(), count: size)
        mask = size - 1
        for (name, settings) in all {
            let key = HapticName(configName: name)
            var bucket = key.bucket(mask: mask)
            while let taken = names[bucket], taken != key { bucket = (bucket + 1) & mask }
            names[bucket] = key
            values[bucket] = settings
        }
    }

    /// The settings of `name`, or nil when the config does not list it (or for nil). O(1)
    /// expected.
    func settings(_ name: HapticName?) -> MaterialSettings? {
        guard let name else { return nil }
        var bucket = name.bucket(mask: mask)
        while let taken = names[bucket] {
            if taken == name { return values[bucket] }
            bucket = (bucket + 1) & mask
        }
        return nil
    }
}
