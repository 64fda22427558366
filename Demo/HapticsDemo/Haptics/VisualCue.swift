/// Something the eye should see at the moment the hand feels it: `DemoHaptics` makes one for each
/// game event it posts (a footstep, a landing, a blow, the boulder rolling, the snap), at the
/// event's place, so the dust, sparks and screen shake follow exactly the events the rumble
/// follows.
struct VisualCue {
    enum Kind {
        case footstep(Material)
        /// Two bodies meeting; `heavy` as the config's "heavy" tag.
        case impact(Material, Material, heavy: Bool)
        case hit(critical: Bool, received: Bool)
        /// One frame of the rolling texture.
        case rolling
        case snap
    }

    var kind: Kind
    /// Where, in world metres.
    var x: Double
    var y: Double
    /// How strong, 0...1, from the event's own numbers (impulse on the config's log scale, speed,
    /// damage).
    var strength: Double
}
