import Synchronization

/// A bounded single-producer, single-consumer queue of `AudioCommand`s, lock-free (`Synchronization.Atomic`; no package dependency, and the fuzz targets can compile the core with plain swiftc).
///
/// The game thread pushes, the audio callback pops. Neither side ever blocks, takes a lock or
/// allocates: the storage is allocated once, at creation. The producer publishes a slot with a
/// releasing store of `tail`; the consumer frees it with a releasing store of `head`.
///
/// Exactly one thread may push and exactly one (another) may pop. Cost: O(1) per operation.
@_spi(HapticsTools) public final class AudioCommandQueue: @unchecked Sendable {
    /// How many commands fit (a power of two).
    public let capacity: Int
    private let mask: Int
    private let storage: UnsafeMutablePointer<AudioCommand>
    /// Index of the next slot to pop (written by the consumer only).
    private let head = Atomic<Int>(0)
    /// Index of the next slot to push (written by the producer only).
    private let tail = Atomic<Int>(0)

    /// A queue holding at least `minimumCapacity` commands (rounded up to a power of two, >= 2).
    public init(minimumCapacity: Int = 1024) {
        var size = 2
        while size < minimumCapacity { size <<= 1 }
        capacity = size
        mask = size - 1
        storage = UnsafeMutablePointer<AudioCommand>.allocate(capacity: size)
        storage.initialize(repeating: AudioCommand.cutAll(at: 0), count: size)
    }

    deinit {
        storage.deinitialize(count: capacity)
        storage.deallocate()
    }

    /// Producer side: appends `command`. Returns false (and drops it) when the queue is full.
    @discardableResult
    public func push(_ command: AudioCommand) -> Bool {
        let t = tail.load(ordering: .relaxed)
        let h = head.load(ordering: .acquiring)
        if t &- h >= capacity { return false }
        storage[t & mask] = command
        tail.store(t &+ 1, ordering: .releasing)
        return true
    }

    /// Consumer side: removes and returns the oldest command, or nil when the queue is empty.
    public func pop() -> AudioCommand? {
        let h = head.load(ordering: .relaxed)
        let t = tail.load(ordering: .acquiring)
        if h == t { return nil }
        let command = storage[h & mask]
        head.store(h &+ 1, ordering: .releasing)
        return command
    }

    /// Commands waiting, as seen from either side at this instant (approximate while the other side runs).
    public var count: Int { tail.load(ordering: .acquiring) &- head.load(ordering: .acquiring) }
}
