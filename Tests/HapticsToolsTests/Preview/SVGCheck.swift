import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Parses an SVG document with Foundation's XML parser: whether it is well-formed, and the
/// elements it holds with their attributes, in document order.
final class SVGCheck: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
    }

    private(set) var elements: [Element] = []
    private(set) var texts: [String] = []
    private(set) var isWellFormed = false
    private(set) var error: String?

    init(_ svg: String) {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        isWellFormed = parser.parse()
        if !isWellFormed { error = parser.parserError.map { "\($0)" } ?? "unknown parse error" }
    }

    private var pending = ""

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        flush()
        elements.append(Element(name: elementName, attributes: attributeDict))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        flush()
    }

    // The parser may deliver one text in several pieces (around entities): join them per element.
    func parser(_ parser: XMLParser, foundCharacters string: String) {
        pending += string
    }

    private func flush() {
        let trimmed = pending.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty { texts.append(trimmed) }
        pending = ""
    }

    /// Elements named `name` whose `class` attribute is `className` (any when nil).
    func elements(_ name: String, class className: String? = nil) -> [Element] {
        elements.filter { $0.name == name && (className == nil || $0.attributes["class"] == className) }
    }
}
