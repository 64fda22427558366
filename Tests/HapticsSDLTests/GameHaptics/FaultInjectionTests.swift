import CHapticsSDL2
import Foundation
@_spi(HapticsTools) import Haptics
import HapticsSDL
import Testing

/// Faults injected through real SDL with virtual pads. In every case the game goes on (no crash,
/// later calls still work) and no pad keeps rumbling.
extension SDLTests {
    @Suite("Fault injection through real SDL")
    struct FaultInjectionTests {
        static let config = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Assets/Haptics/haptics.toml").standardized.path

        enum Playback: String, CaseIterable {
            case transient, continuous, loop, paused, trigger, mappedTexture, mappedCollision
        }

        /// Starts one kind of playback for player 0.
        static func start(_ kind: Playback, on rig: GameHapticsRig) throws {
            switch kind {
            case .transient:
                rig.haptics.play(HapticPattern(events: [.transient(at: 0, intensity: 1, sharpness: 0.5)]), player: 0)
            case .continuous:
                rig.haptics.play(GameHapticsRig.texture(30), player: 0)
            case .loop:
                let voice = try #require(rig.haptics.play(GameHapticsRig.texture(0.2), player: 0))
                voice.loopEnabled = true
            case .paused:
                rig.haptics.play(GameHapticsRig.texture(30), player: 0)
                rig.frames(1)
                rig.haptics.playback.pause()
            case .trigger:
                rig.haptics.play(GameHapticsRig.texture(30), player: 0, locality: .triggers)
            case .mappedTexture:
                try rig.haptics.mapping.load(file: config, watch: false)
                rig.haptics.post(.texture(id: 1, .start, value: 8, kind: "rolling", player: 0))
            case .mappedCollision:
                try rig.haptics.mapping.load(file: config, watch: false)
                rig.haptics.post(.collision(massA: 500, massB: nil, speed: 8, materials: ("crate", "stone"), player: 0))
            }
        }

        @Test("unplugged during every kind of playback: stopped handler, the game goes on, and the replugged pad is not rumbled by the old playback",
              arguments: Playback.allCases)
        func unplugDuring(_ kind: Playback) throws {
            let pad = try VirtualGameController(model: .xboxOne)
            let rig = try GameHapticsRig()
            rig.pump()
            try Self.start(kind, on: rig)
            rig.frames(2)
            pad.detach()
            rig.pump()
            #expect(rig.stopped.map(\.reason) == [.gameControllerDisconnected], "\(kind)")
            // The game keeps posting and updating for a player without a pad.
            rig.haptics.post(.hit(damage: 30, player: 0))
            rig.haptics.post(.texture(id: 1, .update, value: 9, player: 0))
            rig.frames(30)
            let back = try VirtualGameController(model: .xboxOne)
            rig.pump()
            #expect(rig.resets == [0])
            if kind == .paused { rig.haptics.playback.resume() }
            rig.frames(30)
            let rumbled = back.rumbleCalls.contains { $0.low > 0 || $0.high > 0 } || back.triggerCalls.contains { $0.low > 0 || $0.high > 0 }
            #expect(!rumbled, "\(kind): the old playback does not come back on the new pad")
            // And new playback works.
            rig.haptics.play(GameHapticsRig.texture(0.1), player: 0)
            rig.frames(1)
            #expect((back.lastRumble?.low ?? 0) > 0, "\(kind)")
            rig.frames(30)
            #expect(back.lastRumble?.pair == [0, 0], "\(kind)")
        }

        @Test("every pad unplugged at once mid-play: the game goes on, posts are ignored, shutdown is clean")
        func unplugAll() throws {
            let pads = try (0..<3).map { _ in try VirtualGameController() }
            let rig = try GameHapticsRig()
            rig.pump()
            try rig.haptics.mapping.load(file: Self.config, watch: false)
            rig.haptics.playback.playForEveryPlayer(GameHapticsRig.texture(30))
            rig.haptics.post(.texture(id: 4, .start, value: 5, kind: "rolling"))
            rig.frames(3)
            #expect(pads.allSatisfy { ($0.lastRumble?.low ?? 0) > 0 })
            for pad in pads { pad.detach() }
            rig.pump()
            #expect(Set(rig.stopped.map(\.player)) == [0, 1, 2])
            #expect(rig.haptics.pads.controllers.isEmpty)
            for _ in 0..<100 { rig.haptics.post(.collision(massA: 10, massB: nil, speed: 3)) }
            rig.frames(60)
            #expect(rig.haptics.mapping.events.statistics.events >= 100)
            rig.haptics.shutdown()
        }

