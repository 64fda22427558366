/// Where a value sits inside a document tree: the keys and indices from the root, rendered the way
/// every diagnostic prints it, `Pattern[3].Event.EventParameters[1].ParameterValue` or
/// `rule[2].intensity.curve` (empty for the document as a whole).
///
/// The one path type of the readers: `CheckedReader` keeps one as a reader descends
/// (`CheckedWalking.descend(into:_:)`). Load-time only: appending allocates.
struct DocumentPath: Hashable, Sendable, CustomStringConvertible {
    enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    private(set) var components: [Component] = []

    /// The document as a whole.
    static let root = DocumentPath()

    var isRoot: Bool { components.isEmpty }

    /// This path, one key deeper.
    func appending(_ key: String) -> DocumentPath {
        var path = self
        path.components.append(.key(key))
        return path
    }

    /// This path, one array element deeper.
    func appending(index: Int) -> DocumentPath {
        var path = self
        path.components.append(.index(index))
        return path
    }

    /// The index of the last component when it is an array element (`rule[3]`: 3), else nil.
    var lastIndex: Int? {
        if case .index(let index)? = components.last { return index }
        return nil
    }

    mutating func append(_ component: Component) { components.append(component) }
    mutating func removeLast() { components.removeLast() }

    /// Keys joined by `.`, indices as `[N]`. A key is echoed as `EchoedText.shortened` gives it:
    /// control characters escaped, cut after 80 bytes.
    var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += EchoedText.shortened(key)
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}
