import Foundation
@_spi(HapticsTools) @testable import Haptics
import Testing
import HapticsJSON

/// The AHAP/JSON reader's nesting bound cannot be raised past what the stack holds, and the
/// deepest document it accepts is read and freed on a secondary thread's 512 KiB stack.
@Suite("AHAP reader: nesting cap and teardown of deep documents")
struct AHAPDeepNestingTests {
    @Test("maximumNestingDepth is capped at 100 however high it is set")
    func cap() {
        var limits = AHAPLimits()
        #expect(limits.maximumNestingDepth == 32)
        limits.maximumNestingDepth = 10_000_000
        #expect(limits.maximumNestingDepth == AHAPLimits.nestingDepthCap)
        #expect(AHAPLimits.nestingDepthCap == 100)
        limits.maximumNestingDepth = -5
        #expect(limits.maximumNestingDepth == 1)
    }

    /// `{"Pattern": [], "x": [[[...]]]}` with `depth` levels in all.
    func document(depth: Int) -> String {
        "{\"Pattern\": [], \"Metadata\": " + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}"
    }

    @Test("100 levels are read and freed on a 512 KiB stack; 101, or 100,000 with the limit set to a million, are refused with the cap")
    func deepDocuments() {
        let results = onSmallStack { () -> [AHAPDiagnostic.Kind?] in
            var limits = AHAPLimits()
            limits.maximumNestingDepth = 1_000_000
            let decoder = AHAPDecoder(options: AHAPDecodingOptions(limits: limits))
            return [100, 101, 100_000].map { (depth: Int) -> AHAPDiagnostic.Kind? in
                do throws(AHAPDecodingError) {
                    _ = try decoder.decode(document(depth: depth))
                    return nil
                } catch {
                    // The refusal is the nesting limit, not a later problem (a wrong Metadata type).
                    return error.diagnostics.first { $0.severity == .error }?.kind
                }
            }
        }
        // 100: read to the end (then accepted or refused for its Metadata), never refused by depth.
        #expect(results[0] != AHAPDiagnostic.Kind.nestingTooDeep)
        #expect(results[1] == AHAPDiagnostic.Kind.nestingTooDeep)
        #expect(results[2] == AHAPDiagnostic.Kind.nestingTooDeep)
    }

    @Test("the refusal names the cap and where the 101st level opens")
    func message() throws {
        var limits = AHAPLimits()
        limits.maximumNestingDepth = 1_000_000
        let error = try #require(throws: AHAPDecodingError.self) {
            try AHAPDecoder(options: AHAPDecodingOptions(limits: limits)).decode(document(depth: 300))
        }
        #expect(error.firstError.kind == .nestingTooDeep)
        #expect(error.firstError.message.contains("100"))
        #expect(error.firstError.location?.line == 1)
    }

    @Test("a JSON tree 100 levels deep is freed on a 512 KiB stack (event scripts use the same reader)")
    func jsonTeardown() {
        let count = onSmallStack { () -> Int in
            let text = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
            let bytes = Array(text.utf8)
            let value = try? bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
                var reader = JSONReader(bytes: buffer, maximumDepth: AHAPLimits.nestingDepthCap)
                return try reader.readDocument()
            }
            guard var current = value else { return -1 }
            var levels = 1
            while case .array(let elements) = current.kind, let first = elements.first {
                current = first
                levels += 1
            }
            return levels   // the whole tree is released here
        }
        #expect(count == 100)
    }
}
