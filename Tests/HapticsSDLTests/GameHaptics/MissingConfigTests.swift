import Foundation
@_spi(HapticsTools) import Haptics
@testable import HapticsSDL
import Testing

extension SDLTests {
    /// A config missing or broken at launch (issue 25): `mapping.load` throws with the file's absolute
    /// path and says that no config is in use, watches the file anyway, and its first good save is
    /// swapped in while the game runs; posted actions are then felt.
    @Suite("GameHaptics: a config that appears after launch")
    struct MissingConfigTests {
        @Test("a missing file: absolute path, 'no config is in use', watched, loaded when it appears")
        func appears() throws {
            let rig = try GameHapticsRig()
            defer { rig.haptics.shutdown() }
            let pad = try VirtualGameController(model: .generic)
            rig.pump()

            // Relative to the working directory: every message names the file by its full path.
            let relative = "sdlhaptics-missing-\(UUID().uuidString)/haptics.toml"
            let absolute = FileManager.default.currentDirectoryPath + "/" + relative
            do throws(ConfigErrors) {
                try rig.haptics.mapping.load(file: relative, watch: false)
                Issue.record("a missing file loaded")
            } catch {
                #expect(error.diagnostics.map(\.file) == [absolute])
                #expect(error.consequence?.hasPrefix("no config is in use") == true, "\(error)")
                #expect(error.description.contains("\nnote: no config is in use"))
                #expect(!error.description.contains("watches it"), "watch: false")
            }
            #expect(rig.haptics.mapping.watchedFile == nil)

            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdlhaptics-appears-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let file = folder + "/haptics.toml"
            #expect(throws: ConfigErrors.self) { try rig.haptics.mapping.load(file: file, interval: 0.02) }
            #expect(rig.haptics.mapping.watchedFile == file)
            #expect(rig.haptics.mapping.events.mapping == nil)
            rig.haptics.post(.action("jump", player: 0))
            rig.frames(2)
            #expect(pad.rumbleCalls.isEmpty)
            #expect(rig.haptics.mapping.events.statistics.unmatched == 1)

            let text = "[[rule]]\nevent = \"action\"\naction = \"jump\"\npattern = \"ImpactMedium\"\n"
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let deadline = Date().addingTimeInterval(10)
            while rig.haptics.mapping.events.mapping == nil && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.01)
                rig.frames(1)
            }
            #expect(rig.haptics.mapping.events.mapping?.file == file)
            #expect(rig.haptics.mapping.events.statistics.reloads == 1)
            rig.haptics.post(.action("jump", player: 0))
            rig.frames(3)
            #expect(pad.rumbleCalls.contains { $0.low > 0 || $0.high > 0 }, "the first good save is felt")
        }

        @Test("a broken file while a config is in use: that config stays, the broken file is watched")
        func brokenWhileInUse() throws {
            let rig = try GameHapticsRig()
            defer { rig.haptics.shutdown() }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdlhaptics-broken-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let good = folder + "/good.toml", broken = folder + "/broken.toml"
            try "[[rule]]\nevent = \"action\"\npattern = \"ImpactMedium\"\n".write(toFile: good, atomically: true, encoding: .utf8)
            try "[[rule]]\nevent = \"action\"\npattern = \"ImpactMedum\"\n".write(toFile: broken, atomically: true, encoding: .utf8)
            try rig.haptics.mapping.load(file: good, interval: 0.02)
            #expect(rig.haptics.mapping.watchedFile == good)
            do throws(ConfigErrors) {
                try rig.haptics.mapping.load(file: broken, interval: 0.02)
                Issue.record("a broken file loaded")
            } catch {
                #expect(error.diagnostics.first?.file == broken)
                #expect(error.consequence == "the config in use (\(good)) stays until \(broken) loads; SDLHaptics watches it and loads its first good save")
            }
            #expect(rig.haptics.mapping.events.mapping?.file == good)
            #expect(rig.haptics.mapping.watchedFile == broken)
        }
    }
}
