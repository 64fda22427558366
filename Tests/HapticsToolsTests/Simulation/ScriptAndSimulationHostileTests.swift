import Foundation
@_spi(HapticsTools) @testable import Haptics
@_spi(HapticsTools) @testable import HapticsTools
import Testing

/// Event scripts, MappingSimulation and the posting queue under the inputs of issue 17.
@Suite("Event scripts, simulation and the queue under hostile input")
struct ScriptAndSimulationHostileTests {
    func diagnostics(_ text: String) -> [ConfigDiagnostic] {
        do { _ = try EventScript.parse(text, file: "e.jsonl"); return [] } catch { return error.diagnostics }
    }

    @Test("event times past an hour, negative or not numbers are refused at the time with the limit", arguments: [
        ("1e300", "1e+300"), ("1e7", "10000000"), ("100000", "100000"), ("3600.5", "3600.5"), ("-1", "-1"), ("\"1\"", "a string"),
    ])
    func eventTimes(time: String, shown: String) throws {
        let found = diagnostics("{\"time\": 0, \"event\": \"hit\"}\n{\"time\": \(time), \"event\": \"hit\"}\n")
        #expect(found.count == 1)
        let diagnostic = try #require(found.first)
        #expect(diagnostic.description == "e.jsonl:2:10: error: $.time: expected seconds 0...3600, found \(shown)")
    }

    @Test("an hour exactly is the last time accepted")
    func lastTime() throws {
        let script = try EventScript.parse("{\"time\": 3600, \"event\": \"hit\"}\n")
        #expect(script.entries.first?.time == EventScript.maximumTime)
    }

    @Test("a player out of range is named by its value", arguments: [("99", "99"), ("-1", "-1"), ("2.5", "2.5"), ("1e300", "1e+300"), ("\"one\"", "a string")])
    func playerNamed(player: String, shown: String) {
        let found = diagnostics("{\"time\": 0, \"event\": \"hit\", \"player\": \(player)}\n")
        #expect(found.map(\.message) == ["expected a player number 0...63 or null, found \(shown)"])
    }

    @Test("bytes starting with N, I, + or . get a message about what is there, not about NaN", arguments: [
        ("Nope", "not a JSON object: expected a value (object, array, string, number, true, false or null), found 'N'"),
        ("N\u{01}\u{02}", "not a JSON object: expected a value (object, array, string, number, true, false or null), found 'N'"),
        ("NaN", "not a JSON object: expected a finite JSON number, found NaN, which JSON does not allow"),
        ("Infinity", "not a JSON object: expected a finite JSON number, found Infinity, which JSON does not allow"),
        ("Inside", "not a JSON object: expected a value (object, array, string, number, true, false or null), found 'I'"),
        ("+1", "not a JSON object: expected a JSON number, found a leading '+', which JSON does not allow (write 0.5, not +0.5 or .5)"),
        (".5", "not a JSON object: expected a JSON number, found a leading '.', which JSON does not allow (write 0.5, not +0.5 or .5)"),
        ("+x", "not a JSON object: expected a value (object, array, string, number, true, false or null), found '+'"),
    ])
    func leadingLetters(line: String, message: String) {
        #expect(diagnostics(line + "\n").map(\.message) == [message])
    }

    @Test("a script over 16 MiB is refused at 1:1 with the limit, before parsing")
    func scriptSize() {
        let text = String(repeating: " ", count: EventScript.maximumBytes + 1)
        #expect(diagnostics(text).map(\.description) == ["e.jsonl:1:1: error: expected a script of at most 16777216 bytes, found 16777217 bytes"])
    }

