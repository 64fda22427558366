/// The seam between the engine and a device: something that receives one frame of levels per update.
///
/// Implemented by the SDL rumble adapter (HapticsSDL), by `RecordingOutput` for tests, and by games
/// for their own devices. Every method is called on the thread that calls `HapticEngine.update(at:)`.
public protocol HapticOutput: AnyObject {
    /// A short name for traces and logs, such as "pad1". Read rarely; may allocate.
    var name: String { get }
    /// How the device's actuators respond; read once when the engine is created.
    var profile: MotorProfile { get }
    /// Whether the device is still there. Read once per update; must be O(1) and must not block.
    /// When it turns false the engine stops with `.gameControllerDisconnected`.
    var isConnected: Bool { get }
    /// Receives the levels for one frame: called exactly once per output per `update(at:)` while
    /// the engine runs, and once with all zeros when the engine stops. Must not block; should send
    /// changes only to the device. Levels are 0...1 and finite.
    func receive(_ frame: HapticFrame)
}

extension HapticOutput {
    /// What this output can do.
    @_spi(HapticsTools) public var capabilities: HapticCapabilities { HapticCapabilities(profile: profile) }
}
