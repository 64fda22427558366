
/// A small pure-Swift WAV reader for audio-to-haptics when no SDL decoder is given (the core's
/// default for `.wav` patterns: tests, tools and games that load configs without HapticsSDL).
///
/// Reads RIFF/WAVE with uncompressed PCM (8, 16, 24 or 32-bit integer) or 32-bit IEEE float
/// (`WAVE_FORMAT_EXTENSIBLE` of those too), any channel count up to 8, and averages the channels to
/// mono at the file's own rate (the analysis takes any rate in 8...384 kHz). Anything else (ADPCM,
/// µ-law...) is refused with its format code: HapticsSDL's `SDLSoundDecoder` reads those. The limits
/// are the waveform limits: at most `maximumBytes` (4.2 MB) and `maximumSeconds` (23 s); paths stay
/// inside their folder (no absolute path, no `..`, no symbolic link out of it).
@_spi(HapticsTools) public struct PCMWAVDecoder: SoundFileDecoder {
    public var maximumBytes: Int
    /// Longest sound accepted, in seconds.
    public var maximumSeconds: Double

    public init(maximumBytes: Int = 4_200_000, maximumSeconds: Double = 23) {
        self.maximumBytes = maximumBytes
        self.maximumSeconds = maximumSeconds
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    public func resolve(_ path: String, folder: String) throws -> String {
        if let problem = WaveformPath.problem(with: path) { throw Problem(description: "refused: \(problem)") }
        guard let candidate = WaveformPath.resolve(path, in: folder), FileStatus.kind(of: candidate) != nil else {
            throw Problem(description: "not found in \"\(folder)\"")
        }
        let root = FileStatus.realPath(folder) ?? folder
        let file = FileStatus.realPath(candidate) ?? candidate
        guard file.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            throw Problem(description: "refused: it resolves to \(file), outside \(root)")
        }
        return file
    }

    public func decodeMono(_ bytes: [UInt8], name: String) throws -> MonoSound {
        func u16(_ o: Int) -> Int { Int(bytes[o]) | Int(bytes[o + 1]) << 8 }
        func u32(_ o: Int) -> Int { u16(o) | u16(o + 2) << 16 }
        guard bytes.count <= maximumBytes else {
            throw Problem(description: "the file is \(bytes.count) bytes; the limit is \(maximumBytes) bytes")
        }
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8) else {
            throw Problem(description: "not a WAV file: expected \"RIFF\" and \"WAVE\" in its first 12 bytes")
        }
        var offset = 12
        var format: (code: Int, channels: Int, rate: Int, bits: Int)?
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let length = u32(offset + 4)
            let body = offset + 8
            guard length <= bytes.count - body else {
                throw Problem(description: "truncated: the \"\(id)\" chunk declares \(length) bytes but only \(bytes.count - body) follow")
            }
            if id == "fmt " {
                guard length >= 16 else { throw Problem(description: "malformed: the fmt chunk is \(length) bytes") }
                var code = u16(body)
                if code == 0xFFFE && length >= 26 { code = u16(body + 24) }   // WAVE_FORMAT_EXTENSIBLE: the sub-format
                format = (code, u16(body + 2), u32(body + 4), u16(body + 14))
            } else if id == "data" {
                guard let format else { throw Problem(description: "malformed: the data chunk comes before any fmt chunk") }
                return try samples(bytes, from: body, length: length, format: format)
            }
            offset = body + length + (length & 1)
        }
        throw Problem(description: format == nil ? "malformed: no fmt chunk" : "truncated: no data chunk")
    }

    private func samples(_ bytes: [UInt8], from start: Int, length: Int,
                         format: (code: Int, channels: Int, rate: Int, bits: Int)) throws -> MonoSound {
        let (code, channels, rate, bits) = format
        guard (code == 1 && [8, 16, 24, 32].contains(bits)) || (code == 3 && bits == 32) else {
            throw Problem(description: "unsupported encoding (format \(code), \(bits)-bit): this reader takes PCM 8/16/24/32-bit and 32-bit float; HapticsSDL's SDLSoundDecoder reads more")
        }
        guard (1...SoundAnalyzer.maximumChannels).contains(channels) else {
            throw Problem(description: "expected 1...\(SoundAnalyzer.maximumChannels) channels, found \(channels)")
        }
        guard SoundAnalyzer.sampleRateRange.contains(Double(rate)) else {
            throw Problem(description: "expected a sample rate in 8000...384000 Hz, found \(rate)")
        }
        let width = bits / 8
        let frames = length / (width * channels)
        let seconds = Double(frames) / Double(rate)
        guard seconds <= maximumSeconds else {
            throw Problem(description: "the sound is \(Double(Int(seconds * 100)) / 100) s long; the limit is \(maximumSeconds) s")
        }
        var mono = [Float](repeating: 0, count: frames)
        let scale = 1 / Float(channels)
        for f in 0..<frames {
            var sum: Float = 0
            for c in 0..<channels {
                let o = start + (f * channels + c) * width
                switch (code, bits) {
                case (1, 8): sum += (Float(bytes[o]) - 128) / 128
                case (1, 16): sum += Float(Int16(bitPattern: UInt16(bytes[o]) | UInt16(bytes[o + 1]) << 8)) / 32_768
                case (1, 24):
                    let v = Int32(bitPattern: UInt32(bytes[o]) << 8 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o + 2]) << 24) >> 8
                    sum += Float(v) / 8_388_608
                case (1, 32):
                    let v = Int32(bitPattern: UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24)
                    sum += Float(v) / 2_147_483_648
                default:
                    let v = Float(bitPattern: UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24)
                    sum += v.isFinite ? v : 0
                }
            }
            mono[f] = sum * scale
        }
        return MonoSound(samples: mono, sampleRate: Double(rate))
    }
}
