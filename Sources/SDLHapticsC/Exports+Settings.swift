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
    CResult.onGameThread("SDLH_SetMasterIntensity") { (state) throws(CFailure) -> Int32 in
        state.door.mixer.masterGain = try CInput.inRange(intensity, "intensity", 0...1)
        return 0
    }
}

@_cdecl("SDLH_GetMasterIntensity")
public func sdlhGetMasterIntensity(_ intensity: UnsafeMutablePointer<Double>?) -> Int32 {
    CResult.onGameThread("SDLH_GetMasterIntensity") { (state) throws(CFailure) -> Int32 in
        guard let intensity else { throw .invalid("intensity must not be NULL") }
        intensity.pointee = state.door.mixer.masterGain
        return 0
    }
}

@_cdecl("SDLH_SetHapticsEnabled")
public func sdlhSetHapticsEnabled(_ enabled: Int32) -> Int32 {
    CResult.onGameThread("SDLH_SetHapticsEnabled") { (state) throws(CFailure) -> Int32 in
        state.door.mixer.isEnabled = enabled != 0
        return 0
    }
}

@_cdecl("SDLH_SetCategoryIntensity")
public func sdlhSetCategoryIntensity(_ category: Int32, _ intensity: Double) -> Int32 {
    CResult.onGameThread("SDLH_SetCategoryIntensity") { (state) throws(CFailure) -> Int32 in
        let category = try CInput.category(category)
        state.door.mixer[category] = try CInput.inRange(intensity, "intensity", 0...1)
        return 0
    }
}

@_cdecl("SDLH_GetCategoryIntensity")
public func sdlhGetCategoryIntensity(_ category: Int32, _ intensity: UnsafeMutablePointer<Double>?) -> Int32 {
    CResult.onGameThread("SDLH_GetCategoryIntensity") { (state) throws(CFailure) -> Int32 in
        let category = try CInput.category(category)
        guard let intensity else { throw .invalid("intensity must not be NULL") }
        intensity.pointee = state.door.mixer[category]
        return 0
    }
}

@_cdecl("SDLH_Pause")
public func sdlhPause() -> Int32 {
    CResult.onGameThread("SDLH_Pause") { (state) throws(CFailure) -> Int32 in
        state.door.pause()
        return 0
    }
}

@_cdecl("SDLH_Resume")
public func sdlhResume() -> Int32 {
    CResult.onGameThread("SDLH_Resume") { (state) throws(CFailure) -> Int32 in
        state.door.resume()
        return 0
    }
}

@_cdecl("SDLH_StopAll")
public func sdlhStopAll() -> Int32 {
    CResult.onGameThread("SDLH_StopAll") { (state) throws(CFailure) -> Int32 in
        state.door.stopAll()
        return 0
    }
}

@_cdecl("SDLH_EnableAudio")
public func sdlhEnableAudio() -> Int32 {
    CResult.onGameThread("SDLH_EnableAudio") { (state) throws(CFailure) -> Int32 in
        do { try state.door.enableAudio() } catch { throw CFailure(code: SDLH_ERROR_SDL, message: "\(error)") }
        return 0
    }
}

@_cdecl("SDLH_DisableAudio")
public func sdlhDisableAudio() -> Int32 {
    CResult.onGameThread("SDLH_DisableAudio") { (state) throws(CFailure) -> Int32 in
        state.door.disableAudio()
        return 0
    }
}

@_cdecl("SDLH_IsAudioEnabled")
public func sdlhIsAudioEnabled() -> Int32 {
    CResult.onGameThread("SDLH_IsAudioEnabled") { (state) throws(CFailure) -> Int32 in
        state.door.isAudioEnabled ? 1 : 0
    }
}

@_cdecl("SDLH_SetAudioVolume")
public func sdlhSetAudioVolume(_ volume: Double) -> Int32 {
    CResult.onGameThread("SDLH_SetAudioVolume") { (state) throws(CFailure) -> Int32 in
        let volume = try CInput.inRange(volume, "volume", 0...1)
        guard state.door.setAudioVolume(volume) else {
            throw CFailure(code: SDLH_ERROR_NOT_FOUND, message: "audio is off: call SDLH_EnableAudio first")
        }
        return 0
    }
}
