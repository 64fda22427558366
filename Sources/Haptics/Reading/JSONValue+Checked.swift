import HapticsJSON

/// JSON values (AHAP files) for the checked reader: positions are byte offsets, located through the
/// document's line table.
extension JSONValue: CheckedValue {
    var number: Double? { if case .number(let value) = kind { return value }; return nil }
    var integer: Int64? { nil }
    var string: String? { if case .string(let value) = kind { return value }; return nil }
    var boolean: Bool? { if case .bool(let value) = kind { return value }; return nil }
    var elements: [JSONValue]? { if case .array(let value) = kind { return value }; return nil }
    var members: [JSONMember]? { if case .object(let value) = kind { return value }; return nil }

    func location(in locator: inout SourceLocator) -> SourceLocation { locator.location(ofOffset: offset) }
}

extension JSONMember: CheckedMember {
    func keyLocation(in locator: inout SourceLocator) -> SourceLocation { locator.location(ofOffset: keyOffset) }
}
