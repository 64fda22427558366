@_spi(HapticsTools) import Haptics

/// What the front end asks of one SDL: everything that differs between SDL2 and SDL3, and nothing
/// that is policy. SDL's own joystick code is built the same way (one front end over a driver
/// vtable); here the front end (`GameHaptics`, `SDLRumbleOutput`'s `RumblePolicy`, the DualSense
/// trigger bytes, the audio clock, the C API's handles) is written once and each SDL is a backend:
/// `SDL2Backend` in `HapticsSDL`, `SDL3Backend` in `HapticsSDL3`. A backend only translates: it
/// makes the call the front end decided and reports what SDL said, in the front end's units.
///
/// Units everywhere: motor levels in SDL's `Uint16` units (0 off, 65535 full; `RumbleLevel` is the one
/// conversion), durations in milliseconds, trigger presses 0...1, the sound device in 32-bit float
/// frames. A pad is the `OpaquePointer` the backend opened (SDL2's `SDL_GameController *`, SDL3's
/// `SDL_Gamepad *`); its id is SDL's joystick instance id as an `Int32` (SDL3's `Uint32` ids keep
/// their bits). Requirements are static: a process links exactly one SDL, so a backend has no state
/// of its own beyond SDL's.
package protocol SDLBackend: Sendable {
    /// "SDL 2" or "SDL 3", for messages.
    static var displayName: String { get }

    // MARK: - Clock

    /// Milliseconds since SDL started (`SDL_GetTicks64` / `SDL_GetTicks`). Any thread; O(1), no allocation.
    static func ticks() -> UInt64
    /// SDL's high-resolution counter. Any thread; O(1), no allocation.
    static func performanceCounter() -> UInt64
    /// Counts per second of `performanceCounter()`. Any thread; O(1).
    static func performanceFrequency() -> UInt64

    // MARK: - Subsystems and version

    /// Sets the hints that must be set before the gamepad subsystem starts: PlayStation rumble over
    /// Bluetooth when `playStationBluetoothRumble` (SDL2: the PS4/PS5 rumble hints; SDL3: enhanced
    /// reports). Game thread; not per frame.
    static func applyHints(playStationBluetoothRumble: Bool)
    /// Starts (reference-counted) the gamepad and event subsystems, or the audio subsystem, after
    /// refusing an SDL older than the backend supports. `stop()` on the result releases exactly that.
    /// Game thread; not per frame.
    /// - Throws: `SDLError` with SDL's message.
    static func startSubsystems(audio: Bool) throws(SDLError) -> any SDLSubsystemHold

    /// Whether SDL's gamepad subsystem is running (for any owner): pads are open only then. Any thread.
    static func isGamepadSubsystemRunning() -> Bool

    // MARK: - Pads

    /// The pads connected now, as pad arrivals to open (called once by `GameHaptics.init`). Game thread.
    static func connectedPads() -> [PadArrival]
    /// Opens the pad of `arrival` and describes it (name, family, bus, rumble capabilities, GUID);
    /// nil when it is not a gamepad, `isOpen` says its instance id is open already, or SDL cannot
    /// open it. Game thread; not per frame.
    static func openPad(_ arrival: PadArrival, unlessOpen isOpen: (Int32) -> Bool) -> OpenedPad?
    /// Closes a pad this backend opened (the front end sent its stop first). Game thread.
    static func closePad(_ pad: OpaquePointer)
    /// Shows `player` (0-based; -1: none) on the pad's lights, where it has them. Game thread.
    static func setPlayerIndex(_ pad: OpaquePointer, _ player: Int32)
    /// The pad's battery as the front end's three levels. Game thread.
    static func batteryLevel(_ pad: OpaquePointer) -> PadBatteryLevel
    /// Body motors (low, high) in SDL's units for `milliseconds` (0: until replaced). False when SDL
    /// refused. Game thread; O(1), no allocation.
    static func rumble(_ pad: OpaquePointer, low: UInt16, high: UInt16, milliseconds: UInt32) -> Bool
    /// Trigger motors (left, right), as `rumble`.
    static func rumbleTriggers(_ pad: OpaquePointer, left: UInt16, right: UInt16, milliseconds: UInt32) -> Bool
    /// Sends device effect bytes (a DualSense's 47-byte effects state) as they are. False when SDL
    /// refused. Game thread, or any thread while `lockPads` is held; no allocation.
    static func sendEffect(_ pad: OpaquePointer, _ bytes: UnsafeRawBufferPointer) -> Bool
    /// How far a trigger is pressed, 0...1. Game thread; O(1).
    static func triggerPress(_ pad: OpaquePointer, left: Bool) -> Double
    /// Calls `visit` for every joystick SDL has open, with SDL's joystick lock held, and what SDL reports
    /// of it: whether it has body motors, trigger motors, and is a DualSense (PS5: it takes the adaptive
    /// triggers' effect bytes). Nothing when SDL's joystick subsystem is not running. Touches no object of SDLHaptics (the
    /// front end's stop sequence, `PadOutputGate.closeAndStopEveryPad`, on the way out of the process);
    /// any thread; no allocation but SDL's own list of joysticks.
    static func forEachOpenJoystick(_ visit: (_ joystick: OpaquePointer, _ hasRumble: Bool, _ hasTriggerRumble: Bool,
                                              _ isDualSense: Bool) -> Void)
    /// Body motors of an open joystick (`visit`'s) to (low, high), until replaced; SDL's answer ignored.
    static func rumbleJoystick(_ joystick: OpaquePointer, low: UInt16, high: UInt16)
    /// Trigger motors of an open joystick to (left, right), as `rumbleJoystick`.
    static func rumbleJoystickTriggers(_ joystick: OpaquePointer, left: UInt16, right: UInt16)
    /// Sends effect bytes to an open joystick as they are; SDL's answer ignored.
    static func sendJoystickEffect(_ joystick: OpaquePointer, _ bytes: UnsafeRawBufferPointer)
    /// SDL's joystick lock (`SDL_LockJoysticks`): while held, no pad is closed. Any thread.
    static func lockPads()
    /// Releases `lockPads()`.
    static func unlockPads()

    // MARK: - Sound

    /// Opens a sound device of 32-bit float frames whose callback renders through `render` (on SDL's
    /// audio thread: the callback allocates nothing, takes no lock, does no I/O); starts the audio
    /// subsystem first and releases it when the device closes. Game thread; not per frame.
    /// - Throws: `SDLError` with SDL's message.
    static func openAudioDevice(_ configuration: SDLAudioConfiguration, render: AudioRenderTarget) throws(SDLError) -> any AudioDeviceHandle
    /// SDL's WAV loader on a whole file (`bytes`, already checked by `WaveformFiles.riffProblem`): the
    /// sound as SDL decoded it, or nil (`lastError()` says why). `freeWAV` releases it. The conversion
    /// around these calls is the front end's (`WaveformFiles.decode`). Load time only; any thread.
    static func loadWAV(_ bytes: [UInt8]) -> DecodedWAV?
    /// Releases what `loadWAV` returned.
    static func freeWAV(_ wav: DecodedWAV)
    /// An SDL audio stream converting `wav`'s format, channels and rate to 32-bit float (this machine's
    /// byte order), `channels` at `sampleRate`; nil when SDL refuses. `destroyConverter` releases it.
    static func makeFloatConverter(from wav: DecodedWAV, channels: Int, sampleRate: Int) -> OpaquePointer?
    /// Releases a `makeFloatConverter` stream.
    static func destroyConverter(_ stream: OpaquePointer)
    /// Puts `bytes` (in the stream's input format) into the stream. False when SDL refused.
    static func putAudio(_ stream: OpaquePointer, _ bytes: UnsafeRawBufferPointer) -> Bool
    /// Tells the stream no more input comes, so it converts what it holds. False when SDL refused.
    static func flushAudio(_ stream: OpaquePointer) -> Bool
    /// Converted bytes the stream can hand out now (SDL's count; negative on an error).
    static func availableAudio(_ stream: OpaquePointer) -> Int
    /// Takes up to `buffer.count` converted bytes out of the stream: how many, 0 when it is empty,
    /// negative on an error.
    static func getAudio(_ stream: OpaquePointer, into buffer: UnsafeMutableRawBufferPointer) -> Int
    /// SDL's message for the last failure (`SDL_GetError`).
    static func lastError() -> String
}

