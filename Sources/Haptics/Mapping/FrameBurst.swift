/// The responses one rule keeps for one player within a frame: up to four, the strongest.
/// A fixed-size value, so keeping them never allocates; empty (`count == 0`) between frames.
/// Internal to the mapping layer; every operation is O(capacity).
struct FrameBurst {
    static let capacity = 4
    private var slots: (MappedHaptic, MappedHaptic, MappedHaptic, MappedHaptic)
    private(set) var count = 0

    /// An empty burst.
    init() {
        let none = MappedHaptic(ruleIndex: -1, player: 0, intensity: 0, sharpness: 0, leftTrigger: 0, rightTrigger: 0)
        slots = (none, none, none, none)
    }

    var isEmpty: Bool { count == 0 }

    subscript(index: Int) -> MappedHaptic {
        get {
            switch index {
            case 0: return slots.0
            case 1: return slots.1
            case 2: return slots.2
            default: return slots.3
            }
        }
        set {
            switch index {
            case 0: slots.0 = newValue
            case 1: slots.1 = newValue
            case 2: slots.2 = newValue
            default: slots.3 = newValue
            }
        }
    }

    /// Forgets every kept response (the slots keep stale values, unread).
    mutating func removeAll() { count = 0 }

    /// The intensity of the weakest kept response when `limit` are kept (no room left), else nil.
    func weakest(ifFull limit: Int) -> Double? {
        guard count > 0, count >= min(limit, Self.capacity) else { return nil }
        var weakest = self[0].intensity
        for index in 1..<count { weakest = min(weakest, self[index].intensity) }
        return weakest
    }

    /// Keeps `response` if there is room (up to `limit`), else in place of the weakest kept one
    /// when stronger. Returns false when a response was merged away (it or the one it replaced).
    mutating func insert(_ response: MappedHaptic, limit: Int) -> Bool {
        if count < min(limit, Self.capacity) {
            self[count] = response
            count += 1
            return true
        }
        var weakest = 0
        for index in 1..<count where self[index].intensity < self[weakest].intensity { weakest = index }
        if response.intensity > self[weakest].intensity { self[weakest] = response }
        return false
    }
}
