#if SDLHAPTICS_SDL3
/// `SDLH_LinkedForSDL3`, exported by libsdlhaptics3 only (include/sdlhaptics.h: an SDL3 game refers to it
/// from every file that includes the header, so linking libsdlhaptics instead fails at link time). Returns
/// the SDL this library is built for. Any thread, O(1).
@_cdecl("SDLH_LinkedForSDL3")
public func sdlhLinkedForSDL3() -> Int32 { 3 }
#endif
