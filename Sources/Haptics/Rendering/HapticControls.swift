/// The values of the five haptic controls (dynamic parameters) at one instant.
///
/// Used twice per voice: the pattern's own `Parameter` / `ParameterCurve` elements give one set,
/// the game (`sendParameters`, `scheduleParameterCurve`) gives another, and the two compose the
/// same way a control composes with an event: intensity controls multiply, the others add.
/// Audio controls are not stored; haptic evaluation ignores them.
@_spi(HapticsTools) public struct HapticControls: Hashable, Sendable, ControlSet {
    /// `HapticIntensityControl`, 0...1, multiplies intensity. Default 1.
    public var intensity: Double
    /// `HapticSharpnessControl`, -1...1, added to sharpness. Default 0.
    public var sharpness: Double
    /// `HapticAttackTimeControl`, -1...1, added to `AttackTime`. Default 0.
    public var attackTime: Double
    /// `HapticDecayTimeControl`, -1...1, added to `DecayTime`. Default 0.
    public var decayTime: Double
    /// `HapticReleaseTimeControl`, -1...1, added to `ReleaseTime`. Default 0.
    public var releaseTime: Double

    public init(intensity: Double = 1, sharpness: Double = 0, attackTime: Double = 0,
                decayTime: Double = 0, releaseTime: Double = 0) {
        self.intensity = intensity
        self.sharpness = sharpness
        self.attackTime = attackTime
        self.decayTime = decayTime
        self.releaseTime = releaseTime
    }

    /// Every control at its default: events play as written.
    public static let neutral = HapticControls()

    /// The haptic controls in a fixed order (the index used by `subscript(index:)`).
    static var ids: [DynamicParameter.ID] { haptic }
    static let haptic: [DynamicParameter.ID] = [
        .hapticIntensityControl, .hapticSharpnessControl, .hapticAttackTimeControl,
        .hapticDecayTimeControl, .hapticReleaseTimeControl,
    ]

    /// Index of a haptic control in `haptic`, nil for audio controls.
    static func index(of id: DynamicParameter.ID) -> Int? {
        switch id {
        case .hapticIntensityControl: return 0
        case .hapticSharpnessControl: return 1
        case .hapticAttackTimeControl: return 2
        case .hapticDecayTimeControl: return 3
        case .hapticReleaseTimeControl: return 4
        default: return nil
        }
    }

    subscript(index index: Int) -> Double {
        get {
            switch index {
            case 0: return intensity
            case 1: return sharpness
            case 2: return attackTime
            case 3: return decayTime
            default: return releaseTime
            }
        }
        set {
            switch index {
            case 0: intensity = newValue
            case 1: sharpness = newValue
            case 2: attackTime = newValue
            case 3: decayTime = newValue
            default: releaseTime = newValue
            }
        }
    }

    /// The value of a control; audio controls read as their default.
    public subscript(id: DynamicParameter.ID) -> Double {
        get { value(of: id) }
        set { set(id, to: newValue) }
    }

    /// `self` composed with `other`: intensities multiply, the rest add. Not clamped (the
    /// evaluator clamps the final event value to the event parameter's range).
    public func composed(with other: HapticControls) -> HapticControls {
        HapticControls(intensity: intensity * other.intensity, sharpness: sharpness + other.sharpness,
                       attackTime: attackTime + other.attackTime, decayTime: decayTime + other.decayTime,
                       releaseTime: releaseTime + other.releaseTime)
    }
}
