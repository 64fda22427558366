// The C library builds without Foundation (scripts/c-library.sh passes -DSDLHAPTICS_WITHOUT_FOUNDATION,
// docs/c-library.md): the overloads taking Foundation's `Data` and `URL` live in this folder, the only
// place the core imports Foundation, and C never calls them.
#if !SDLHAPTICS_WITHOUT_FOUNDATION
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Core Haptics' spelling of patterns read from a URL (`CHHapticPattern(contentsOf:)`).
extension HapticPattern {
    /// `CHHapticPattern(contentsOf:)`: the AHAP file at a file URL, read leniently (`init(contentsOfFile:)`).
    public init(contentsOf url: URL) throws {
        try self.init(contentsOfFile: url.path)
    }
}

/// Core Haptics' spelling of engine calls that take Foundation's types (`CHHapticEngine`).
extension HapticEngine {
    /// `CHHapticEngine.playPattern(from:)` with an AHAP file's URL: decodes it (lenient, as Core
    /// Haptics reads files) and plays it once on output `output` (default 0, the first pad) at the next
    /// update. Throws `AHAPDecodingError` (with line, column and JSON path) for a bad file,
    /// `HapticEngineError` when the engine cannot play. Allocates; not for the per-frame path.
    public func playPattern(from url: URL, output: Int = 0) throws {
        let document = try AHAPDecoder().decode(contentsOfFile: url.path)
        try playOnce(document.pattern, output: output)
    }

    /// `CHHapticEngine.playPattern(from:)` with AHAP data in memory. See `playPattern(from:output:)`.
    public func playPattern(from data: Data, output: Int = 0) throws {
        try playOnce(try AHAPDecoder().decode(data).pattern, output: output)
    }
}
#endif
