/// Reads AHAP (Apple Haptic and Audio Pattern) files into `HapticPattern` values.
///
/// Lenient by default, as Apple documents its own loader: unknown keys are ignored, out-of-range
/// values are clamped, missing optional keys take their defaults, `Version` may be missing,
/// integer or real, and trailing commas are accepted. Each of these is reported as a warning;
/// with `options.strict` every warning is an error. Errors and warnings say where (a JSON path
/// and a line and column) and what was expected. See docs/ahap.md.
///
/// Never traps and never hangs on any input: size, nesting, element and control-point counts
/// are bounded by `options.limits`. Not for the per-frame path: decoding allocates; decode when
/// loading a level or a preset and keep the pattern.
@_spi(HapticsTools) public struct AHAPDecoder: Sendable {
    /// How files are read.
    public var options: AHAPDecodingOptions

    public init(options: AHAPDecodingOptions = .lenient) {
        self.options = options
    }

    /// Decodes the bytes of an AHAP file.
    /// - Throws: `AHAPDecodingError` with every error (and the warnings found before them).
    public func decode(_ bytes: [UInt8]) throws(AHAPDecodingError) -> AHAPDocument {
        try bytes.withUnsafeBufferPointer { buffer throws(AHAPDecodingError) in try decode(buffer) }
    }

    /// Decodes a string holding AHAP text.
    public func decode(_ text: String) throws(AHAPDecodingError) -> AHAPDocument {
        try decode(Array(text.utf8))
    }

    /// Decodes an AHAP file from disk. Refuses files larger than `options.limits.maximumFileBytes`
    /// before reading them, and anything that is not a regular file.
    public func decode(contentsOfFile path: String) throws(AHAPDecodingError) -> AHAPDocument {
        let bytes: [UInt8]
        do {
            bytes = try FileReading.readRegularFile(path, maximumBytes: options.limits.maximumFileBytes)
        } catch let problem {
            throw AHAPDecodingError(diagnostics: [AHAPDiagnostic(
                severity: .error, kind: problem.isTooLarge ? .fileTooLarge : .unreadableFile,
                path: "", location: nil, message: problem.message)], file: path)
        }
        do {
            return try decode(bytes)
        } catch var error {
            error.file = path
            throw error
        }
    }

    /// Decodes from a raw buffer; the other entry points end here.
    public func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(AHAPDecodingError) -> AHAPDocument {
        var walker = AHAPTreeWalker(bytes: bytes, options: options)
        let pattern = walker.run()
        if walker.hasErrors || pattern == nil {
            throw AHAPDecodingError(diagnostics: walker.diagnostics)
        }
        return AHAPDocument(pattern: pattern!, warnings: walker.diagnostics)
    }
}
