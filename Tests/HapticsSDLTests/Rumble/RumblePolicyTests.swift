import Haptics
@testable import HapticsSDL
import Testing

/// The rumble policy as a plain value, driven by a hand-held wall clock (`nowTicks`, ms) and game
/// times: no SDL. The same rules reach SDL through `SDLRumbleOutput` (GameHapticsTests).
@Suite("RumblePolicy: change-only, keep-alive, quiet window, trigger fallback, delay")
struct RumblePolicyTests {
    private func frame(_ time: Double, low: Double = 0, high: Double = 0, left: Double = 0, right: Double = 0) -> HapticFrame {
        HapticFrame(time: time, levels: ActuatorLevels(lowFrequency: low, highFrequency: high, leftTrigger: left, rightTrigger: right))
    }

    @Test("a change is sent once with the safety duration; unchanged levels wait for the keep-alive at half of it")
    func changeOnlyAndKeepAlive() {
        var policy = RumblePolicy()
        policy.attach(hasTriggers: false, quietInterval: 0.01)
        let first = policy.receive(frame(0, low: 0.5, high: 1), nowTicks: 1000)
        #expect(first.body == RumbleCall(motors: .body, reason: .change, first: 32768, second: 65535, milliseconds: 250))
        #expect(first.triggers == nil)
        #expect(policy.receive(frame(0.016, low: 0.5, high: 1), nowTicks: 1124).body == nil)   // 124 ms < 125
        #expect(policy.receive(frame(0.032, low: 0.5, high: 1), nowTicks: 1125).body
            == RumbleCall(motors: .body, reason: .keepAlive, first: 32768, second: 65535, milliseconds: 250))
        #expect(policy.receive(frame(0.048, low: 0.5, high: 1), nowTicks: 1200).body == nil)   // counted from the keep-alive
        let silence = policy.receive(frame(0.064), nowTicks: 1201).body
        #expect(silence == RumbleCall(motors: .body, reason: .change, first: 0, second: 0, milliseconds: 0))
        #expect(policy.receive(frame(0.080), nowTicks: 5000).body == nil)                      // silence is never kept alive
    }

    @Test("the safety duration is clamped to 1...65535 ms and sets the keep-alive period")
    func safetyDuration() {
        var policy = RumblePolicy()
        policy.safetyMilliseconds = 0
        #expect(policy.safetyMilliseconds == 1)
        policy.safetyMilliseconds = 100
        policy.attach(hasTriggers: false, quietInterval: 0)
        #expect(policy.receive(frame(0, low: 1), nowTicks: 0).body?.milliseconds == 100)
        #expect(policy.receive(frame(0.1, low: 1), nowTicks: 49).body == nil)
        #expect(policy.receive(frame(0.2, low: 1), nowTicks: 50).body?.reason == .keepAlive)
    }

    @Test("a stop always calls (0,0) on both pairs, then non-zero frames wait one update interval unless silence comes first")
    func quietWindowAfterStop() {
        var policy = RumblePolicy()
        policy.attach(hasTriggers: true, quietInterval: 0.05)
        _ = policy.receive(frame(1.0, low: 1, left: 1), nowTicks: 0)
        let stop = policy.stop()
        #expect(stop.body == RumbleCall(motors: .body, reason: .stop, first: 0, second: 0, milliseconds: 0))
        #expect(stop.triggers == RumbleCall(motors: .triggers, reason: .stop, first: 0, second: 0, milliseconds: 0))
        #expect(policy.sent == .off)
        let held = policy.receive(frame(1.04, low: 1, left: 1), nowTicks: 10)
        #expect(held.body == nil && held.triggers == nil)                      // inside the window: dropped
        #expect(policy.receive(frame(1.05, low: 1), nowTicks: 20).body?.reason == .change)   // window over
        _ = policy.stop()
        #expect(policy.receive(frame(1.06), nowTicks: 30).body == nil)         // silence closes it (already off)
        #expect(policy.receive(frame(1.07, high: 1), nowTicks: 40).body?.second == 65535)
    }

    @Test("trigger motors follow the same rule; each plays the larger of the engine's level and the fallback")
    func triggersAndFallback() {
        var policy = RumblePolicy()
        policy.attach(hasTriggers: true, quietInterval: 0.01)
        let first = policy.receive(frame(0, left: 0.25), nowTicks: 0)
        #expect(first.body == nil)                                              // body stays at 0
        #expect(first.triggers == RumbleCall(motors: .triggers, reason: .change, first: 16384, second: 0, milliseconds: 250))
        #expect(policy.setTriggerFallback(left: 0.1, right: 2, nowTicks: 1)
            == RumbleCall(motors: .triggers, reason: .change, first: 16384, second: 65535, milliseconds: 250))
        #expect(policy.setTriggerFallback(left: 0.1, right: 1, nowTicks: 2) == nil)
        #expect(policy.setTriggerFallback(left: .nan, right: 1, nowTicks: 126)?.reason == .keepAlive)
        #expect(policy.triggerFallback.left == 0 && policy.triggerFallback.right == 1)
        var noTriggers = RumblePolicy()
        noTriggers.attach(hasTriggers: false, quietInterval: 0)
        #expect(noTriggers.receive(frame(0, left: 1), nowTicks: 0).triggers == nil)
        #expect(noTriggers.stop().triggers == nil)
    }

    @Test("the delay holds frames for delaySeconds of game time, emits the newest due one restamped, and clear() silences held levels")
    func delay() {
        var delay = RumbleDelay()
        var emitted: [HapticFrame] = []
        delay.receive(frame(0, low: 1)) { emitted.append($0) }
        #expect(emitted == [frame(0, low: 1)])                                  // no delay: straight through
        delay.delaySeconds = 0.1
        emitted = []
        delay.receive(frame(1.00, low: 0.5)) { emitted.append($0) }
        delay.receive(frame(1.05, low: 0.6)) { emitted.append($0) }
        #expect(emitted.isEmpty && delay.pendingCount == 2)
        delay.advance(to: 1.2) { emitted.append($0) }
        #expect(emitted == [frame(1.2, low: 0.6)])                              // newest due frame only
        delay.receive(frame(1.3, low: 1)) { emitted.append($0) }
        delay.clear(quietInterval: 0.05)
        #expect(delay.pendingCount == 0)
        emitted = []
        delay.receive(frame(1.32, low: 1)) { emitted.append($0) }              // held level inside the window
        delay.advance(to: 1.5) { emitted.append($0) }
        #expect(emitted == [frame(1.5)])                                        // replaced by silence
    }

    @Test("the quiet window admits silence or a frame at its end, and closes then")
    func quietWindow() {
        var window = RumbleQuietWindow()
        let admitted = window.admits(frame(0, low: 1))
        #expect(admitted)
        window.open(at: -Double.infinity, lasting: 1)
        #expect(!window.isOpen)                                                 // no frame seen: no window
        window.open(at: 2, lasting: 0.5)
        let early = window.admits(frame(2.4, low: 1))
        #expect(!early)
        let atEnd = window.admits(frame(2.5, low: 1))
        #expect(atEnd && !window.isOpen)
    }
}
