import Foundation
@_spi(HapticsTools) import Haptics
import Testing

@Suite("Mapping config watcher: lifetime")
struct ConfigWatcherLifetimeTests {
    /// Issue 26, item 12: the watcher's thread held the watcher (and its copy of the config text)
    /// through every sleep, so after `stop()` and the last release it lived on for up to an
    /// interval, and past the end of a process that exited in between (valgrind: never freed).
    @Test("a stopped and released watcher is freed while its thread sleeps, not an interval later")
    func freedWhileSleeping() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdlhaptics-watcher-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/haptics.toml"
        try "[[rule]]\nevent = \"custom\"\npattern = \"ImpactMedium\"\n".write(toFile: file, atomically: true, encoding: .utf8)
        let rig = try MappingRig(mapping: try LoadedMapping.load(file: file, presets: .builtIn()))

        weak var released: MappingConfigWatcher?
        do {
            let watcher = MappingConfigWatcher(file: file, director: rig.director, interval: 60)
            released = watcher
            watcher.start()
            Thread.sleep(forTimeInterval: 0.2)   // the thread's first look, then its 60-second sleep
            watcher.stop()
        }
        let deadline = Date().addingTimeInterval(5)
        while released != nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(released == nil, "the sleeping thread still holds the watcher")
    }
}
