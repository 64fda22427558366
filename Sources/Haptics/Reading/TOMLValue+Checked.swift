import HapticsTOML

/// TOML values (mapping configs) for the checked reader: the TOML reader gives every key and value its
/// line and column as it reads.
extension TOMLValue: CheckedValue {
    var integer: Int64? { if case .integer(let value) = kind { return value }; return nil }
    var elements: [TOMLValue]? { array }
    var members: [TOMLTable.Entry]? { table?.entries }

    func location(in locator: inout SourceLocator) -> SourceLocation { SourceLocation(location) }
}

extension TOMLTable.Entry: CheckedMember {
    func keyLocation(in locator: inout SourceLocator) -> SourceLocation { SourceLocation(keyLocation) }
}

extension SourceLocation {
    /// Where the TOML reader found a key, a value or a problem.
    init(_ position: TOMLPosition) {
        self.init(line: position.line, column: position.column, offset: position.offset)
    }
}
