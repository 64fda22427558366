@_spi(HapticsTools) import Haptics
@_spi(HapticsTools) @testable import HapticsTools
import Testing

@Suite("Event scripts (JSON Lines)")
struct EventScriptTests {
    @Test("every event kind and field reads into the right GameEvent")
    func reads() throws {
        let script = try EventScript.parse("""
        // comment
        {"time": 0.5, "event": "collision", "massA": 40, "massB": null, "speed": 6, "materials": ["crate", "stone"], "position": [1, 2], "player": 1, "tag": "heavy"}
        {"time": 1, "event": "footstep", "surface": "metal", "speed": 2.5, "weight": 80, "foot": "left"}

        {"time": 1, "event": "hit", "damage": 12, "direction": [0, 3], "critical": true, "received": false}
        {"time": 2, "event": "texture", "id": "cart", "action": "start", "value": 3, "kind": "rolling"}
        {"time": 2.5, "event": "texture", "id": "cart", "action": "stop"}
        {"time": 3, "event": "custom", "name": "snap", "value": 0.25}
        {"time": 4, "event": "feedback", "kind": "impactHeavy"}
        """)
        #expect(script.entries.count == 7)
        #expect(script.entries.map(\.line) == [2, 3, 5, 6, 7, 8, 9])
        let crash = script.entries[0].event
        guard case .collision(let c) = crash.kind else { Issue.record("not a collision"); return }
        #expect(c.massA == 40 && c.massB == nil && c.speed == 6 && c.materialA == "crate" && c.materialB == "stone")
        #expect(crash.player == 1 && crash.tag == "heavy" && crash.position == WorldPosition(x: 1, y: 2))
        guard case .footstep(let f) = script.entries[1].event.kind else { Issue.record("not a footstep"); return }
        #expect(f.surface == "metal" && f.weight == 80 && f.foot == .left)
        guard case .hit(let h) = script.entries[2].event.kind else { Issue.record("not a hit"); return }
        #expect(h.damage == 12 && h.direction == 0 && h.critical && !h.received)
        guard case .texture(let start) = script.entries[3].event.kind, case .texture(let stop) = script.entries[4].event.kind else {
            Issue.record("not textures"); return
        }
        #expect(start.id == stop.id && start.action == .start && stop.action == .stop && start.kind == "rolling")
        guard case .feedback(let feedback) = script.entries[6].event.kind else { Issue.record("not feedback"); return }
        #expect(feedback == .impact(weight: .heavy))
    }

    @Test("game actions: a name, and a value of 1 unless the line gives one")
    func actions() throws {
        let script = try EventScript.parse("""
        {"time": 0, "event": "action", "name": "jump", "player": 0}
        {"time": 0.5, "event": "action", "name": "land", "value": 7.5, "position": [3, 0], "tag": "roof"}
        """)
        #expect(script.entries.count == 2)
        guard case .action(let jump, let one) = script.entries[0].event.kind,
              case .action(let land, let fall) = script.entries[1].event.kind else {
            Issue.record("not actions"); return
        }
        #expect(jump == "jump" && one == 1 && script.entries[0].event.player == 0)
        #expect(land == "land" && fall == 7.5 && script.entries[1].event.tag == "roof" && script.entries[1].event.player == nil)
    }

    @Test("errors: line, column, JSON path; every bad line reported")
    func errors() {
        do {
            _ = try EventScript.parse("""
            {"time": 1, "event": "hit"}
            {"time": 0.5, "event": "hit"}
            {"time": 2, "event": "footstep", "speed": 1, "surfce": "grass"}
            not json
            {"time": 3, "event": "collision", "massA": -2, "speed": 1}
            """, file: "s.jsonl")
            Issue.record("should fail")
        } catch {
            let d = error.diagnostics
            #expect(d.contains { $0.location.line == 2 && $0.path == "$.time" && $0.message.contains("must not decrease") })
            #expect(d.contains { $0.location.line == 3 && $0.location.column == 46 && $0.suggestion == "surface" })
            // The offset is from the file's start (SourceLocation.offset), not from the line's.
            #expect(d.contains { $0.location.line == 3 && $0.location.offset == 103 })
            #expect(d.contains { $0.location.line == 4 && $0.location.column == 1 })
            #expect(d.contains { $0.location.line == 5 && $0.path == "$.massA" && $0.message.contains("immovable") })
            #expect(d.allSatisfy { $0.description.hasPrefix("s.jsonl:") })
        }
    }
}
