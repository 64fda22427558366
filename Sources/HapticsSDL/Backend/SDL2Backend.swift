import CHapticsSDL2
@_spi(HapticsTools) import Haptics
import HapticsFrontEnd

/// The front end's SDL2 backend (`SDLBackend`): each requirement is the SDL 2.26 call, and nothing
/// decides anything here. Contracts (threads, cost, units) are the protocol's.
package enum SDL2Backend: SDLBackend {
    package static var displayName: String { "SDL 2" }

    // MARK: - Clock

    package static func ticks() -> UInt64 { SDL_GetTicks64() }
    package static func performanceCounter() -> UInt64 { SDL_GetPerformanceCounter() }
    package static func performanceFrequency() -> UInt64 { SDL_GetPerformanceFrequency() }

    // MARK: - Subsystems

    package static func applyHints(playStationBluetoothRumble: Bool) {
        guard playStationBluetoothRumble else { return }
        SDL_SetHint(SDL_HINT_JOYSTICK_HIDAPI_PS4_RUMBLE, "1")
        SDL_SetHint(SDL_HINT_JOYSTICK_HIDAPI_PS5_RUMBLE, "1")
    }

    package static func startSubsystems(audio: Bool) throws(SDLError) -> any SDLSubsystemHold {
        do { return try SDLSubsystems(audio ? [.audio] : [.gameController, .events]) } catch let error as SDLError { throw error } catch {
            throw SDLError(operation: audio ? "SDL_InitSubSystem(AUDIO)" : "SDL_InitSubSystem", message: "\(error)")
        }
    }

    package static func isGamepadSubsystemRunning() -> Bool { SDL_WasInit(UInt32(SDL_INIT_GAMECONTROLLER)) != 0 }

    // MARK: - Pads

    package static func connectedPads() -> [PadArrival] { (0..<SDL_NumJoysticks()).map { PadArrival(Int64($0)) } }

    package static func openPad(_ arrival: PadArrival, unlessOpen isOpen: (Int32) -> Bool) -> OpenedPad? {
        guard let deviceIndex = Int32(exactly: arrival.value), SDL_IsGameController(deviceIndex) == SDL_TRUE else { return nil }
        let instanceID = SDL_JoystickGetDeviceInstanceID(deviceIndex)
        guard instanceID >= 0, !isOpen(instanceID) else { return nil }
        guard let controller = SDL_GameControllerOpen(deviceIndex) else { return nil }
        let guid = SDL_JoystickGetGUID(SDL_GameControllerGetJoystick(controller))
        return OpenedPad(pad: controller, instanceID: instanceID,
                         name: SDL_GameControllerName(controller).map { String(cString: $0) } ?? "Game controller",
                         kind: ControllerKind(SDL_GameControllerGetType(controller)),
                         bus: ControllerBus(guidBytes: guid.data.0, guid.data.1),
                         hasRumble: SDL_GameControllerHasRumble(controller) == SDL_TRUE,
                         hasTriggerRumble: SDL_GameControllerHasRumbleTriggers(controller) == SDL_TRUE,
                         guid: withUnsafeBytes(of: guid.data) { ControllerBus.hex($0) })
    }

    package static func closePad(_ pad: OpaquePointer) { SDL_GameControllerClose(pad) }

    package static func setPlayerIndex(_ pad: OpaquePointer, _ player: Int32) { SDL_GameControllerSetPlayerIndex(pad, player) }

    package static func batteryLevel(_ pad: OpaquePointer) -> PadBatteryLevel {
        PadBatteryLevel(SDL_JoystickCurrentPowerLevel(SDL_GameControllerGetJoystick(pad)))
    }

    package static func rumble(_ pad: OpaquePointer, low: UInt16, high: UInt16, milliseconds: UInt32) -> Bool {
        SDL_GameControllerRumble(pad, low, high, milliseconds) == 0
    }

    package static func rumbleTriggers(_ pad: OpaquePointer, left: UInt16, right: UInt16, milliseconds: UInt32) -> Bool {
        SDL_GameControllerRumbleTriggers(pad, left, right, milliseconds) == 0
    }

    package static func sendEffect(_ pad: OpaquePointer, _ bytes: UnsafeRawBufferPointer) -> Bool {
        SDL_GameControllerSendEffect(pad, bytes.baseAddress, Int32(bytes.count)) == 0
    }

    package static func triggerPress(_ pad: OpaquePointer, left: Bool) -> Double {
        let axis = left ? SDL_CONTROLLER_AXIS_TRIGGERLEFT : SDL_CONTROLLER_AXIS_TRIGGERRIGHT
        return max(Double(SDL_GameControllerGetAxis(pad, axis)) / 32767, 0)
    }

    package static func stopEveryOpenPad(triggersOff: UnsafeRawBufferPointer) {
        guard SDL_WasInit(UInt32(SDL_INIT_JOYSTICK)) != 0 else { return }
        SDL_LockJoysticks()
        defer { SDL_UnlockJoysticks() }
        let count = SDL_NumJoysticks()
        var index: Int32 = 0
        while index < count {
            if let joystick = SDL_JoystickFromInstanceID(SDL_JoystickGetDeviceInstanceID(index)) {
                // SDL skips a call whose levels equal the last it recorded, and records them only after
                // the driver took them: when this runs in the middle of a rumble call (an exit from a
                // signal handler), SDL may believe the pad is at (0,0) while its driver got more. A
                // level of 1 first (1/65535, for an instant) makes SDL pass the (0,0) on, always.
                if SDL_JoystickHasRumble(joystick) == SDL_TRUE {
                    _ = SDL_JoystickRumble(joystick, 1, 1, 0)
                    _ = SDL_JoystickRumble(joystick, 0, 0, 0)
                }
                if SDL_JoystickHasRumbleTriggers(joystick) == SDL_TRUE {
                    _ = SDL_JoystickRumbleTriggers(joystick, 1, 1, 0)
                    _ = SDL_JoystickRumbleTriggers(joystick, 0, 0, 0)
                }
                if SDL_GameControllerTypeForIndex(index) == SDL_CONTROLLER_TYPE_PS5 {
                    _ = SDL_JoystickSendEffect(joystick, triggersOff.baseAddress, Int32(triggersOff.count))
                }
            }
            index += 1
        }
    }

    package static func lockPads() { SDL_LockJoysticks() }
    package static func unlockPads() { SDL_UnlockJoysticks() }

    // MARK: - Events

    /// What `event` means to the front end, or nil for every event it ignores. O(1), no allocation.
    static func translate(_ event: SDL_Event) -> FrontEndEvent? {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_CONTROLLERDEVICEADDED: return .padAdded(PadArrival(Int64(event.cdevice.which)))
        case SDL_CONTROLLERDEVICEREMOVED: return .padRemoved(instanceID: event.cdevice.which)
        case SDL_JOYBATTERYUPDATED: return .battery(instanceID: event.jbattery.which, PadBatteryLevel(event.jbattery.level))
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(rawValue: UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_FOCUS_LOST: return .focus(false)
            case SDL_WINDOWEVENT_FOCUS_GAINED: return .focus(true)
            default: return nil
            }
        case SDL_APP_WILLENTERBACKGROUND: return .focus(false)
        case SDL_APP_DIDENTERFOREGROUND: return .focus(true)
        default: return nil
        }
    }

    // MARK: - Sound

    package static func openAudioDevice(_ configuration: SDLAudioConfiguration, render: AudioRenderTarget) throws(SDLError) -> any AudioDeviceHandle {
        try SDL2AudioDevice(configuration, render: render)
    }

    /// Float32 in this machine's byte order.
    static var floatFormat: SDL_AudioFormat {
        SDL_AudioFormat(UInt16(littleEndian: 1) == 1 ? AUDIO_F32LSB : AUDIO_F32MSB)
    }

    package static func decodeWAV(_ bytes: [UInt8], sampleRate: Int, limits: WaveformLimits, name: String,
                                  failure: (String) -> WaveformLoadError) throws(WaveformLoadError) -> AudioWaveform {
        var spec = SDL_AudioSpec()
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        var length: UInt32 = 0
        let decoded = bytes.withUnsafeBytes { raw -> Bool in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return false }
            return SDL_LoadWAV_RW(rw, 1, &spec, &buffer, &length) != nil
        }
        guard decoded, let buffer else { throw failure("SDL could not decode it: \(String(cString: SDL_GetError()))") }
        defer { SDL_FreeWAV(buffer) }
        let bytesPerSample = Int(spec.format & 0xFF) / 8
        let frameBytes = bytesPerSample * Int(spec.channels)
        guard frameBytes > 0, spec.freq > 0 else { throw failure("SDL reported an empty format") }
        let sourceFrames = Int(length) / frameBytes
        try WaveformFiles.check(sourceRate: Int(spec.freq), frames: sourceFrames, sampleRate: sampleRate, limits: limits, failure: failure)
        let channels = spec.channels == 1 ? 1 : 2
        guard let stream = SDL_NewAudioStream(spec.format, spec.channels, spec.freq,
                                              floatFormat, UInt8(channels), Int32(sampleRate)) else {
            throw failure("SDL cannot convert it: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeAudioStream(stream) }
        // SDL 2.26's resampler keeps the last few hundred frames back even after a flush (512 frames
        // of the sound's rate, more when it downsamples), so a tail of silence goes in after the sound
        // and the output is cut to the exact converted length (`WaveformFiles.paddingFrames`).
        let expectedFrames = WaveformFiles.expectedFrames(sourceFrames, from: Int(spec.freq), to: sampleRate)
        let paddingFrames = WaveformFiles.paddingFrames(from: Int(spec.freq), to: sampleRate)
        let padding = [UInt8](repeating: spec.format == SDL_AudioFormat(AUDIO_U8) ? 0x80 : 0, count: paddingFrames * frameBytes)
        guard SDL_AudioStreamPut(stream, buffer, Int32(length)) == 0,
              padding.withUnsafeBytes({ SDL_AudioStreamPut(stream, $0.baseAddress, Int32($0.count)) }) == 0,
              SDL_AudioStreamFlush(stream) == 0 else {
            throw failure("SDL cannot convert it: \(String(cString: SDL_GetError()))")
        }
        // The stream may hand its output out in several pieces after a flush: read until it is empty.
        var samples: [Float] = []
        samples.reserveCapacity(Int(SDL_AudioStreamAvailable(stream)) / MemoryLayout<Float>.size)
        var chunk = [Float](repeating: 0, count: 16_384)
        while true {
            let got = chunk.withUnsafeMutableBytes { Int(SDL_AudioStreamGet(stream, $0.baseAddress, Int32($0.count))) }
            guard got >= 0 else { throw failure("SDL cannot convert it: \(String(cString: SDL_GetError()))") }
            if got == 0 { break }
            samples += chunk[0..<(got / MemoryLayout<Float>.size)]
        }
        return try WaveformFiles.waveform(samples, channels: channels, expectedFrames: expectedFrames, sampleRate: sampleRate,
                                          name: name, failure: failure)
    }
}

