// The C library builds without Foundation (scripts/c-library.sh passes -DSDLHAPTICS_WITHOUT_FOUNDATION,
// docs/c-library.md): the overloads taking Foundation's `Data` and `URL` live in this folder, the only
// place the core imports Foundation, and C never calls them.
#if !SDLHAPTICS_WITHOUT_FOUNDATION
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AHAPDecoder {
    /// Decodes the bytes of an AHAP file.
    public func decode(_ data: Data) throws(AHAPDecodingError) -> AHAPDocument {
        let result: Result<AHAPDocument, AHAPDecodingError> = data.withUnsafeBytes { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            do throws(AHAPDecodingError) { return .success(try decode(buffer)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
#endif
