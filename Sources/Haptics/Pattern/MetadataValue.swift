/// A free-form JSON value, used for a pattern's `Metadata`.
///
/// AHAP files carry any JSON under `Metadata` (`Project`, `Created`, `Description`, tags,
/// nested objects). SDLHaptics keeps it verbatim and writes it back on encoding.
@_spi(HapticsTools) public enum MetadataValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([MetadataValue])
    case object([String: MetadataValue])

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}
