@_spi(HapticsTools) import Haptics
import HapticsJSON

/// Game events written as JSON Lines, one event per line with its time: how designers and tests
/// replay a session without the game (`hapticsctl simulate`, the demo's `--script`). The format is
/// documented in docs/events.md.
///
///     {"time": 0.5, "event": "collision", "massA": 40, "massB": null, "speed": 6, "materials": ["crate", "stone"]}
///     {"time": 1.0, "event": "footstep", "surface": "metal", "speed": 2.5, "player": 0}
///
/// Blank lines and lines starting with `//` or `#` are skipped. Times are seconds from the start,
/// non-decreasing, at most `maximumTime`. A script has at most `maximumBytes` bytes (so at most
/// about 670,000 events of 25 bytes); each limit is refused with file:line:column and the limit. A field
/// written twice in one event is an error at its second key. Reading is linear in the text's size and
/// its memory proportional to the events, not the lines; at most 1,000 problems are listed. Load-time
/// only (allocates).
public struct EventScript: Sendable {
    /// One scripted event.
    public struct Entry: Sendable {
        /// Seconds from the start of the script (>= 0).
        public var time: Double
        public var event: GameEvent
        /// The line it came from (1-based).
        public var line: Int

        public init(time: Double, event: GameEvent, line: Int = 0) {
            self.time = time
            self.event = event
            self.line = line
        }
    }

    /// The events in file order (times non-decreasing).
    public var entries: [Entry]

    /// Latest event time, in seconds: 3,600 (an hour of play).
    public static let maximumTime: Double = 3_600
    /// Largest script, in bytes: 16 MiB (16,777,216 bytes).
    public static let maximumBytes = 16 << 20

    public init(entries: [Entry]) { self.entries = entries }

    /// Parses `text`; `file` names it in errors. Throws `ConfigErrors` with every bad line, each
    /// with file:line:column and the JSON path of the bad field.
    public static func parse(_ text: String, file: String = "<events>") throws(ConfigErrors) -> EventScript {
        let size = text.utf8.count
        if size > maximumBytes {
            throw ConfigErrors([ConfigDiagnostic(file: file, location: SourceLocation(line: 1, column: 1, offset: 0), path: "",
                                                 message: "expected a script of at most \(maximumBytes) bytes, found \(size) bytes")])
        }
        var parser = EventScriptParser(file: file)
        let entries = parser.parse(text)
        guard parser.diagnostics.isEmpty else { throw ConfigErrors(parser.diagnostics) }
        return EventScript(entries: entries)
    }

    /// Reads and parses the script at `file`: a regular file of at most `maximumBytes`, UTF-8.
    /// Throws `ConfigErrors`; a file that cannot be read is reported at 1:1 in the words every
    /// reader uses ("expected a file, found a folder").
    public static func load(file: String) throws(ConfigErrors) -> EventScript {
        let bytes: [UInt8]
        do {
            bytes = try FileReading.readRegularFile(file, maximumBytes: maximumBytes)
        } catch {
            throw ConfigErrors([ConfigDiagnostic(file: file, location: SourceLocation(line: 1, column: 1, offset: 0), path: "", message: error.message)])
        }
        let text: String
        do {
            text = try FileReading.utf8Text(bytes)
        } catch {
            throw ConfigErrors([ConfigDiagnostic(file: file, location: error.location, path: "", message: error.message)])
        }
        return try parse(text, file: file)
    }
}

struct EventScriptParser {
    let file: String
    var diagnostics: [ConfigDiagnostic] = []
    private var textureIDs: [String: Int] = [:]
    private var line = 0
    /// Byte offset of the current line's first byte in the file (`SourceLocation.offset` is from the file's start).
    private var lineStart = 0

    static let commonKeys = ["time", "event", "player", "position", "tag"]
    static let keys: [EventKindName: [String]] = [
        .collision: ["massA", "massB", "speed", "impulse", "materials"],
        .footstep: ["surface", "speed", "weight", "foot"],
        .hit: ["damage", "direction", "critical", "received"],
        .texture: ["id", "action", "value", "kind"],
        .custom: ["name", "value"],
        .action: ["name", "value"],
        .feedback: ["kind"],
    ]

    init(file: String) { self.file = file }

