import Foundation
@_spi(HapticsTools) @testable import Haptics
import Testing

/// A file's text echoed in a diagnostic (issue 26, item 15): escaped in the library itself, so a
/// game that prints `ConfigDiagnostic.description` (or the C API's `SDLH_GetMappingError`) or an
/// `AHAPDiagnostic` to a terminal is as safe as hapticsctl.
@Suite("Echoed file text: control characters escaped, long text cut")
struct EchoedTextTests {
    @Test("escapes: \\n \\r \\t, C0, DEL, C1, line separators and bidirectional overrides; keeps other text")
    func escapes() {
        #expect(EchoedText.escaped("plain ünïcode 🎮") == "plain ünïcode 🎮")
        #expect(EchoedText.escaped("a\nb\rc\td") == #"a\nb\rc\td"#)
        #expect(EchoedText.escaped("\u{1B}[2J\u{07}\u{00}\u{7F}") == #"\u001B[2J\u0007\u0000\u007F"#)
        #expect(EchoedText.escaped("\u{9B}31m\u{2028}\u{202E}evil\u{2066}") == #"\u009B31m\u2028\u202Eevil\u2066"#)
    }

    @Test("shortened: cut after 80 bytes at a character boundary, with the bytes left out")
    func shortened() {
        #expect(EchoedText.shortened(String(repeating: "k", count: 80)) == String(repeating: "k", count: 80))
        #expect(EchoedText.shortened(String(repeating: "k", count: 81)) == String(repeating: "k", count: 80) + "…(+1 bytes)")
        // 27 three-byte characters are 81 bytes: 26 fit (78 bytes), 3 are left out.
        #expect(EchoedText.shortened(String(repeating: "€", count: 27)) == String(repeating: "€", count: 26) + "…(+3 bytes)")
        #expect(EchoedText.shortened(String(repeating: "\n", count: 100)).hasPrefix(#"\n\n"#))
    }

    @Test("a config's diagnostics are escaped when made, whatever built their text")
    func configDiagnostics() throws {
        do {
            _ = try LoadedMapping.load(text: "[[rule]]\nevent = \"hit\"\npattern = \"ImpactHeavy\"\n\"a\\nok\\u001B\" = 1\n",
                                       file: "x\u{07}.toml", presets: .builtIn())
            Issue.record("loaded")
        } catch {
            let line = try #require(error.diagnostics.first).description
            #expect(line == #"x\u0007.toml:4:1: error: rule[0].a\nok\u001B: unknown key: expected one of name, event, materials, surface, tag, custom, action, texture, feedback, critical, received, pattern, intensity, sharpness, attenuation, trigger_bias, trigger_effect, cooldown, coalesce, priority, category, analysis"#)
        }
        let made = ConfigDiagnostic(file: "f", location: SourceLocation(line: 1, column: 1, offset: 0), path: "p\n",
                                    message: String(repeating: "m", count: 10_000), suggestion: "s\u{1B}")
        #expect(made.path == #"p\n"#)
        #expect(made.suggestion == #"s\u001B"#)
        #expect(made.message.utf8.count < 4_200)
        #expect(made.message.hasSuffix("…(+5904 bytes)"))
        // Issue 25's consequence line names files by path: escaped too, when made and when set.
        var errors = ConfigErrors([made], consequence: "no config is in use: /g\name.toml")
        #expect(errors.consequence == #"no config is in use: /g\name.toml"#)
        errors.consequence = "the config in use (/a\u{1B}.toml) stays"
        #expect(errors.description.hasSuffix(#"note: the config in use (/a\u001B.toml) stays"#))
    }

    @Test("an AHAP file's diagnostics are escaped and an unknown key is named once, in the path")
    func ahapDiagnostics() throws {
        let document = try AHAPDecoder().decode(#"{"Pattern": [], "a\nb\u0007": 1}"#)
        let warning = try #require(document.warnings.first)
        #expect(warning.path == #"a\nb\u0007"#)
        #expect(warning.message == "expected one of Version, Metadata, Pattern, found an unknown key; ignored")
    }
}
