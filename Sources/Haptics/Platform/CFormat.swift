#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `printf`-style formatting of numbers through the C library's `vsnprintf`, the same digits
/// `String(format:)` prints, without Foundation (the C library, docs/c-library.md, stays small when
/// the core needs no Foundation). For messages and reports, not the per-frame path (it allocates).
package enum CFormat {
    /// `format` (a C format string: %d, %g, %.2f, ...) filled with `arguments`.
    package static func string(_ format: String, _ arguments: CVarArg...) -> String {
        withVaList(arguments) { list in
            var buffer = [CChar](repeating: 0, count: 128)
            let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
            guard needed >= buffer.count else { return text(buffer) }
            buffer = [CChar](repeating: 0, count: needed + 1)
            return withVaList(arguments) { again in
                _ = vsnprintf(&buffer, buffer.count, format, again)
                return text(buffer)
            }
        }
    }

    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
