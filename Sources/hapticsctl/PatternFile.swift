import Foundation
@_spi(HapticsTools) import Haptics

/// An AHAP file named on the command line, decoded once.
struct PatternFile {
    /// The path as the user typed it; used as-is in every report line.
    var path: String
    /// The decoded document, or the error with every diagnostic.
    var result: Result<AHAPDocument, AHAPDecodingError>

    /// Reads and decodes `path`. Never throws: a missing or unreadable file is an error result
    /// whose diagnostic's WHERE is `file`. Symbolic links are followed by the decoder.
    init(path: String, options: AHAPDecodingOptions) {
        self.path = path
        do {
            result = .success(try AHAPDecoder(options: options).decode(contentsOfFile: path))
        } catch var error {
            error.file = path
            result = .failure(error)
        }
    }

    /// Every diagnostic in the order found: the document's warnings, or the error's warnings and errors.
    var diagnostics: [AHAPDiagnostic] {
        switch result {
        case .success(let document): return document.warnings
        case .failure(let error): return error.diagnostics
        }
    }

    /// One `ReportFormat.line` per diagnostic.
    var diagnosticLines: [String] {
        diagnostics.map { ReportFormat.line(for: $0, file: path) }
    }
}
