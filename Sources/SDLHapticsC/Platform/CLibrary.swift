#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library calls of the C API's shell, in one place (issue 34: a port to another libc reads this
/// file and `ProcessExit`'s signal handling, nothing else). Each is the call it names; nothing decides
/// anything here.
enum CLibrary {
    /// The calling thread as a number, equal for the same thread and never 0 (`pthread_self`). Any
    /// thread; no allocation.
    static var currentThread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    /// The length of the NUL-terminated string at `pointer`, reading at most `limit` bytes (`strnlen`).
    static func stringLength(_ pointer: UnsafePointer<CChar>, limit: Int) -> Int { strnlen(pointer, limit) }

    /// Fills `count` bytes at `bytes` with 0 (`memset`).
    static func zero(_ bytes: UnsafeMutableRawPointer, count: Int) { _ = memset(bytes, 0, count) }

    /// Whether a function named `symbol` is visible in the process's global scope (`dlsym` with
    /// `RTLD_DEFAULT`, spelled nil). Any thread; O(1) in our code.
    static func isLoaded(_ symbol: String) -> Bool { dlsym(nil, symbol) != nil }

    /// A buffer of `capacity` bytes per thread, zeroed when a thread first asks for it and freed when
    /// that thread ends (`pthread_key_create` with `free`, `calloc`). The first use on a thread allocates;
    /// later ones do not.
    struct ThreadBuffer: @unchecked Sendable {
        let capacity: Int
        private let key: pthread_key_t

        init(capacity: Int) {
            self.capacity = capacity
            var key = pthread_key_t()
            pthread_key_create(&key) { free($0) }
            self.key = key
        }

        /// The calling thread's buffer.
        var pointer: UnsafeMutablePointer<CChar> {
            if let existing = pthread_getspecific(key) { return existing.assumingMemoryBound(to: CChar.self) }
            let made = calloc(capacity, 1)!.assumingMemoryBound(to: CChar.self)
            pthread_setspecific(key, made)
            return made
        }
    }
}
