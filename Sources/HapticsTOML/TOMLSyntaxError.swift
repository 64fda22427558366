/// A TOML syntax or structure error: what was expected and where reading stopped.
package struct TOMLSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package var location: TOMLPosition
    // Made only by the reader (its memberwise init, internal).

    package var description: String { "\(location.line):\(location.column): \(message)" }
}
