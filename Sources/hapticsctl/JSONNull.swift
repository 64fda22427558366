/// An optional that `--json` writes as `null` when nil: a synthesized `Encodable` leaves the key of a
/// nil optional out, and `hapticsctl inspect --json` lists every key.
@propertyWrapper
struct JSONNull<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
