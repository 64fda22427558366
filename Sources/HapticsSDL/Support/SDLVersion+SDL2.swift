import CHapticsSDL2
import HapticsFrontEnd

extension SDLVersion {
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
}
