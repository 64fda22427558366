import CHapticsSDL3
@_spi(HapticsTools) import Haptics
import HapticsFrontEnd

/// SDL3's sound device for `SDLAudioOutput`: an audio stream on the device (`SDL_OpenAudioDeviceStream`)
/// whose callback renders the front end's mixer. Like SDL2's `SDL_AUDIO_ALLOW_FREQUENCY_CHANGE`, the
/// stream's input takes the rate the device runs at (so the mixer's frames are the device's frames and
/// nothing is resampled between the clock and the speaker); the channels are the configured ones (SDL
/// maps them if the device has fewer). The buffer size is asked for with
/// `SDL_HINT_AUDIO_DEVICE_SAMPLE_FRAMES` (the game's own value of the hint is put back after opening).
final class SDL3AudioDevice: AudioDeviceHandle {
    let sampleRate: Double
    let channelCount: Int
    let bufferFrames: Int
    private var stream: OpaquePointer?
    private var subsystems: (any SDLSubsystemHold)?
    private let context: CallbackContext

    /// What the callback reaches through SDL's userdata: the render target and a buffer allocated once.
    final class CallbackContext: @unchecked Sendable {
        let target: AudioRenderTarget
        let channels: Int
        let capacityFrames: Int
        let scratch: UnsafeMutablePointer<Float>

        init(target: AudioRenderTarget, channels: Int, capacityFrames: Int) {
            self.target = target
            self.channels = channels
            self.capacityFrames = capacityFrames
            scratch = .allocate(capacity: capacityFrames * channels)
            scratch.initialize(repeating: 0, count: capacityFrames * channels)
        }

        deinit { scratch.deallocate() }
    }

    init(_ configuration: SDLAudioConfiguration, render target: AudioRenderTarget) throws(SDLError) {
        subsystems = try SDL3Backend.startSubsystems(audio: true)
        var device = SDL_AudioDeviceID(0xFFFF_FFFF)   // SDL_AUDIO_DEVICE_DEFAULT_PLAYBACK
        if let name = configuration.deviceName {
            guard let found = Self.playbackDevice(named: name) else {
                subsystems?.stop()
                throw SDLError(operation: "SDL_OpenAudioDeviceStream", message: "no playback device is named \"\(name)\"")
            }
            device = found
        }
        let previousFrames = SDL_GetHint(SDL_HINT_AUDIO_DEVICE_SAMPLE_FRAMES).map { String(cString: $0) }
        SDL_SetHint(SDL_HINT_AUDIO_DEVICE_SAMPLE_FRAMES, "\(configuration.bufferFrames)")
        var spec = SDL_AudioSpec(format: SDL_AUDIO_F32, channels: Int32(configuration.channels), freq: Int32(configuration.sampleRate))
        // The callback may ask for a few buffers at once; it renders in pieces of this many frames.
        let context = CallbackContext(target: target, channels: configuration.channels,
                                      capacityFrames: max(4 * configuration.bufferFrames, 4096))
        self.context = context
        let opened = SDL_OpenAudioDeviceStream(device, &spec, sdlHapticsAudioStreamCallback,
                                               Unmanaged.passUnretained(context).toOpaque())
        SDL_SetHint(SDL_HINT_AUDIO_DEVICE_SAMPLE_FRAMES, previousFrames)
        guard let opened else {
            let error = SDLError(operation: "SDL_OpenAudioDeviceStream", message: String(cString: SDL_GetError()))
            subsystems?.stop()
            throw error
        }
        stream = opened
        var deviceSpec = SDL_AudioSpec()
        var deviceFrames: Int32 = 0
        if SDL_GetAudioDeviceFormat(SDL_GetAudioStreamDevice(opened), &deviceSpec, &deviceFrames), deviceSpec.freq > 0,
           deviceSpec.freq != spec.freq {
            spec.freq = deviceSpec.freq
            _ = SDL_SetAudioStreamFormat(opened, &spec, nil)
        }
        sampleRate = Double(spec.freq)
        channelCount = configuration.channels
        bufferFrames = deviceFrames > 0 ? Int(deviceFrames) : configuration.bufferFrames
    }

    func start() {
        if let stream { _ = SDL_ResumeAudioStreamDevice(stream) }
    }

    func close() {
        guard let stream else { return }
        self.stream = nil
        SDL_DestroyAudioStream(stream)   // closes the device; the callback never runs again
        subsystems?.stop()
        subsystems = nil
    }

    deinit { close() }

    private static func playbackDevice(named name: String) -> SDL_AudioDeviceID? {
        var count: Int32 = 0
        guard let devices = SDL_GetAudioPlaybackDevices(&count) else { return nil }
        defer { SDL_free(devices) }
        for index in 0..<Int(count) {
            if let deviceName = SDL_GetAudioDeviceName(devices[index]), String(cString: deviceName) == name { return devices[index] }
        }
        return nil
    }
}

/// The stream's callback: renders what SDL asks for (`additional` bytes of float frames) in pieces
/// through the buffer allocated at open, and puts it into the stream. No allocation of ours, no lock,
/// no I/O; the context is reached without retaining it (the device keeps it alive until closed).
private func sdlHapticsAudioStreamCallback(_ userdata: UnsafeMutableRawPointer?, _ stream: OpaquePointer?,
                                           _ additional: Int32, _ total: Int32) {
    guard let userdata, let stream, additional > 0 else { return }
    let ticks = SDL_GetPerformanceCounter()
    Unmanaged<SDL3AudioDevice.CallbackContext>.fromOpaque(userdata)._withUnsafeGuaranteedRef { context in
        let frameBytes = MemoryLayout<Float>.size * context.channels
        var remaining = Int(additional) / frameBytes
        while remaining > 0 {
            let frames = min(remaining, context.capacityFrames)
            context.target.render(into: context.scratch, frameCount: frames, channelCount: context.channels, hostTicks: ticks)
            guard SDL_PutAudioStreamData(stream, context.scratch, Int32(frames * frameBytes)) else { return }
            remaining -= frames
        }
    }
}
