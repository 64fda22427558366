/// The version of SDLHaptics, following semantic versioning: the number in CHANGELOG.md's newest
/// release heading (a test keeps them equal) and in the tag a release gets (`0.9.0`).
package enum SDLHapticsVersion {
    /// Incompatible API changes raise it (0 while the API settles).
    package static let major = 0
    /// New features raise it.
    package static let minor = 9
    /// Fixes raise it.
    package static let patch = 0
    /// "major.minor.patch", for logs and `hapticsctl --version`.
    package static let string = "\(major).\(minor).\(patch)"
}
