import Foundation
import Testing

/// The README's hapticsctl section lists every subcommand and every option the tool has, and the help
/// texts say each default once: the docs cannot drift from the tool.
@Suite("hapticsctl help and the README agree")
struct HelpMatchesReadmeTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../README.md").standardized

    /// The README's ```sh block under "## hapticsctl".
    static func readmeToolSection() throws -> String {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "## hapticsctl\n"), "README.md has a '## hapticsctl' section")
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    /// Subcommand names from `hapticsctl --help`.
    static func subcommands() throws -> [String] {
        let run = try HapticsCtlRun.run(["--help"])
        let lines = run.standardOutput.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "SUBCOMMANDS:"))
        return lines[(start + 1)...].compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            let name = line.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init)
            return name == "See" ? nil : name
        }
    }

    /// The OPTIONS section of a subcommand's help, one entry per option (its lines joined).
    static func options(of subcommand: String) throws -> [(names: [String], help: String)] {
        let run = try HapticsCtlRun.run([subcommand, "--help"])
        let lines = run.standardOutput.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "OPTIONS:") else { return [] }
        var entries: [(names: [String], help: String)] = []
        for line in lines[(start + 1)...] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("  -") {
                let names = trimmed.split(separator: " ").map(String.init).prefix { $0.hasPrefix("-") }
                    .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }.filter { $0.hasPrefix("--") }
                entries.append((names, trimmed))
            } else if !trimmed.isEmpty, !entries.isEmpty {
                entries[entries.count - 1].help += " " + trimmed
            }
        }
        return entries
    }

    @Test("the tool has the subcommands the README lists, and the README lists every subcommand")
    func everySubcommandIsInTheReadme() throws {
        let section = try Self.readmeToolSection()
        let names = try Self.subcommands()
        #expect(names.count >= 8, "\(names)")
        for name in names {
            #expect(section.contains("hapticsctl \(name) "), "README.md's hapticsctl section does not show '\(name)'")
        }
        let listed = section.components(separatedBy: "hapticsctl ").dropFirst()
            .compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { !$0.isEmpty && $0.allSatisfy(\.isLetter) }
        for name in Set(listed) {
            #expect(names.contains(name), "README.md shows 'hapticsctl \(name)', which the tool does not have")
        }
    }

    @Test("every option of every subcommand appears in the README's line for it")
    func everyOptionIsInTheReadme() throws {
        let section = try Self.readmeToolSection()
        for name in try Self.subcommands() {
            // The subcommand's README entry: from "hapticsctl NAME " to the next "hapticsctl ".
            let start = try #require(section.range(of: "hapticsctl \(name) "), "\(name) in the README")
            let rest = section[start.upperBound...]
            let entry = rest.range(of: "hapticsctl ").map { String(rest[..<$0.lowerBound]) } ?? String(rest)
            for option in try Self.options(of: name) {
                let long = option.names.filter { $0 != "--help" && $0 != "--version" }
                guard let first = long.first else { continue }
                let short = option.help.hasPrefix("-o") ? "-o" : nil
                #expect(long.contains { entry.contains($0) } || short.map { entry.contains($0 + " ") } == true,
                        "README.md's 'hapticsctl \(name)' line does not show \(first)")
            }
        }
    }

    @Test("no help text states a default twice")
    func defaultsOnce() throws {
        for name in try Self.subcommands() {
            for option in try Self.options(of: name) {
                let count = option.help.components(separatedBy: "default").count - 1
                #expect(count <= 1, "hapticsctl \(name) --help: '\(option.help)' says its default \(count) times")
            }
        }
    }

    @Test("--version prints the library's version")
    func version() throws {
        let run = try HapticsCtlRun.run(["--version"])
        #expect(run.status == 0)
        let changelog = try String(contentsOf: Self.readme.deletingLastPathComponent().appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let released = changelog.components(separatedBy: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        let heading = try #require(released, "CHANGELOG.md has a release heading")
        let number = heading.dropFirst(4).prefix { $0 != "]" }
        #expect(run.outputLines == [String(number)], "hapticsctl --version and CHANGELOG.md's newest release agree")
    }
}
