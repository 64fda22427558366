/// The version of SDLHaptics, following semantic versioning: the number in CHANGELOG.md's newest
/// release heading (a test keeps them equal) and in the tag a release gets (`0.9.0`).
public enum SDLHapticsVersion {
    /// Incompatible API changes raise it (0 while the API settles).
    public static let major = 0
    /// New features raise it.
    public static let minor = 9
    /// Fixes raise it.
    public static let patch = 0
    /// "major.minor.patch", for logs and `hapticsctl --version`.
    public static let string = "\(major).\(minor).\(patch)"
}