        @Test("focus lost in the middle of a loop: (0,0) at once, silent while away, the loop resumes on focus")
        func focusLostMidLoop() throws {
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            let voice = try #require(rig.haptics.play(GameHapticsRig.texture(0.3), player: 0))
            voice.loopEnabled = true
            rig.frames(25)   // past one loop
            #expect(pad.lastRumble?.pair == [65535, 65535])
            rig.focus(false)
            #expect(pad.lastRumble?.pair == [0, 0], "stopped at once, before the next update")
            pad.clearRecording()
            rig.frames(60)
            #expect(pad.rumbleCalls.allSatisfy { $0.pair == [0, 0] })
            rig.focus(true)
            rig.frames(2)
            #expect(pad.lastRumble?.pair == [65535, 65535], "the loop goes on")
            voice.cancel()
            rig.frames(2)
            #expect(pad.lastRumble?.pair == [0, 0])
        }

        @Test("the engine stopped from a completion handler: no crash, the pad is silent, later playback works")
        func stopFromCompletionHandler() throws {
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            let long = try #require(rig.haptics.play(GameHapticsRig.texture(30), player: 0))
            let short = try #require(rig.haptics.play(GameHapticsRig.texture(0.1, intensity: 0.5), player: 0))
            var completions = 0
            short.completionHandler = { _ in
                completions += 1
                rig.haptics.pads.engine(forPlayer: 0)?.stop()
            }
            rig.frames(20)
            #expect(completions == 1)
            #expect(!long.isPlaying)
            #expect(pad.lastRumble?.pair == [0, 0])
            #expect(rig.haptics.play(GameHapticsRig.texture(0.1), player: 0) == nil, "a stopped engine refuses until started")
            try rig.haptics.pads.engine(forPlayer: 0)?.start()
            #expect(rig.haptics.play(GameHapticsRig.texture(0.1), player: 0) != nil)
            rig.frames(1)
            #expect(pad.lastRumble?.pair == [65535, 65535])
            rig.frames(20)
            #expect(pad.lastRumble?.pair == [0, 0])
        }

        @Test("the config saved broken mid-game: the texture plays on under the last good config and stops cleanly")
        func brokenConfigMidGame() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdlhaptics-fault-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let file = folder + "/haptics.toml"
            try "[[rule]]\nevent = \"texture\"\npattern = \"ImpactMedium\"\nintensity = 0.5\n".write(toFile: file, atomically: true, encoding: .utf8)
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            try rig.haptics.mapping.load(file: file, watch: true, interval: 0.02)
            rig.haptics.post(.texture(id: 9, .start, value: 1, player: 0))
            rig.frames(5)
            let playing = try #require(pad.lastRumble)
            #expect(playing.low > 0)
            try "[[rule]]\nevent = \"texture\"\npattern = \n".write(toFile: file, atomically: true, encoding: .utf8)
            let deadline = Date().addingTimeInterval(20)
            while rig.haptics.mapping.errors.isEmpty && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.03)
                rig.frames(1)
            }
            #expect(rig.haptics.mapping.errors.first?.location.line == 3)
            pad.clearRecording()
            rig.frames(30)
            #expect(rig.haptics.mapping.events.activeTextureCount == 1)
            #expect(pad.rumbleCalls.contains { $0.low > 0 }, "still playing under the last good config")
            rig.haptics.post(.texture(id: 9, .stop, player: 0))
            rig.frames(60)
            #expect(pad.lastRumble?.pair == [0, 0])
        }
    
        @Test("the audio device is missing: enableAudio throws a clear error, rumble plays on undelayed, nothing is left open")
        func audioDeviceMissing() throws {
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            var configuration = SDLAudioConfiguration()
            configuration.deviceName = "no such sound device"
            #expect(throws: SDLError.self) { try rig.haptics.audio.enable(configuration) }
            #expect(rig.haptics.audio.output == nil)
            rig.haptics.play(GameHapticsRig.texture(0.1), player: 0)
            rig.frames(1)
            #expect(pad.lastRumble?.pair == [65535, 65535], "rumble is not delayed by an audio lookahead that does not exist")
            rig.frames(20)
            #expect(pad.lastRumble?.pair == [0, 0])
        }
    }
}
