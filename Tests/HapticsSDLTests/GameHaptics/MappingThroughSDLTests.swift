import CHapticsSDL2
import Foundation
import Haptics
import HapticsSDL
import Testing

extension SDLTests {
    @Suite("Mapped game events through real SDL")
    struct MappingThroughSDLTests {
        static let config = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Assets/Haptics/haptics.toml").standardized.path

        @Test("a posted collision reaches the player's pad on the same update, stronger for the heavier crate; other pads stay still")
        func collisionToPad() throws {
            let first = try VirtualGameController()
            let second = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            try rig.haptics.mapping.load(file: Self.config, watch: false)
            rig.haptics.post(.collision(massA: 1, massB: nil, speed: 6, materials: ("crate", "stone"), player: 1))
            rig.frames(1)
            let light = try #require(second.lastRumble)
            rig.frames(60)
            #expect(second.lastRumble?.pair == [0, 0])
            rig.haptics.post(.collision(massA: 1000, massB: nil, speed: 6, materials: ("crate", "stone"), player: 1))
            rig.frames(1)
            let heavy = try #require(second.lastRumble)
            #expect(max(heavy.low, heavy.high) > max(light.low, light.high))
            #expect(first.rumbleCalls.isEmpty)
            rig.frames(60)
            #expect(second.lastRumble?.pair == [0, 0])
        }

        @Test("a missing config or pattern file is a thrown error that names the path it tried; the game plays on")
        func missingFiles() throws {
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString)").path
            do {
                try rig.haptics.mapping.load(file: folder + "/haptics.toml", watch: false)
                Issue.record("loadMapping of a missing file did not throw")
            } catch {
                #expect(error.description.contains(folder + "/haptics.toml"), "\(error)")
            }
            do {
                _ = try rig.haptics.playback.loadPattern(contentsOfFile: folder + "/Heartbeat.ahap")
                Issue.record("loadPattern of a missing file did not throw")
            } catch {
                #expect("\(error)".contains(folder + "/Heartbeat.ahap"), "\(error)")
            }
            #expect(rig.haptics.play(.success, player: 0), "presets need no file and still play")
            rig.frames(2)
            #expect(pad.lastRumble != nil)
            rig.haptics.shutdown()
            #expect(pad.lastRumble?.pair == [0, 0])
        }

        @Test("a trigger-biased hit on an Xbox pad reaches its trigger motor; on a PS4 pad it folds into the body")
        func hitTriggers() throws {
            let xbox = try VirtualGameController(model: .xboxOne)
            let ps4 = try VirtualGameController(model: .ps4)
            let rig = try GameHapticsRig()
            rig.pump()
            try rig.haptics.mapping.load(file: Self.config, watch: false)
            rig.haptics.post(.hit(damage: 30, direction: -1, received: true))   // every player
            rig.frames(2)
            #expect((xbox.lastTriggerRumble?.low ?? 0) > 0)
            #expect((xbox.lastTriggerRumble?.high ?? 0) == 0)
            #expect(ps4.triggerCalls.isEmpty)
            #expect((ps4.lastRumble?.low ?? 0) > 0)
            rig.frames(90)
            #expect(xbox.lastRumble?.pair == [0, 0] && ps4.lastRumble?.pair == [0, 0])
        }

        @Test("a saved edit swaps in while the game runs; a broken save keeps the last good config and reports where")
        func hotReload() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdlhaptics-sdl-reload-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let file = folder + "/haptics.toml"
            func write(_ intensity: String) throws {
                try "[[rule]]\nevent = \"custom\"\npattern = \"ImpactHeavy\"\nintensity = \(intensity)\n".write(toFile: file, atomically: true, encoding: .utf8)
            }
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            try write("0.2")
            try rig.haptics.mapping.load(file: file, watch: true, interval: 0.02)
            func strength() -> Int {
                pad.clearRecording()
                rig.haptics.post(.custom("boom", player: 0))
                rig.frames(1)
                let level = pad.lastRumble.map { Int(max($0.low, $0.high)) } ?? 0
                rig.frames(60)
                return level
            }
            let before = strength()
            try write("1.0")
            let deadline = Date().addingTimeInterval(20)
            var after = before
            while after == before && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.03)
                after = strength()
            }
            #expect(after > before)
            try write("\"loud\"")
            let errorDeadline = Date().addingTimeInterval(20)
            while rig.haptics.mapping.errors.isEmpty && Date() < errorDeadline {
                Thread.sleep(forTimeInterval: 0.03)
                rig.frames(1)
            }
            #expect(rig.haptics.mapping.errors.first?.description.hasPrefix("\(file):4:13: error:") == true)
            #expect(strength() == after, "the last good config still plays")
        }
    }
}
