#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's math functions under a name of their own, for code where a member of the same
/// name (an enum case `log`, a property `exp`) hides the global one; what `Foundation.log` spelled
/// before the core stopped needing Foundation (the C library, docs/c-library.md). Same results, no
/// allocation, safe on the per-frame path.
package enum CMath {
    @inline(__always) package static func log(_ x: Double) -> Double { naturalLogarithm(x) }
    @inline(__always) package static func log10(_ x: Double) -> Double { decimalLogarithm(x) }
    @inline(__always) package static func exp(_ x: Double) -> Double { exponential(x) }
    @inline(__always) package static func pow(_ x: Double, _ y: Double) -> Double { power(x, y) }
}

// Top-level, where the C library's functions are not hidden by CMath's own members.
@inline(__always) private func naturalLogarithm(_ x: Double) -> Double { log(x) }
@inline(__always) private func decimalLogarithm(_ x: Double) -> Double { log10(x) }
@inline(__always) private func exponential(_ x: Double) -> Double { exp(x) }
@inline(__always) private func power(_ x: Double, _ y: Double) -> Double { pow(x, y) }