extension SDLSubsystems: SDLSubsystemHold {}

extension PadBatteryLevel {
    init(_ level: SDL_JoystickPowerLevel) {
        switch level {
        case SDL_JOYSTICK_POWER_LOW: self = .low
        case SDL_JOYSTICK_POWER_EMPTY: self = .empty
        default: self = .other
        }
    }
}

extension ControllerKind {
    init(_ type: SDL_GameControllerType) {
        switch type {
        case SDL_CONTROLLER_TYPE_XBOX360: self = .xbox360
        case SDL_CONTROLLER_TYPE_XBOXONE: self = .xboxOne
        case SDL_CONTROLLER_TYPE_PS3: self = .ps3
        case SDL_CONTROLLER_TYPE_PS4: self = .ps4
        case SDL_CONTROLLER_TYPE_PS5: self = .ps5
        case SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_PRO: self = .switchPro
        case SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_JOYCON_LEFT, SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_JOYCON_RIGHT,
             SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_JOYCON_PAIR: self = .joyCon
        case SDL_CONTROLLER_TYPE_VIRTUAL: self = .virtual
        default: self = .other
        }
    }
}

/// SDL2's callback device: 32-bit float, the configured channels, SDL's rate
/// (`SDL_AUDIO_ALLOW_FREQUENCY_CHANGE`); the callback renders the target's mixer.
final class SDL2AudioDevice: AudioDeviceHandle {
    let sampleRate: Double
    let channelCount: Int
    let bufferFrames: Int
    private let deviceID: SDL_AudioDeviceID
    private var subsystems: (any SDLSubsystemHold)?
    private let target: AudioRenderTarget
    private var isOpen = true

