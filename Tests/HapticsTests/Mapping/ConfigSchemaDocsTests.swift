import Foundation
@_spi(HapticsTools) @testable import Haptics
import Testing

/// docs/config.md's key tables and the schema the reader checks say the same thing (issue 34): every
/// section's keys, and each key's type, range and default. The ranges and defaults are rendered from
/// the values the reader checks and takes (`ConfigSchema`'s tables), so a range changed in the code and
/// not in the docs, or the other way round, fails here.
@Suite("docs/config.md and the config schema agree")
struct ConfigSchemaDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardized

    /// One row of a key table: the key and its type, range and default cells.
    struct Row: Equatable, CustomStringConvertible {
        var key: String
        var type: String
        var range: String
        var defaultValue: String
        var description: String { "| `\(key)` | \(type) | \(range) | \(defaultValue) |" }
    }

    /// The rows of the first table whose header starts with "| key |" under the heading `heading`.
    static func docRows(under heading: String) throws -> [Row] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/config.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: heading), "docs/config.md has the heading \(heading)")
        var index = start + 1
        while index < lines.count, !lines[index].hasPrefix("| key |") {
            #expect(!lines[index].hasPrefix("#"), "a key table under \(heading)")
            index += 1
        }
        let header = cells(lines[index])
        #expect(Array(header.prefix(4)) == ["key", "type", "range", "default"], "\(heading): \(header)")
        var rows: [Row] = []
        index += 2   // the header and its rule
        while index < lines.count, lines[index].hasPrefix("|") {
            let row = cells(lines[index])
            rows.append(Row(key: keyName(row[0]), type: row[1], range: row[2], defaultValue: row[3]))
            index += 1
        }
        return rows
    }

    static func cells(_ line: String) -> [String] {
        line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// `` `[[rule]]` `` is `rule`, `` `[attenuation.NAME]` `` is `attenuation`, `` `walker_weight` `` is `walker_weight`.
    static func keyName(_ cell: String) -> String {
        var name = cell.trimmingCharacters(in: CharacterSet(charactersIn: "`[]"))
        if name.hasSuffix(".NAME") { name.removeLast(5) }
        return name
    }

    /// A number as the docs write it: thousands grouped with commas, no exponent, a minus sign for negatives.
    static func docNumber(_ value: Double) -> String {
        if value < 0 { return "−" + docNumber(-value) }
        if value == value.rounded(), value < 1e15 {
            let digits = String(Int64(value))
            var grouped = ""
            for (position, digit) in digits.enumerated() {
                if position > 0, (digits.count - position) % 3 == 0 { grouped += "," }
                grouped.append(digit)
            }
            return grouped
        }
        return NSDecimalNumber(value: value).stringValue
    }

    static func docRange<Draft>(_ range: SchemaKey<Draft>.Range) -> String {
        switch range {
        case .none: return ""
        case .numbers(let numbers, let unit):
            return "\(docNumber(numbers.lowerBound))...\(docNumber(numbers.upperBound))" + (unit.map { " (\($0))" } ?? "")
        case .integers(let integers):
            if integers.lowerBound == integers.upperBound { return docNumber(Double(integers.lowerBound)) }
            return "\(docNumber(Double(integers.lowerBound)))...\(docNumber(Double(integers.upperBound)))"
        case .names(let names): return names.map { "`\($0)`" }.joined(separator: " ")
        case .text(let text): return text
        }
    }

    static func docDefault<Draft>(_ value: SchemaKey<Draft>.Default) -> String {
        switch value {
        case .number(let number): return docNumber(number)
        case .boolean(let flag): return "\(flag)"
        case .name(let name): return "`\(name)`"
        case .text(let text): return text
        }
    }

    static func schemaRows<Draft>(_ section: SchemaSection<Draft>) -> [Row] {
        section.keys.map { Row(key: $0.name, type: $0.type, range: docRange($0.range), defaultValue: docDefault($0.defaultValue)) }
    }

    /// The docs' heading of each section's table, and the section's rows.
    static let sections: [(heading: String, rows: [Row], listed: [String])] = [
        ("### Top level", schemaRows(ConfigSchema.topLevel), ConfigSchema.topLevel.listed),
        ("### `[defaults]`", schemaRows(ConfigSchema.defaults), ConfigSchema.defaults.listed),
        ("### `[materials]`", schemaRows(ConfigSchema.materials), ConfigSchema.materials.listed),
        ("### `[attenuation.NAME]`", schemaRows(ConfigSchema.attenuation), ConfigSchema.attenuation.listed),
        ("### `[[rule]]`", schemaRows(ConfigSchema.rule), ConfigSchema.rule.listed),
        ("#### `analysis`", schemaRows(ConfigSchema.analysis), ConfigSchema.analysis.listed),
        ("### Curves (`intensity`, `sharpness`)", schemaRows(ConfigSchema.curve), ConfigSchema.curve.listed),
        ("### Adaptive triggers (`trigger_effect`)", schemaRows(ConfigSchema.triggerEffect), ConfigSchema.triggerEffect.listed),
    ]

    @Test("each section's table in docs/config.md has the schema's keys, types, ranges and defaults",
          arguments: sections.map(\.heading))
    func sectionAgrees(heading: String) throws {
        let section = try #require(Self.sections.first { $0.heading == heading })
        let documented = try Self.docRows(under: heading)
        #expect(Set(documented.map(\.key)) == Set(section.rows.map(\.key)), "\(heading): keys")
        for row in section.rows {
            guard let doc = documented.first(where: { $0.key == row.key }) else { continue }
            #expect(doc == row, "\(heading): docs say \(doc), the schema \(row)")
        }
        // The keys an unknown key is told about are the keys read.
        #expect(Set(section.listed) == Set(section.rows.map(\.key)) && section.listed.count == section.rows.count, "\(heading): listed keys")
    }

    @Test("a range the schema renders is the one its reader refuses past: walker_weight at 100,000 and just past it")
    func renderedRangeIsChecked() throws {
        let key = try #require(ConfigSchema.defaults["walker_weight"])
        guard case .numbers(let range, _) = key.range else { Issue.record("walker_weight has a numeric range"); return }
        #expect(Self.docRange(key.range) == "0.001...100,000 (kg)")
        for (value, accepted) in [(range.upperBound, true), (range.upperBound.nextUp, false), (range.lowerBound, true), (range.lowerBound.nextDown, false)] {
            let text = "[defaults]\nwalker_weight = \(value)\n"
            let read = try HapticMappingConfig.read(text, file: "c.toml", patternExists: { _ in true })
            #expect(read.problems.isEmpty == accepted, "\(value): \(read.problems)")
        }
    }
}
