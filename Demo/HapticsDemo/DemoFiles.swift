import Foundation

/// Files the demo reads from the repository (the haptics config, the tour its attract mode
/// plays): from the working directory, else from the source tree this demo was built from.
enum DemoFiles {
    static func find(_ relative: String) -> String? {
        if FileManager.default.fileExists(atPath: relative) { return relative }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../\(relative)").standardized.path
        return FileManager.default.fileExists(atPath: source) ? source : nil
    }
}
