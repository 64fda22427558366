import CHapticsSDL3
@_spi(HapticsTools) import Haptics
import HapticsFrontEnd

/// The front end's SDL3 backend (`SDLBackend`): each requirement is the SDL 3.2+ call, read from SDL3's
/// own headers (functions return `bool`; gamepads are opened by joystick id; capabilities are gamepad
/// properties; the PlayStation rumble hints became `SDL_HINT_JOYSTICK_ENHANCED_REPORTS`; the sound
/// device is an audio stream). Nothing decides anything here. Contracts are the protocol's.
package enum SDL3Backend: SDLBackend {
    package static var displayName: String { "SDL 3" }

    // MARK: - Clock

    package static func ticks() -> UInt64 { SDL_GetTicks() }
    package static func performanceCounter() -> UInt64 { SDL_GetPerformanceCounter() }
    package static func performanceFrequency() -> UInt64 { SDL_GetPerformanceFrequency() }

    // MARK: - Subsystems

    /// SDL3 has one hint for what SDL2's two PlayStation rumble hints did: the enhanced report mode
    /// that Bluetooth DualShock 4 and DualSense pads need for rumble and effects.
    package static func applyHints(playStationBluetoothRumble: Bool) {
        guard playStationBluetoothRumble else { return }
        SDL_SetHint(SDL_HINT_JOYSTICK_ENHANCED_REPORTS, "1")
    }

    package static func startSubsystems(audio: Bool) throws(SDLError) -> any SDLSubsystemHold {
        try SDLSubsystems(audio ? [.audio] : [.gameController, .events])
    }

    package static func isGamepadSubsystemRunning() -> Bool { SDL_WasInit(SDL_INIT_GAMEPAD) != 0 }

    // MARK: - Pads

    package static func connectedPads() -> [PadArrival] {
        var count: Int32 = 0
        guard let ids = SDL_GetGamepads(&count) else { return [] }
        defer { SDL_free(ids) }
        return (0..<Int(count)).map { PadArrival(Int64(ids[$0])) }
    }

    package static func openPad(_ arrival: PadArrival, unlessOpen isOpen: (Int32) -> Bool) -> OpenedPad? {
        guard let id = SDL_JoystickID(exactly: arrival.value), id != 0, SDL_IsGamepad(id) else { return nil }
        let instanceID = Int32(bitPattern: id)
        guard !isOpen(instanceID), let gamepad = SDL_OpenGamepad(id) else { return nil }
        let properties = SDL_GetGamepadProperties(gamepad)
        let guid = SDL_GetGamepadGUIDForID(id)
        let bus = ControllerBus(guidBytes: guid.data.0, guid.data.1)
        // SDL3 has no "virtual" gamepad type: a virtual pad that claims no known pad is one by its bus.
        let kind = ControllerKind(SDL_GetGamepadType(gamepad))
        return OpenedPad(pad: gamepad, instanceID: instanceID,
                         name: SDL_GetGamepadName(gamepad).map { String(cString: $0) } ?? "Gamepad",
                         kind: kind == .other && bus == .virtual ? .virtual : kind,
                         bus: bus,
                         hasRumble: SDL_GetBooleanProperty(properties, SDL_PROP_JOYSTICK_CAP_RUMBLE_BOOLEAN, false),
                         hasTriggerRumble: SDL_GetBooleanProperty(properties, SDL_PROP_JOYSTICK_CAP_TRIGGER_RUMBLE_BOOLEAN, false),
                         guid: withUnsafeBytes(of: guid.data) { ControllerBus.hex($0) })
    }

    package static func closePad(_ pad: OpaquePointer) { SDL_CloseGamepad(pad) }

    package static func setPlayerIndex(_ pad: OpaquePointer, _ player: Int32) { _ = SDL_SetGamepadPlayerIndex(pad, player) }

    package static func batteryLevel(_ pad: OpaquePointer) -> PadBatteryLevel {
        var percent: Int32 = -1
        return PadBatteryLevel(SDL_GetGamepadPowerInfo(pad, &percent), percent: percent)
    }

    package static func rumble(_ pad: OpaquePointer, low: UInt16, high: UInt16, milliseconds: UInt32) -> Bool {
        SDL_RumbleGamepad(pad, low, high, milliseconds)
    }

    package static func rumbleTriggers(_ pad: OpaquePointer, left: UInt16, right: UInt16, milliseconds: UInt32) -> Bool {
        SDL_RumbleGamepadTriggers(pad, left, right, milliseconds)
    }

    package static func sendEffect(_ pad: OpaquePointer, _ bytes: UnsafeRawBufferPointer) -> Bool {
        SDL_SendGamepadEffect(pad, bytes.baseAddress, Int32(bytes.count))
    }

    package static func triggerPress(_ pad: OpaquePointer, left: Bool) -> Double {
        let axis = left ? SDL_GAMEPAD_AXIS_LEFT_TRIGGER : SDL_GAMEPAD_AXIS_RIGHT_TRIGGER
        return max(Double(SDL_GetGamepadAxis(pad, axis)) / 32767, 0)
    }

    /// SDL3 lists its joysticks by id (`SDL_GetJoysticks`, one array SDL allocates and this frees);
    /// SDL2's version walks device indices. The rest is the same rule.
    package static func stopEveryOpenPad(triggersOff: UnsafeRawBufferPointer) {
        guard SDL_WasInit(SDL_INIT_JOYSTICK) != 0 else { return }
        SDL_LockJoysticks()
        defer { SDL_UnlockJoysticks() }
        var count: Int32 = 0
        guard let ids = SDL_GetJoysticks(&count) else { return }
        defer { SDL_free(ids) }
        for index in 0..<Int(count) {
            guard let joystick = SDL_GetJoystickFromID(ids[index]) else { continue }   // not open
            let properties = SDL_GetJoystickProperties(joystick)
            // A level of 1 first: SDL passes the (0,0) on even when it believes the pad is there already.
            if SDL_GetBooleanProperty(properties, SDL_PROP_JOYSTICK_CAP_RUMBLE_BOOLEAN, false) {
                _ = SDL_RumbleJoystick(joystick, 1, 1, 0)
                _ = SDL_RumbleJoystick(joystick, 0, 0, 0)
            }
            if SDL_GetBooleanProperty(properties, SDL_PROP_JOYSTICK_CAP_TRIGGER_RUMBLE_BOOLEAN, false) {
                _ = SDL_RumbleJoystickTriggers(joystick, 1, 1, 0)
                _ = SDL_RumbleJoystickTriggers(joystick, 0, 0, 0)
            }
            if SDL_GetGamepadTypeForID(ids[index]) == SDL_GAMEPAD_TYPE_PS5 {
                _ = SDL_SendJoystickEffect(joystick, triggersOff.baseAddress, Int32(triggersOff.count))
            }
        }
    }

    package static func lockPads() { SDL_LockJoysticks() }
    package static func unlockPads() { SDL_UnlockJoysticks() }

    // MARK: - Events

    /// What `event` means to the front end, or nil for every event it ignores. O(1), no allocation.
    static func translate(_ event: SDL_Event) -> FrontEndEvent? {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_EVENT_GAMEPAD_ADDED: return .padAdded(PadArrival(Int64(event.gdevice.which)))
        case SDL_EVENT_GAMEPAD_REMOVED: return .padRemoved(instanceID: Int32(bitPattern: event.gdevice.which))
        case SDL_EVENT_JOYSTICK_BATTERY_UPDATED:
            return .battery(instanceID: Int32(bitPattern: event.jbattery.which),
                            PadBatteryLevel(event.jbattery.state, percent: event.jbattery.percent))
        case SDL_EVENT_WINDOW_FOCUS_LOST, SDL_EVENT_WILL_ENTER_BACKGROUND: return .focus(false)
        case SDL_EVENT_WINDOW_FOCUS_GAINED, SDL_EVENT_DID_ENTER_FOREGROUND: return .focus(true)
        default: return nil
        }
    }

    // MARK: - Sound

    package static func openAudioDevice(_ configuration: SDLAudioConfiguration, render: AudioRenderTarget) throws(SDLError) -> any AudioDeviceHandle {
        try SDL3AudioDevice(configuration, render: render)
    }

    package static func decodeWAV(_ bytes: [UInt8], sampleRate: Int, limits: WaveformLimits, name: String,
                                  failure: (String) -> WaveformLoadError) throws(WaveformLoadError) -> AudioWaveform {
        var spec = SDL_AudioSpec()
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        var length: UInt32 = 0
        let decoded = bytes.withUnsafeBytes { raw -> Bool in
            guard let io = SDL_IOFromConstMem(raw.baseAddress, raw.count) else { return false }
            return SDL_LoadWAV_IO(io, true, &spec, &buffer, &length)
        }
        guard decoded, let buffer else { throw failure("SDL could not decode it: \(String(cString: SDL_GetError()))") }
        defer { SDL_free(buffer) }
        let bytesPerSample = Int(spec.format.rawValue & 0xFF) / 8   // SDL_AUDIO_BITSIZE
        let frameBytes = bytesPerSample * Int(spec.channels)
        guard frameBytes > 0, spec.freq > 0 else { throw failure("SDL reported an empty format") }
        let sourceFrames = Int(length) / frameBytes
        try WaveformFiles.check(sourceRate: Int(spec.freq), frames: sourceFrames, sampleRate: sampleRate, limits: limits, failure: failure)
        let channels = spec.channels == 1 ? 1 : 2
        var output = SDL_AudioSpec(format: SDL_AUDIO_F32, channels: Int32(channels), freq: Int32(sampleRate))
        guard let stream = SDL_CreateAudioStream(&spec, &output) else {
            throw failure("SDL cannot convert it: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_DestroyAudioStream(stream) }
        // The same tail of silence as on SDL2, so the resampler hands out the whole sound after a
        // flush; the output is cut to the exact converted length.
        let expectedFrames = WaveformFiles.expectedFrames(sourceFrames, from: Int(spec.freq), to: sampleRate)
        let paddingFrames = WaveformFiles.paddingFrames(from: Int(spec.freq), to: sampleRate)
        let padding = [UInt8](repeating: spec.format == SDL_AUDIO_U8 ? 0x80 : 0, count: paddingFrames * frameBytes)
        guard SDL_PutAudioStreamData(stream, buffer, Int32(length)),
              padding.withUnsafeBytes({ SDL_PutAudioStreamData(stream, $0.baseAddress, Int32($0.count)) }),
              SDL_FlushAudioStream(stream) else {
            throw failure("SDL cannot convert it: \(String(cString: SDL_GetError()))")
        }
        var samples: [Float] = []
        samples.reserveCapacity(max(Int(SDL_GetAudioStreamAvailable(stream)), 0) / MemoryLayout<Float>.size)
        var chunk = [Float](repeating: 0, count: 16_384)
        while true {
            let got = chunk.withUnsafeMutableBytes { Int(SDL_GetAudioStreamData(stream, $0.baseAddress, Int32($0.count))) }
            guard got >= 0 else { throw failure("SDL cannot convert it: \(String(cString: SDL_GetError()))") }
            if got == 0 { break }
            samples += chunk[0..<(got / MemoryLayout<Float>.size)]
        }
        return try WaveformFiles.waveform(samples, channels: channels, expectedFrames: expectedFrames, sampleRate: sampleRate,
                                          name: name, failure: failure)
    }
}

extension PadBatteryLevel {
    /// SDL3 reports a percentage where SDL2 reported levels; SDL2's levels were "empty" up to 5 % and
    /// "low" up to 20 %, and those bounds are kept. Unknown (no battery, wired, -1 %): `.other`.
    init(_ state: SDL_PowerState, percent: Int32) {
        guard state == SDL_POWERSTATE_ON_BATTERY, percent >= 0 else { self = .other; return }
        self = percent <= 5 ? .empty : percent <= 20 ? .low : .other
    }
}

extension ControllerKind {
    init(_ type: SDL_GamepadType) {
        switch type {
        case SDL_GAMEPAD_TYPE_XBOX360: self = .xbox360
        case SDL_GAMEPAD_TYPE_XBOXONE: self = .xboxOne
        case SDL_GAMEPAD_TYPE_PS3: self = .ps3
        case SDL_GAMEPAD_TYPE_PS4: self = .ps4
        case SDL_GAMEPAD_TYPE_PS5: self = .ps5
        case SDL_GAMEPAD_TYPE_NINTENDO_SWITCH_PRO: self = .switchPro
        case SDL_GAMEPAD_TYPE_NINTENDO_SWITCH_JOYCON_LEFT, SDL_GAMEPAD_TYPE_NINTENDO_SWITCH_JOYCON_RIGHT,
             SDL_GAMEPAD_TYPE_NINTENDO_SWITCH_JOYCON_PAIR: self = .joyCon
        default: self = .other
        }
    }
}
