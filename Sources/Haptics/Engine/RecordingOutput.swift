/// A `HapticOutput` that keeps every frame it receives: a test double shipped with the library so
/// games can test their haptics without a device.
///
/// Appending a frame may allocate when the trace outgrows its reserved capacity; reserve enough
/// with `init(name:profile:reservingFrames:)` when measuring allocations.
public final class RecordingOutput: HapticOutput {
    public let name: String
    public let profile: MotorProfile
    /// Set to false to simulate a disconnect (the engine then stops with `.gameControllerDisconnected`).
    public var isConnected = true
    /// Every frame received, in order.
    public private(set) var frames: [HapticFrame] = []

    /// A recording output named `name` that behaves like a device with `profile` (default: ideal).
    public init(name: String = "output", profile: MotorProfile = .virtual, reservingFrames: Int = 1024) {
        self.name = name
        self.profile = profile
        frames.reserveCapacity(max(reservingFrames, 0))
    }

    public func receive(_ frame: HapticFrame) { frames.append(frame) }

    /// The most recent frame's levels (all zero before any frame).
    public var lastLevels: ActuatorLevels { frames.last?.levels ?? .zero }

    /// Forgets the trace (keeps its storage).
    public func clear() { frames.removeAll(keepingCapacity: true) }
}
