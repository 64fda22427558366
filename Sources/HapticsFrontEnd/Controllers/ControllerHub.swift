import Haptics

/// Opens game controllers as they arrive and closes them as they leave, and assigns them to players.
///
/// Fed from the SDL events the game hands to `GameHaptics.handle(_:)`; it never pumps or polls SDL's
/// event queue itself. Keeps SDL instance ids, never device indices (those shift as pads come and
/// go). Player assignment: a pad that comes back gets the player it had (matched by GUID) if that
/// player is free; otherwise the lowest free player; the game can move a pad with `assign`.
/// Threads: the game's event thread. Not per frame: every method is O(pads).
final class ControllerHub {
    struct Entry {
        var info: ConnectedController
        let controller: OpaquePointer
    }

    /// Open pads in the order they arrived.
    private(set) var entries: [Entry] = []
    /// How many players there are (players 0..<playerCount).
    let playerCount: Int
    /// The player each GUID last had, so a replugged pad gets its player back.
    private var lastPlayerByGUID: [String: Int] = [:]
    /// The SDL that opens, describes and closes pads.
    let backend: any SDLBackend.Type

    init(playerCount: Int, backend: any SDLBackend.Type) {
        self.playerCount = max(playerCount, 1)
        self.backend = backend
    }

    var controllers: [ConnectedController] { entries.map(\.info) }

    func entry(instanceID: Int32) -> Entry? { entries.first { $0.info.instanceID == instanceID } }

    func entry(player: Int) -> Entry? { entries.first { $0.info.player == player } }

    /// Opens the pad of `arrival` (a pad-added event, or a pad connected at start) unless it is open
    /// already. Returns the new entry, or nil when it was open already or SDL cannot open it.
    func open(_ arrival: PadArrival) -> Entry? {
        guard let opened = backend.openPad(arrival, unlessOpen: { self.entry(instanceID: $0) != nil }) else { return nil }
        let profile = MotorProfile.forController(kind: opened.kind, bus: opened.bus, hasRumble: opened.hasRumble,
                                                 hasTriggerRumble: opened.hasTriggerRumble)
        var info = ConnectedController(instanceID: opened.instanceID, name: opened.name, kind: opened.kind, bus: opened.bus,
                                       hasRumble: opened.hasRumble, hasTriggerRumble: opened.hasTriggerRumble,
                                       profile: profile, player: nil, guid: opened.guid)
        info.player = freePlayer(preferring: lastPlayerByGUID[opened.guid])
        if let player = info.player {
            lastPlayerByGUID[opened.guid] = player
            backend.setPlayerIndex(opened.pad, Int32(player))
        }
        let entry = Entry(info: info, controller: opened.pad)
        entries.append(entry)
        return entry
    }

    /// Closes the pad (from a pad-removed event or at shutdown). The caller has already
    /// sent its stop. Returns the entry that was removed.
    @discardableResult
    func close(instanceID: Int32) -> Entry? {
        guard let index = entries.firstIndex(where: { $0.info.instanceID == instanceID }) else { return nil }
        let entry = entries.remove(at: index)
        backend.closePad(entry.controller)
        return entry
    }

    /// Moves pad `instanceID` to `player` (nil: no player). A pad already on that player swaps to
    /// the moved pad's old player. Returns the entries whose player changed.
    func assign(instanceID: Int32, toPlayer player: Int?) -> [Entry] {
        guard let index = entries.firstIndex(where: { $0.info.instanceID == instanceID }) else { return [] }
        if let player, !(0..<playerCount).contains(player) { return [] }
        let oldPlayer = entries[index].info.player
        guard oldPlayer != player else { return [] }
        var changed: [Entry] = []
        if let player, let other = entries.firstIndex(where: { $0.info.player == player }) {
            entries[other].info.player = oldPlayer
            changed.append(entries[other])
        }
        entries[index].info.player = player
        changed.append(entries[index])
        for entry in changed {
            if let player = entry.info.player { lastPlayerByGUID[entry.info.guid] = player }
            backend.setPlayerIndex(entry.controller, Int32(entry.info.player ?? -1))
        }
        return changed
    }

    /// Updates the stored snapshot of one pad (for example its profile).
    func update(_ info: ConnectedController) {
        guard let index = entries.firstIndex(where: { $0.info.instanceID == info.instanceID }) else { return }
        entries[index].info = info
    }

    private func freePlayer(preferring preferred: Int?) -> Int? {
        let taken = Set(entries.compactMap(\.info.player))
        if let preferred, !taken.contains(preferred) { return preferred }
        return (0..<playerCount).first { !taken.contains($0) }
    }
}
