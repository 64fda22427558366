/// The most recent voice starts an output scheduled: which voice, for which presentation time, at
/// which sample frame. A fixed-size ring written on the game thread (no allocation after `init`),
/// for tests, HUDs and latency tuning.
@_spi(HapticsTools) public struct AudioOnsetLog: Sendable {
    /// One scheduled voice start.
    public struct Entry: Hashable, Sendable {
        /// The voice.
        public var voiceID: UInt32
        /// Presentation time in the game's clock, seconds.
        public var time: Double
        /// Absolute output frame of the first sample (lookahead included).
        public var frame: Int64
    }

    /// How many entries are kept.
    public let capacity: Int
    private var ring: [Entry]
    private var next = 0
    /// Starts recorded since creation (also those no longer kept).
    public private(set) var totalCount = 0

    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 1)
        ring = Array(repeating: Entry(voiceID: 0, time: 0, frame: 0), count: self.capacity)
    }

    /// Records a start. O(1), no allocation.
    public mutating func record(_ entry: Entry) {
        ring[next] = entry
        next = (next + 1) % capacity
        totalCount += 1
    }

    /// The kept entries, oldest first (allocates the result).
    public var entries: [Entry] {
        let count = min(totalCount, capacity)
        let first = (next - count + capacity) % capacity
        return (0..<count).map { ring[(first + $0) % capacity] }
    }
}