    /// Most problems listed for one script; the rest are counted in a last one ("N more problems
    /// not listed"), so a script of 16 MiB of bad lines does not make millions of messages.
    static let maximumDiagnostics = 1_000
    private var unlisted = 0
    private var firstUnlisted: SourceLocation?

    /// The entries of `text`. Reads the text in place, line by line: memory is proportional to the
    /// events (and at most `maximumDiagnostics` problems), not to the lines (16 MiB of blank lines
    /// took 586 MB as an array of line slices).
    mutating func parse(_ text: String) -> [EventScript.Entry] {
        var text = text
        text.makeContiguousUTF8()
        let entries = text.utf8.withContiguousStorageIfAvailable { parse(lines: $0) } ?? []
        if unlisted > 0, let location = firstUnlisted {
            diagnostics.append(ConfigDiagnostic(file: file, location: location, path: "",
                                                message: "\(unlisted) more problems not listed (at most \(Self.maximumDiagnostics) are)"))
        }
        return entries
    }

    private mutating func parse(lines bytes: UnsafeBufferPointer<UInt8>) -> [EventScript.Entry] {
        var entries: [EventScript.Entry] = []
        var lastTime = 0.0
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            defer { start = end + 1 }
            line += 1
            lineStart = start
            var contentEnd = end
            if contentEnd > start && bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
            var first = start
            while first < contentEnd && (bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t")) { first += 1 }
            if first == contentEnd || bytes[first] == UInt8(ascii: "#")
                || (bytes[first] == UInt8(ascii: "/") && first + 1 < contentEnd && bytes[first + 1] == UInt8(ascii: "/")) { continue }
            let content = UnsafeBufferPointer(rebasing: bytes[start..<contentEnd])
            let value: JSONValue
            var duplicates: [(key: String, offset: Int)] = []
            do throws(JSONSyntaxError) {
                var reader = JSONReader(bytes: content, maximumDepth: 16)
                value = try reader.readDocument()
                duplicates = reader.duplicateKeys
            } catch {
                report(error.offset, "", "not a JSON object: \(error.message)")
                continue
            }
            guard case .object(let members) = value.kind else {
                report(value.offset, "", "expected one JSON object per line, found \(value.typeDescription)")
                continue
            }
            let before = diagnostics.count + unlisted
            for (key, offset) in duplicates {
                let topLevel = members.contains { $0.key == key && $0.keyOffset == offset }
                let echoed = EchoedText.shortened(key)   // escaped and cut, like every echoed key
                report(offset, topLevel ? "$.\(echoed)" : "", "expected each field once, found \"\(echoed)\" again")
            }
            if let entry = entry(members, objectOffset: value.offset) {
                if entry.time < lastTime {
                    report(member("time", members)?.value.offset ?? value.offset, "$.time",
                           "times must not decrease: \(entry.time) follows \(lastTime)")
                } else if diagnostics.count + unlisted == before {
                    lastTime = entry.time
                    entries.append(entry)
                }
            }
        }
        return entries
    }

