#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain pthread mutex: what `NSLock` is on Linux, without Foundation (the C library, docs/c-library.md,
/// stays small when the core needs no Foundation). ThreadSanitizer understands it, unlike
/// `Synchronization.Mutex`'s futexes (see `GameEventQueue`).
///
/// `lock()` and `unlock()` from any thread, in pairs on the same thread; not recursive. Costs one
/// uncontended pthread_mutex_lock/unlock pair (tens of nanoseconds); allocates only at `init`.
package final class PthreadLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }

    package func unlock() { pthread_mutex_unlock(mutex) }
}
