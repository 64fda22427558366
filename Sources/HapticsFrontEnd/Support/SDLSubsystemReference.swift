/// What both SDLs' `SDLSubsystems` do, written once: refuse an SDL older than the module supports, take
/// one reference on the subsystems asked for, and release exactly those, once. SDL counts
/// `SDL_InitSubSystem` / `SDL_QuitSubSystem` per subsystem, so a game that started SDL itself keeps its
/// own reference. The SDL calls come in as closures (each backend module's own); the flags are SDL's
/// `SDL_INIT_*` bits. Game thread; not per frame.
package struct SDLSubsystemReference {
    /// The subsystem flags this reference holds; 0 once released.
    package private(set) var flags: UInt32 = 0

    /// Takes a reference on `flags` with `initialize` (`SDL_InitSubSystem`, true when SDL started them),
    /// after checking `linked` against `minimum`.
    /// - Throws: `SDLError` naming `module` when SDL is too old, or with `error()` (`SDL_GetError`) when
    ///   SDL refuses.
    package init(_ flags: UInt32, linked: SDLVersion, minimum: SDLVersion, module: String,
                 initialize: (UInt32) -> Bool, error: () -> String) throws(SDLError) {
        guard linked >= minimum else {
            throw SDLError(operation: "SDL version check", message: "SDL \(linked) is older than the \(minimum) \(module) needs")
        }
        guard initialize(flags) else { throw SDLError(operation: "SDL_InitSubSystem", message: error()) }
        self.flags = flags
    }

    /// Releases what `init` took with `quit` (`SDL_QuitSubSystem`). Idempotent.
    package mutating func release(_ quit: (UInt32) -> Void) {
        guard flags != 0 else { return }
        quit(flags)
        flags = 0
    }
}
