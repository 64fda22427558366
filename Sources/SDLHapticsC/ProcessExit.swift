#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(HapticsTools) import Haptics
#if SDLHAPTICS_SDL3
@_spi(HapticsTools) import HapticsSDL3
#else
@_spi(HapticsTools) import HapticsSDL
#endif
import Synchronization

/// Rumble off on the way out (issues 26 and 31; docs/c-api.md, "Leaving"): every way a process can
/// end while SDLHaptics is initialised and still run code sends (0,0) to every pad first.
///
/// - `exit()` and `main` returning: an `atexit` handler; `quick_exit()`: an `at_quick_exit` handler.
///   Both call `PadOutputGate.closeAndStopEveryPad`, which touches no object of SDLHaptics: it is
///   right whichever thread exits and whatever that thread was doing, even in the middle of an
///   update (an `exit` from a signal handler that interrupted `SDLH_UpdateAt` used to run
///   `SDLH_StopAll`'s work inside the update: "Fatal access conflict", rumble stuck: issue 31, item 1).
///   Once it ran, no thread can make a pad rumble through SDLHaptics again.
/// - The signals whose default action ends the process (`terminatingSignals`), each one that is
///   still at its default when `SDLH_Init` runs. A game's own handler, SDL's SIGINT and SIGTERM
///   handlers, SIG_IGN and the Swift runtime's crash reporter (a library linked against a shared
///   Swift runtime may carry it: it takes SIGQUIT, prints a backtrace, and the game goes on) are
///   left alone: with them the process does not end by the signal. The handler does only
///   async-signal-safe work (`write`, `poll`, `read`, `sigaction`, `raise`, atomics): it wakes the
///   library's stopper thread, which stops every pad, and waits up to 0.1 s for it; then the signal
///   ends the process as it would have (the disposition it had, raised again: the same exit status,
///   core dump as without SDLHaptics). When the stop cannot finish within that time
///   (the signal interrupted the thread in the middle of one of SDL's joystick calls, whose lock the
///   stop needs), the handler returns, the thread goes on until it lets SDL's lock go, and the
///   stopper ends the process with the same signal once the pads are stopped. `SDLH_Quit` puts back
///   the disposition of every signal still handled by SDLHaptics.
///
/// Acts only in the process that called `SDLH_Init` (a child made by `fork` has the handlers and a
/// copy of SDL, not its pads) and only while SDLHaptics is initialised.
enum ProcessExit {
    /// The signals whose default action ends the process and that a game may well leave at their
    /// default: a closed terminal or SSH session (SIGHUP), Ctrl-C and kill (SIGINT, SIGTERM: SDL
    /// handles these unless SDL_NO_SIGNAL_HANDLERS), Ctrl-\\ (SIGQUIT), a closed pipe or socket
    /// (SIGPIPE), the user signals, timers and resource limits. Crashes (SIGSEGV, SIGBUS, SIGILL,
    /// SIGFPE, SIGABRT, SIGTRAP, SIGSYS) are not: nothing in a crashed process can be trusted.
    static let terminatingSignals: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGUSR1, SIGUSR2,
                                              SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ]

    /// What the handlers and the stopper share, made once by `prepare` before any handler is
    /// installed and never moved (read by signal handlers): the pipes `[request read, request write,
    /// done read, done write]`, the process that made them, and the disposition each signal had
    /// before SDLHaptics took it (by signal number: the default).
    struct Channel {
        var fds: (Int32, Int32, Int32, Int32) = (-1, -1, -1, -1)
        var process: pid_t = 0
        var previous: UnsafeMutablePointer<sigaction>
    }
    nonisolated(unsafe) static let channel: UnsafeMutablePointer<Channel> = {
        let made = UnsafeMutablePointer<Channel>.allocate(capacity: 1)
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        previous.initialize(repeating: sigaction(), count: 65)
        made.initialize(to: Channel(previous: previous))
        var request: (Int32, Int32) = (-1, -1), done: (Int32, Int32) = (-1, -1)
        if pipeCloseOnExec(&request), pipeCloseOnExec(&done) { made.pointee.fds = (request.0, request.1, done.0, done.1) }
        made.pointee.process = getpid()
        return made
    }()

    /// The signal a handler is waiting on (its number), or gave up waiting on (its negation), or 0.
    private static let pending = Atomic<Int32>(0)

    /// The signals whose handler is ours now (bit n: signal n), so `SDLH_Quit` restores only those.
    private static let installed = Atomic<UInt64>(0)

    /// At each successful `SDLH_Init`: the exit handlers and the stopper thread (once per process),
    /// then a handler for each terminating signal at its default.
    static func prepare() {
        PadOutputGate.prepare()
        _ = registration
        _ = pending.load(ordering: .relaxed)
        #if canImport(Glibc)   // the signal handling is written against glibc's sigaction
        guard channel.pointee.fds.1 >= 0 else { return }   // no pipes: no signal handling (the exit handlers stay)
        for signal in terminatingSignals where signal < 64 {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0 else { continue }
            if isOurs(current) {
                _ = installed.bitwiseOr(1 << UInt64(signal), ordering: .relaxed)
                continue
            }
            guard isDefault(current) else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = onTerminatingSignal
            sigfillset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            channel.pointee.previous[Int(signal)] = current
            if sigaction(signal, &action, nil) == 0 { _ = installed.bitwiseOr(1 << UInt64(signal), ordering: .relaxed) }
        }
        #endif
    }

    /// At `SDLH_Quit`: the disposition from before for each signal whose handler is still ours.
    static func restoreSignals() {
        #if canImport(Glibc)
        let mine = installed.exchange(0, ordering: .relaxed)
        for signal in terminatingSignals where signal < 64 && mine & (1 << UInt64(signal)) != 0 {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0, isOurs(current) else { continue }
            _ = sigaction(signal, channel.pointee.previous + Int(signal), nil)
        }
        #endif
    }

    /// The exit handlers and the stopper thread, once per process.
    private static let registration: Void = {
        _ = atexit(stopAtExit)
        #if canImport(Glibc)
        _ = at_quick_exit(stopAtExit)
        #endif
        guard channel.pointee.fds.0 >= 0 else { return }
        // Started with every signal blocked (a thread inherits its creator's mask), so none reaches it
        // even before it blocks them itself.
        var all = sigset_t(), previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &previous)
        BackgroundThread.start(name: "SDLHaptics stopper") { runStopper() }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }()

    /// `exit`, `main` returning, `quick_exit`: stop every pad, in the process that initialised
    /// SDLHaptics and while it is initialised, whatever the exiting thread was doing.
    private static let stopAtExit: @convention(c) () -> Void = {
        guard getpid() == ProcessExit.channel.pointee.process, LibraryState.gameThreadID.load(ordering: .acquiring) != 0 else { return }
        PadOutputGate.closeAndStopEveryPad(backend: CFlavour.backend)
    }

    /// The stopper thread: blocks every signal (none is ever delivered to it, so a handler never waits
    /// for itself), waits for a handler's request, stops every pad, answers; ends the process itself
    /// when the handler could not wait.
    private static func runStopper() {
        var all = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, nil)
        let fds = channel.pointee.fds
        var byte: UInt8 = 0
        while true {
            let got = read(fds.0, &byte, 1)
            if got < 0 && errno == EINTR { continue }
            guard got == 1 else { return }
            let signal = Int32(byte)
            if LibraryState.gameThreadID.load(ordering: .acquiring) != 0 { PadOutputGate.closeAndStopEveryPad(backend: CFlavour.backend) }
            _ = write(fds.3, &byte, 1)
            // The handler takes the answer and ends the process, or already gave up waiting (its
            // thread held SDL's lock): then the process ends here. At most 0.2 s (the handler's 0.1 s).
            var waited = 0
            while pending.load(ordering: .sequentiallyConsistent) == signal && waited < 200 {
                usleep(1000)
                waited += 1
            }
            if pending.compareExchange(expected: -signal, desired: 0, ordering: .sequentiallyConsistent).exchanged {
                _ = sigaction(signal, channel.pointee.previous + Int(signal), nil)
                _ = kill(getpid(), signal)
            }
        }
    }

    /// The handler of a terminating signal: async-signal-safe work only (no allocation, no lock; the
    /// globals it reads were made by `prepare`).
    private static let onTerminatingSignal: @convention(c) (Int32) -> Void = { signal in
        let saved = errno
        let channel = ProcessExit.channel
        if getpid() == channel.pointee.process {
            ProcessExit.pending.store(signal, ordering: .sequentiallyConsistent)
            var byte = UInt8(truncatingIfNeeded: signal)
            if write(channel.pointee.fds.1, &byte, 1) == 1 {
                var ready = pollfd(fd: channel.pointee.fds.2, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, 100) == 1 {   // 0.1 s (a literal: no global starts in a handler)
                    _ = read(channel.pointee.fds.2, &byte, 1)
                } else if ProcessExit.pending.compareExchange(expected: signal, desired: -signal,
                                                              ordering: .sequentiallyConsistent).exchanged {
                    errno = saved   // the stopper ends the process once the pads are stopped
                    return
                }
            }
            _ = ProcessExit.pending.compareExchange(expected: signal, desired: 0, ordering: .sequentiallyConsistent)
        }
        // End as the signal would have: the disposition it had, raised again; it is blocked while this
        // handler runs and is delivered as the handler returns.
        _ = sigaction(signal, channel.pointee.previous + Int(signal), nil)
        _ = raise(signal)
        errno = saved
    }

    #if canImport(Glibc)
    private static func isDefault(_ action: sigaction) -> Bool {
        action.sa_flags & SA_SIGINFO == 0 && action.__sigaction_handler.sa_handler == nil
    }

    private static func isOurs(_ action: sigaction) -> Bool {
        guard action.sa_flags & SA_SIGINFO == 0, let handler = action.__sigaction_handler.sa_handler else { return false }
        return unsafeBitCast(handler, to: UnsafeRawPointer.self) == unsafeBitCast(onTerminatingSignal, to: UnsafeRawPointer.self)
    }
    #endif

    /// A pipe whose ends close on `exec`.
    private static func pipeCloseOnExec(_ ends: inout (Int32, Int32)) -> Bool {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        ends = (fds[0], fds[1])
        return true
    }
}
