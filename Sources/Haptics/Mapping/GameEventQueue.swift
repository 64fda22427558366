import Synchronization

/// Where game events wait for the next frame: any thread may post; the game thread takes them all
/// once per frame.
///
/// Two preallocated buffers swap under a mutex: `post` appends one event (O(1), no allocation while
/// under `capacity`), `takeAll` swaps the buffers (O(1)) and hands the full one to the game thread,
/// which reads it without any lock held. When a frame's events exceed `capacity`, later events are
/// dropped and counted (`droppedCount`), never blocking the poster or growing memory.
public final class GameEventQueue: Sendable {
    private struct State: ~Copyable {
        var buffer: [GameEvent]
        var dropped = 0
        var posted = 0
    }

    /// Most events held between two frames.
    public let capacity: Int
    private let state: Mutex<State>

    /// A queue holding up to `capacity` events per frame (default 16,384).
    public init(capacity: Int = 16_384) {
        self.capacity = max(capacity, 1)
        var buffer: [GameEvent] = []
        buffer.reserveCapacity(self.capacity)
        state = Mutex(State(buffer: buffer))
    }

    /// Adds `event` for the next frame. Any thread; O(1); returns false when the frame's buffer
    /// is full and the event was dropped.
    @discardableResult
    public func post(_ event: GameEvent) -> Bool {
        state.withLock { state in
            state.posted &+= 1
            guard state.buffer.count < capacity else {
                state.dropped &+= 1
                return false
            }
            state.buffer.append(event)
            return true
        }
    }

    /// Swaps the waiting events into `buffer` (which must be empty and should have `capacity`
    /// reserved) and leaves the queue with `buffer`'s storage. Game thread; O(1).
    public func takeAll(into buffer: inout [GameEvent]) {
        state.withLock { state in swap(&state.buffer, &buffer) }
    }

    /// Events dropped because a frame's buffer was full, since creation.
    public var droppedCount: Int { state.withLock { $0.dropped } }
    /// Events posted since creation (dropped ones included).
    public var postedCount: Int { state.withLock { $0.posted } }
}
