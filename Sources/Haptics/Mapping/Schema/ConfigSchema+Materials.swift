import HapticsTOML

/// `[materials]` (docs/config.md): how each material or surface feels, one table per name.
extension ConfigSchema {
    static let materials = SchemaSection<MaterialSettings>("[materials]", keys: [
        .number("sharpness", in: 0...1, "a sharpness", default: .number(MaterialSettings().sharpness), \.sharpness),
        .number("gain", in: 0...2, "a gain", default: .number(MaterialSettings().gain), \.gain),
    ])

    /// The material `name`'s settings from `table` (at `value`): its unknown keys, then its name (one a
    /// post can carry, else nothing more is read), then its keys.
    mutating func material(named name: String, _ table: TOMLTable, at value: TOMLValue) -> MaterialSettings? {
        reader.unknownKeys(in: table.entries, allowed: Self.materials.listed)
        guard checkName(name, at: value) else { return nil }
        var settings = MaterialSettings()
        readKeys(table, as: Self.materials, into: &settings)
        return settings
    }
}