    private mutating func entry(_ members: [JSONMember], objectOffset: Int) -> EventScript.Entry? {
        guard let timeMember = member("time", members) else {
            report(objectOffset, "$", "each event needs \"time\" (seconds from the start)")
            return nil
        }
        guard case .number(let time) = timeMember.value.kind, time >= 0, time <= EventScript.maximumTime else {
            report(timeMember.value.offset, "$.time",
                   "expected seconds 0...\(Int(EventScript.maximumTime)), found \(describe(timeMember.value))")
            return nil
        }
        guard let kindMember = member("event", members) else {
            report(objectOffset, "$", "each event needs \"event\" (\(EventKindName.allCases.map(\.rawValue).joined(separator: ", ")))")
            return nil
        }
        guard case .string(let kindName) = kindMember.value.kind, let kind = EventKindName(rawValue: kindName) else {
            let text: String
            if case .string(let name) = kindMember.value.kind { text = "'\(EchoedText.shortened(name))'" } else { text = kindMember.value.typeDescription }
            var suggestion: String? = nil
            if case .string(let name) = kindMember.value.kind {
                suggestion = Spelling.suggestion(for: name, among: EventKindName.allCases.map(\.rawValue))
            }
            report(kindMember.value.offset, "$.event",
                   "unknown event \(text): expected one of \(EventKindName.allCases.map(\.rawValue).joined(separator: ", "))",
                   suggestion: suggestion)
            return nil
        }
        let allowed = Self.commonKeys + (Self.keys[kind] ?? [])
        for item in members where !allowed.contains(item.key) {
            // The path names the field (shortened, escaped): the message does not echo it again.
            let article = kind.rawValue.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            report(item.keyOffset, "$.\(EchoedText.shortened(item.key))", "unknown field for \(article) \(kind.rawValue) event: expected \(allowed.joined(separator: ", "))",
                   suggestion: Spelling.suggestion(for: item.key, among: allowed))
        }
        var player: Int? = nil
        if let value = member("player", members)?.value, !isNull(value) {
            if case .number(let number) = value.kind, number >= 0, number == number.rounded(), number < 64 {
                player = Int(number)
            } else {
                report(value.offset, "$.player", "expected a player number 0...63 or null, found \(describe(value))")
            }
        }
        var position: WorldPosition? = nil
        if let value = member("position", members)?.value, !isNull(value) {
            if case .array(let items) = value.kind, items.count == 2 || items.count == 3,
               let numbers = Optional(items.compactMap(number)), numbers.count == items.count {
                position = WorldPosition(x: numbers[0], y: numbers[1], z: numbers.count == 3 ? numbers[2] : 0)
            } else {
                report(value.offset, "$.position", "expected [x, y] or [x, y, z], numbers")
            }
        }
        let tag = string("tag", members, optional: true)

        let eventKind: GameEvent.Kind
        switch kind {
        case .collision:
            let massA = mass("massA", members)
            let massB = mass("massB", members)
            let speed = numberField("speed", members) ?? 0
            let impulse = numberField("impulse", members)
            if member("speed", members) == nil && impulse == nil && member("impulse", members) == nil {
                report(objectOffset, "$", "a collision needs \"speed\" (relative, m/s) or \"impulse\"")
            }
            var materials: (String?, String?) = (nil, nil)
            if let value = member("materials", members)?.value {
                if case .array(let items) = value.kind, items.count == 2 {
                    materials = (stringValue(items[0]), stringValue(items[1]))
                } else {
                    report(value.offset, "$.materials", "expected two material names, such as [\"crate\", \"stone\"]")
                }
            }
            eventKind = .collision(GameEvent.Collision(massA: massA, massB: massB, speed: speed, impulse: impulse,
                                                       materialA: materials.0.map { HapticName($0) },
                                                       materialB: materials.1.map { HapticName($0) }))
        case .footstep:
            let surface = string("surface", members, optional: false) ?? ""
            var foot: GameEvent.Footstep.Foot? = nil
            if let name = string("foot", members, optional: true) {
                foot = GameEvent.Footstep.Foot(rawValue: name)
                if foot == nil, let value = member("foot", members)?.value { report(value.offset, "$.foot", "expected \"left\" or \"right\"") }
            }
            eventKind = .footstep(GameEvent.Footstep(surface: HapticName(surface), speed: numberField("speed", members) ?? 0,
                                                     weight: numberField("weight", members), foot: foot))
        case .hit:
            eventKind = .hit(GameEvent.Hit(damage: numberField("damage", members) ?? 0, direction: direction(members),
                                           critical: bool("critical", members) ?? false, received: bool("received", members) ?? true))
        case .texture:
            var id = 0
            if let value = member("id", members)?.value {
                switch value.kind {
                case .number(let number) where number == number.rounded() && abs(number) < 1e15: id = Int(number)
                case .string(let name):
                    if let known = textureIDs[name] { id = known } else { id = textureIDs.count + 1_000_000; textureIDs[name] = id }
                default: report(value.offset, "$.id", "expected an integer or a string naming the texture")
                }
            } else {
                report(objectOffset, "$", "a texture event needs \"id\"")
            }
            var action = GameEvent.Texture.Action.update
            if let name = string("action", members, optional: false) {
                if let parsed = GameEvent.Texture.Action(rawValue: name) { action = parsed }
                else if let value = member("action", members)?.value {
                    report(value.offset, "$.action", "expected \"start\", \"update\" or \"stop\"",
                           suggestion: Spelling.suggestion(for: name, among: ["start", "update", "stop"]))
                }
            }
            eventKind = .texture(GameEvent.Texture(id: id, action: action, value: numberField("value", members) ?? 0,
                                                   kind: string("kind", members, optional: true).map { HapticName($0) }))
        case .custom:
            eventKind = .custom(name: HapticName(string("name", members, optional: false) ?? ""), value: numberField("value", members) ?? 1)
        case .action:
            eventKind = .action(name: HapticName(string("name", members, optional: false) ?? ""), value: numberField("value", members) ?? 1)
        case .feedback:
            let name = string("kind", members, optional: false) ?? ""
            guard let feedback = HapticFeedback(name: name) else {
                if let value = member("kind", members)?.value {
                    report(value.offset, "$.kind", "unknown feedback '\(EchoedText.shortened(name))'", suggestion: Spelling.suggestion(for: name, among: HapticFeedback.names))
                }
                return nil
            }
            eventKind = .feedback(feedback)
        }
        return EventScript.Entry(time: time, event: GameEvent(eventKind, player: player, position: position, tag: tag.map { HapticName($0) }), line: line)
    }