/// A hold on SDL subsystems (`SDLBackend.startSubsystems`): `stop()` releases exactly what was taken,
/// once. Game thread.
package protocol SDLSubsystemHold: AnyObject {
    func stop()
}

/// An open sound device (`SDLBackend.openAudioDevice`): what SDL gave, and `close()`, after which the
/// callback never runs again. Game thread.
package protocol AudioDeviceHandle: AnyObject {
    /// Frames per second SDL gave.
    var sampleRate: Double { get }
    /// Channels of the device.
    var channelCount: Int { get }
    /// Frames per callback buffer (SDL3: the device's buffer size it reports).
    var bufferFrames: Int { get }
    /// Starts the callback (the render target's mixer is set by then). Once.
    func start()
    /// Stops the callback and closes the device, then releases the audio subsystem. Idempotent.
    func close()
}

/// What a sound device's callback reaches (through SDL's userdata pointer, never retained by SDL):
/// the mixer, set before the device starts and cleared after it closed.
package final class AudioRenderTarget: @unchecked Sendable {
    package var mixer: AudioMixer?
    package init() {}

    /// Renders `frameCount` frames into `samples` (interleaved, `mixer.channelCount` per frame), silence
    /// without a mixer. Audio thread: no allocation, no lock, no I/O.
    package func render(into samples: UnsafeMutablePointer<Float>, frameCount: Int, channelCount: Int, hostTicks: UInt64) {
        guard let mixer else {
            samples.update(repeating: 0, count: frameCount * channelCount)
            return
        }
        mixer.render(into: samples, frameCount: frameCount, hostTicks: hostTicks)
    }
}

