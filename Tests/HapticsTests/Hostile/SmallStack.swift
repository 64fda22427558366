import Foundation

/// Runs `body` on a new thread with a 512 KiB stack (a secondary thread's default on Darwin, and
/// what a game's loader thread may have), waits for it, and returns its result. A reader or a
/// teardown that recursed once per level of a deep document would crash the test process here.
func onSmallStack<T>(_ body: @escaping @Sendable () -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
    return box.value!
}

/// Carries a result from the small-stack thread back to the waiting test.
final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
