import HapticsTOML

/// The top level of a config (docs/config.md, "Top level"): the version, then the sections, read in
/// this order so that rules can name the attenuations above them.
extension ConfigSchema {
    static let topLevel = SchemaSection<HapticMappingConfig>("Top level", keys: [
        SchemaKey("version", type: "integer", range: .integers(1...1), default: .number(1)) { schema, entry, _ in
            if case .integer(let version) = entry.value.kind {
                if version != 1 { schema.reader.fail(.schema, at: entry.value, "unsupported version \(version): expected 1") }
            } else {
                schema.reader.fail(.schema, at: entry.value, "expected an integer (1), found \(ConfigFormat.foundType(entry.value))")
            }
        },
        SchemaKey("defaults", type: "table", default: .text("")) { schema, entry, config in
            guard let defaults = schema.table(entry.value, expected: "a table ([defaults])") else { return }
            schema.read(defaults, as: Self.defaults, into: &config)
        },
        SchemaKey("materials", type: "table of tables", default: .text("none")) { schema, entry, config in
            schema.namedTables(entry, expected: "a table such as { sharpness = 0.8, gain = 1.0 }") { schema, name, value, material in
                if let settings = schema.material(named: name, material, at: value) { config.materials[name] = settings }
            }
        },
        SchemaKey("attenuation", type: "tables", default: .text("none")) { schema, entry, config in
            schema.namedTables(entry, expected: "a table with shape, inner_radius and falloff_distance") { schema, name, _, settings in
                if let attenuation = schema.attenuation(settings) { config.attenuations[name] = attenuation }
            }
        },
        SchemaKey("rule", type: "array of tables", default: .text("none")) { schema, entry, config in
            schema.rules(entry.value, into: &config)
        },
    ])

    /// The tables of `[KEY.NAME]` (`[materials.metal]`, `[attenuation.near]`), each passed to `read` with
    /// its name, its value and the table, one key deeper; an entry that is not a table is refused
    /// ("expected EXPECTED"), as is a `KEY` that is not a table of them.
    mutating func namedTables(_ entry: TOMLTable.Entry, expected: String,
                              _ read: (inout ConfigSchema, String, TOMLValue, TOMLTable) -> Void) {
        guard let parent = table(entry.value, expected: "a table ([\(entry.key)])") else { return }
        for named in parent.entries {
            descend(into: named.key) { schema in
                guard let table = schema.table(named.value, expected: expected) else { return }
                read(&schema, named.key, named.value, table)
            }
        }
    }

    /// The `[[rule]]` tables, in order, each read as `ConfigSchema.rule` at `rule[N]`; at most
    /// `HapticMappingConfig.maximumRules` (more are refused at the first extra one, and none is read).
    mutating func rules(_ value: TOMLValue, into config: inout HapticMappingConfig) {
        guard let elements = reader.typed(value, expected: "rules written as [[rule]] tables", \.elements) else { return }
        if elements.count > HapticMappingConfig.maximumRules {
            descend(into: HapticMappingConfig.maximumRules) {
                $0.reader.fail(.schema, at: elements[HapticMappingConfig.maximumRules],
                               "expected at most \(HapticMappingConfig.maximumRules) rules, found \(elements.count)")
            }
            return
        }
        for (index, element) in elements.enumerated() {
            descend(into: index) { schema in
                guard let table = schema.table(element, expected: "a table") else { return }
                if let rule = schema.rule(table, element: index, config: config) { config.rules.append(rule) }
            }
        }
    }
}
