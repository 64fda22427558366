/// Material settings by name for the per-event path: the config's materials keyed by
/// `HapticName`. Up to 32 materials are searched linearly (two integer comparisons each, faster
/// than hashing); more go through a dictionary.
///
/// Internal. Built once per mapping (allocates); lookups never allocate.
struct MaterialCache {
    private var names: [HapticName] = []
    private var values: [MaterialSettings] = []
    private var byName: [HapticName: MaterialSettings] = [:]

    init(_ all: [String: MaterialSettings] = [:]) {
        if all.count <= 32 {
            for (name, settings) in all {
                names.append(HapticName(name))
                values.append(settings)
            }
        } else {
            for (name, settings) in all { byName[HapticName(name)] = settings }
        }
    }

    /// The settings of `name`, or nil when the config does not list it (or for `.none`).
    func settings(_ name: HapticName) -> MaterialSettings? {
        guard !name.isNone else { return nil }
        for index in names.indices where names[index] == name { return values[index] }
        return byName.isEmpty ? nil : byName[name]
    }
}
