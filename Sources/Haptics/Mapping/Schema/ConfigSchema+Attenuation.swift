import HapticsTOML

/// `[attenuation.NAME]` and a rule's inline `attenuation` (docs/config.md): a distance fade.
extension ConfigSchema {
    /// An attenuation as its keys are read: the fade is made once `falloff_distance` is known.
    struct AttenuationDraft {
        var shape = Attenuation.Shape.linear
        var innerRadius = 0.0
        var falloffDistance: Double?
    }

    static let attenuation = SchemaSection<AttenuationDraft>("[attenuation.NAME]", keys: [
        SchemaKey("shape", type: "string", range: .text("the five above"), default: .name(Attenuation.Shape.linear.rawValue)) { schema, entry, draft in
            guard let name = schema.string(entry.value) else { return }
            if let shape = schema.choice(name, at: entry.value, among: Attenuation.Shape.allCases.map { ($0.rawValue, $0) }, what: "shape") {
                draft.shape = shape
            }
        },
        .number("inner_radius", in: 0...1_000_000, "a distance (world units)", unit: "world units", default: .number(0), \.innerRadius),
        SchemaKey("falloff_distance", type: "number", range: .numbers(0.000001...1_000_000, unit: "world units"), default: .text("required"),
                  read: { schema, entry, draft in
                      draft.falloffDistance = schema.reader.number(entry.value, ExpectedNumber("a distance (world units)", in: 0.000001...1_000_000),
                                                                   outOfRange: .refused)
                  },
                  whenAbsent: { schema, table, _ in
                      schema.reader.report(.error, .schema, at: SourceLocation(table.location),
                                           "attenuation needs 'falloff_distance' (world units over which it fades to silence)")
                  }),
    ])

    /// The fade `settings` describes, or nil when it has no usable `falloff_distance`.
    mutating func attenuation(_ settings: TOMLTable) -> Attenuation? {
        var draft = AttenuationDraft()
        read(settings, as: Self.attenuation, into: &draft)
        guard let falloff = draft.falloffDistance else { return nil }
        return Attenuation(shape: draft.shape, innerRadius: draft.innerRadius, falloffDistance: falloff)
    }
}
