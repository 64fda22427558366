/// Material settings by name for the per-event path: the config's dictionary behind a small cache
/// of recently used names compared by string equality (short names compare as two machine words),
/// so a burst of contacts between the same few materials does not hash a name per event.
///
/// Internal. Reading never allocates: the cache's storage is reserved up front and entries are
/// replaced round-robin when it is full.
struct MaterialCache {
    static let size = 16
    private var all: [String: MaterialSettings]
    private var names: [String] = []
    private var values: [MaterialSettings] = []
    private var next = 0

    init(_ all: [String: MaterialSettings] = [:]) {
        self.all = all
        names.reserveCapacity(Self.size)
        values.reserveCapacity(Self.size)
    }

    /// The settings of `name`, or nil when the config does not list it.
    mutating func settings(_ name: String) -> MaterialSettings? {
        for index in names.indices where names[index] == name { return values[index] }
        guard let found = all[name] else { return nil }
        if names.count < Self.size {
            names.append(name)
            values.append(found)
        } else {
            names[next] = name
            values[next] = found
            next = (next + 1) % Self.size
        }
        return found
    }
}
