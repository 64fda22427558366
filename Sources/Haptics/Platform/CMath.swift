#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's math functions, the only way the core reaches them: every other file calls
/// `CMath.sin` and the rest, so no file outside `Platform/` imports a C library (a port to another libc
/// changes this file), and a member of the same name (an enum case `log`, a property `exp`) never
/// hides the global function. What `Foundation.log` spelled before the core stopped needing Foundation
/// (the C library, docs/c-library.md). The C library's own results, no allocation, safe on the
/// per-frame path and the audio thread.
package enum CMath {
    @inline(__always) package static func log(_ x: Double) -> Double { naturalLogarithm(x) }
    @inline(__always) package static func log2(_ x: Double) -> Double { binaryLogarithm(x) }
    @inline(__always) package static func log10(_ x: Double) -> Double { decimalLogarithm(x) }
    @inline(__always) package static func exp(_ x: Double) -> Double { exponential(x) }
    @inline(__always) package static func exp2(_ x: Double) -> Double { binaryExponential(x) }
    @inline(__always) package static func pow(_ x: Double, _ y: Double) -> Double { power(x, y) }
    @inline(__always) package static func sin(_ x: Double) -> Double { sine(x) }
    @inline(__always) package static func cos(_ x: Double) -> Double { cosine(x) }
}

// Top-level, where the C library's functions are not hidden by CMath's own members.
@inline(__always) private func naturalLogarithm(_ x: Double) -> Double { log(x) }
@inline(__always) private func binaryLogarithm(_ x: Double) -> Double { log2(x) }
@inline(__always) private func decimalLogarithm(_ x: Double) -> Double { log10(x) }
@inline(__always) private func exponential(_ x: Double) -> Double { exp(x) }
@inline(__always) private func binaryExponential(_ x: Double) -> Double { exp2(x) }
@inline(__always) private func power(_ x: Double, _ y: Double) -> Double { pow(x, y) }
@inline(__always) private func sine(_ x: Double) -> Double { sin(x) }
@inline(__always) private func cosine(_ x: Double) -> Double { cos(x) }
