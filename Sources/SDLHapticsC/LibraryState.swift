#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if SDLHAPTICS_SDL3
import CSDLHaptics3
#else
import CSDLHaptics
#endif
import Haptics
import Synchronization

/// A pattern behind an `SDLH_Pattern` handle.
final class PatternBox {
    let pattern: HapticPattern
    init(_ pattern: HapticPattern) { self.pattern = pattern }
}

/// A player behind an `SDLH_PatternPlayer` handle, with the game's completion callback.
final class PlayerBox {
    let player: HapticAdvancedPatternPlayer
    var handle: UnsafeMutableRawPointer?
    var callback: (@convention(c) (UnsafeMutableRawPointer?, OpaquePointer?) -> Void)?
    var userdata: UnsafeMutableRawPointer?
    init(_ player: HapticAdvancedPatternPlayer) { self.player = player }
}

/// Everything the C API holds between `SDLH_Init` and `SDLH_Quit`: the front door and the handle
/// tables. Game thread only (`LibraryState.current` checks the thread).
final class LibraryState {
    let door: FrontDoor
    let gameThread: pthread_t
    /// The handle tables: taken over from the previous session and handed on at `SDLH_Quit`
    /// (`retireHandles`), so slot generations run on for the life of the process and a handle from
    /// an earlier session never equals one of a later session.
    var patterns: HandleTable<PatternBox>
    var players: HandleTable<PlayerBox>
    /// Players that finished during the engine update, called back after it (reserved: no growth
    /// in steady state up to that many per frame).
    var finished: [PlayerBox] = []
    var finishing: [PlayerBox] = []
    /// The errors of the last `SDLH_LoadMapping` that failed (cleared by one that succeeds).
    var loadErrors: [String] = []
    /// `SDLH_GetMappingError`'s strings, kept until the next update or load.
    var errorTexts: [[CChar]] = []
    /// `SDLH_GetUnmatchedName`'s strings and this update's list (Exports+Unmatched.swift).
    let unmatchedTexts = UnmatchedNameTexts()

    init(door: FrontDoor, gameThread: pthread_t) {
        self.door = door
        self.gameThread = gameThread
        (patterns, players) = Self.retiredTables
        finished.reserveCapacity(256)
        finishing.reserveCapacity(256)
    }

    // MARK: The one instance

    /// The state while initialised. Written only by the game thread in `SDLH_Init`/`SDLH_Quit`; read
    /// only after `gameThreadID` says the caller is that thread.
    nonisolated(unsafe) static var instance: LibraryState?
    /// The game thread's id while initialised, 0 otherwise: any thread may read it.
    static let gameThreadID = Atomic<UInt>(0)
    /// The handle tables between sessions (every handle freed, generations kept). Written by
    /// `retireHandles` in `SDLH_Quit` and read by the next `SDLH_Init`, ordered by `gameThreadID`.
    nonisolated(unsafe) private static var retiredTables = (HandleTable<PatternBox>(kind: 0x5), HandleTable<PlayerBox>(kind: 0xA))

    /// The state, for a game-thread function.
    @inline(__always)
    static func current() throws(CFailure) -> LibraryState {
        let owner = gameThreadID.load(ordering: .acquiring)
        guard owner != 0 else { throw .notInitialized }
        guard owner == callingThread else {
            throw CFailure(code: SDLH_ERROR_WRONG_THREAD,
                           message: "called from a thread other than the game thread (the one that called SDLH_Init); only the SDLH_Post* functions may be called from any thread")
        }
        guard let state = instance else { throw .notInitialized }   // read only by the game thread, which writes it
        return state
    }

    static var callingThread: UInt { UInt(pthread_self()) }

    // MARK: Handles

    /// Frees every pattern and player handle (at `SDLH_Quit`; completion callbacks are dropped)
    /// and keeps the tables, generations bumped, for the next session.
    func retireHandles() {
        players.removeAll { $0.player.completionHandler = nil }
        patterns.removeAll()
        Self.retiredTables = (patterns, players)
    }

