import Foundation

/// What a pad's link does to a game's rumble calls, per SDL 2.26 and the pad's driver
/// (../shared notes, restated in docs/performance.md "What a player feels"):
///
/// - each call replaces the previous one of its kind; levels are SDL's Uint16;
/// - identical values are not re-sent to the device, only the expiry moves;
/// - a non-zero call with a duration expires at the first `SDL_PumpEvents` (one per game frame)
///   at or after its end, which writes (0, 0);
/// - the device takes a write at most every `interval` seconds; a write arriving sooner is held
///   and sent when the interval has passed (a later one replaces it while it waits);
/// - the device's resolution is `bits` per level.
public struct PadLink: Sendable {
    /// Shortest time between two device writes, seconds.
    public var interval: Double
    /// Device resolution per level, bits.
    public var bits: Int
    /// Game frame rate (SDL pumps once per frame), frames per second.
    public var frameRate: Double

    public init(interval: Double, bits: Int, frameRate: Double = 60) {
        self.interval = interval
        self.bits = bits
        self.frameRate = frameRate
    }

    /// The drive steps the motors receive for `calls` (sorted by time), simulated until `end`.
    public func driveSteps(for calls: [RumbleCall], until end: Double) -> [DriveStep] {
        var sdl = [UInt16](repeating: 0, count: 4)        // what SDL holds per channel
        var expiry: [Double?] = [nil, nil]                // per kind
        var device = [0.0, 0, 0, 0]
        var pending: [Double]? = nil
        var lastWrite = -Double.infinity
        var steps: [DriveStep] = []
        let steps16 = 65535.0
        let deviceSteps = Double((1 << bits) - 1)

        func write(_ values: [Double], at time: Double) {
            if time + 1e-9 >= lastWrite + interval {
                apply(values, at: time)
            } else {
                pending = values
            }
        }
        func apply(_ values: [Double], at time: Double) {
            lastWrite = time
            pending = nil
            let quantized = values.map { ($0 * deviceSteps).rounded() / deviceSteps }
            guard quantized != device else { return }
            device = quantized
            steps.append(DriveStep(time: time, levels: quantized))
        }
        func current() -> [Double] { sdl.map { Double($0) / steps16 } }

        var index = 0
        var frame = 0
        while true {
            let pumpTime = Double(frame) / frameRate
            let callTime = index < calls.count ? calls[index].time : Double.infinity
            let pendingTime = pending != nil ? lastWrite + interval : Double.infinity
            let now = min(pumpTime, callTime, pendingTime)
            if now > end { break }
            if let values = pending, pendingTime <= now {
                apply(values, at: pendingTime)          // a held write goes out when the interval ends
            } else if callTime <= pumpTime {
                let call = calls[index]
                index += 1
                let base = call.kind == .body ? 0 : 2
                let a = UInt16((min(max(call.first, 0), 1) * steps16).rounded())
                let b = UInt16((min(max(call.second, 0), 1) * steps16).rounded())
                let changed = sdl[base] != a || sdl[base + 1] != b
                sdl[base] = a
                sdl[base + 1] = b
                expiry[base / 2] = (a != 0 || b != 0) && call.duration > 0 ? call.time + min(call.duration, 65.535) : nil
                if changed { write(current(), at: call.time) }
            } else {
                for kind in 0..<2 {
                    guard let e = expiry[kind], pumpTime + 1e-9 >= e else { continue }
                    expiry[kind] = nil
                    if sdl[kind * 2] != 0 || sdl[kind * 2 + 1] != 0 {
                        sdl[kind * 2] = 0
                        sdl[kind * 2 + 1] = 0
                        write(current(), at: pumpTime)
                    }
                }
                frame += 1
            }
        }
        return steps
    }
}
