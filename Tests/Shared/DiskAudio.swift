// Shared by the SDL2 suite (Tests/HapticsSDLTests/Audio) and the SDL3 one (Tests/SDL3): linked into both
// test targets and compiled in each against its own SDL's module (SDLHAPTICS_SDL3 in Tests/SDL3).
import Foundation
import Haptics
#if SDLHAPTICS_SDL3
import CHapticsSDL3
import HapticsSDL3
#else
@testable import HapticsSDL
#endif

/// SDL's disk audio driver for the audio tests: it writes every buffer the device plays, raw, in
/// the obtained format (here float32, interleaved), to `SDL_DISKAUDIOFILE` (SDL3:
/// `SDL_AUDIO_DISK_OUTPUT_FILE`), and with `SDL_DISKAUDIODELAY=0` (SDL3: `SDL_AUDIO_DISK_TIMESCALE=0`)
/// it runs as fast as it can instead of in real time.
///
/// The "file" is a named pipe that a reader thread here drains, and that is how the tests pace the
/// device without touching it: SDL's audio thread blocks in its write when the pipe is full, so it
/// renders only as far as the test lets the reader read (plus the pipe and stdio buffers, a few
/// thousand frames). `pace` runs one game update, then lets the reader take one game frame's worth
/// of audio: the device and the game clock advance together, as with a real sound card. (Holding
/// SDL's device lock instead does not work under load: the racing audio thread re-takes the lock
/// before a busy test thread gets it.) The production path never sees any of this.
///
/// Two facts shape `readRendered`:
/// - the driver writes silence from the moment the device opens until it is unpaused (our callback
///   does not run then), so the stream starts with a silent prefix of unknown length;
/// - SDL 2.26's `close_audio_device` pauses the device under its lock; an audio thread that had
///   already fetched the device buffer for its next turn then writes one extra buffer of silence.
final class DiskAudio: @unchecked Sendable {
    let folder: URL
    let file: URL
    private var saved: [String: String?] = [:]
    private let condition = NSCondition()
    private var bytes: [UInt8] = []
    private var allowance = Int.max
    private var reachedEnd = false

    /// A temporary folder with the pipe in it, a reader thread on the pipe, and the disk driver's
    /// environment. Create it after anything that sets `SDL_AUDIODRIVER` itself (GameHapticsRig
    /// sets "dummy") and before opening the device.
    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdlhaptics-audio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        file = folder.appendingPathComponent("out.raw")
        guard mkfifo(file.path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        // Open for reading without waiting for a writer, then make reads block.
        let fd = open(file.path, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else { throw CocoaError(.fileReadUnknown) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        _ = fcntl(fd, 1031 /* F_SETPIPE_SZ */, 4096)   // the smallest pipe: tight pacing
        #if SDLHAPTICS_SDL3
        // SDL3 reads the environment once, into its own copy: the driver is chosen with hints instead.
        for (name, value) in [(SDL_HINT_AUDIO_DRIVER, "disk"), (SDL_HINT_AUDIO_DISK_OUTPUT_FILE, file.path),
                              (SDL_HINT_AUDIO_DISK_TIMESCALE, "0")] {
            SDL_SetHintWithPriority(name, value, SDL_HINT_OVERRIDE)
        }
        #else
        for (name, value) in [("SDL_AUDIODRIVER", "disk"), ("SDL_DISKAUDIOFILE", file.path), ("SDL_DISKAUDIODELAY", "0")] {
            saved[name] = getenv(name).map { String(cString: $0) }
            setenv(name, value, 1)
        }
        #endif
        let thread = Thread { [self] in readLoop(fd) }
        thread.start()
    }

    private func readLoop(_ fd: Int32) {
        var chunk = [UInt8](repeating: 0, count: 4096)
        var sawWriter = false
        while true {
            condition.lock()
            while bytes.count >= allowance { condition.wait() }
            let room = min(chunk.count, allowance - bytes.count)
            condition.unlock()
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, room) }
            if count > 0 {
                sawWriter = true
                condition.lock()
                bytes += chunk[0..<count]
                condition.broadcast()
                condition.unlock()
            } else if count == 0 && sawWriter {
                break                      // the device closed its end
            } else {
                usleep(200)               // no writer yet (or interrupted): try again
            }
        }
        close(fd)
        condition.lock()
        reachedEnd = true
        condition.broadcast()
        condition.unlock()
    }

