import Foundation

/// Solved limit channels kept between runs: the limit depends only on the input's intent, the pad's
/// link and the motor set, never on the renderer, so a rerun after a renderer change reuses it.
///
/// Keyed by the whole problem (`FeltLimit.version`, slot times, target samples, transients, drive
/// levels, motor parameters, sampling step) through a 64-bit FNV-1a hash of their bit patterns; a
/// file holds the drives as little-endian doubles, prefixed by the problem's size so a stale or
/// damaged file is ignored (and solved again). Also keeps every channel solved in this process in
/// memory, so pads that share a problem (the same grid and resolution) solve it once. Thread-safe.
public final class FeltLimitCache: @unchecked Sendable {
    /// Where the files go (created when needed); nil: memory only.
    public let directory: String?
    private var memory: [UInt64: [Double]] = [:]
    private let lock = NSLock()
    /// Channels found in the cache, and channels solved, in this process.
    public private(set) var hits = 0
    public private(set) var misses = 0

    public init(directory: String?) { self.directory = directory }

    func key(_ p: FeltLimitSolver.Problem) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) {
            var v = value
            for _ in 0..<8 {
                hash = (hash ^ (v & 0xff)) &* 0x0000_0100_0000_01b3
                v >>= 8
            }
        }
        func mix(_ value: Double) { mix(value.bitPattern) }
        func mix(_ values: [Double]) { mix(UInt64(values.count)); values.forEach(mix) }
        for byte in FeltLimit.version.utf8 { mix(UInt64(byte)) }
        mix(p.slotTimes)
        mix(p.zeroSlots.sorted().map(Double.init))
        mix(p.target)
        mix(p.transients)
        mix(p.drives)
        mix([p.motor.spinUpSeconds, p.motor.spinDownSeconds, p.motor.startThreshold, p.motor.saturation, p.step])
        mix(UInt64(FeltLimitSolver.grid))
        return hash
    }

    func path(_ key: UInt64) -> String? {
        directory.map { ($0 as NSString).appendingPathComponent(String(format: "%016llx.limit", key)) }
    }

    /// The solved drives for `problem`, or nil when not solved before.
    public func drives(for problem: FeltLimitSolver.Problem) -> [Double]? {
        let k = key(problem)
        let slots = problem.slotTimes.count - 1
        lock.lock()
        defer { lock.unlock() }
        if let found = memory[k] { hits += 1; return found }
        guard let path = path(k), let data = FileManager.default.contents(atPath: path),
              data.count == 8 * (slots + 1) else { misses += 1; return nil }
        let values: [UInt64] = data.withUnsafeBytes { raw in (0..<(slots + 1)).map { raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self) } }
        guard UInt64(littleEndian: values[0]) == UInt64(slots) else { misses += 1; return nil }
        let drives = values.dropFirst().map { Double(bitPattern: UInt64(littleEndian: $0)) }
        memory[k] = drives
        hits += 1
        return drives
    }

    /// Keeps `drives` for `problem` (in memory, and on disk when there is a directory; a write that
    /// fails is skipped: the cache only saves time).
    public func store(_ drives: [Double], for problem: FeltLimitSolver.Problem) {
        let k = key(problem)
        lock.lock()
        memory[k] = drives
        lock.unlock()
        guard let path = path(k), let directory else { return }
        var data = Data()
        for value in [UInt64(drives.count)] + drives.map(\.bitPattern) {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
