/// `[defaults]` (docs/config.md): what an event's inputs are when the event does not say.
extension ConfigSchema {
    static let defaults = SchemaSection<HapticMappingConfig>("[defaults]", keys: [
        .number("walker_weight", in: 0.001...100_000, "a weight (kg)", unit: "kg", default: .number(70), \.defaultWalkerWeight),
    ])
}
