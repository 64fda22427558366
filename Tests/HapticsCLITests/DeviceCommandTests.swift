import Foundation
import Testing

@Suite("hapticsctl devices and play, through real SDL with virtual controllers")
struct DeviceCommandTests {
    static let heartbeat = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../Assets/Haptics/Presets/Heartbeat.ahap").standardized.path

    @Test("devices lists each controller with player (from 0), type, rumble capabilities and profile")
    func devices() throws {
        let run = try HapticsCtlRun.run(["devices", "--wait", "0", "--virtual", "xboxOne", "--virtual", "ps4"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.outputLines.count == 2, "\(run.outputLines)")
        #expect(run.outputLines.first?.hasPrefix("player 0: ") == true, "players count from 0, as in GameHaptics")
        #expect(run.outputLines.first?.contains("(xboxOne, virtual) rumble: body+triggers, profile xboxOne") == true, "\(run.outputLines)")
        #expect(run.outputLines.last?.hasPrefix("player 1: ") == true)
        #expect(run.outputLines.last?.contains("(ps4, virtual) rumble: body, profile ps4") == true, "\(run.outputLines)")
    }

    @Test("devices says what adaptive trigger effects do on each pad")
    func devicesAdaptiveTriggers() throws {
        let run = try HapticsCtlRun.run(["devices", "--wait", "0", "--virtual", "ps5", "--virtual", "xboxOne", "--virtual", "ps4"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.outputLines.count == 3, "\(run.outputLines)")
        #expect(run.outputLines.first?.hasSuffix("adaptive triggers: DualSense effects") == true, "\(run.outputLines)")
        #expect(run.outputLines.dropFirst().first?.hasSuffix("adaptive triggers: trigger-motor fallback") == true, "\(run.outputLines)")
        #expect(run.outputLines.last?.hasSuffix("adaptive triggers: none") == true, "\(run.outputLines)")
        let json = try HapticsCtlRun.run(["devices", "--wait", "0", "--json", "--virtual", "ps5"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(objects.first?["adaptiveTriggers"] as? String == "adaptive")
    }

    @Test("devices --json gives one object per controller")
    func devicesJSON() throws {
        let run = try HapticsCtlRun.run(["devices", "--wait", "0", "--json", "--virtual", "switchPro"])
        #expect(run.status == 0)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        #expect(objects.count == 1)
        #expect(objects.first?["kind"] as? String == "switchPro")
        #expect(objects.first?["player"] as? Int == 0)
        #expect(objects.first?["rumble"] as? Bool == true)
    }

    @Test("devices with no controller says so and exits 0")
    func noDevices() throws {
        let run = try HapticsCtlRun.run(["devices", "--wait", "0"])
        #expect(run.status == 0)
        #expect(run.outputLines == ["no game controllers"])
    }

    @Test("play sends the pattern to the pad in real time and leaves it at (0,0)")
    func play() throws {
        let run = try HapticsCtlRun.run(["play", Self.heartbeat, "--virtual", "ps5", "--intensity", "0.8"])
        #expect(run.status == 0, "\(run.standardError)")
        let summary = try #require(run.outputLines.last)
        #expect(summary.hasPrefix("virtual ps5 received "), "\(run.outputLines)")
        #expect(summary.hasSuffix("last 0,0"))
        let calls = Int(summary.split(separator: " ")[3]) ?? 0
        #expect(calls >= 4, "the heartbeat's beats change the motors: \(summary)")
        #expect(run.outputLines.first?.contains("on player 0 (SDLHaptics virtual ps5, profile ps5)") == true, "the default player is 0")
    }

    @Test("play without a controller for that player exits 1 and says which controllers exist")
    func playWithoutPad() throws {
        let run = try HapticsCtlRun.run(["play", Self.heartbeat, "--player", "1", "--virtual", "generic"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("no game controller that can rumble for player 1; connected:"), "\(run.standardError)")
        #expect(run.standardError.contains("player 0: SDLHaptics virtual pad"))
    }

    @Test("usage errors exit 2: unknown virtual model, player out of range, intensity out of range")
    func usageErrors() throws {
        for arguments in [["devices", "--virtual", "gamecube"], ["play", Self.heartbeat, "--player", "-1"],
                          ["play", Self.heartbeat, "--player", "16"],
                          ["play", Self.heartbeat, "--intensity", "1.5"]] {
            let run = try HapticsCtlRun.run(arguments)
            #expect(run.status == 2, "\(arguments): \(run.standardError)")
        }
    }

    @Test("play --player 0 plays on the first pad, the player devices lists as player 0")
    func playerZero() throws {
        let run = try HapticsCtlRun.run(["play", Self.heartbeat, "--player", "0", "--virtual", "xboxOne"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.outputLines.first?.contains("on player 0 (SDLHaptics virtual xboxOne") == true, "\(run.outputLines)")
        #expect(run.outputLines.last?.hasPrefix("virtual xboxOne received ") == true)
    }

    @Test("play of a broken file exits 1 with a located error")
    func playBrokenFile() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("broken.ahap")
        try Data("{ \"Pattern\": [ }".utf8).write(to: file)
        let run = try HapticsCtlRun.run(["play", file.path, "--virtual", "generic"])
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("error: \(file.path):"), "\(run.standardError)")
    }
}
