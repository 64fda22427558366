import Foundation
@_spi(HapticsTools) import Haptics

/// How `hapticsctl` writes diagnostics, durations and numbers, shared by every subcommand so
/// that their lines look the same and scripts can parse them.
enum ReportFormat {
    /// `SEVERITY: FILE: WHERE: MESSAGE`, for example
    /// `error: Bounce.ahap: Pattern[3].Event (line 12, column 5): expected ...`.
    /// SEVERITY is `warning` or `error`; WHERE is `AHAPDiagnostic.whereDescription`
    /// (a JSON path and/or `line L, column C`, or `file` for the file as a whole).
    static func line(for diagnostic: AHAPDiagnostic, file: String) -> String {
        "\(diagnostic.severity.rawValue): \(file): \(diagnostic.whereDescription): \(diagnostic.message)"
    }

    /// `error: FILE: MESSAGE`, for problems that are not about the file's content
    /// (an output file that cannot be written).
    static func errorLine(file: String, _ message: String) -> String {
        "error: \(file): \(message)"
    }

    /// A time or duration in seconds with at most three decimals and no trailing zeros:
    /// `0`, `0.5`, `1.234` (1.2344 s is written `1.234`). Negative zero is written `0`.
    static func seconds(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        var text = String(format: "%.3f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// A parameter value in its shortest exact form: `1`, `0.5`, `0.123456`.
    static func value(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `N event` or `N events`.
    static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) \(n == 1 ? singular : (plural ?? singular + "s"))"
    }
}
