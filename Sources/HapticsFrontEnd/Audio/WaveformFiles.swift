#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(HapticsTools) import Haptics

/// Why a waveform file could not be loaded. Always names the file.
public struct WaveformLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path as the pattern wrote it (`EventWaveformPath`).
    public var path: String
    /// The file that was read, when the path resolved to one.
    public var file: String?
    /// What is wrong, in words.
    public var reason: String

    public init(path: String, file: String?, reason: String) {
        self.path = path
        self.file = file
        self.reason = reason
    }

    public var description: String { "waveform \"\(path)\"\(file.map { " (\($0))" } ?? ""): \(reason)" }
}

/// Loads `AudioCustom` waveforms: resolves the path inside the pattern's folder or the asset root,
/// enforces the limits, checks the RIFF structure, and has the SDL backend decode the WAV and convert
/// it once to 32-bit float at the device rate (`SDLBackend.decodeWAV`: mono stays mono, anything with
/// more channels becomes stereo). Load time only; the audio callback never sees a file. Each SDL's
/// module names it `WaveformLoader` with its own backend.
///
/// Files are input from strangers (docs/architecture.md, rule 5): a path that is absolute, climbs
/// out with `..`, or resolves through a symbolic link to a file outside its folder is refused; a
/// file over `maximumBytes` is refused before it is read; a truncated or malformed file and a
/// sound longer than `maximumSeconds` are refused with the reason.
package enum WaveformFiles {
    /// The file `path` names inside `folder`, or else inside `assetRoot`; its real path (symbolic
    /// links resolved), which lies inside that root.
    package static func resolve(_ path: String, folder: String, assetRoot: String?) throws(WaveformLoadError) -> String {
        if let problem = WaveformPath.problem(with: path) {
            throw WaveformLoadError(path: path, file: nil, reason: "refused: \(problem)")
        }
        let roots = [folder] + (assetRoot.map { [$0] } ?? [])
        for root in roots {
            guard let candidate = WaveformPath.resolve(path, in: root),
                  FileStatus.kind(of: candidate) != nil else { continue }
            let realRoot = realPath(root)
            let realFile = realPath(candidate)
            guard realFile.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") else {
                throw WaveformLoadError(path: path, file: candidate,
                                        reason: "refused: it resolves to \(realFile), outside \(realRoot)")
            }
            return realFile
        }
        let places = roots.map { "\"\($0)\"" }.joined(separator: " or ")
        throw WaveformLoadError(path: path, file: nil, reason: "not found in \(places)")
    }

    /// Loads `path` (resolved as in `resolve`) as a waveform at `sampleRate` frames per second.
    package static func load(_ path: String, folder: String, assetRoot: String?, sampleRate: Int,
                             limits: WaveformLimits = WaveformLimits(), backend: any SDLBackend.Type) throws(WaveformLoadError) -> AudioWaveform {
        let file = try resolve(path, folder: folder, assetRoot: assetRoot)
        func failure(_ reason: String) -> WaveformLoadError { WaveformLoadError(path: path, file: file, reason: reason) }
        guard case .regular(let size) = FileStatus.kind(of: file) else { throw failure("cannot read its size") }
        guard size <= limits.maximumBytes else {
            throw failure("the file is \(size) bytes; the limit is \(limits.maximumBytes) bytes")
        }
        // `file` is a real path (no link left in it): opened without following a link that replaced
        // it since, without blocking on a FIFO that did, and checked to be a regular file (issue 31).
        let bytes: [UInt8]
        switch FileBytes.contents(of: file, upTo: limits.maximumBytes + 1, noFollow: true) {
        case .bytes(let read): bytes = read
        case .notRegular(let kind): throw failure("expected a regular file, found \(kind.found)")
        case .cannotOpen, .readFailed: throw failure("cannot be read")
        }
        guard bytes.count <= limits.maximumBytes else {
            throw failure("the file is \(bytes.count) bytes; the limit is \(limits.maximumBytes) bytes")
        }
        if let problem = riffProblem(bytes) { throw failure(problem) }
        return try backend.decodeWAV(bytes, sampleRate: sampleRate, limits: limits, name: path, failure: failure)
    }

    /// What is wrong with the RIFF/WAVE structure of `bytes`, or nil when the chunks are whole:
    /// the header, a `fmt ` chunk, and a `data` chunk that the file really contains. SDL accepts a
    /// cut-off data chunk by default (it plays what is there); a game asset cut short is a broken
    /// file, so it is refused here with the sizes.
    package static func riffProblem(_ bytes: [UInt8]) -> String? {
        func tag(_ offset: Int) -> String { String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self) }
        func le32(_ offset: Int) -> Int {
            Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
        }
        guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" else {
            return "not a WAV file: expected \"RIFF\" and \"WAVE\" in its first 12 bytes"
        }
        var offset = 12
        var hasFormat = false
        while offset + 8 <= bytes.count {
            let id = tag(offset)
            let length = le32(offset + 4)
            let available = bytes.count - offset - 8
            if id == "data" {
                guard hasFormat else { return "malformed: the data chunk comes before any fmt chunk" }
                guard length <= available else {
                    return "truncated: the data chunk declares \(length) bytes but only \(available) follow"
                }
                return nil
            }
            if id == "fmt " {
                guard length >= 16, length <= available else { return "malformed: the fmt chunk is \(length) bytes" }
                hasFormat = true
            }
            guard length <= available else { return "truncated: the \"\(id)\" chunk declares \(length) bytes but only \(available) follow" }
            offset += 8 + length + (length & 1)
        }
        return hasFormat ? "truncated: no data chunk" : "malformed: no fmt chunk"
    }

    /// The checks every backend makes on a decoded sound before converting it: the sound's rate and
    /// the output rate within `WaveformLimits.sampleRates`, and its length within `limits.maximumSeconds`.
    package static func check(sourceRate: Int, frames: Int, sampleRate: Int, limits: WaveformLimits,
                              failure: (String) -> WaveformLoadError) throws(WaveformLoadError) {
        let rates = WaveformLimits.sampleRates
        guard rates.contains(sourceRate) else {
            throw failure("expected a sample rate of \(rates.lowerBound)...\(rates.upperBound) Hz, found \(sourceRate) Hz")
        }
        guard rates.contains(sampleRate) else {
            throw failure("cannot convert to \(sampleRate) Hz: expected an output rate of \(rates.lowerBound)...\(rates.upperBound) Hz")
        }
        let seconds = Double(frames) / Double(sourceRate)
        guard seconds <= limits.maximumSeconds else {
            throw failure(CFormat.string("the sound is %.2f s long; the limit is %g s", seconds, limits.maximumSeconds))
        }
    }

    /// Frames `frames` of a sound at `sourceRate` become at `sampleRate`, rounded.
    package static func expectedFrames(_ frames: Int, from sourceRate: Int, to sampleRate: Int) -> Int {
        Int((Double(frames) * Double(sampleRate) / Double(sourceRate)).rounded())
    }

    /// Frames of silence (at the sound's rate) that go into SDL's converter after the sound, so that its
    /// resampler hands out the whole sound after a flush (SDL 2.26 keeps the last few hundred frames
    /// back: 512 frames of the sound's rate, more when it downsamples). The tail is 2,048 frames at
    /// whichever rate is higher: it costs at most 2,048 × 48 output frames (8 kHz up to 384 kHz), never a
    /// stretch of the sound's own rate (2,048 frames of a 1 Hz file would be 34 minutes of output).
    package static func paddingFrames(from sourceRate: Int, to sampleRate: Int) -> Int {
        Int((2048 * max(1, Double(sourceRate) / Double(sampleRate))).rounded(.up))
    }

    /// The converted samples cut to the exact converted length, as a waveform; refused when SDL gave
    /// fewer frames than the sound holds.
    package static func waveform(_ samples: [Float], channels: Int, expectedFrames: Int, sampleRate: Int, name: String,
                                 failure: (String) -> WaveformLoadError) throws(WaveformLoadError) -> AudioWaveform {
        var samples = samples
        guard samples.count >= expectedFrames * channels else {
            throw failure("SDL converted \(samples.count / channels) frames of the \(expectedFrames) expected")
        }
        samples.removeLast(samples.count - expectedFrames * channels)
        return AudioWaveform(name: name, sampleRate: Double(sampleRate), channelCount: channels, samples: samples)
    }

    private static func realPath(_ path: String) -> String {
        FileStatus.realPath(path) ?? FileStatus.absolutePath(path)
    }
}
