/// Where a value sits inside a document tree: the keys and indices from the root, rendered the way
/// every diagnostic prints it, `Pattern[3].Event.EventParameters[1].ParameterValue` or
/// `rule[2].intensity.curve` (empty for the document as a whole).
///
/// The one path type of the readers: the AHAP tree walker keeps one as it descends
/// (`DocumentWalking.descend(into:_:)`), the config schema decoder passes them down by value.
/// Load-time only: appending allocates.
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

/// A reader that walks a document tree keeping the path of the value it is reading, so that what
/// it reports says where.
protocol DocumentWalking {
    var path: DocumentPath { get set }
}

extension DocumentWalking {
    /// Runs `body` one key deeper, then restores the path (also when `body` returns early).
    mutating func descend<Result>(into key: String, _ body: (inout Self) -> Result) -> Result {
        path.append(.key(key))
        defer { path.removeLast() }
        return body(&self)
    }

    /// Runs `body` one array element deeper, then restores the path.
    mutating func descend<Result>(into index: Int, _ body: (inout Self) -> Result) -> Result {
        path.append(.index(index))
        defer { path.removeLast() }
        return body(&self)
    }
}
