/// The two numbers of an output's motor profile that a player needs to shape transients (internal):
/// how long a transient's levels are held and how long its kick lasts. Copied from the profile
/// when the player is made, so the per-frame path does not copy the profile (it holds a `String`).
struct TransientShaping {
    /// `MotorProfile.minimumTransientOnTime`, seconds.
    let minimumTransientOnTime: Double
    /// `MotorProfile.kickSeconds`, seconds.
    let kickSeconds: Double

    init(profile: MotorProfile) {
        minimumTransientOnTime = profile.minimumTransientOnTime
        kickSeconds = profile.kickSeconds
    }
}