    init(_ configuration: SDLAudioConfiguration, render target: AudioRenderTarget) throws(SDLError) {
        subsystems = try SDL2Backend.startSubsystems(audio: true)
        self.target = target
        var desired = SDL_AudioSpec()
        desired.freq = Int32(configuration.sampleRate)
        desired.format = SDL2Backend.floatFormat
        desired.channels = UInt8(configuration.channels)
        desired.samples = UInt16(configuration.bufferFrames)
        desired.callback = sdlHapticsAudioCallback
        desired.userdata = Unmanaged.passUnretained(target).toOpaque()
        var obtained = SDL_AudioSpec()
        let id = configuration.deviceName.map { name in
            name.withCString { SDL_OpenAudioDevice($0, 0, &desired, &obtained, Int32(SDL_AUDIO_ALLOW_FREQUENCY_CHANGE)) }
        } ?? SDL_OpenAudioDevice(nil, 0, &desired, &obtained, Int32(SDL_AUDIO_ALLOW_FREQUENCY_CHANGE))
        guard id != 0 else {
            let error = SDLError.current("SDL_OpenAudioDevice")
            subsystems?.stop()
            throw error
        }
        deviceID = id
        sampleRate = Double(obtained.freq)
        channelCount = Int(desired.channels)
        bufferFrames = Int(obtained.samples)
    }

    func start() { SDL_PauseAudioDevice(deviceID, 0) }

    func close() {
        guard isOpen else { return }
        isOpen = false
        SDL_CloseAudioDevice(deviceID)
        subsystems?.stop()
        subsystems = nil
    }

    deinit { close() }
}

/// The audio callback: renders the mixer into SDL's buffer. No allocation, no lock, no I/O; the
/// target is reached without retaining it (the output keeps it alive until the device is closed).
private func sdlHapticsAudioCallback(_ userdata: UnsafeMutableRawPointer?, _ stream: UnsafeMutablePointer<UInt8>?,
                                     _ length: Int32) {
    guard let userdata, let stream else { return }
    let ticks = SDL_GetPerformanceCounter()
    Unmanaged<AudioRenderTarget>.fromOpaque(userdata)._withUnsafeGuaranteedRef { target in
        let floats = Int(length) / MemoryLayout<Float>.size
        guard let mixer = target.mixer else {
            stream.update(repeating: 0, count: Int(length))
            return
        }
        stream.withMemoryRebound(to: Float.self, capacity: floats) { samples in
            mixer.render(into: samples, frameCount: floats / mixer.channelCount, hostTicks: ticks)
        }
    }
}
