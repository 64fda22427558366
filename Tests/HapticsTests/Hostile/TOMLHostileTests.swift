import Foundation
@_spi(HapticsTools) @testable import Haptics
import Testing
import HapticsTOML

/// The inputs of issue 17 for the TOML reader, each at the size that used to crash or crawl:
/// refused with a line, a column and the limit, or read and freed without recursion.
@Suite("TOML reader under hostile input")
struct TOMLHostileTests {
    func read(_ text: String, limits: TOMLLimits = TOMLLimits()) throws(TOMLSyntaxError) -> TOMLTable {
        var reader = TOMLReader(text: text)
        reader.limits = limits
        return try reader.read()
    }

    func failure(_ text: String, limits: TOMLLimits = TOMLLimits()) -> TOMLSyntaxError? {
        do { _ = try read(text, limits: limits); return nil } catch { return error }
    }

    /// The first problem of a config file holding `bytes`, loaded as a game loads one (its UTF-8 is
    /// checked before the TOML reader sees its text), or nil when it loads.
    func failure(bytes: [UInt8]) throws -> ConfigDiagnostic? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toml-bytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("haptics.toml").path
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        do { _ = try LoadedMapping.load(file: file, presets: .builtIn()); return nil } catch { return error.diagnostics.first }
    }

    static let longKey = Array(repeating: "a", count: 100_000).joined(separator: ".")

    @Test("a 100,000-part dotted key, header or inline-table key is refused at its 65th part with the limit",
          arguments: ["\(longKey) = 1\n", "[\(longKey)]\n", "x = { \(longKey) = 1 }\n"])
    func longDottedKeyRefused(text: String) throws {
        let error = try #require(failure(text))
        #expect(error.message == "expected a dotted key or table name of at most 64 parts, found more")
        #expect(error.location.line == 1)
        let firstPart = text.hasPrefix("x") ? 7 : text.hasPrefix("[") ? 2 : 1
        #expect(error.location.column == firstPart + 64 * 2)
    }

    @Test("with the part limit raised, a 100,000-level tree is built and freed on a 512 KiB stack", arguments: [
        ("\(longKey) = 1\n", 99_999), ("[\(longKey)]\nz = 1\n", 100_000), ("x = { \(longKey) = 1 }\n", 100_000),
    ])
    func deepTreeFreedIteratively(text: String, tables: Int) {
        let depth = onSmallStack { () -> Int in
            var limits = TOMLLimits()
            limits.maximumKeyParts = 200_000
            guard var table = try? read(text, limits: limits) else { return -1 }
            var levels = 0
            while let child = table.entries.first?.value.table {
                table = child
                levels += 1
            }
            return levels   // every table is released here, one level at a time
        }
        #expect(depth == tables)
    }

    @Test("a table kept by the caller survives the release of its parent with its entries")
    func heldChildSurvives() throws {
        var child: TOMLTable?
        do {
            let root = try read("[a.b]\nc = 1\n")
            child = root["a"]?.table?["b"]?.table
        }
        #expect(child?["c"]?.number == 1)
    }

    @Test("20,000 [[rule]] tables decode into 20,000 rules (each header appends in place)")
    func manyRuleTables() throws {
        let text = String(repeating: "[[rule]]\nevent = \"hit\"\npattern = \"ImpactRigid\"\n", count: 20_000)
        let config = try HapticMappingConfig.decode(text) { $0 == "ImpactRigid" }
        #expect(config.rules.count == 20_000)
        #expect(config.rules.last?.location?.line == 20_000 * 3 - 2)
    }

    @Test("more than 100,000 rules are refused at the first extra [[rule]] with the limit")
    func ruleLimit() throws {
        let text = String(repeating: "[[rule]]\n", count: HapticMappingConfig.maximumRules + 1)
        let errors = try #require(throws: ConfigErrors.self) { try HapticMappingConfig.decode(text) { _ in true } }
        #expect(errors.diagnostics.count == 1)
        #expect(errors.diagnostics[0].message == "expected at most 100000 rules, found 100001")
        #expect(errors.diagnostics[0].location.line == 100_001)
        #expect(errors.diagnostics[0].path == "rule[100000]")
    }

    @Test("size limits: text, key, string and tables, each refused where it is passed, naming the limit")
    func sizeLimits() throws {
        var small = TOMLLimits()
        small.maximumBytes = 100
        let big = try #require(failure(String(repeating: "a = 1\n", count: 17), limits: small))
        #expect(big.message == "expected at most 100 bytes of TOML, found 102 bytes")
        #expect(big.location.line == 1 && big.location.column == 1)
        #expect(TOMLLimits().maximumBytes == 8 << 20)

        let key = try #require(failure("ok = 1\n" + String(repeating: "k", count: 1_025) + " = 1\n"))
        #expect(key.message == "expected a key of at most 1024 bytes, found one of 1025 bytes")
        #expect(key.location.line == 2 && key.location.column == 1)
        let quoted = try #require(failure("\"" + String(repeating: "é", count: 513) + "\" = 1\n"))
        #expect(quoted.message == "expected a key of at most 1024 bytes, found one of 1026 bytes")

        let string = try #require(failure("s = \"" + String(repeating: "x", count: 65_537) + "\"\n"))
        #expect(string.message == "expected a string of at most 65536 bytes, found one of 65537 bytes")
        #expect(string.location.column == 5)
        for text in ["s = '\(String(repeating: "x", count: 65_537))'\n", "s = '''\(String(repeating: "x", count: 65_537))'''\n",
                     "s = \"\"\"\(String(repeating: "x", count: 65_537))\"\"\"\n"] {
            #expect(failure(text)?.message == "expected a string of at most 65536 bytes, found one of 65537 bytes")
        }

        var fewTables = TOMLLimits()
        fewTables.maximumTables = 3
        let tables = try #require(failure("[a]\n[b]\nc = { d = { e = 1 } }\n", limits: fewTables))
        #expect(tables.message == "expected at most 3 tables in a document, found more")
        #expect(tables.location.line == 3 && tables.location.column == 11)
        #expect(failure("[a]\n[b]\n[c]\n", limits: fewTables) == nil)
    }

    @Test("maximumDepth is capped at 64; 64 nested arrays read and free on a 512 KiB stack, 65 are refused")
    func depthCap() throws {
        var reader = TOMLReader(text: "")
        reader.maximumDepth = 1_000_000
        #expect(reader.maximumDepth == TOMLLimits.depthCap)
        #expect(TOMLLimits.depthCap == 64)
        let results = onSmallStack { () -> [String?] in
            [64, 65].map { (depth: Int) -> String? in
                let open = String(repeating: "[", count: depth)
                let close = String(repeating: "]", count: depth)
                var reader = TOMLReader(text: "a = " + open + close + "\n")
                reader.maximumDepth = 1_000_000
                do throws(TOMLSyntaxError) { _ = try reader.read(); return nil } catch { return error.message }
            }
        }
        #expect(results[0] == nil)
        #expect(results[1] == "arrays and inline tables are nested deeper than 64 levels")
    }

    @Test("date-times TOML 1.0 allows are read as date-times", arguments: [
        "1979-05-27T07:32:00Z", "1979-05-27T00:32:00-07:00", "1979-05-27T00:32:00.999999+23:59", "1979-05-27 07:32:00Z",
        "1979-05-27t07:32:00z", "1979-05-27T07:32:00", "1979-05-27T00:32:00.5", "1979-05-27", "07:32:00", "00:32:00.999999",
        "2024-02-29", "2000-02-29", "1600-02-29T00:00:00Z", "2023-12-31T23:59:60Z", "0000-01-01", "9999-12-31T23:59:59Z",
    ])
    func validDateTimes(text: String) throws {
        let root = try read("d = \(text)\n")
        guard case .dateTime(let kept)? = root["d"]?.kind else { Issue.record("not a date-time: \(text)"); return }
        #expect(kept == text)
    }

    @Test("date-times TOML 1.0 forbids are refused with the field at fault", arguments: [
        ("1979-13-27T07:32:00Z", "month 13 is not 01...12"),
        ("1979-00-27", "month 00 is not 01...12"),
        ("1979-05-32", "day 32 is not 01...31: May 1979 has 31 days"),
        ("1979-05-00", "day 00 is not 01...31: May 1979 has 31 days"),
        ("2023-02-29", "day 29 is not 01...28: February 2023 has 28 days"),
        ("1900-02-29", "day 29 is not 01...28: February 1900 has 28 days"),
        ("2024-04-31", "day 31 is not 01...30: April 2024 has 30 days"),
        ("1979-05-27T24:00:00Z", "hour 24 is not 00...23"),
        ("1979-05-27T07:60:00Z", "minute 60 is not 00...59"),
        ("1979-05-27T07:32:61Z", "second 61 is not 00...60"),
        ("1979-05-27T07:32Z", "expected two-digit seconds after the minutes (HH:MM:SS); seconds are required"),
        ("07:32", "expected two-digit seconds after the minutes (HH:MM:SS); seconds are required"),
        ("1979-05-2707:32:00Z", "expected a two-digit day after the month (YYYY-MM-DD)"),
        ("1979-05-27X07:32:00Z", "expected 'T' or a space between the date and the time, found 'X'"),
        ("1979-05-27T", "expected a time (HH:MM:SS) after the date and 'T'"),
        ("1979-05-27T07:32:00.", "expected digits after the decimal point of the seconds"),
        ("1979-05-27T07:32:00Za", "expected the end of the date-time, found 'a'"),
        ("1979-05-27T07:32:00x", "expected 'Z', an offset such as +01:00, or the end of the date-time, found 'x'"),
        ("1979-05-27T07:32:00+24:00", "offset 24:00 is not within ±23:59"),
        ("1979-05-27T07:32:00-07:60", "offset 07:60 is not within ±23:59"),
        ("1979-05-27T07:32:00+7:00", "expected an offset as ±HH:MM"),
        ("1979-5-27", "expected a two-digit month after the year (YYYY-MM-DD)"),
        ("07:32:00Z", "expected the end of the date-time, found 'Z'"),
    ])
    func invalidDateTimes(text: String, problem: String) throws {
        let error = try #require(failure("x = 1\nd = \(text)\n"))
        #expect(error.message == "expected a TOML date-time such as 1979-05-27T07:32:00Z, 1979-05-27 or 07:32:00, found '\(text)': \(problem)")
        #expect(error.location.line == 2 && error.location.column == 5)
    }

    @Test("the leap-year rule: divisible by 4, except centuries not divisible by 400")
    func leapYears() {
        #expect(TOMLDateTime.isLeapYear(2024) && TOMLDateTime.isLeapYear(2000) && TOMLDateTime.isLeapYear(1600))
        #expect(!TOMLDateTime.isLeapYear(2023) && !TOMLDateTime.isLeapYear(1900) && !TOMLDateTime.isLeapYear(2100))
        #expect(TOMLDateTime.days(inMonth: 2, year: 2024) == 29 && TOMLDateTime.days(inMonth: 2, year: 2100) == 28)
    }

    @Test("a date-time where the config schema wants something else says the config uses none")
    func schemaRefusesDateTimes() throws {
        let errors = try #require(throws: ConfigErrors.self) { try HapticMappingConfig.decode("version = 1979-05-27\n") { _ in true } }
        #expect(errors.diagnostics.first?.message == "expected an integer (1), found the date-time 1979-05-27 (a mapping config uses no dates or times)")
    }

    @Test("control characters are refused in every string kind and in comments", arguments: [
        ("s = \"a\u{01}b\"\n", "control characters must be escaped in a string"),
        ("s = \"\"\"\na\u{01}b\"\"\"\n", "control characters must be escaped in a string"),
        ("s = 'a\u{01}b'\n", "control characters are not allowed in a literal string"),
        ("s = '''\na\u{01}b'''\n", "control characters are not allowed in a literal string"),
        ("s = '''\na\u{7F}b'''\n", "control characters are not allowed in a literal string"),
        ("s = '''\na\u{1B}b'''\n", "control characters are not allowed in a literal string"),
        ("# a\u{01}b\n", "control characters are not allowed in a comment"),
        ("\"k\u{01}\" = 1\n", "control characters must be escaped in a string"),
    ])
    func controlCharacters(text: String, message: String) throws {
        let error = try #require(failure(text))
        #expect(error.message == message)
        let offset = text.utf8.firstIndex { $0 == 0x01 || $0 == 0x7F || $0 == 0x1B }!
        #expect(error.location.offset == text.utf8.distance(from: text.utf8.startIndex, to: offset))
    }

    @Test("tabs stay allowed in every string kind")
    func tabsAllowed() throws {
        let root = try read("a = \"\t\"\nb = '\t'\nc = '''\t'''\nd = \"\"\"\t\"\"\"\n")
        #expect(["a", "b", "c", "d"].allSatisfy { root[$0]?.string == "\t" })
    }

    @Test("invalid UTF-8 in a config file is refused wherever it is, before the TOML reader: comment, string, key, after a value", arguments: [
        (Array("ok = 1\n# caf".utf8) + [0xE9] + Array("\n".utf8), 2, 6, 0xE9),
        (Array("s = \"".utf8) + [0xFF] + Array("\"\n".utf8), 1, 6, 0xFF),
        (Array("'".utf8) + [0xED, 0xA0, 0x80] + Array("' = 1\n".utf8), 1, 2, 0xED),
        (Array("a = 1 # ".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\n".utf8), 1, 9, 0xF4),
        (Array("a = 1 # ".utf8) + [0xC0, 0x80], 1, 9, 0xC0),
        (Array("a = 1 # ".utf8) + [0xE2, 0x82], 1, 9, 0xE2),
    ] as [([UInt8], Int, Int, UInt8)])
    func invalidUTF8(bytes: [UInt8], line: Int, column: Int, byte: UInt8) throws {
        let error = try #require(try failure(bytes: bytes))
        #expect(error.message == "expected UTF-8 text, found the byte 0x\(String(byte, radix: 16, uppercase: true)), which is not valid UTF-8 here")
        #expect(error.location.line == line && error.location.column == column)
        #expect(error.kind == .encoding)
    }

    @Test("valid multi-byte UTF-8 passes: 2, 3 and 4 bytes, and a byte order mark")
    func validUTF8() throws {
        let text = try FileReading.utf8Text([0xEF, 0xBB, 0xBF] + Array("s = \"é€𝄞\" # ü\n".utf8))
        var reader = TOMLReader(text: text)
        #expect(try reader.read()["s"]?.string == "é€𝄞")
    }

    @Test("an integer too large for 64 bits says so, with the range", arguments: [
        "99999999999999999999", "9223372036854775808", "-9223372036854775809", "0xFFFFFFFFFFFFFFFFF", "1_000_000_000_000_000_000_000",
    ])
    func integerTooLarge(text: String) throws {
        let error = try #require(failure("n = \(text)\n"))
        #expect(error.message == "expected an integer that fits in 64 bits (-9223372036854775808...9223372036854775807), found \(text), which is too large")
        #expect(error.location.column == 5)
    }

    @Test("the 64-bit extremes themselves are integers")
    func integerExtremes() throws {
        let root = try read("a = 9223372036854775807\nb = -9223372036854775808\nc = 0x7FFFFFFFFFFFFFFF\n")
        #expect(root["a"].map { if case .integer(let v) = $0.kind { v == .max } else { false } } == true)
        #expect(root["b"].map { if case .integer(let v) = $0.kind { v == .min } else { false } } == true)
        #expect(root["c"].map { if case .integer(let v) = $0.kind { v == .max } else { false } } == true)
    }

    @Test("a very long unknown value is shown abbreviated in the message")
    func longValueAbbreviated() throws {
        let error = try #require(failure("v = " + String(repeating: "z", count: 200_000) + "\n"))
        #expect(error.message.count < 200)
        #expect(error.message.contains("zzz..."))
    }
}