    @Test("a field written twice is an error at its second key, not the last value silently (issue 26)")
    func duplicateFields() throws {
        let found = diagnostics("{\"time\": 0, \"event\": \"hit\", \"damage\": 1, \"damage\": 20}\n")
        #expect(found.map(\.description) == [#"e.jsonl:1:42: error: $.damage: expected each field once, found "damage" again"#])
        let nested = diagnostics("{\"time\": 0, \"event\": \"hit\", \"damage\": 1, \"tag\": {\"a\": 1, \"a\": 2}}\n")
        #expect(nested.first?.description.hasPrefix(#"e.jsonl:1:58: error: expected each field once, found "a" again"#) == true, "\(nested)")
        // A key written twice is echoed as every key is (issue 26, item 15): escaped, cut after 80 bytes.
        let key = #"\u001b\n"# + String(repeating: "k", count: 100)   // ESC and a newline, as JSON writes them
        let echoed = #"\u001B\n"# + String(repeating: "k", count: 78) + "…(+22 bytes)"
        let hostile = diagnostics("{\"time\": 0, \"event\": \"hit\", \"\(key)\": 1, \"\(key)\": 2}\n")
        let twice = try #require(hostile.first { $0.message.hasPrefix("expected each field once") }, "\(hostile)")
        #expect(twice.path == "$." + echoed)
        #expect(twice.message == "expected each field once, found \"\(echoed)\" again")
        let nestedHostile = diagnostics("{\"time\": 0, \"event\": \"hit\", \"tag\": {\"\(key)\": 1, \"\(key)\": 2}}\n")
        #expect(nestedHostile.contains { $0.message == "expected each field once, found \"\(echoed)\" again" }, "\(nestedHostile)")
        #expect(!(hostile + nestedHostile).contains { $0.description.unicodeScalars.contains { $0.value < 0x20 } })
    }

    @Test("16 MiB of blank lines: nothing to read and nothing kept per line; CRLF lines are lines")
    func blankLines() throws {
        let blank = try EventScript.parse(String(repeating: "\n", count: EventScript.maximumBytes), file: "e.jsonl")
        #expect(blank.entries.isEmpty)
        let crlf = try EventScript.parse("{\"time\": 0, \"event\": \"hit\", \"damage\": 1}\r\n\r\n{\"time\": 1, \"event\": \"hit\", \"damage\": 2}\r\n")
        #expect(crlf.entries.map(\.line) == [1, 3])
    }

    @Test("a script of bad lines lists 1,000 problems and counts the rest in one more")
    func boundedProblems() {
        let found = diagnostics(String(repeating: "x\n", count: 200_000))
        #expect(found.count == 1_001)
        #expect(found.last?.description == "e.jsonl:1001:1: error: 199000 more problems not listed (at most 1000 are)")
    }

    // MARK: MappingSimulation

    func script(_ times: [Double], player: Int? = nil) -> EventScript {
        EventScript(entries: times.enumerated().map { index, time in
            EventScript.Entry(time: time, event: GameEvent(.feedback(.success), player: player), line: index + 1)
        })
    }

