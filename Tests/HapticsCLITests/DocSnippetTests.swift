import Foundation
import Testing

/// Every ```swift block in README.md, docs/ and the DocC catalogs type-checks against the modules this
/// build made, so no snippet a reader copies is out of date.
///
/// A block is compiled as the body of a function, after a prelude that declares the names snippets
/// use without defining them (`haptics`, `event`, `cart`, ...); its `import` lines are hoisted. A block
/// whose info string is `swift package` is a fragment of a Package.swift (`dependencies: ..., targets: ...`)
/// and is type-checked inside `Package(name:...)` against the toolchain's PackageDescription. Errors point
/// at the Markdown file and line (`#sourceLocation`).
@Suite("Doc snippets compile")
struct DocSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardized

    struct Snippet {
        var file: String
        /// Line of the first code line, 1-based.
        var line: Int
        var isPackageFragment: Bool
        var lines: [String]
    }

    /// The Markdown files that hold snippets, relative to the package root.
    static func markdownFiles() throws -> [String] {
        let manager = FileManager.default
        var files = ["README.md"]
        files += try manager.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        for module in try manager.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path).sorted() {
            let folder = "Sources/\(module)/\(module).docc"
            guard let names = try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path) else { continue }
            files += names.filter { $0.hasSuffix(".md") }.sorted().map { folder + "/" + $0 }
        }
        return files
    }

    static func snippets() throws -> [Snippet] {
        var found: [Snippet] = []
        for file in try markdownFiles() {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            var current: Snippet? = nil
            for (index, line) in text.components(separatedBy: "\n").enumerated() {
                if var open = current {
                    if line.hasPrefix("```") {
                        found.append(open)
                        current = nil
                    } else {
                        open.lines.append(line)
                        current = open
                    }
                } else if line.hasPrefix("```swift") {
                    let words = line.dropFirst(3).split(separator: " ")
                    current = Snippet(file: file, line: index + 2, isPackageFragment: words.contains("package"), lines: [])
                }
            }
        }
        return found
    }

    /// Names that snippets use as if the game had them.
    static let prelude = """
        nonisolated(unsafe) var haptics: GameHaptics! = nil
        nonisolated(unsafe) var event = SDL_Event()
        nonisolated(unsafe) var hapticsFolder = "Assets/Haptics"
        nonisolated(unsafe) var path = "Assets/Haptics/Presets/Heartbeat.ahap"
        nonisolated(unsafe) var name = "Heartbeat"
        nonisolated(unsafe) var patterns: [String: HapticPattern] = [:]
        struct SnippetCart { var id = 7; var speed = 3.0 }
        nonisolated(unsafe) var cart = SnippetCart()
        struct SnippetPlayer { var health = 100 }
        nonisolated(unsafe) var player = SnippetPlayer()
        func log(_ message: String) {}
        """

    /// The swift source for all code snippets, one function each.
    static func codeSource(_ snippets: [Snippet]) -> String {
        var imports: Set<String> = ["import Foundation", "import Haptics", "import HapticsSDL", "import CHapticsSDL2"]
        var bodies = ""
        for (index, snippet) in snippets.enumerated() {
            bodies += "@MainActor func snippet\(index)() throws {\n"
            bodies += "#sourceLocation(file: \"\(snippet.file)\", line: \(snippet.line))\n"
            for line in snippet.lines {
                if line.hasPrefix("import ") {
                    imports.insert(line.trimmingCharacters(in: .whitespaces))
                    bodies += "\n"
                } else {
                    bodies += line + "\n"
                }
            }
            bodies += "#sourceLocation()\n}\n\n"
        }
        return imports.sorted().joined(separator: "\n") + "\n\n" + prelude + "\n\n" + bodies
    }

    static func packageSource(_ snippet: Snippet) -> String {
        // The directive cannot stand inside an argument list: it goes before, one line up.
        "import PackageDescription\n#sourceLocation(file: \"\(snippet.file)\", line: \(snippet.line - 1))\n"
            + "let package = Package(name: \"Game\",\n" + snippet.lines.joined(separator: "\n") + "\n)\n#sourceLocation()\n"
    }

    /// Runs swiftc -typecheck; returns its exit status and its output.
    static func typecheck(_ source: String, arguments: [String]) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snippets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("snippets.swift")
        try Data(source.utf8).write(to: file)
        let log = folder.appendingPathComponent("log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6"] + arguments + [file.path]
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    /// The build's module folder: `<products>/Modules`, beside hapticsctl.
    static var modulesFolder: String? {
        HapticsCtlBinary.url.map { $0.deletingLastPathComponent().appendingPathComponent("Modules").path }
    }

    @Test("the docs hold snippets in README.md, docs/ and the DocC catalogs")
    func snippetsFound() throws {
        let snippets = try Self.snippets()
        #expect(snippets.contains { $0.file == "README.md" && !$0.isPackageFragment })
        #expect(snippets.contains { $0.file == "README.md" && $0.isPackageFragment })
        #expect(snippets.contains { $0.file.hasPrefix("docs/") })
        #expect(snippets.contains { $0.file.contains(".docc/") })
        #expect(snippets.allSatisfy { !$0.lines.isEmpty })
    }

    @Test("every Swift snippet type-checks against this build's Haptics and HapticsSDL")
    func codeSnippetsCompile() throws {
        let modules = try #require(Self.modulesFolder, HapticsCtlBinary.notFoundMessage)
        let snippets = try Self.snippets().filter { !$0.isPackageFragment }
        let result = try Self.typecheck(Self.codeSource(snippets), arguments: [
            "-parse-as-library", "-I", modules, "-I", Self.root.appendingPathComponent("Sources/CHapticsSDL2").path,
        ])
        #expect(result.status == 0, "snippets that do not compile:\n\(result.output)")
    }

    @Test("every Package.swift fragment type-checks against the toolchain's PackageDescription")
    func packageFragmentsCompile() throws {
        let swiftc = try #require(Self.which("swiftc"), "swiftc on PATH")
        let manifestAPI = swiftc.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/pm/ManifestAPI").path
        for snippet in try Self.snippets() where snippet.isPackageFragment {
            let result = try Self.typecheck(Self.packageSource(snippet), arguments: [
                "-I", manifestAPI, "-package-description-version", "6.1.0",
            ])
            #expect(result.status == 0, "\(snippet.file):\(snippet.line): the Package.swift fragment does not compile:\n\(result.output)")
        }
    }

    @Test("a snippet that does not compile is caught, with the Markdown file and line")
    func brokenSnippetIsCaught() throws {
        let modules = try #require(Self.modulesFolder, HapticsCtlBinary.notFoundMessage)
        let broken = Snippet(file: "docs/example.md", line: 12, isPackageFragment: false,
                             lines: ["haptics.play(.succes, player: 0)"])
        let result = try Self.typecheck(Self.codeSource([broken]), arguments: [
            "-parse-as-library", "-I", modules, "-I", Self.root.appendingPathComponent("Sources/CHapticsSDL2").path,
        ])
        #expect(result.status != 0)
        #expect(result.output.contains("docs/example.md:12:"), "\(result.output)")
    }

    static func which(_ tool: String) -> URL? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url.resolvingSymlinksInPath() }
        }
        return nil
    }
}
