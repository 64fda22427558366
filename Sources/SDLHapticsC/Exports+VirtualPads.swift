#if SDLHAPTICS_SDL3
import CSDLHaptics3
import HapticsSDL3
#else
import CSDLHaptics
import HapticsSDL
#endif

// Virtual pads (include/sdlhaptics.h, "Virtual pads"; docs/c-api.md, "Testing your game's haptics
// headless"). The game thread, before or after SDLH_Init.

@_cdecl("SDLH_AttachVirtualPad")
public func sdlhAttachVirtualPad(_ profile: UnsafePointer<CChar>?) -> OpaquePointer? {
    CResult.run("SDLH_AttachVirtualPad") { () throws(CFailure) -> OpaquePointer? in
        try VirtualPads.checkThread()
        let name = try CInput.string(profile, "profile", required: false) ?? "virtual"
        return OpaquePointer(try VirtualPads.shared.attach(profile: name))
    }
}

@_cdecl("SDLH_AttachVirtualPadWithIds")
public func sdlhAttachVirtualPadWithIds(_ vendor: UInt16, _ product: UInt16) -> OpaquePointer? {
    CResult.run("SDLH_AttachVirtualPadWithIds") { () throws(CFailure) -> OpaquePointer? in
        try VirtualPads.checkThread()
        return OpaquePointer(try VirtualPads.shared.attach(vendor: vendor, product: product))
    }
}

@_cdecl("SDLH_GetVirtualPadState")
public func sdlhGetVirtualPadState(_ handle: OpaquePointer?, _ state: UnsafeMutablePointer<SDLH_VirtualPadState>?) -> Int32 {
    CResult.run("SDLH_GetVirtualPadState") { () throws(CFailure) -> Int32 in
        try VirtualPads.checkThread()
        let pad = try VirtualPads.shared.pad(handle)
        guard let state else { throw .invalid("state must not be NULL") }
        try CInput.checkSize(state.pointee.size, of: "SDLH_VirtualPadState", expected: MemoryLayout<SDLH_VirtualPadState>.size)
        let s = pad.summary
        state.pointee.instance_id = pad.instanceID
        state.pointee.rumble_calls = Int64(s.calls)
        state.pointee.low_frequency = s.low
        state.pointee.high_frequency = s.high
        state.pointee.peak_low_frequency = s.peakLow
        state.pointee.peak_high_frequency = s.peakHigh
        state.pointee.trigger_calls = Int64(s.triggerCalls)
        state.pointee.left_trigger = s.leftTrigger
        state.pointee.right_trigger = s.rightTrigger
        state.pointee.peak_left_trigger = s.peakLeftTrigger
        state.pointee.peak_right_trigger = s.peakRightTrigger
        withUnsafeMutableBytes(of: &state.pointee.profile) { CInput.copy(pad.profileName, into: $0) }
        return 0
    }
}

@_cdecl("SDLH_ResetVirtualPad")
public func sdlhResetVirtualPad(_ handle: OpaquePointer?) -> Int32 {
    CResult.run("SDLH_ResetVirtualPad") { () throws(CFailure) -> Int32 in
        try VirtualPads.checkThread()
        try VirtualPads.shared.pad(handle).clearRecording()
        return 0
    }
}

@_cdecl("SDLH_DetachVirtualPad")
public func sdlhDetachVirtualPad(_ handle: OpaquePointer?) -> Int32 {
    CResult.run("SDLH_DetachVirtualPad") { () throws(CFailure) -> Int32 in
        guard handle != nil else { return 0 }
        try VirtualPads.checkThread()
        try VirtualPads.shared.detach(handle)
        return 0
    }
}