    func refusal(_ script: EventScript, rate: Double = 60, tail: Double = 10, players: Int? = nil,
                 limits: MappingSimulation.Limits = .init()) -> MappingSimulationError? {
        do {
            _ = try MappingSimulation(script: script, mapping: nil, rate: rate, playerCount: players, maximumTailSeconds: tail, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test("MappingSimulation throws, before running, for times that used to trap, grow memory or write 234 MB", arguments: [
        (1e300, "event 1 (line 2): expected event times 0...3600.0 s, found 1e+300"),
        (1e7, "event 1 (line 2): expected event times 0...3600.0 s, found 10000000.0"),
        (100_000, "event 1 (line 2): expected event times 0...3600.0 s, found 100000.0"),
        (.infinity, "event 1 (line 2): expected event times 0...3600.0 s, found inf"),
        (.nan, "event 1 (line 2): expected event times 0...3600.0 s, found nan"),
        (-1, "event 1 (line 2): expected event times 0...3600.0 s, found -1.0"),
    ])
    func simulationTimes(time: Double, message: String) {
        #expect(refusal(script([0.5, time]))?.description == message)
    }

    @Test("MappingSimulation throws for players, rates, tails and player counts out of range")
    func simulationArguments() {
        #expect(refusal(script([0], player: .max))?.description == "event 0 (line 1): expected a player 0...63, found \(Int.max)")
        #expect(refusal(script([0], player: -1))?.description == "event 0 (line 1): expected a player 0...63, found -1")
        #expect(refusal(script([0]), rate: 0)?.message == "expected a rate of 1...1000 frames per second, found 0.0")
        #expect(refusal(script([0]), rate: .nan)?.message == "expected a rate of 1...1000 frames per second, found nan")
        #expect(refusal(script([0]), tail: .infinity)?.message == "expected a tail of 0...600 s, found inf")
        #expect(refusal(script([0]), players: 65)?.message == "expected 1...64 players, found 65")
        #expect(refusal(script([0]), players: 0)?.message == "expected 1...64 players, found 0")
    }

    @Test("the trace is bounded: an hour at 1000 frames per second is refused, with the rows it would have")
    func simulationRows() {
        let error = refusal(script([3600]), rate: 1000)
        #expect(error?.message == "expected a trace of at most 1000000 rows (frames × players), found 3610002 frames × 1 players = 3610002 rows (3600.0 s of events + 10.0 s of tail at 1000.0 frames/s)")
        #expect(error?.event == 0 && error?.line == 1, "located at the event that passes it")
        // The first event whose time passes the limit is named, not the last (issue 26).
        let located = refusal(script([0, 100, 900, 1000, 3600]), rate: 1000)
        #expect(located?.event == 3 && located?.line == 4, "\(String(describing: located))")
        #expect(located?.description.hasPrefix("event 3 (line 4): expected a trace of at most 1000000 rows") == true)
        // A player count that alone passes it names no event.
        #expect(refusal(script([0]), rate: 1000, tail: 600, players: 2)?.event == nil)
        var small = MappingSimulation.Limits()
        small.maximumTraceRows = 100
        #expect(refusal(script([1]), limits: small) != nil)
        #expect(refusal(script([1]), tail: 0.1, limits: small) == nil)
    }

    @Test("within bounds the simulation runs, and stays within the rows it promised")
    func simulationRuns() throws {
        let simulation = try MappingSimulation(script: script([0, 0.5], player: 1), mapping: nil)
        #expect(simulation.outputs.count == 2)
        #expect(simulation.statistics.events == 2)
        #expect(simulation.statistics.started == 2)
        #expect(simulation.outputs[1].frames.contains { !$0.levels.isSilent })
        #expect(!simulation.isTruncated)
        #expect(simulation.outputs[0].frames.count <= Int((0.5 + 10) * 60) + 2)
    }

    // MARK: The posting queue

    @Test("posting far more than a frame can take: the queue keeps its capacity, refuses the rest and counts them in the statistics")
    func queueOverflow() {
        let engine = HapticEngine(outputs: [RecordingOutput(name: "p0", profile: .genericDualMotor)], voiceCapacity: 16)
        try? engine.start()
        let director = HapticEventDirector(target: engine, mapping: nil, queueCapacity: 100)
        var accepted = 0
        for _ in 0..<100_000 where director.post(GameEvent(.feedback(.selection))) { accepted += 1 }
        #expect(accepted == 100)
        #expect(director.queue.capacity == 100)
        director.update(at: 0)
        #expect(director.statistics.events == 100)
        #expect(director.statistics.dropped == 99_900)
        #expect(director.droppedEvents == 99_900)
        #expect(director.queue.postedCount == 100_000)
        // The next frame has room again; drops keep counting from where they were.
        for _ in 0..<150 { director.post(GameEvent(.feedback(.selection))) }
        director.update(at: 1.0 / 60)
        #expect(director.statistics.events == 200)
        #expect(director.statistics.dropped == 99_950)
    }
}
