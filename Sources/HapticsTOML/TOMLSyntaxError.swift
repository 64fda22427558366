/// A TOML syntax or structure error: what was expected and where reading stopped.
package struct TOMLSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package var location: TOMLPosition

    package init(message: String, location: TOMLPosition) {
        self.message = message
        self.location = location
    }

    package var description: String { "\(location.line):\(location.column): \(message)" }
}
