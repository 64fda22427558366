#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's zeroed allocation and byte comparison, for storage made once and kept for the
/// process (`LongNameTable`): `calloc` hands out zeroed pages that are only touched as they fill, so a
/// large table costs memory as it is used, not when it is made. The only way the core reaches them.
package enum CMemory {
    /// `count` zeroed values of `type` (`calloc`), or nil when the system refuses. Free with `free`.
    package static func allocateZeroed<Element>(_ count: Int, of type: Element.Type) -> UnsafeMutablePointer<Element>? {
        calloc(count, MemoryLayout<Element>.stride)?.assumingMemoryBound(to: Element.self)
    }

    /// Frees what `allocateZeroed` returned (nil: nothing).
    package static func free(_ pointer: UnsafeMutableRawPointer?) {
        releaseAllocation(pointer)
    }

    /// Whether the `count` bytes at `a` and `b` are the same (`memcmp`). O(count), no allocation.
    package static func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(a, b, count) == 0
    }
}

// Top-level, where the C library's `free` is not hidden by CMemory's own member.
@inline(__always) private func releaseAllocation(_ pointer: UnsafeMutableRawPointer?) { free(pointer) }