    // MARK: Fields

    private func member(_ key: String, _ members: [JSONMember]) -> JSONMember? { members.last { $0.key == key } }

    /// A number by its value ("99", "1e+300", "-2.5"), anything else by its type.
    private func describe(_ value: JSONValue) -> String {
        guard case .number(let x) = value.kind else { return value.typeDescription }
        return x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(x)"
    }

    private func isNull(_ value: JSONValue) -> Bool { if case .null = value.kind { return true }; return false }

    private func number(_ value: JSONValue) -> Double? { if case .number(let x) = value.kind { return x }; return nil }

    private func stringValue(_ value: JSONValue) -> String? { if case .string(let x) = value.kind { return x }; return nil }

    private mutating func numberField(_ key: String, _ members: [JSONMember]) -> Double? {
        guard let value = member(key, members)?.value, !isNull(value) else { return nil }
        guard let x = number(value) else {
            report(value.offset, "$.\(key)", "expected a number, found \(value.typeDescription)")
            return nil
        }
        return x
    }

    private mutating func mass(_ key: String, _ members: [JSONMember]) -> Double? {
        guard let x = numberField(key, members) else { return nil }
        guard x > 0 else {
            report(member(key, members)!.value.offset, "$.\(key)", "expected a mass in kg > 0, or null for an immovable body")
            return nil
        }
        return x
    }

    private mutating func direction(_ members: [JSONMember]) -> Double? {
        guard let value = member("direction", members)?.value, !isNull(value) else { return nil }
        switch value.kind {
        case .number(let x): return min(max(x, -1), 1)
        case .array(let items):
            let numbers = items.compactMap(number)
            guard numbers.count == items.count, numbers.count >= 2 else { break }
            let length = numbers.reduce(0) { $0 + $1 * $1 }.squareRoot()
            return length > 0 ? numbers[0] / length : 0
        default: break
        }
        report(value.offset, "$.direction", "expected -1 (left) ... 1 (right), or a vector [x, y] or [x, y, z]")
        return nil
    }

    private mutating func bool(_ key: String, _ members: [JSONMember]) -> Bool? {
        guard let value = member(key, members)?.value else { return nil }
        guard case .bool(let x) = value.kind else {
            report(value.offset, "$.\(key)", "expected true or false, found \(value.typeDescription)")
            return nil
        }
        return x
    }

    private mutating func string(_ key: String, _ members: [JSONMember], optional: Bool) -> String? {
        guard let value = member(key, members)?.value, !isNull(value) else {
            if !optional { report(0, "$", "this event needs \"\(key)\"") }
            return nil
        }
        guard let x = stringValue(value) else {
            report(value.offset, "$.\(key)", "expected a string, found \(value.typeDescription)")
            return nil
        }
        return x
    }

    private mutating func report(_ offset: Int, _ path: String, _ message: String, suggestion: String? = nil) {
        let location = SourceLocation(line: line, column: offset + 1, offset: lineStart + offset)
        guard diagnostics.count < Self.maximumDiagnostics else {
            if unlisted == 0 { firstUnlisted = location }
            unlisted += 1
            return
        }
        diagnostics.append(ConfigDiagnostic(file: file, location: location, path: path, message: message, suggestion: suggestion))
    }
}
