// A stand-in for the C API's Swift shell (issue 16): the smallest export that links the whole front door,
// so the library build, install and symbol checks have something real to measure. The C API's own
// files replace it at merge.

import Haptics
import HapticsSDL

/// The library's version as `major * 10000 + minor * 100 + patch` (0.9.0 is 900). Any thread.
@_cdecl("SDLH_GetVersion")
public func SDLH_GetVersion() -> Int32 {
    Int32(SDLHapticsVersion.major * 10000 + SDLHapticsVersion.minor * 100 + SDLHapticsVersion.patch)
}

/// Opens haptics on the game's SDL and closes it again; 0 on success, -1 when SDL refused.
/// Game thread only. Here only so the library links GameHaptics as the real shell does.
@_cdecl("SDLH_InitAndQuit")
public func SDLH_InitAndQuit() -> Int32 {
    do {
        let haptics = try GameHaptics()
        haptics.update()
        haptics.shutdown()
        return 0
    } catch {
        return -1
    }
}