/// A pad SDL announced (or found connected at start): SDL2's device index, SDL3's joystick id.
package struct PadArrival: Hashable, Sendable {
    package var value: Int64
    package init(_ value: Int64) { self.value = value }
}

/// A pad the backend opened and what it says about it.
package struct OpenedPad {
    package var pad: OpaquePointer
    package var instanceID: Int32
    package var name: String
    package var kind: ControllerKind
    package var bus: ControllerBus
    package var hasRumble: Bool
    package var hasTriggerRumble: Bool
    /// SDL's GUID as 32 hex digits.
    package var guid: String

    package init(pad: OpaquePointer, instanceID: Int32, name: String, kind: ControllerKind, bus: ControllerBus,
                 hasRumble: Bool, hasTriggerRumble: Bool, guid: String) {
        self.pad = pad
        self.instanceID = instanceID
        self.name = name
        self.kind = kind
        self.bus = bus
        self.hasRumble = hasRumble
        self.hasTriggerRumble = hasTriggerRumble
        self.guid = guid
    }
}

/// A WAV file as SDL's loader decoded it (`SDLBackend.loadWAV`): `format`, SDL's audio format value
/// (`SDL_AudioFormat`; both SDLs give it the same bits, the low byte the bits per sample);
/// `isUnsigned8`, whether that is unsigned 8-bit, whose silence is 0x80 (every other format's is 0);
/// `channels`; `rate`, frames per second; `samples` and `length` (bytes), owned by SDL until
/// `SDLBackend.freeWAV`.
package typealias DecodedWAV = (format: UInt32, isUnsigned8: Bool, channels: Int, rate: Int,
                                samples: UnsafeMutablePointer<UInt8>, length: Int)

/// A pad's battery as the front end's battery policy sees it.
package enum PadBatteryLevel: Sendable {
    case low, empty, other
}

/// What an SDL event means to the front end (`GameHaptics.handle(_:)` of each backend translates
/// SDL's event into one of these, or ignores it).
package enum FrontEndEvent: Sendable {
    case padAdded(PadArrival)
    case padRemoved(instanceID: Int32)
    case battery(instanceID: Int32, PadBatteryLevel)
    case focus(Bool)
}

extension ControllerBus {
    /// The bus from the first two bytes of an SDL joystick GUID (SDL2 2.26+ and SDL3 put the bus
    /// type there as a little-endian `Uint16`, `SDL_HARDWARE_BUS_*`).
    package init(guidBytes low: UInt8, _ high: UInt8) {
        switch UInt16(low) | UInt16(high) << 8 {
        case 0x03: self = .usb
        case 0x05: self = .bluetooth
        case 0xFF: self = .virtual
        default: self = .unknown
        }
    }

    /// 32 lowercase hex digits of a 16-byte GUID.
    package static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }
}
