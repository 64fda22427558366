/// The values of the seven audio controls (dynamic parameters) at one instant.
///
/// The audio counterpart of `HapticControls`: the pattern's own `Parameter` / `ParameterCurve`
/// elements give one set, the game (`sendParameters`, `scheduleParameterCurve` with audio IDs)
/// another, and the two compose the way a control composes with an event: volume multiplies,
/// the others add. Haptic controls are not stored here; audio scheduling ignores them.
@_spi(HapticsTools) public struct AudioControls: Hashable, Sendable, ControlSet {
    /// `AudioVolumeControl`, 0...1, multiplies `AudioVolume`. Default 1.
    public var volume: Double
    /// `AudioPanControl`, -1...1, added to `AudioPan`. Default 0.
    public var pan: Double
    /// `AudioPitchControl`, -1...1, added to `AudioPitch`. Default 0.
    public var pitch: Double
    /// `AudioBrightnessControl`, -1...1, added to `AudioBrightness`. Default 0.
    public var brightness: Double
    /// `AudioAttackTimeControl`, -1...1, added to `AttackTime`. Default 0.
    public var attackTime: Double
    /// `AudioDecayTimeControl`, -1...1, added to `DecayTime`. Default 0.
    public var decayTime: Double
    /// `AudioReleaseTimeControl`, -1...1, added to `ReleaseTime`. Default 0.
    public var releaseTime: Double

    public init(volume: Double = 1, pan: Double = 0, pitch: Double = 0, brightness: Double = 0,
                attackTime: Double = 0, decayTime: Double = 0, releaseTime: Double = 0) {
        self.volume = volume
        self.pan = pan
        self.pitch = pitch
        self.brightness = brightness
        self.attackTime = attackTime
        self.decayTime = decayTime
        self.releaseTime = releaseTime
    }

    /// Every control at its default: events play as written.
    public static let neutral = AudioControls()

    /// The audio controls in a fixed order (the index used by `subscript(index:)`).
    static var ids: [DynamicParameter.ID] { audio }
    static let audio: [DynamicParameter.ID] = [
        .audioVolumeControl, .audioPanControl, .audioPitchControl, .audioBrightnessControl,
        .audioAttackTimeControl, .audioDecayTimeControl, .audioReleaseTimeControl,
    ]

    /// Index of an audio control in `audio`, nil for haptic controls.
    static func index(of id: DynamicParameter.ID) -> Int? {
        switch id {
        case .audioVolumeControl: return 0
        case .audioPanControl: return 1
        case .audioPitchControl: return 2
        case .audioBrightnessControl: return 3
        case .audioAttackTimeControl: return 4
        case .audioDecayTimeControl: return 5
        case .audioReleaseTimeControl: return 6
        default: return nil
        }
    }

    subscript(index index: Int) -> Double {
        get {
            switch index {
            case 0: return volume
            case 1: return pan
            case 2: return pitch
            case 3: return brightness
            case 4: return attackTime
            case 5: return decayTime
            default: return releaseTime
            }
        }
        set {
            switch index {
            case 0: volume = newValue
            case 1: pan = newValue
            case 2: pitch = newValue
            case 3: brightness = newValue
            case 4: attackTime = newValue
            case 5: decayTime = newValue
            default: releaseTime = newValue
            }
        }
    }

    /// The value of a control; haptic controls read as their default and ignore writes.
    /// Writes are clamped to the control's range.
    public subscript(id: DynamicParameter.ID) -> Double {
        get { value(of: id) }
        set { set(id, to: newValue) }
    }

    /// `self` composed with `other`: volumes multiply, the rest add. Not clamped (the scheduler
    /// clamps the final event value to the event parameter's range).
    public func composed(with other: AudioControls) -> AudioControls {
        AudioControls(volume: volume * other.volume, pan: pan + other.pan, pitch: pitch + other.pitch,
                      brightness: brightness + other.brightness, attackTime: attackTime + other.attackTime,
                      decayTime: decayTime + other.decayTime, releaseTime: releaseTime + other.releaseTime)
    }
}
