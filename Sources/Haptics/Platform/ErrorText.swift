#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The text Foundation's `localizedDescription` gives a file-system error, without Foundation
/// (the C library, docs/c-library.md, stays small when the core needs no Foundation), so reports
/// read as they did: "The operation could not be completed. The file doesn’t exist." for a missing
/// file, "The operation could not be completed. (NSCocoaErrorDomain error N.)" for another
/// `CocoaError`, and the error's own description otherwise.
package enum ErrorText {
    package static func describe(_ error: any Error) -> String {
        guard let cocoa = error as? CocoaError else { return String(describing: error) }
        if cocoa.code == .fileReadNoSuchFile || cocoa.code == .fileNoSuchFile {
            return "The operation could not be completed. The file doesn’t exist."
        }
        return "The operation could not be completed. (NSCocoaErrorDomain error \(cocoa.code.rawValue).)"
    }
}
