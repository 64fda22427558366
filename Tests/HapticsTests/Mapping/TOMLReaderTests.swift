@testable import Haptics
import Testing
import HapticsTOML

@Suite("TOML reader")
struct TOMLReaderTests {
    func read(_ text: String) throws -> TOMLTable {
        var reader = TOMLReader(text: text)
        return try reader.read()
    }

    func failure(_ text: String) -> TOMLSyntaxError? {
        var reader = TOMLReader(text: text)
        do { _ = try reader.read(); return nil } catch { return error }
    }

    @Test("values of every type, with their positions")
    func values() throws {
        let root = try read("""
        # comment
        a = "x\\ty\\u00e9"   # trailing comment
        b = 'C:\\path'
        c = 1_000
        d = -0x_1 # not valid? no: hex has no sign
        """.replacingOccurrences(of: "d = -0x_1 # not valid? no: hex has no sign", with: "d = 0xFF"))
        #expect(root["a"]?.string == "x\tyé")
        #expect(root["b"]?.string == "C:\\path")
        #expect(root["c"]?.number == 1000)
        #expect(root["d"]?.number == 255)
        let c = try #require(root.entry("c")?.keyLocation)
        #expect(c.line == 4 && c.column == 1)
        #expect(root["c"]?.location.line == 4)
        #expect(root["c"]?.location.column == 5)

        let numbers = try read("i = -17\nf = 6.626e-34\ng = +inf\nh = nan\nj = 0o17\nk = 0b101\nl = 1e3\nm = true\nn = 1979-05-27T07:32:00Z\n")
        #expect(numbers["i"]?.number == -17)
        #expect(numbers["f"]?.number == 6.626e-34)
        #expect(numbers["g"]?.number == .infinity)
        #expect(numbers["h"]?.number?.isNaN == true)
        #expect(numbers["j"]?.number == 15)
        #expect(numbers["k"]?.number == 5)
        #expect(numbers["l"]?.number == 1000)
        #expect(numbers["m"]?.boolean == true)
        #expect(numbers["n"]?.typeDescription == "a date-time")
    }

    @Test("multi-line strings: first newline trimmed, line-ending backslash, quotes before the delimiter")
    func multiline() throws {
        let root = try read("a = \"\"\"\none\n  two \\\n     three\"\"\"\nb = '''\nraw \\n '''\nc = \"\"\"x\"\"\"\"\"\n")
        #expect(root["a"]?.string == "one\n  two three")
        #expect(root["b"]?.string == "raw \\n ")
        #expect(root["c"]?.string == "x\"\"")
    }

    @Test("tables, dotted keys, arrays of tables and inline tables")
    func structure() throws {
        let root = try read("""
        top.level = 1
        [materials]
        metal = { sharpness = 0.9, gain = 1.1 }
        [attenuation.world]
        inner_radius = 3
        [[rule]]
        name = "a"
        [[rule]]
        name = "b"
        [rule.extra]
        x = [1, 2,
             3, ]   # trailing comma and newlines inside arrays are fine
        """)
        #expect(root["top"]?.table?["level"]?.number == 1)
        #expect(root["materials"]?.table?["metal"]?.table?["gain"]?.number == 1.1)
        #expect(root["attenuation"]?.table?["world"]?.table?["inner_radius"]?.number == 3)
        let rules = try #require(root["rule"]?.array)
        #expect(rules.map { $0.table?["name"]?.string } == ["a", "b"])
        #expect(rules[1].table?["extra"]?.table?["x"]?.array?.count == 3)
        #expect(rules[1].location.line == 8)
    }

    @Test("syntax and redefinition errors say line and column and what was expected")
    func errors() throws {
        let cases: [(String, Int, Int, String)] = [
            ("a = \"open\n", 1, 5, "not closed"),
            ("a = 1\na = 2\n", 2, 1, "already defined at 1:1"),
            ("[t]\nx=1\n[t]\n", 3, 2, "already defined"),
            ("a = metal\n", 1, 5, "strings need quotes"),
            ("a = 1 b\n", 1, 7, "expected the end of the line"),
            ("a = { x = 1,\n y = 2 }\n", 1, 13, "one line"),
            ("a = { x = 1, }\n", 1, 14, "trailing comma"),
            ("a = [1, 2\n", 2, 1, "expected ',' or ']'"),
            ("= 1\n", 1, 1, "expected a key"),
            ("a = \"\\q\"\n", 1, 6, "unknown escape"),
            ("a = 01\n", 1, 5, "expected a value"),
            ("a = 1__0\n", 1, 5, "expected a value"),
            ("x = 1\nx.y = 2\n", 2, 1, "already defined"),
            ("a = {x = 1}\n[a]\n", 2, 2, "already defined"),
            ("a\n", 1, 2, "expected '='"),
        ]
        for (text, line, column, phrase) in cases {
            let error = try #require(failure(text), "should fail: \(text)")
            #expect(error.location.line == line && error.location.column == column, "\(text.debugDescription): \(error)")
            #expect(error.message.contains(phrase), "\(text.debugDescription): \(error.message)")
        }
    }

    @Test("deep nesting is refused, not a crash")
    func depth() {
        let text = "a = " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "\n"
        #expect(failure(text)?.message.contains("nested deeper") == true)
    }
}
