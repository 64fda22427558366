#if SDLHAPTICS_SDL3
import CSDLHaptics3
#else
import CSDLHaptics
#endif
import Haptics

// Settings: the game's haptics menu (include/sdlhaptics.h, "Settings"). Game thread. Each setter
// changes `GameHaptics.playback.mixer` (or `audio.output`), which applies it to every player's engine.

@_cdecl("SDLH_SetMasterIntensity")
public func sdlhSetMasterIntensity(_ intensity: Double) -> Int32 {
    CResult.run("SDLH_SetMasterIntensity") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        state.door.mixer.masterGain = try CInput.inRange(intensity, "intensity", 0...1)
        return 0
    }
}

@_cdecl("SDLH_GetMasterIntensity")
public func sdlhGetMasterIntensity(_ intensity: UnsafeMutablePointer<Double>?) -> Int32 {
    CResult.run("SDLH_GetMasterIntensity") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        guard let intensity else { throw .invalid("intensity must not be NULL") }
        intensity.pointee = state.door.mixer.masterGain
        return 0
    }
}

@_cdecl("SDLH_SetHapticsEnabled")
public func sdlhSetHapticsEnabled(_ enabled: Int32) -> Int32 {
    CResult.run("SDLH_SetHapticsEnabled") { () throws(CFailure) -> Int32 in
        try LibraryState.current().door.mixer.isEnabled = enabled != 0
        return 0
    }
}

@_cdecl("SDLH_SetCategoryIntensity")
public func sdlhSetCategoryIntensity(_ category: Int32, _ intensity: Double) -> Int32 {
    CResult.run("SDLH_SetCategoryIntensity") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        let category = try CInput.category(category)
        state.door.mixer[category] = try CInput.inRange(intensity, "intensity", 0...1)
        return 0
    }
}

@_cdecl("SDLH_GetCategoryIntensity")
public func sdlhGetCategoryIntensity(_ category: Int32, _ intensity: UnsafeMutablePointer<Double>?) -> Int32 {
    CResult.run("SDLH_GetCategoryIntensity") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        let category = try CInput.category(category)
        guard let intensity else { throw .invalid("intensity must not be NULL") }
        intensity.pointee = state.door.mixer[category]
        return 0
    }
}

@_cdecl("SDLH_Pause")
public func sdlhPause() -> Int32 {
    CResult.run("SDLH_Pause") { () throws(CFailure) -> Int32 in
        try LibraryState.current().door.pause()
        return 0
    }
}

@_cdecl("SDLH_Resume")
public func sdlhResume() -> Int32 {
    CResult.run("SDLH_Resume") { () throws(CFailure) -> Int32 in
        try LibraryState.current().door.resume()
        return 0
    }
}

@_cdecl("SDLH_StopAll")
public func sdlhStopAll() -> Int32 {
    CResult.run("SDLH_StopAll") { () throws(CFailure) -> Int32 in
        try LibraryState.current().door.stopAll()
        return 0
    }
}

@_cdecl("SDLH_EnableAudio")
public func sdlhEnableAudio() -> Int32 {
    CResult.run("SDLH_EnableAudio") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        do { try state.door.enableAudio() } catch { throw CFailure(code: SDLH_ERROR_SDL, message: "\(error)") }
        return 0
    }
}

@_cdecl("SDLH_DisableAudio")
public func sdlhDisableAudio() -> Int32 {
    CResult.run("SDLH_DisableAudio") { () throws(CFailure) -> Int32 in
        try LibraryState.current().door.disableAudio()
        return 0
    }
}

@_cdecl("SDLH_IsAudioEnabled")
public func sdlhIsAudioEnabled() -> Int32 {
    CResult.run("SDLH_IsAudioEnabled") { () throws(CFailure) -> Int32 in
        try LibraryState.current().door.isAudioEnabled ? 1 : 0
    }
}

@_cdecl("SDLH_SetAudioVolume")
public func sdlhSetAudioVolume(_ volume: Double) -> Int32 {
    CResult.run("SDLH_SetAudioVolume") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        let volume = try CInput.inRange(volume, "volume", 0...1)
        guard state.door.setAudioVolume(volume) else {
            throw CFailure(code: SDLH_ERROR_NOT_FOUND, message: "audio is off: call SDLH_EnableAudio first")
        }
        return 0
    }
}
