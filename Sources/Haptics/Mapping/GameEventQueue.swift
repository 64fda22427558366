/// Where game events wait for the next frame: any thread may post; the game thread takes them all
/// once per frame.
///
/// Two preallocated buffers swap under a lock: `post` appends one event (O(1), no allocation while
/// under `capacity`), `takeAll` swaps the buffers (O(1)) and hands the full one to the game thread,
/// which reads it without any lock held. When a frame's events exceed `capacity`, later events are
/// dropped and counted (`droppedCount`), never blocking the poster or growing memory.
///
/// The lock is a pthread mutex (`PthreadLock`), held only to append or swap, never across work.
/// Not `Synchronization.Mutex`: on Linux it waits on futexes that ThreadSanitizer cannot see, so
/// every access it guards would be reported as a race (docs/reliability.md).
public final class GameEventQueue: @unchecked Sendable {
    /// Most events held between two frames.
    public let capacity: Int
    private let mutex = PthreadLock()
    /// Everything `mutex` guards, in one value, so a post is one access (one exclusivity check).
    private var state: State

    private struct State {
        var buffer: [GameEvent] = []
        var dropped = 0
        var posted = 0

        /// Appends `event` unless `capacity` are waiting; counts it either way.
        mutating func post(_ event: GameEvent, capacity: Int) -> Bool {
            posted &+= 1
            guard buffer.count < capacity else {
                dropped &+= 1
                return false
            }
            buffer.append(event)
            return true
        }
    }

    /// A queue holding up to `capacity` events per frame (default 16,384).
    public init(capacity: Int = 16_384) {
        self.capacity = max(capacity, 1)
        state = State()
        state.buffer.reserveCapacity(self.capacity)
    }

    /// Adds `event` for the next frame. Any thread; O(1); returns false when the frame's buffer
    /// is full and the event was dropped.
    @discardableResult
    public func post(_ event: GameEvent) -> Bool {
        mutex.lock()
        defer { mutex.unlock() }
        return state.post(event, capacity: capacity)
    }

    /// Swaps the waiting events into `other` (which must be empty and should have `capacity`
    /// reserved) and leaves the queue with `other`'s storage. Game thread; O(1).
    public func takeAll(into other: inout [GameEvent]) {
        mutex.lock()
        swap(&state.buffer, &other)
        mutex.unlock()
    }

    /// Events dropped because a frame's buffer was full, since creation.
    public var droppedCount: Int {
        mutex.lock()
        defer { mutex.unlock() }
        return state.dropped
    }

    /// Events posted since creation (dropped ones included).
    public var postedCount: Int {
        mutex.lock()
        defer { mutex.unlock() }
        return state.posted
    }
}
