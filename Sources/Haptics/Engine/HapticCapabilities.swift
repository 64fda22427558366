/// What an output supports, after Core Haptics' `CHHapticDeviceCapability`.
@_spi(HapticsTools) public struct HapticCapabilities: Hashable, Sendable {
    /// The output's motor profile.
    public var profile: MotorProfile

    public init(profile: MotorProfile) { self.profile = profile }

    /// The actuators the output has.
    public var actuators: ActuatorSet { profile.actuators }
    /// Whether the output can play haptics at all.
    public var supportsHaptics: Bool { !profile.actuators.isEmpty }
    /// Whether the output has trigger motors.
    public var supportsTriggers: Bool { profile.actuators.contains(.leftTrigger) || profile.actuators.contains(.rightTrigger) }

    /// Minimum, maximum and default of an event parameter on this output (the AHAP ranges; the
    /// motor model adapts levels, not parameter ranges).
    public func attributes(of parameter: HapticEvent.ParameterID) -> ParameterRange { parameter.range }
    /// Minimum, maximum and default of a dynamic parameter on this output.
    public func attributes(of parameter: DynamicParameter.ID) -> ParameterRange { parameter.range }
}
