/// An SDL version number (major.minor.patch).
public struct SDLVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(major: Int, minor: Int, patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    public static func < (a: SDLVersion, b: SDLVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }

    /// `2.26.5`
    public var description: String { "\(major).\(minor).\(patch)" }
}
