/// Every constant the motor stage weighs its plans with, as one value (docs/engine.md, "The planned
/// drive"): what counts as content, a tap and standing out, the floors of the follow plan, and the
/// weights of the costs. `shipped` is what every profile uses; a tool (the felt comparison's optimiser,
/// `haptics-felt --tuning`) varies it through `MotorProfile.driveTuning`, by name (`parameters`).
///
/// Value type; read by the planners through their shared model, never per frame copied.
@_spi(HapticsTools) public struct DriveTuning: Hashable, Sendable {
    /// Intent from which a moment is content a player should feel (0...1).
    public var contentLevel = 0.15
    /// Weight of the tracking error on the quickest and on the slowest motor of the range, next to the
    /// figures' own (1).
    public var rangeWeight = 0.5
    /// The share of the intent the quickest motor of the range keeps feeling on a fade.
    public var fadeShare = 0.8
    /// The share of a level the stiffest motor of the range still feels (the dead-zone lift).
    public var liftShare = 2.0 / 3.0
    /// Felt level below which nothing counts as felt (fraction of full strength).
    public var feltThreshold = 0.1
    /// A rise on top of a felt vibration is noticed at about this many times its level (a Weber
    /// fraction of 0.2).
    public var riseFactor = 1.2
    /// Safety margin on a tap's rise, on top of the slowest motor of the range (for motors slower or
    /// stiffer still, and for other motor models).
    public var margin = 0.25
    /// A tap's felt peak should reach at least this fraction of its strength, so that a strong tap
    /// feels stronger than a light one even where cutting it short would leave less behind.
    public var strengthFraction = 0.8
    /// Taps shorter than this many steps are short: their bursts keep their strengths in order.
    public var tapWindow = 4.0
    /// Cost of a tap that would not stand out, per squared shortfall of its felt rise (seconds: the
    /// tracking error of that size held this long costs as much).
    public var salienceWeight = 10.0
    /// The salience cost below which following is left alone (no coasting plans are tried).
    public var worthPlanning = 0.01
    /// Weight of the tracking error where the intent is silent (felt after an end, or in a gap):
    /// lingering is worse than being a little weak, so plans cut earlier before an end.
    public var silenceWeight = 2.0
    /// Steps (at least) of a squeezed burst: an isolated short tap where only full drive over its
    /// length stands out on the slowest motor of the range (on content near full). Such a burst is a
    /// kick at full drive through the judged steps, then a body at the tap's own intended level up to
    /// this many steps (the felt peak's window: 80 ms is 4.8 steps), so that a stronger tap is felt
    /// stronger (`DrivePlanner.burstPlan`). 0: off (one constant drive over the tap's length, full for
    /// every tap there).
    public var burstBodySteps = 4.0
    /// 1: a mapped burst of a tap on content (the figures' felt level at least `contentLevel`) whose
    /// intent stays below full, and whose drive would go beyond the saturation of the quickest, most
    /// sensitive motor of the range, is lowered to the drive at which that motor feels the tap's
    /// intended level, never below what stands out on the slowest motor (`DrivePlanner.burstPlan`).
    /// Drives beyond a motor's saturation all feel the same there: a strong tap and a lighter one would
    /// both saturate it. Squeezed bursts (kick and body) are left as they are. 0: off.
    public var burstQuickCap = 1.0
    /// On pads written less often than every step (one write holds for the judged steps on a 50 ms
    /// link), 1: a tap rising now has its rise (whether it stands out, how strong it is) judged on the
    /// slowest motor of the range by the end of the judged steps, a transient's 50 ms from now, instead
    /// of by the end of the step after now (33 ms): its write need not reach in two steps what the
    /// whole write reaches, so a light tap's drive stays below a strong one's. (A tap ahead is judged by
    /// the end of the step after its sample: up to 50 ms from where it began in the step before.)
    /// 0: off (judged by the end of the step after now, as on pads written every step).
    public var spacedJudgedRise = 1.0
    /// On pads written less often than every step, 1: a tap that rose on a frame where no write could go
    /// out (between two writes of the link's grid) is not held to the quickest motor's saturation at its
    /// first write, the frame after, even where the mixer's overlap limiter holds its content below full:
    /// it is still rising, as an own tap is on the frame it rises. Without it, a tap posted on full
    /// content between two 50 ms writes went out at the quickest motor's saturation drive and could be
    /// lost on slow motors. 0: off (held like content).
    public var spacedTapHeadroom = 1.0
    /// 1: the strength a tap's plan must reach (its `weakness` cost) is its share of the room above the
    /// intent before it of what full drive reaches on the profile's figures in its judged steps, instead
    /// of `strengthFraction` of its rise (`DrivePlanner.tapTarget`): only a full-strength tap asks for
    /// full drive, lighter ones less, so the taps of a train keep the order of their strengths. Pads
    /// written every step, taps without a mapped burst (`burstPlan` maps those). 0: off.
    public var rangedTapTargets = 1.0
    /// Steps an isolated short tap's mapped burst may span (`DrivePlanner.isolatedBurst`): at least its rise's
    /// own length, and up to this many steps while its intent still sounds (at least `feltThreshold`: the
    /// tail or content after the rise), so the burst's ceiling is what full drive reaches within the felt
    /// window (80 ms is 4.8 steps) rather than within the rise alone, and a stronger tap's burst gets the
    /// room to be felt stronger. The burst never runs past the intent's end. 0: the rise's own length.
    public var burstSpanSteps = 4.0
    /// The plans for a dense train (every other tap, a lowered carrier, pulses: `DrivePlanner.candidates`)
    /// are tried only when two taps of the horizon (the previous frame's counted one step before now) are
    /// fewer than this many steps apart: the spacing within which a tap gets no mapped burst
    /// (`DrivePlanner.isolationSteps`). Taps further apart each have their own burst, and a train plan
    /// chosen there dropped it (a kick, or a pulse at the smallest drive that stands out), so the stronger
    /// of two taps 100 ms apart could get less drive than the lighter. 0: whenever the horizon holds two taps.
    public var denseTrainSteps = 5.0

    public init() {}

    /// The tuning every shipped profile uses.
    public static let shipped = DriveTuning()

    /// Every constant by name, for tools that vary them.
    public static var parameters: [(name: String, keyPath: WritableKeyPath<DriveTuning, Double>)] {[
        ("contentLevel", \.contentLevel), ("rangeWeight", \.rangeWeight), ("fadeShare", \.fadeShare),
        ("liftShare", \.liftShare), ("feltThreshold", \.feltThreshold), ("riseFactor", \.riseFactor),
        ("margin", \.margin), ("strengthFraction", \.strengthFraction), ("tapWindow", \.tapWindow),
        ("salienceWeight", \.salienceWeight), ("worthPlanning", \.worthPlanning), ("silenceWeight", \.silenceWeight),
        ("burstBodySteps", \.burstBodySteps),
        ("burstQuickCap", \.burstQuickCap), ("spacedJudgedRise", \.spacedJudgedRise), ("spacedTapHeadroom", \.spacedTapHeadroom),
        ("rangedTapTargets", \.rangedTapTargets), ("burstSpanSteps", \.burstSpanSteps), ("denseTrainSteps", \.denseTrainSteps),
    ]}

    /// This tuning with the constant `name` set to `value`; nil when there is no such constant.
    public func setting(_ name: String, to value: Double) -> DriveTuning? {
        guard let keyPath = Self.parameters.first(where: { $0.name == name })?.keyPath else { return nil }
        var result = self
        result[keyPath: keyPath] = value
        return result
    }
}
