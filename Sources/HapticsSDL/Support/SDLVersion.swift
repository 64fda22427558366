import CHapticsSDL2

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

    /// The oldest SDL that SDLHaptics supports: 2.26.0 (Debian bookworm ships 2.26.5).
    /// Needed for `SDL_JoystickAttachVirtualEx` rumble callbacks and trigger rumble queries.
    public static let minimumSupported = SDLVersion(major: 2, minor: 26, patch: 0)

    /// The SDL library the process actually loaded (`SDL_GetVersion`). Safe before `SDL_Init`.
    public static var linked: SDLVersion {
        var version = SDL_version()
        SDL_GetVersion(&version)
        return SDLVersion(major: Int(version.major), minor: Int(version.minor), patch: Int(version.patch))
    }

    /// The SDL headers this module was compiled against.
    public static var compiled: SDLVersion {
        SDLVersion(major: Int(SDL_MAJOR_VERSION), minor: Int(SDL_MINOR_VERSION), patch: Int(SDL_PATCHLEVEL))
    }

    public static func < (a: SDLVersion, b: SDLVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }

    /// `2.26.5`
    public var description: String { "\(major).\(minor).\(patch)" }
}
