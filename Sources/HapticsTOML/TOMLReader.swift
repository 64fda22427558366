/// A TOML 1.0 reader that keeps the position of every key and value.
///
/// Why our own reader rather than TOMLKit: config validation must say file:line:column for every
/// problem, including a value of the wrong type or out of range, and TOMLKit exposes positions only
/// for syntax errors. Reads the whole of TOML 1.0: bare, quoted and dotted keys; tables and arrays
/// of tables; basic, literal and multi-line strings with every escape; decimal, hexadecimal, octal
/// and binary integers with underscores; floats with `inf` and `nan`; booleans; date-times (kept
/// as text); arrays and inline tables; and TOML's rules against defining a key or table twice.
///
/// Load-time only: allocates, not for the per-frame path. Every input is read in time linear in
/// its size; nesting is bounded by `maximumDepth` and sizes by `limits`, each refused with a
/// line and column. It reads a `String`, so the text is UTF-8 by construction: the caller that has
/// bytes checks them first and says where they stop being UTF-8 (the core's `FileReading.utf8Text`,
/// as `LoadedMapping` does).
package struct TOMLReader {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    private var tableCount = 0
    private var storedMaximumDepth = 64
    /// Deepest nesting of arrays and inline tables accepted. Default 64; values are kept within
    /// 1...`TOMLLimits.depthCap` (64) so that reading never runs out of stack.
    package var maximumDepth: Int {
        get { storedMaximumDepth }
        set { storedMaximumDepth = min(max(newValue, 1), TOMLLimits.depthCap) }
    }
    /// Size bounds: text, keys, strings, tables.
    package var limits = TOMLLimits()

    package init(text: String) { bytes = Array(text.utf8) }

    /// Reads the document into its root table.
    package mutating func read() throws(TOMLSyntaxError) -> TOMLTable {
        if bytes.count > limits.maximumBytes {
            throw error("expected at most \(limits.maximumBytes) bytes of TOML, found \(bytes.count) bytes")
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        let root = TOMLTable(origin: .root, location: location)
        var current = root
        while true {
            skipBlank()
            guard let byte = peek() else { break }
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                try newline()
                continue
            case UInt8(ascii: "#"):
                try skipComment()
                continue
            case UInt8(ascii: "["):
                current = try readHeader(root: root)
            default:
                try readKeyValue(into: current)
            }
            skipBlank()
            if peek() == UInt8(ascii: "#") { try skipComment() }
            if let next = peek() {
                guard next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r") else {
                    throw error("expected the end of the line, found \(describe(next))")
                }
                try newline()
            }
        }
        return root
    }

    // MARK: Structure

    private mutating func readHeader(root: TOMLTable) throws(TOMLSyntaxError) -> TOMLTable {
        let headerLocation = location
        index += 1
        let isArray = peek() == UInt8(ascii: "[")
        if isArray { index += 1 }
        skipBlank()
        let keys = try readKey()
        skipBlank()
        guard peek() == UInt8(ascii: "]") else { throw error("expected ']' to close the table header") }
        index += 1
        if isArray {
            guard peek() == UInt8(ascii: "]") else { throw error("expected ']]' to close the array-of-tables header") }
            index += 1
        }
        var table = root
        for (position, key) in keys.enumerated() {
            let isLast = position == keys.count - 1
            if isLast && isArray {
                let element = try makeTable(.arrayElement, at: headerLocation)
                let value = TOMLValue(.table(element), at: headerLocation)
                // No copy of the entry is held while appending: it would share the array's
                // storage and make every append copy the whole array (quadratic in [[rule]]s).
                if table.isTableArray(key.name), table.append(value, toArrayAt: key.name) {
                    return element
                }
                if let existing = table.entry(key.name) {
                    throw TOMLSyntaxError(message: "'\(key.name)' is already defined at \(existing.keyLocation.line):\(existing.keyLocation.column) as \(existing.value.typeDescription), so it cannot be an array of tables", location: key.location)
                } else {
                    table.set(key.name, at: key.location, to: TOMLValue(.array([value]), at: headerLocation))
                    table.markTableArray(key.name)
                }
                return element
            }
            if let existing = table.entry(key.name) {
                switch existing.value.kind {
                case .table(let child):
                    if isLast {
                        guard child.origin == .implicit else {
                            let what = child.origin == .header ? "the table [\(keys.prefix(position + 1).map(\.name).joined(separator: "."))] is already defined"
                                : "'\(key.name)' is already defined"
                            throw TOMLSyntaxError(message: "\(what) at \(existing.keyLocation.line):\(existing.keyLocation.column)", location: key.location)
                        }
                        child.origin = .header
                    } else if child.origin == .inline {
                        throw TOMLSyntaxError(message: "'\(key.name)' is an inline table, which cannot be extended", location: key.location)
                    }
                    table = child
                case .array(let elements) where table.isTableArray(key.name):
                    guard !isLast, let last = elements.last?.table else {
                        throw TOMLSyntaxError(message: "'\(key.name)' is already an array of tables; use [[\(key.name)]] to add one", location: key.location)
                    }
                    table = last
                default:
                    throw TOMLSyntaxError(message: "'\(key.name)' is already defined at \(existing.keyLocation.line):\(existing.keyLocation.column) as \(existing.value.typeDescription), not a table", location: key.location)
                }
            } else {
                let child = try makeTable(isLast ? .header : .implicit, at: headerLocation)
                table.set(key.name, at: key.location, to: TOMLValue(.table(child), at: headerLocation))
                table = child
            }
        }
        return table
    }

    private mutating func readKeyValue(into table: TOMLTable) throws(TOMLSyntaxError) {
        let keys = try readKey()
        skipBlank()
        guard peek() == UInt8(ascii: "=") else {
            if let byte = peek() { throw error("expected '=' after the key '\(keys.map(\.name).joined(separator: "."))', found \(describe(byte))") }
            throw error("expected '=' after the key '\(keys.map(\.name).joined(separator: "."))', found the end of the file")
        }
        index += 1
        skipBlank()
        let value = try readValue()
        var target = table
        for key in keys.dropLast() {
            if let existing = target.entry(key.name) {
                guard case .table(let child) = existing.value.kind, child.origin == .dotted || child.origin == .implicit && target.origin != .inline else {
                    throw TOMLSyntaxError(message: "'\(key.name)' is already defined at \(existing.keyLocation.line):\(existing.keyLocation.column); a dotted key cannot extend it", location: key.location)
                }
                target = child
            } else {
                let child = try makeTable(.dotted, at: key.location)
                target.set(key.name, at: key.location, to: TOMLValue(.table(child), at: key.location))
                target = child
            }
        }
        let last = keys[keys.count - 1]
        if let existing = target.entry(last.name) {
            throw TOMLSyntaxError(message: "'\(last.name)' is already defined at \(existing.keyLocation.line):\(existing.keyLocation.column)", location: last.location)
        }
        target.set(last.name, at: last.location, to: value)
    }

    private struct Key { var name: String; var location: TOMLPosition }

    /// A simple or dotted key.
    private mutating func readKey() throws(TOMLSyntaxError) -> [Key] {
        var keys: [Key] = []
        while true {
            skipBlank()
            let start = location
            guard let byte = peek() else { throw error("expected a key, found the end of the file") }
            let name: String
            if byte == UInt8(ascii: "\"") {
                guard !lookingAt("\"\"\"") else { throw error("a key cannot be a multi-line string") }
                name = try readBasicString()
            } else if byte == UInt8(ascii: "'") {
                guard !lookingAt("'''") else { throw error("a key cannot be a multi-line string") }
                name = try readLiteralString()
            } else if isBareKeyByte(byte) {
                let from = index
                while let b = peek(), isBareKeyByte(b) { index += 1 }
                name = String(decoding: bytes[from..<index], as: UTF8.self)
            } else {
                throw error("expected a key (letters, digits, '_' or '-', or a quoted string), found \(describe(byte))")
            }
            if name.utf8.count > limits.maximumKeyBytes {
                throw TOMLSyntaxError(message: "expected a key of at most \(limits.maximumKeyBytes) bytes, found one of \(name.utf8.count) bytes", location: start)
            }
            if keys.count == limits.maximumKeyParts {
                throw TOMLSyntaxError(message: "expected a dotted key or table name of at most \(limits.maximumKeyParts) parts, found more", location: start)
            }
            keys.append(Key(name: name, location: start))
            skipBlank()
            guard peek() == UInt8(ascii: ".") else { return keys }
            index += 1
        }
    }

    // MARK: Values

    private mutating func readValue() throws(TOMLSyntaxError) -> TOMLValue {
        let start = location
        guard let byte = peek() else { throw error("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "\""):
            if lookingAt("\"\"\"") { return TOMLValue(.string(try readMultilineString(literal: false)), at: start) }
            return TOMLValue(.string(try readBasicString()), at: start)
        case UInt8(ascii: "'"):
            if lookingAt("'''") { return TOMLValue(.string(try readMultilineString(literal: true)), at: start) }
            return TOMLValue(.string(try readLiteralString()), at: start)
        case UInt8(ascii: "["):
            return TOMLValue(.array(try readArray()), at: start)
        case UInt8(ascii: "{"):
            return TOMLValue(.table(try readInlineTable()), at: start)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return TOMLValue(.boolean(true), at: start)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return TOMLValue(.boolean(false), at: start)
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "#"):
            throw error("expected a value after '=', found the end of the line")
        default:
            return try readNumberOrDate()
        }
    }

    private mutating func readArray() throws(TOMLSyntaxError) -> [TOMLValue] {
        try enter()
        index += 1
        var elements: [TOMLValue] = []
        while true {
            try skipBlankLinesAndComments()
            guard let byte = peek() else { throw error("expected ']' to close the array, found the end of the file") }
            if byte == UInt8(ascii: "]") { index += 1; break }
            elements.append(try readValue())
            try skipBlankLinesAndComments()
            guard let next = peek() else { throw error("expected ',' or ']' in the array, found the end of the file") }
            if next == UInt8(ascii: ",") { index += 1; continue }
            if next == UInt8(ascii: "]") { index += 1; break }
            throw error("expected ',' or ']' in the array, found \(describe(next))")
        }
        depth -= 1
        return elements
    }

    private mutating func readInlineTable() throws(TOMLSyntaxError) -> TOMLTable {
        try enter()
        let table = try makeTable(.inline, at: location)
        index += 1
        skipBlank()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return table
        }
        while true {
            skipBlank()
            try readKeyValue(into: table)
            skipBlank()
            guard let next = peek() else { throw error("expected ',' or '}' in the inline table, found the end of the file") }
            if next == UInt8(ascii: ",") {
                index += 1
                skipBlank()
                if peek() == UInt8(ascii: "}") { throw error("an inline table cannot end with a trailing comma") }
                if peek() == UInt8(ascii: "\n") || peek() == UInt8(ascii: "\r") {
                    throw error("an inline table must be written on one line; expected a key before the end of the line")
                }
                continue
            }
            if next == UInt8(ascii: "}") { index += 1; break }
            if next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r") {
                throw error("an inline table must be written on one line; expected ',' or '}'")
            }
            throw error("expected ',' or '}' in the inline table, found \(describe(next))")
        }
        // Dotted keys inside an inline table are part of it and closed with it.
        table.closeInline()
        depth -= 1
        return table
    }

    private mutating func readNumberOrDate() throws(TOMLSyntaxError) -> TOMLValue {
        let start = location
        let from = index
        while let b = peek(), isValueByte(b) { index += 1 }
        // A date-time may hold one space between date and time: "1979-05-27 07:32:00".
        if index - from == 10, peek() == UInt8(ascii: " "), index + 1 < bytes.count, isDigit(bytes[index + 1]),
           bytes[from + 4] == UInt8(ascii: "-") {
            index += 1
            while let b = peek(), isValueByte(b) { index += 1 }
        }
        let text = String(decoding: bytes[from..<index], as: UTF8.self)
        guard !text.isEmpty else {
            throw TOMLSyntaxError(message: "expected a value (a string in quotes, a number, true, false, an array or an inline table), found \(describe(bytes[from]))", location: start)
        }
        if let value = Self.integer(text) { return TOMLValue(.integer(value), at: start) }
        if let value = Self.float(text) { return TOMLValue(.float(value), at: start) }
        if Self.isIntegerSyntax(text) {
            throw TOMLSyntaxError(message: "expected an integer that fits in 64 bits (-9223372036854775808...9223372036854775807), found \(Self.abbreviated(text)), which is too large", location: start)
        }
        if TOMLDateTime.looksLikeDateTime(text) {
            if let problem = TOMLDateTime.problem(in: text) {
                throw TOMLSyntaxError(message: "expected a TOML date-time such as 1979-05-27T07:32:00Z, 1979-05-27 or 07:32:00, found '\(Self.abbreviated(text))': \(problem)", location: start)
            }
            return TOMLValue(.dateTime(text), at: start)
        }
        let shown = Self.abbreviated(text)
        let hint = shown.first.map { $0.isLetter } == true ? " (strings need quotes: \"\(shown)\")" : ""
        throw TOMLSyntaxError(message: "expected a value, found '\(shown)'\(hint)", location: start)
    }

    package static func integer(_ text: String) -> Int64? {
        var body = Substring(text)
        var negative = false
        var radix = 10
        if body.hasPrefix("0x") || body.hasPrefix("0o") || body.hasPrefix("0b") {
            radix = body.hasPrefix("0x") ? 16 : body.hasPrefix("0o") ? 8 : 2
            body = body.dropFirst(2)
        } else {
            if body.first == "+" || body.first == "-" { negative = body.first == "-"; body = body.dropFirst() }
            if body.count > 1 && body.first == "0" { return nil }   // no leading zeros
        }
        guard let digits = underscoresRemoved(body) else { return nil }
        guard let magnitude = UInt64(digits, radix: radix) else { return nil }
        if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    package static func float(_ text: String) -> Double? {
        var body = Substring(text)
        var sign = 1.0
        if body.first == "+" || body.first == "-" { sign = body.first == "-" ? -1 : 1; body = body.dropFirst() }
        if body == "inf" { return sign * .infinity }
        if body == "nan" { return .nan }
        // Integer part: digits without a leading zero; then a fraction and/or an exponent.
        let exponentSplit = body.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
        let parts = exponentSplit.count == 2 ? exponentSplit : body.split(separator: "E", maxSplits: 1, omittingEmptySubsequences: false)
        let mantissa = parts[0]
        let fraction = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 || fraction.count == 2 else { return nil }
        guard let whole = underscoresRemoved(fraction[0]), whole.allSatisfy(\.isASCIIDigit),
              whole.count == 1 || whole.first != "0" else { return nil }
        var normalized = whole
        if fraction.count == 2 {
            guard let decimals = underscoresRemoved(fraction[1]), decimals.allSatisfy(\.isASCIIDigit) else { return nil }
            normalized += "." + decimals
        }
        if parts.count == 2 {
            var exponent = parts[1]
            var exponentSign = ""
            if exponent.first == "+" || exponent.first == "-" { exponentSign = String(exponent.first!); exponent = exponent.dropFirst() }
            guard let digits = underscoresRemoved(exponent), digits.allSatisfy(\.isASCIIDigit) else { return nil }
            normalized += "e" + exponentSign + digits
        }
        guard let value = Double(normalized) else { return nil }
        return sign * value
    }

    /// The digits with TOML's single underscores between digits removed, or nil when the
    /// underscores are misplaced or there are no digits.
    private static func underscoresRemoved(_ text: Substring) -> String? {
        // (Adjacent underscores found by pairs, not `contains("__")`: that search lives in
        // _StringProcessing, which the C library does not link; docs/c-library.md.)
        guard !text.isEmpty, text.first != "_", text.last != "_",
              !zip(text, text.dropFirst()).contains(where: { $0 == "_" && $1 == "_" }) else { return nil }
        let digits = text.filter { $0 != "_" }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isHexDigit }) else { return nil }
        return String(digits)
    }

    /// Whether `text` is written as a TOML integer (sign or radix prefix, digits, single
    /// underscores), whatever its size: such text that `integer` refuses is too large.
    package static func isIntegerSyntax(_ text: String) -> Bool {
        var body = Substring(text)
        var allowed: (Character) -> Bool = { $0.isASCIIDigit }
        if body.hasPrefix("0x") || body.hasPrefix("0o") || body.hasPrefix("0b") {
            let radix = body.hasPrefix("0x") ? 16 : body.hasPrefix("0o") ? 8 : 2
            allowed = { $0.isASCII && $0.hexDigitValue.map { $0 < radix } == true }
            body = body.dropFirst(2)
        } else {
            if body.first == "+" || body.first == "-" { body = body.dropFirst() }
            if body.count > 1 && body.first == "0" { return false }
        }
        guard let digits = underscoresRemoved(body) else { return false }
        return digits.allSatisfy(allowed)
    }

    /// At most 40 characters of `text`, for messages about very long values.
    package static func abbreviated(_ text: String) -> String {
        text.count <= 40 ? text : text.prefix(37) + "..."
    }

    // MARK: Strings

    private mutating func readBasicString() throws(TOMLSyntaxError) -> String {
        let start = location
        index += 1
        var result: [UInt8] = []
        while true {
            guard let byte = peek() else { throw TOMLSyntaxError(message: "this string is not closed: expected '\"' before the end of the file", location: start) }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return try decodeUTF8(result, at: start)
            case UInt8(ascii: "\\"):
                try readEscape(into: &result)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw TOMLSyntaxError(message: "this string is not closed on its line: expected '\"' (use \"\"\" for a multi-line string)", location: start)
            default:
                if byte < 0x20 && byte != 0x09 || byte == 0x7F { throw error("control characters must be escaped in a string") }
                result.append(byte)
                index += 1
            }
        }
    }

    private mutating func readLiteralString() throws(TOMLSyntaxError) -> String {
        let start = location
        index += 1
        let from = index
        while let byte = peek(), byte != UInt8(ascii: "'") {
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                throw TOMLSyntaxError(message: "this literal string is not closed on its line: expected \"'\"", location: start)
            }
            if byte < 0x20 && byte != 0x09 || byte == 0x7F { throw error("control characters are not allowed in a literal string") }
            index += 1
        }
        guard peek() != nil else { throw TOMLSyntaxError(message: "this literal string is not closed: expected \"'\" before the end of the file", location: start) }
        let result = Array(bytes[from..<index])
        index += 1
        return try decodeUTF8(result, at: start)
    }

    /// A multi-line string after its opening delimiter: basic (`"""`: escapes, and a backslash at
    /// the end of a line trims the newline and the whitespace after it) or literal (`'''`: taken as
    /// written). A newline right after the opening delimiter is dropped, newlines inside read as LF,
    /// and up to two quotes may sit right before the closing delimiter.
    private mutating func readMultilineString(literal: Bool) throws(TOMLSyntaxError) -> String {
        let start = location
        let quote = literal ? UInt8(ascii: "'") : UInt8(ascii: "\"")
        index += 3
        try trimFirstNewline()
        var result: [UInt8] = []
        while true {
            guard let byte = peek() else {
                throw TOMLSyntaxError(message: literal ? "this multi-line literal string is not closed: expected \"'''\" before the end of the file"
                                          : "this multi-line string is not closed: expected '\"\"\"' before the end of the file", location: start)
            }
            if lookingAt(literal ? "'''" : "\"\"\"") {
                var quotes = 3
                while quotes < 5, index + quotes < bytes.count, bytes[index + quotes] == quote { quotes += 1 }
                result.append(contentsOf: repeatElement(quote, count: quotes - 3))
                index += quotes
                return try decodeUTF8(result, at: start)
            }
            if !literal, byte == UInt8(ascii: "\\") {
                var probe = index + 1
                while probe < bytes.count, bytes[probe] == 0x20 || bytes[probe] == 0x09 { probe += 1 }
                if probe < bytes.count, bytes[probe] == UInt8(ascii: "\n") || bytes[probe] == UInt8(ascii: "\r") {
                    index = probe
                    while let b = peek(), b == 0x20 || b == 0x09 || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") {
                        if b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") { try newline() } else { index += 1 }
                    }
                    continue
                }
                try readEscape(into: &result)
                continue
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                try newline()
                result.append(UInt8(ascii: "\n"))
                continue
            }
            if byte < 0x20 && byte != 0x09 || byte == 0x7F {
                throw error(literal ? "control characters are not allowed in a literal string" : "control characters must be escaped in a string")
            }
            result.append(byte)
            index += 1
        }
    }

    private mutating func trimFirstNewline() throws(TOMLSyntaxError) {
        if peek() == UInt8(ascii: "\n") || peek() == UInt8(ascii: "\r") { try newline() }
    }

    private mutating func readEscape(into result: inout [UInt8]) throws(TOMLSyntaxError) {
        let escapeLocation = location
        index += 1
        guard let code = peek() else { throw error("expected an escape character after '\\', found the end of the file") }
        index += 1
        switch code {
        case UInt8(ascii: "b"): result.append(0x08)
        case UInt8(ascii: "t"): result.append(0x09)
        case UInt8(ascii: "n"): result.append(0x0A)
        case UInt8(ascii: "f"): result.append(0x0C)
        case UInt8(ascii: "r"): result.append(0x0D)
        case UInt8(ascii: "\""): result.append(0x22)
        case UInt8(ascii: "\\"): result.append(0x5C)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = code == UInt8(ascii: "u") ? 4 : 8
            guard index + count <= bytes.count,
                  let scalarValue = UInt32(String(decoding: bytes[index..<index + count], as: UTF8.self), radix: 16),
                  let scalar = Unicode.Scalar(scalarValue) else {
                throw TOMLSyntaxError(message: "expected \(count) hexadecimal digits naming a Unicode scalar after '\\\(Character(Unicode.Scalar(code)))'", location: escapeLocation)
            }
            index += count
            result.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            throw TOMLSyntaxError(message: "unknown escape '\\\(Character(Unicode.Scalar(code)))': expected one of \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX", location: escapeLocation)
        }
    }

    private func decodeUTF8(_ bytes: [UInt8], at start: TOMLPosition) throws(TOMLSyntaxError) -> String {
        if bytes.count > limits.maximumStringBytes {
            throw TOMLSyntaxError(message: "expected a string of at most \(limits.maximumStringBytes) bytes, found one of \(bytes.count) bytes", location: start)
        }
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw TOMLSyntaxError(message: "this string is not valid UTF-8", location: start)
        }
        return string
    }

    // MARK: Bytes, lines, positions

    private var location: TOMLPosition { TOMLPosition(line: line, column: index - lineStart + 1, offset: index) }

    private func error(_ message: String) -> TOMLSyntaxError { TOMLSyntaxError(message: message, location: location) }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private func lookingAt(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { pattern in (0..<count).allSatisfy { bytes[index + $0] == pattern[$0] } }
    }

    private mutating func expectWord(_ word: StaticString) throws(TOMLSyntaxError) {
        guard lookingAt(word) else {
            let from = index
            var end = index
            while end < bytes.count, isValueByte(bytes[end]) { end += 1 }
            let text = String(decoding: bytes[from..<max(end, from + 1)], as: UTF8.self)
            throw error("expected a value, found '\(text)' (strings need quotes: \"\(text)\")")
        }
        index += word.utf8CodeUnitCount
        if let next = peek(), isValueByte(next) || isBareKeyByte(next) {
            throw error("expected a separator after '\(word)', found \(describe(next))")
        }
    }

    /// A new table, counted against `limits.maximumTables`.
    private mutating func makeTable(_ origin: TOMLTable.Origin, at location: TOMLPosition) throws(TOMLSyntaxError) -> TOMLTable {
        tableCount += 1
        if tableCount > limits.maximumTables {
            throw TOMLSyntaxError(message: "expected at most \(limits.maximumTables) tables in a document, found more", location: location)
        }
        return TOMLTable(origin: origin, location: location)
    }

    private mutating func enter() throws(TOMLSyntaxError) {
        depth += 1
        if depth > maximumDepth { throw error("arrays and inline tables are nested deeper than \(maximumDepth) levels") }
    }

    private mutating func newline() throws(TOMLSyntaxError) {
        if peek() == UInt8(ascii: "\r") {
            index += 1
            guard peek() == UInt8(ascii: "\n") else { throw error("a carriage return must be followed by a line feed") }
        }
        index += 1
        line += 1
        lineStart = index
    }

    private mutating func skipBlank() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 { index += 1 }
    }

    private mutating func skipComment() throws(TOMLSyntaxError) {
        while let byte = peek(), byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "\r") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { return }
                throw error("a carriage return must be followed by a line feed")
            }
            if byte < 0x20 && byte != 0x09 || byte == 0x7F { throw error("control characters are not allowed in a comment") }
            index += 1
        }
    }

    private mutating func skipBlankLinesAndComments() throws(TOMLSyntaxError) {
        while true {
            skipBlank()
            guard let byte = peek() else { return }
            if byte == UInt8(ascii: "#") { try skipComment() }
            else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { try newline() }
            else { return }
        }
    }

    private func isBareKeyByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || isDigit(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Bytes that can be part of a number or date-time literal.
    private func isValueByte(_ byte: UInt8) -> Bool {
        isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    private func describe(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return "the end of the line"
        case 0x20...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        default: return "the byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }
}

extension TOMLTable {
    func isTableArray(_ key: String) -> Bool { tableArrays.contains(key) }
    func markTableArray(_ key: String) { tableArrays.insert(key) }

    /// Marks every table created by dotted keys inside an inline table as inline too (closed).
    /// Iterative: a long dotted key inside an inline table makes a deep chain.
    func closeInline() {
        var pending = [self]
        while let table = pending.popLast() {
            table.origin = .inline
            for entry in table.entries {
                if case .table(let child) = entry.value.kind, child.origin == .dotted { pending.append(child) }
            }
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
