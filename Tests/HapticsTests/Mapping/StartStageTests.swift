@_spi(HapticsTools) import Haptics
import Testing

/// The start stage makes and starts voices on the devices it is handed and returns them; it asks
/// no one (issue 15 item 1: nothing calls back into the front door).
@Suite("Start stage: voices on FeedbackDevices, returned to the caller")
struct StartStageTests {
    @Test("start(_:on:at:) starts on the player's device, returns each voice with its intensity, and skips players without one")
    func startsOnDevices() throws {
        let mapping = try MappingRig.defaultMapping()
        let output = RecordingOutput(name: "pad", profile: .virtual)
        let engine = HapticEngine(outputs: [output], voiceCapacity: 16)
        try engine.start()
        var devices = FeedbackDevices(playerCount: 2)
        devices.setDevice(FeedbackDevices.Device(engine: engine, output: 0), forPlayer: 1)   // player 0: no device
        let director = HapticEventDirector(mapping: mapping)
        let crash = GameEvent.collision(massA: 40, massB: nil, speed: 6, materials: ("crate", "stone"), player: 1)
        director.post(crash)
        director.post(.feedback(.success, player: 0))
        let started = director.start(director.update(at: 0, playerCount: 2), on: devices, at: 0)
        let expected = try #require(mapping.response(to: crash, player: 1))
        #expect(started.count == director.statistics.started && started.count >= 1)
        #expect(started.first?.intensity == expected.intensity, "the body voice carries the response's intensity")
        #expect(director.recentMoments.allSatisfy { $0.player == 1 }, "player 0's feedback had no device to play on")
        engine.update(at: 0.016)
        #expect(started.allSatisfy { $0.voice.isPlaying }, "every voice returned was started")
        #expect(!output.lastLevels.isSilent, "the voices play on player 1's engine")
        // The next frame's buffer starts empty.
        #expect(director.start(director.update(at: 0.02, playerCount: 2), on: devices, at: 0.02).isEmpty)
    }

    @Test("an engine's own devices: player N is output N, out of range is nothing")
    func engineDevices() throws {
        let engine = HapticEngine(outputs: [RecordingOutput(name: "a", profile: .virtual),
                                            RecordingOutput(name: "b", profile: .virtual)], voiceCapacity: 4)
        let devices = engine.feedbackDevices
        #expect(devices.playerCount == 2)
        #expect(devices.device(forPlayer: 1)?.output == 1 && devices.device(forPlayer: 1)?.engine === engine)
        #expect(devices.device(forPlayer: 2) == nil && devices.device(forPlayer: -1) == nil)
        #expect(devices.adaptiveTriggers(forPlayer: 0) == nil)
    }
}