    /// Lets the reader drain freely (before closing the device, which waits for SDL's audio thread,
    /// which may be waiting for the reader), puts the environment back and deletes the folder.
    func finish() {
        stopPacing()
        #if SDLHAPTICS_SDL3
        for name in [SDL_HINT_AUDIO_DRIVER, SDL_HINT_AUDIO_DISK_OUTPUT_FILE, SDL_HINT_AUDIO_DISK_TIMESCALE] { SDL_ResetHint(name) }
        #endif
        for (name, value) in saved {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// The configuration the tests open the device with: 48 kHz, 512-frame buffers, a lookahead of
    /// 3/64 s (a whole number of 1/64 s game frames, so rumble delays line up exactly).
    static func configuration(channels: Int = 2) -> SDLAudioConfiguration {
        var configuration = SDLAudioConfiguration()
        configuration.sampleRate = 48_000
        configuration.bufferFrames = 512
        configuration.channels = channels
        configuration.lookaheadSeconds = 3.0 / 64.0
        return configuration
    }

    /// A game time and the byte count read by then: from there on the reader takes exactly the
    /// game's time's worth of frames.
    private var anchor: (time: Double, bytes: Int)?

    /// Runs one game update at `time`, then lets the device render the frames up to `time + step`
    /// on the game clock's scale and waits until they have come through the pipe. Before the first
    /// pace the reader drains freely; `stopPacing()` lets it drain freely again.
    func pace(_ haptics: GameHaptics, to time: Double, step: Double = 1.0 / 64.0) {
        haptics.update(at: time)
        guard let audio = haptics.audio.output else { return }
        let frameBytes = 4 * audio.channelCount
        condition.lock()
        if anchor == nil { anchor = (time, bytes.count) }
        let frames = Int(((time + step - anchor!.time) * audio.sampleRate).rounded())
        allowance = anchor!.bytes + frames * frameBytes
        condition.broadcast()
        while bytes.count < allowance && !reachedEnd { condition.wait() }
        condition.unlock()
    }

    /// Lets the reader drain freely (call before `disableAudio`). Idempotent.
    func stopPacing() {
        condition.lock()
        allowance = Int.max
        condition.broadcast()
        condition.unlock()
    }

    /// Buffers of silence SDL wrote after our last one when the device closed (0 or 1), as found by
    /// the last `readRendered(_:alignOn:)`.
    private(set) var trailingBuffers = 0

    /// The samples our callback rendered, from the whole stream once the device closed (the silent
    /// prefix removed): interleaved floats, frame n is the callback's frame n.
    ///
    /// The prefix is the stream's frames minus the frames the callback rendered, or one buffer less
    /// when SDL wrote its extra closing buffer (see the type's note). With `alignOn` (a frame where
    /// a sound starts, from the onset log) the one candidate where the sound starts on that frame is
    /// taken; without it, the first.
    func readRendered(_ audio: SDLAudioOutput, alignOn frame: Int64? = nil) throws -> [Float] {
        stopPacing()
        condition.lock()
        while !reachedEnd { condition.wait() }
        let data = bytes
        condition.unlock()
        let channels = audio.channelCount
        var samples = [Float](repeating: 0, count: data.count / 4)
        _ = samples.withUnsafeMutableBytes { data.copyBytes(to: $0) }
        let fileFrames = samples.count / channels
        let difference = fileFrames - Int(audio.framesRendered)
        precondition(difference >= 0, "the stream holds fewer frames than the callback rendered")
        let candidates = [difference, difference - audio.bufferFrames].filter { $0 >= 0 }
        func rendered(_ prefix: Int) -> [Float] {
            Array(samples[(prefix * channels)..<((prefix + Int(audio.framesRendered)) * channels)])
        }
        trailingBuffers = 0
        guard let frame = frame.map(Int.init), frame > 0, frame < Int(audio.framesRendered) else {
            return rendered(difference)
        }
        for (index, prefix) in candidates.enumerated() {
            let first = rendered(prefix)
            if first[frame * channels] != 0 && first[(frame - 1) * channels] == 0 {
                trailingBuffers = index
                return first
            }
        }
        return rendered(difference)
    }

    // MARK: - WAV files written by hand

    /// A RIFF/WAVE file: `format` 1 (PCM) or 3 (IEEE float), the given fields, and `data`.
    static func wav(format: UInt16 = 1, channels: UInt16 = 1, rate: UInt32 = 48_000, bits: UInt16 = 16,
                    data: [UInt8], declaredDataBytes: UInt32? = nil) -> [UInt8] {
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * UInt32($0))) & 0xFF) } }
        let blockAlign = channels * bits / 8
        var bytes: [UInt8] = Array("RIFF".utf8) + le32(UInt32(36 + data.count)) + Array("WAVE".utf8)
        bytes += Array("fmt ".utf8) + le32(16) + le16(format) + le16(channels) + le32(rate)
        bytes += le32(rate * UInt32(blockAlign)) + le16(blockAlign) + le16(bits)
        bytes += Array("data".utf8) + le32(declaredDataBytes ?? UInt32(data.count)) + data
        return bytes
    }

    /// 16-bit PCM mono samples at 48 kHz.
    static func pcm16(_ values: [Int16]) -> [UInt8] {
        wav(data: values.flatMap { [UInt8(UInt16(bitPattern: $0) & 0xFF), UInt8(UInt16(bitPattern: $0) >> 8)] })
    }

    /// Writes `bytes` to `name` inside the folder (creating subfolders) and returns its path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url.path
    }
}

extension Array where Element == Float {
    /// Channel `channel` of interleaved samples with `channels` channels.
    func channel(_ channel: Int, of channels: Int) -> [Float] {
        stride(from: channel, to: count, by: channels).map { self[$0] }
    }

    /// Largest magnitude in `range` (clamped to the array).
    func peak(_ range: Range<Int>) -> Float {
        let lower = Swift.max(0, range.lowerBound), upper = Swift.min(count, range.upperBound)
        guard lower < upper else { return 0 }
        return self[lower..<upper].reduce(0) { Swift.max($0, abs($1)) }
    }

    /// Frequency from rising zero crossings in `range`, Hz (linear interpolation between samples).
    func frequency(in range: Range<Int>, sampleRate: Double) -> Double {
        var crossings: [Double] = []
        let lower = Swift.max(1, range.lowerBound), upper = Swift.min(count, range.upperBound)
        guard lower < upper else { return 0 }
        for index in lower..<upper where self[index - 1] < 0 && self[index] >= 0 {
            let a = Double(self[index - 1]), b = Double(self[index])
            crossings.append(Double(index - 1) + (-a) / (b - a))
        }
        guard crossings.count >= 2 else { return 0 }
        return Double(crossings.count - 1) / ((crossings.last! - crossings.first!) / sampleRate)
    }
}

extension BidirectionalCollection where Element == Float, Index == Int {
    /// Index of the first non-zero sample, or nil.
    func firstAudible() -> Int? { firstIndex { $0 != 0 } }

    /// Index of the last non-zero sample, or nil.
    func lastAudible() -> Int? { lastIndex { $0 != 0 } }
}
