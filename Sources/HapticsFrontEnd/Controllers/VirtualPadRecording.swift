#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Haptics
import Synchronization

/// Which real pad a virtual pad claims to be (`VirtualGameController.Model` of `HapticsSDL3`): its
/// vendor and product ids make SDL report that pad type, and so SDLHaptics picks that pad's profile.
public enum VirtualPadModel: String, CaseIterable, Sendable {
    /// Xbox One S (045e:02ea): body motors and trigger motors.
    case xboxOne
    /// DualShock 4 (054c:09cc): body motors.
    case ps4
    /// DualSense (054c:0ce6): body motors and adaptive triggers (it records the effect bytes SDL passes on).
    case ps5
    /// Switch Pro Controller (057e:2009): body motors.
    case switchPro
    /// No vendor: a virtual pad.
    case generic
    /// Xbox 360 pad (045e:028e): body motors; the generic dual-motor profile.
    case xbox360

    /// The USB vendor and product ids SDL is given for this model ((0, 0) for the generic one).
    public var vendorProduct: (vendor: UInt16, product: UInt16) {
        switch self {
        case .xboxOne: return (0x045E, 0x02EA)
        case .ps4: return (0x054C, 0x09CC)
        case .ps5: return (0x054C, 0x0CE6)
        case .switchPro: return (0x057E, 0x2009)
        case .generic: return (0, 0)
        case .xbox360: return (0x045E, 0x028E)
        }
    }

    /// The name of the motor profile SDLHaptics gives a pad of this model (`MotorProfile.name`):
    /// "virtual" for the generic model, "generic" for the Xbox 360.
    public var profileName: String {
        switch self {
        case .xboxOne: return "xboxOne"
        case .ps4: return "ps4"
        case .ps5: return "ps5"
        case .switchPro: return "switchPro"
        case .generic: return "virtual"
        case .xbox360: return "generic"
        }
    }

    /// The model whose pads get the motor profile named `profileName`, or nil for a name no virtual pad
    /// can get (SDL puts virtual pads on their own bus, so "xboxOneBluetooth" cannot be had).
    public init?(profileName: String) {
        guard let model = VirtualPadModel.allCases.first(where: { $0.profileName == profileName }) else { return nil }
        self = model
    }
}

/// What SDL sent a virtual pad so far, as running figures (bounded memory whatever the recording).
public struct VirtualPadRumbleSummary: Hashable, Sendable {
    /// Body-motor calls that reached the pad.
    public var calls = 0
    /// The last body levels (`low`: the large, low-frequency motor), 0 before any call.
    public var low: UInt16 = 0
    public var high: UInt16 = 0
    /// The highest body levels received.
    public var peakLow: UInt16 = 0
    public var peakHigh: UInt16 = 0
    /// Trigger-motor calls (0 without trigger motors).
    public var triggerCalls = 0
    /// The last trigger levels.
    public var leftTrigger: UInt16 = 0
    public var rightTrigger: UInt16 = 0
    /// The highest trigger levels received.
    public var peakLeftTrigger: UInt16 = 0
    public var peakRightTrigger: UInt16 = 0
    public init() {}
}

/// One call SDL made to a virtual pad's rumble callback.
public struct VirtualPadRumbleCall: Hashable, Sendable {
    /// SDL's ticks when the call arrived, in milliseconds.
    public var ticksMilliseconds: UInt64
    /// Low-frequency (left, large) motor level, or left trigger for trigger calls.
    public var low: UInt16
    /// High-frequency (right, small) motor level, or right trigger for trigger calls.
    public var high: UInt16
}

/// One call SDL made to a virtual pad's effect callback.
public struct VirtualPadEffectCall: Hashable, Sendable {
    /// SDL's ticks when the call arrived, in milliseconds.
    public var ticksMilliseconds: UInt64
    /// The bytes exactly as SDL passed them.
    public var bytes: [UInt8]
}

