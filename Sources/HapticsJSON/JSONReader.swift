/// A JSON reader that keeps source positions and tolerates what real AHAP files contain.
///
/// Why not Foundation: on Linux, `JSONSerialization` has no JSON5 option, reports positions only
/// as a character offset inside a message string, and silently keeps the last of duplicate keys;
/// `JSONDecoder`'s JSON5 mode reports no position at all. AHAP diagnostics need a line, a column
/// and a JSON path for every problem, syntax or not (docs/ahap.md).
///
/// Accepts standard JSON (RFC 8259) plus trailing commas and `//` / `/* */` comments; each such
/// leniency is recorded in `leniencies` so that strict decoding can refuse it. Rejects NaN,
/// Infinity and numbers that overflow a Double. Nesting is bounded by `maximumDepth`.
package struct JSONReader {
    /// What the reader accepted beyond RFC 8259, each recorded with its byte offset.
    package enum Leniency {
        case trailingComma
        case comment
        case duplicateKey(String)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    private let maximumDepth: Int
    package private(set) var leniencies: [(Leniency, Int)] = []

    /// The keys found again in the same object, each with the offset of its later key (the value
    /// kept), in reading order. Readers whose format forbids duplicates report them from here.
    package var duplicateKeys: [(key: String, offset: Int)] {
        leniencies.compactMap { leniency, offset in
            if case .duplicateKey(let key) = leniency { return (key, offset) }
            return nil
        }
    }

    package init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Reads one JSON document: a single value, surrounded only by whitespace and comments.
    package mutating func readDocument() throws(JSONSyntaxError) -> JSONValue {
        // A UTF-8 byte order mark is tolerated silently.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        try skipWhitespace()
        guard index < bytes.count else {
            throw JSONSyntaxError(message: "expected a JSON value, found the end of the file (the file is empty)", offset: index)
        }
        let value = try readValue()
        try skipWhitespace()
        if index < bytes.count {
            throw JSONSyntaxError(message: "expected the end of the file after the top-level value, found \(describeByte(at: index))", offset: index)
        }
        return value
    }

    // MARK: Values

    private mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else {
            throw JSONSyntaxError(message: "expected a value, found the end of the file", offset: index)
        }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return JSONValue(kind: .string(try readString()), offset: start)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONValue(kind: .bool(true), offset: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONValue(kind: .bool(false), offset: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONValue(kind: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: .number(try readNumber()), offset: start)
        case UInt8(ascii: "N") where startsWith("NaN"), UInt8(ascii: "I") where startsWith("Infinity"):
            throw JSONSyntaxError(message: "expected a finite JSON number, found \(bytes[index] == UInt8(ascii: "N") ? "NaN" : "Infinity"), which JSON does not allow", offset: start)
        case UInt8(ascii: "+") where index + 1 < bytes.count && (isDigit(bytes[index + 1]) || bytes[index + 1] == UInt8(ascii: ".")),
             UInt8(ascii: ".") where index + 1 < bytes.count && isDigit(bytes[index + 1]):
            throw JSONSyntaxError(message: "expected a JSON number, found a leading '\(Character(Unicode.Scalar(bytes[index])))', which JSON does not allow (write 0.5, not +0.5 or .5)", offset: start)
        default:
            throw JSONSyntaxError(message: "expected a value (object, array, string, number, true, false or null), found \(describeByte(at: index))", offset: start)
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > maximumDepth {
            throw JSONSyntaxError(message: "expected at most \(maximumDepth) levels of nested arrays and objects", offset: index, isTooDeep: true)
        }
    }

    private mutating func readObject() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        var members: [JSONMember] = []
        var keyIndex: [String: Int]?
        try readContainer(named: "object", close: UInt8(ascii: "}"), first: "a key in double quotes", item: "an object member") { reader throws(JSONSyntaxError) in
            guard reader.bytes[reader.index] == UInt8(ascii: "\"") else {
                throw JSONSyntaxError(message: "expected a key in double quotes, found \(reader.describeByte(at: reader.index))", offset: reader.index)
            }
            let keyOffset = reader.index
            let key = try reader.readString()
            try reader.skipWhitespace()
            guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: ":") else {
                throw JSONSyntaxError(message: "expected ':' after the key \"\(key)\", found \(reader.describeByte(at: reader.index))", offset: reader.index)
            }
            reader.index += 1
            try reader.skipWhitespace()
            let value = try reader.readValue()
            // Duplicate keys: a linear scan for the small objects AHAP is made of, a hash index
            // once an object grows, so a hostile object with many keys stays linear.
            let existing: Int?
            if let index = keyIndex {
                existing = index[key]
            } else {
                existing = members.firstIndex { $0.key == key }
                if members.count >= 16 {
                    keyIndex = Dictionary(members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { a, _ in a })
                }
            }
            if let existing {
                reader.leniencies.append((.duplicateKey(key), keyOffset))
                members[existing] = JSONMember(key: key, keyOffset: keyOffset, value: value)
            } else {
                keyIndex?[key] = members.count
                members.append(JSONMember(key: key, keyOffset: keyOffset, value: value))
            }
        }
        return JSONValue(kind: .object(members), offset: start)
    }

    private mutating func readArray() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        var elements: [JSONValue] = []
        try readContainer(named: "array", close: UInt8(ascii: "]"), first: "a value", item: "an array element") { reader throws(JSONSyntaxError) in
            elements.append(try reader.readValue())
        }
        return JSONValue(kind: .array(elements), offset: start)
    }

    /// Reads an object or an array from its opening bracket to `close`: `readItem` for each item
    /// (at its first byte), commas between them, a trailing comma before `close` accepted as a
    /// leniency. Counts one nesting level while inside. The messages name the container, the
    /// `first` thing an item starts with and what an `item` is.
    private mutating func readContainer(named container: String, close: UInt8, first: String, item: String,
                                        _ readItem: (inout JSONReader) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        let start = index
        try enter()
        index += 1  // { or [
        defer { depth -= 1 }
        let closing = Character(Unicode.Scalar(close))
        try skipWhitespace()
        if index < bytes.count, bytes[index] == close {
            index += 1
            return
        }
        var items = 0
        while true {
            try skipWhitespace()
            guard index < bytes.count else {
                throw JSONSyntaxError(message: "expected \(first) or '\(closing)', found the end of the file (\(container) opened at byte \(start) is not closed)", offset: index)
            }
            if bytes[index] == close, items > 0 {
                // Trailing comma before the closing bracket.
                leniencies.append((.trailingComma, index))
                index += 1
                return
            }
            try readItem(&self)
            items += 1
            try skipWhitespace()
            guard index < bytes.count else {
                throw JSONSyntaxError(message: "expected ',' or '\(closing)' after \(item), found the end of the file", offset: index)
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == close {
                index += 1
                return
            }
            throw JSONSyntaxError(message: "expected ',' or '\(closing)' after \(item), found \(describeByte(at: index))", offset: index)
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = index
        let count = literal.utf8CodeUnitCount
        var matches = index + count <= bytes.count
        if matches {
            literal.withUTF8Buffer { expected in
                for i in 0..<count where bytes[start + i] != expected[i] {
                    matches = false
                    break
                }
            }
        }
        guard matches else {
            throw JSONSyntaxError(message: "expected a value, found an unknown word (only true, false and null are allowed unquoted)", offset: start)
        }
        index += count
    }

    // MARK: Strings

    private mutating func readString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1  // opening quote
        let contentStart = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
                index += 1
                guard let string = String(validating: slice, as: UTF8.self) else {
                    throw JSONSyntaxError(message: "expected UTF-8 text in a string, found invalid bytes", offset: start)
                }
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 {
                throw JSONSyntaxError(message: "expected '\"' to close the string, found a control character (strings must not span lines)", offset: index)
            }
            index += 1
        }
        // Slow path: escapes.
        var scalars: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                guard let string = String(validating: scalars, as: UTF8.self) else {
                    throw JSONSyntaxError(message: "expected UTF-8 text in a string, found invalid bytes", offset: start)
                }
                return string
            }
            if byte < 0x20 {
                throw JSONSyntaxError(message: "expected '\"' to close the string, found a control character (strings must not span lines)", offset: index)
            }
            if byte != UInt8(ascii: "\\") {
                scalars.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): scalars.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): scalars.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"):
                var code = try readHex4()
                if (0xD800...0xDBFF).contains(code) {
                    // A high surrogate must be followed by \u and a low surrogate.
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw JSONSyntaxError(message: "expected a low surrogate \\uDC00-\\uDFFF after a high surrogate", offset: index)
                    }
                    index += 2
                    let low = try readHex4()
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw JSONSyntaxError(message: "expected a low surrogate \\uDC00-\\uDFFF after a high surrogate", offset: index - 4)
                    }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(code) {
                    throw JSONSyntaxError(message: "expected a high surrogate before a low surrogate", offset: index - 4)
                }
                guard let scalar = Unicode.Scalar(code) else {
                    throw JSONSyntaxError(message: "expected a valid Unicode scalar", offset: index - 4)
                }
                scalars.append(contentsOf: UTF8.encode(scalar)!)
            default:
                throw JSONSyntaxError(message: "expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX), found \(describeByte(at: index - 1))", offset: index - 2)
            }
        }
        throw JSONSyntaxError(message: "expected '\"' to close the string, found the end of the file", offset: start)
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else {
            throw JSONSyntaxError(message: "expected four hexadecimal digits after \\u", offset: index)
        }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default:
                throw JSONSyntaxError(message: "expected four hexadecimal digits after \\u", offset: index)
            }
            code = code * 16 + digit
            index += 1
        }
        return code
    }

    // MARK: Numbers

    /// Reads a JSON number. Correctly rounded: a fast exact path for short decimals
    /// (mantissa < 2^53, power of ten <= 22), the standard library's parser for the rest.
    private mutating func readNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw JSONSyntaxError(message: "expected a digit after '-'", offset: index)
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent10 = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw JSONSyntaxError(message: "expected no leading zeros in a number", offset: start)
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                if digits < 19 { mantissa = mantissa * 10 + UInt64(bytes[index] - UInt8(ascii: "0")) } else { exponent10 += 1 }
                if mantissa != 0 || digits > 0 { digits += 1 }
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw JSONSyntaxError(message: "expected a digit after the decimal point", offset: index)
            }
            while index < bytes.count, isDigit(bytes[index]) {
                if digits < 19 {
                    mantissa = mantissa * 10 + UInt64(bytes[index] - UInt8(ascii: "0"))
                    if mantissa != 0 { digits += 1 }
                    exponent10 -= 1
                }
                index += 1
            }
        }
        var explicitExponent = 0
        var exponentOverflow = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw JSONSyntaxError(message: "expected a digit in the exponent", offset: index)
            }
            while index < bytes.count, isDigit(bytes[index]) {
                if explicitExponent < 100_000 {
                    explicitExponent = explicitExponent * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                } else {
                    exponentOverflow = true
                }
                index += 1
            }
            if exponentNegative { explicitExponent = -explicitExponent }
        }
        let totalExponent = exponent10 + explicitExponent
        var value: Double
        if !exponentOverflow, digits <= 15, mantissa < (1 << 53), abs(totalExponent) <= 22 {
            value = Double(mantissa)
            if totalExponent < 0 { value /= powersOfTen[-totalExponent] } else { value *= powersOfTen[totalExponent] }
            if negative { value = -value }
        } else {
            value = slowParse(from: start, to: index)
        }
        guard value.isFinite else {
            throw JSONSyntaxError(message: "expected a number that fits a 64-bit float (at most about 1.8e308)", offset: start)
        }
        return value
    }

    /// The number written at `start..<end` (already checked to be a JSON number), correctly rounded by
    /// the standard library's parser, which gives the C library's `strtod` results bit for bit (2 million
    /// random decimals of up to 50 digits and exponents up to ±400 compared, overflow and subnormals
    /// included) without the C library, so the reader needs no platform of its own.
    private func slowParse(from start: Int, to end: Int) -> Double {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return Double(text) ?? .nan
    }

    // MARK: Whitespace and comments

    private mutating func skipWhitespace() throws(JSONSyntaxError) {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                index += 1
            case UInt8(ascii: "/"):
                let start = index
                guard index + 1 < bytes.count else {
                    throw JSONSyntaxError(message: "expected a value, found '/'", offset: index)
                }
                if bytes[index + 1] == UInt8(ascii: "/") {
                    index += 2
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                } else if bytes[index + 1] == UInt8(ascii: "*") {
                    index += 2
                    var closed = false
                    while index + 1 < bytes.count {
                        if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
                            index += 2
                            closed = true
                            break
                        }
                        index += 1
                    }
                    guard closed else {
                        throw JSONSyntaxError(message: "expected '*/' to close the comment, found the end of the file", offset: start)
                    }
                } else {
                    throw JSONSyntaxError(message: "expected a value, found '/'", offset: index)
                }
                leniencies.append((.comment, start))
            default:
                return
            }
        }
    }

    // MARK: Helpers

    private func startsWith(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return word.withUTF8Buffer { pattern in (0..<count).allSatisfy { bytes[index + $0] == pattern[$0] } }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}

private let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]
