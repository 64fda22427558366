import Foundation
@_spi(HapticsTools) import Haptics
import Testing

/// Hot reload waits until a save has settled (issue 26, item 11; docs/config.md, "Hot reload"): the
/// watcher loads a changed file only when two looks in a row read the same bytes, so a half-written
/// save that happens to parse is never swapped in; and it watches a file that is missing or broken at
/// launch, loading its first good save (issue 25). Each look is `checkNow()`, driven by hand.
@Suite("Hot reload: settled saves, and files that appear later")
struct HotReloadSettleTests {
    final class Folder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sdlhaptics-settle-\(UUID().uuidString)").path
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    static let rule = "[[rule]]\nevent = \"action\"\naction = \"jump\"\npattern = \"ImpactMedium\"\nintensity = "

    static func intensity(_ director: HapticEventDirector) -> Double? {
        director.mapping?.config.rules.first?.intensity.curve.outputLow
    }

    @Test("a save written in two parts, the first of which parses, is loaded only once it is whole")
    func partialWrite() throws {
        let folder = try Folder()
        let file = folder.path + "/haptics.toml"
        try (Self.rule + "0.5\n").write(toFile: file, atomically: true, encoding: .utf8)
        let rig = try MappingRig(mapping: try LoadedMapping.load(file: file, presets: .builtIn()))
        var loaded: [Double?] = []
        rig.director.reloadHandler = { result in loaded.append((try? result.get())?.config.rules.first?.intensity.curve.outputLow) }
        let watcher = MappingConfigWatcher(file: file, director: rig.director)

        // The writer truncates, writes "...intensity = 0.2" (a config that parses), pauses, writes "5\n".
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.truncate(atOffset: 0)
        #expect(watcher.checkNow() == false, "blank: a save in progress")
        try handle.write(contentsOf: Data((Self.rule + "0.2").utf8))
        #expect(try LoadedMapping.load(file: file, presets: .builtIn()).config.rules.count == 1, "the half parses")
        #expect(watcher.checkNow() == false, "the half, seen once: waiting")
        try handle.write(contentsOf: Data("5\n".utf8))
        try handle.close()
        #expect(watcher.checkNow() == false, "changed since the last look: waiting again")
        #expect(watcher.checkNow(), "the same bytes twice: loaded")
        rig.frame()
        #expect(Self.intensity(rig.director) == 0.25)
        #expect(loaded == [0.25], "the half was never offered")
        #expect(rig.director.statistics.reloads == 1 && rig.director.statistics.failedReloads == 0)
        #expect(watcher.checkNow() == false, "nothing new")

        // Going back to the version in use while a change settles: nothing to load.
        try (Self.rule + "0.7\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(watcher.checkNow() == false)
        try (Self.rule + "0.25\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(watcher.checkNow() == false)
        #expect(watcher.checkNow() == false, "the file is the version in use again")
        #expect(loaded == [0.25])
    }

    @Test("a file missing at launch is watched: nothing while it is missing, its first settled save loads")
    func missingThenAppears() throws {
        let folder = try Folder()
        let file = folder.path + "/haptics.toml"
        let director = HapticEventDirector()
        let seen = MappingConfigWatcher.Snapshot.of(file: file)
        #expect(throws: ConfigErrors.self) { try LoadedMapping.load(file: file, presets: .builtIn()) }
        let watcher = MappingConfigWatcher(file: file, director: director, seen: seen)
        #expect(watcher.checkNow() == false)
        #expect(watcher.checkNow() == false, "still missing: no failure reported again")
        director.update(at: 0)
        #expect(director.mapping == nil && director.statistics.failedReloads == 0)

        // A broken first save is reported once; the good one after it loads.
        try "[[rule]\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(watcher.checkNow() == false)
        #expect(watcher.checkNow())
        director.update(at: 1)
        #expect(director.mapping == nil)
        #expect(director.statistics.failedReloads == 1)
        #expect(director.lastErrors.first?.file == file)
        #expect(watcher.checkNow() == false, "reported once")
        try (Self.rule + "0.4\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(watcher.checkNow() == false)
        #expect(watcher.checkNow())
        director.update(at: 2)
        #expect(Self.intensity(director) == 0.4)
        #expect(director.statistics.reloads == 1)
        #expect(director.lastErrors.isEmpty)

        // Deleted again: a failure (the mapping stays); back: loaded.
        try FileManager.default.removeItem(atPath: file)
        #expect(watcher.checkNow() == false)
        #expect(watcher.checkNow())
        director.update(at: 3)
        #expect(Self.intensity(director) == 0.4, "the last good config stays")
        #expect(director.lastErrors.first?.message == "expected a readable file, found nothing at this path")
    }

    @Test("the snapshot: bytes of a regular file; nil for missing, folders and devices")
    func snapshot() throws {
        let folder = try Folder()
        let file = folder.path + "/a.toml"
        try "x = 1\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(MappingConfigWatcher.Snapshot.of(file: file) == MappingConfigWatcher.Snapshot.of(file: file))
        #expect(MappingConfigWatcher.Snapshot.of(file: file) != MappingConfigWatcher.Snapshot.of(file: folder.path + "/b.toml"))
        #expect(MappingConfigWatcher.Snapshot.of(file: folder.path) == MappingConfigWatcher.Snapshot.of(file: folder.path + "/b.toml"))
        #expect(MappingConfigWatcher.Snapshot.of(file: "/dev/zero") == MappingConfigWatcher.Snapshot.of(file: folder.path + "/b.toml"),
                "a device is never read (it would never end)")
    }
}