/// What a virtual pad's callbacks record (SDL calls them on whichever thread rumbles, with its joystick
/// lock held): a short mutex, never held across anything else; read from any thread. Memory stays
/// bounded: each recording keeps the last `limit` calls (the oldest are dropped and counted), and the
/// summary is a fixed set of figures. A call that arrives on the thread already recording (an exit path
/// that interrupted it and stops every pad) is not recorded, rather than wait for the lock its own
/// thread holds: the same rules as HapticsSDL's `VirtualGameController` (issue 31).
package final class VirtualPadRecorder: Sendable {
    /// The last `limit` calls of one kind, oldest first, in a ring: appending never grows past it.
    private struct RecentCalls<Call> {
        let limit: Int
        private var ring: [Call] = []
        private var next = 0
        private(set) var dropped = 0

        init(limit: Int) { self.limit = max(limit, 1) }

        mutating func append(_ call: Call) {
            if ring.count < limit {
                ring.append(call)
            } else {
                ring[next] = call
                next = (next + 1) % limit
                dropped += 1
            }
        }

        var elements: [Call] { Array(ring[next...] + ring[..<next]) }
        var last: Call? { ring.isEmpty ? nil : ring[(next + ring.count - 1) % ring.count] }

        mutating func removeAll() {
            ring.removeAll()
            next = 0
            dropped = 0
        }
    }

    private struct State: ~Copyable {
        var rumble: RecentCalls<VirtualPadRumbleCall>
        var triggers: RecentCalls<VirtualPadRumbleCall>
        var effects: RecentCalls<VirtualPadEffectCall>
        var summary = VirtualPadRumbleSummary()

        init(limit: Int) {
            rumble = RecentCalls(limit: limit)
            triggers = RecentCalls(limit: limit)
            effects = RecentCalls(limit: limit)
        }
    }

    private let state: Mutex<State>
    private let acceptedEffects = Atomic<Int>(0)
    /// The thread recording now (its pthread id), or 0.
    private let recordingThread = Atomic<UInt>(0)
    /// Whether every rumble call is kept, or only the summary.
    package let recordsRumble: Bool
    /// Whether effects are kept, or only counted.
    package let recordsEffects: Bool
    /// How many calls of each kind a recording keeps (the most recent).
    package let limit: Int

    package init(recordsRumble: Bool, recordsEffects: Bool, limit: Int = 65_536) {
        self.recordsRumble = recordsRumble
        self.recordsEffects = recordsEffects
        self.limit = max(limit, 1)
        state = Mutex(State(limit: self.limit))
    }

    /// Runs `body` on the state, unless this thread is already inside it.
    private func recording(_ body: (inout State) -> Void) {
        #if canImport(Darwin)
        let me = UInt(bitPattern: pthread_self())
        #else
        let me = UInt(pthread_self())
        #endif
        guard recordingThread.load(ordering: .acquiring) != me else { return }
        let owns = recordingThread.compareExchange(expected: 0, desired: me, ordering: .acquiringAndReleasing).exchanged
        defer { if owns { recordingThread.store(0, ordering: .releasing) } }
        state.withLock { body(&$0) }
    }

    package func record(_ low: UInt16, _ high: UInt16, trigger: Bool, ticks: UInt64) {
        let call = VirtualPadRumbleCall(ticksMilliseconds: ticks, low: low, high: high)
        let keep = recordsRumble
        recording {
            if trigger {
                if keep { $0.triggers.append(call) }
                $0.summary.triggerCalls += 1
                ($0.summary.leftTrigger, $0.summary.rightTrigger) = (low, high)
                $0.summary.peakLeftTrigger = max($0.summary.peakLeftTrigger, low)
                $0.summary.peakRightTrigger = max($0.summary.peakRightTrigger, high)
            } else {
                if keep { $0.rumble.append(call) }
                $0.summary.calls += 1
                ($0.summary.low, $0.summary.high) = (low, high)
                $0.summary.peakLow = max($0.summary.peakLow, low)
                $0.summary.peakHigh = max($0.summary.peakHigh, high)
            }
        }
    }

    package func recordEffect(_ bytes: UnsafeRawBufferPointer, ticks: UInt64) {
        acceptedEffects.add(1, ordering: .relaxed)
        guard recordsEffects else { return }
        let call = VirtualPadEffectCall(ticksMilliseconds: ticks, bytes: Array(bytes))
        recording { $0.effects.append(call) }
    }

    package var rumbleCalls: [VirtualPadRumbleCall] { state.withLock { $0.rumble.elements } }
    package var triggerCalls: [VirtualPadRumbleCall] { state.withLock { $0.triggers.elements } }
    package var effectCalls: [VirtualPadEffectCall] { state.withLock { $0.effects.elements } }
    package var summary: VirtualPadRumbleSummary { state.withLock { $0.summary } }
    package var effectCount: Int { acceptedEffects.load(ordering: .relaxed) }
    package var lastRumble: VirtualPadRumbleCall? { state.withLock { $0.rumble.last } }
    package var lastTriggerRumble: VirtualPadRumbleCall? { state.withLock { $0.triggers.last } }
    package var lastEffect: [UInt8]? { state.withLock { $0.effects.last?.bytes } }
    /// The calls recordings dropped to stay within `limit`.
    package var droppedCalls: Int { state.withLock { $0.rumble.dropped + $0.triggers.dropped + $0.effects.dropped } }

    package func clear() {
        state.withLock {
            $0.rumble.removeAll()
            $0.triggers.removeAll()
            $0.effects.removeAll()
            $0.summary = VirtualPadRumbleSummary()
        }
    }
}
