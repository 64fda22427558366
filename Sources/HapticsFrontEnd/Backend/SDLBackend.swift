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
    /// Stops every joystick SDL has open, with SDL's joystick lock held: (0,0) to the body motors and to
    /// the trigger motors of those that have them (a level of 1 first, so SDL passes the (0,0) on even
    /// when it believes the pad is there already), `triggersOff` (the DualSense "off" bytes) to each
    /// DualSense. Nothing when SDL's joystick subsystem is not running. Touches no object of SDLHaptics
    /// (`PadOutputGate.closeAndStopEveryPad`, on the way out of the process); any thread.
    static func stopEveryOpenPad(triggersOff: UnsafeRawBufferPointer)
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
    /// Decodes a whole WAV file (`bytes`, already checked by `WaveformLoader.riffProblem`) and converts
    /// it to 32-bit float at `sampleRate`, mono staying mono and anything else becoming stereo.
    /// Load time only; any thread.
    static func decodeWAV(_ bytes: [UInt8], sampleRate: Int, limits: WaveformLimits, name: String,
                          failure: (String) -> WaveformLoadError) throws(WaveformLoadError) -> AudioWaveform
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