    func pattern(_ handle: OpaquePointer?) throws(CFailure) -> PatternBox {
        guard let box = patterns.object(UnsafeRawPointer(handle)) else { throw .invalidHandle("pattern") }
        return box
    }

    func player(_ handle: OpaquePointer?) throws(CFailure) -> PlayerBox {
        guard let box = players.object(UnsafeRawPointer(handle)) else { throw .invalidHandle("player") }
        return box
    }

    /// Which of the game's callbacks is running inside an update ("a completion callback", "a reload
    /// callback"), if any. Process-wide, not per session: a callback that quits and initialises
    /// SDLHaptics again is still inside the update that called it. Game thread only.
    nonisolated(unsafe) private static var runningCallback: StaticString?

    /// Refuses an update from inside a completion or reload callback: it would nest update →
    /// callback → update (issue 31, item 11: a reload callback that updated nested hundreds deep).
    func checkNotInCallback() throws(CFailure) {
        if let running = Self.runningCallback {
            throw .invalid("called from \(running): the update is already running; update on the next frame")
        }
    }

    /// Runs `body`, which calls one of the game's callbacks (`what` names it for the refusal above).
    static func calling(_ what: StaticString, _ body: () -> Void) {
        let outer = runningCallback
        runningCallback = what
        defer { runningCallback = outer }
        body()
    }

    func checkPlayer(_ player: Int32) throws(CFailure) -> Int {
        guard player >= 0, Int(player) < door.playerCount else { throw .unknownPlayer(Int(player), count: door.playerCount) }
        return Int(player)
    }

    /// Runs the completion callbacks of players that finished in the last update (their handles
    /// still live). A callback may call any SDLH function, including `SDLH_Quit`.
    func runCompletions() {
        guard !finished.isEmpty else { return }
        swap(&finished, &finishing)
        for box in finishing {
            guard LibraryState.instance === self, let handle = box.handle,
                  players.object(handle) === box, let callback = box.callback else { continue }
            Self.calling("a completion callback") { callback(box.userdata, OpaquePointer(handle)) }
        }
        finishing.removeAll(keepingCapacity: true)
    }
}

/// The event queue for posting from any thread, behind a pthread mutex held only to read the
/// queue reference and post (never across other work), so `SDLH_Quit` on the game thread cannot
/// pull the queue from under a poster.
final class PostGate: @unchecked Sendable {
    static let shared = PostGate()

    private let mutex = PthreadLock()
    private var queue: GameEventQueue?          // guarded by `mutex`
    private var playerCount = 0                 // guarded by `mutex`
    /// The refusal of a post to a full queue, made when the gate opens: a refused post allocates
    /// nothing (issue 31, item 10; its message is written into the thread's buffer as it is).
    private var queueFull = CFailure(code: SDLH_ERROR_QUEUE_FULL, message: "")   // guarded by `mutex`

    private init() {}

    func open(_ queue: GameEventQueue, playerCount: Int) {
        let refusal = CFailure(code: SDLH_ERROR_QUEUE_FULL,
                               message: "this frame's event queue is full (\(queue.capacity) events): the event was dropped; call SDLH_Update every frame")
        mutex.lock()
        self.queue = queue
        self.playerCount = playerCount
        queueFull = refusal
        mutex.unlock()
    }

    func close() {
        mutex.lock()
        queue = nil
        mutex.unlock()
    }

    /// Posts `event` for `player` (-1: every player). O(1).
    @inline(__always)
    func post(_ event: GameEvent, player: Int32) throws(CFailure) {
        mutex.lock()
        guard let queue else {
            mutex.unlock()
            throw .notInitialized
        }
        let count = playerCount
        guard player >= -1, Int(player) < count else {
            mutex.unlock()
            throw CFailure(code: SDLH_ERROR_UNKNOWN_PLAYER,
                           message: "player \(player) does not exist: players are 0...\(count - 1), or SDLH_EVERY_PLAYER (-1)")
        }
        guard queue.post(event) else {
            let refusal = queueFull
            mutex.unlock()
            throw refusal
        }
        mutex.unlock()
    }
}
