// libFuzzer target: MappingSimulation with extreme times, players, rates and tails. Built by
// scripts/fuzz.sh together with every source file of the Haptics module; scripts/fuzz.sh copies
// Assets/Haptics/haptics.toml next to the binary as the mapping.
//
// The bytes pick a script (event kinds, times from 0 to 1e300, infinities, NaN, negative zero,
// subnormals, out-of-order times; players from nil to Int.max and Int.min), a rate, a tail, a
// player count and whether a mapping is used. The public API is called directly, so none of
// EventScript.parse's checks stand in front of it.
//
// Properties, beyond "never crashes, never hangs": the simulation either throws
// MappingSimulationError (and then some input was out of its documented bounds) or runs within
// them: one output per player, at most limits.maximumTraceRows rows in all, every level in 0...1.

let mapping: LoadedMapping = {
    do { return try LoadedMapping.load(file: "haptics.toml", presets: .builtIn()) } catch {
        fatalError("the fuzz target needs haptics.toml next to it (scripts/fuzz.sh copies it): \(error)")
    }
}()

let times: [Double] = [0, -0.0, .leastNonzeroMagnitude, 1e-9, 0.016, 0.5, 1, 2.5, 59.99, 600, 3599.999, 3600, 3600.0001, 1e5, 1e7,
                       1e300, .greatestFiniteMagnitude, .infinity, -.infinity, .nan, -1, -1e300]
let players: [Int?] = [nil, 0, 1, 3, 63, 64, -1, 1_000_000, .max, .min]
let rates: [Double] = [60, 1, 1000, 30, 240, 0, -60, 1000.5, 0.5, .nan, .infinity, 1e-300]
let tails: [Double] = [10, 0, 0.1, 600, 600.5, -1, .nan, .infinity, 1e300]
let playerCounts: [Int?] = [nil, 1, 2, 4, 64, 65, 0, -1, .max]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMappingSimulation(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = UnsafeBufferPointer(start: data, count: size).makeIterator()
    func next() -> Int { Int(bytes.next() ?? 0) }
    func pick<T>(_ choices: [T]) -> T { choices[next() % choices.count] }

    let rate = pick(rates)
    let tail = pick(tails)
    let playerCount = pick(playerCounts)
    let useMapping = next() % 4 != 0
    var limits = MappingSimulation.Limits()
    // Small enough that every accepted run is quick; the bound itself is what is under test.
    limits.maximumTraceRows = 1 + next() * 200
    var entries: [EventScript.Entry] = []
    var count = 0
    while let byte = bytes.next(), count < 200 {
        count += 1
        let time = byte < 128 ? Double(byte) / 32 : pick(times)
        let player = pick(players)
        let kind: GameEvent.Kind
        switch next() % 7 {
        case 0: kind = .collision(GameEvent.Collision(massA: pick([nil, 40, 1e300]), massB: nil, speed: pick([6, 1e300, -5, .nan]),
                                                      materialA: "metal", materialB: "stone"))
        case 1: kind = .footstep(GameEvent.Footstep(surface: pick(["metal", "grass", ""]), speed: pick([2.5, .infinity])))
        case 2: kind = .hit(GameEvent.Hit(damage: pick([10, 1e300, -1]), direction: pick([nil, 0.5, .nan]), critical: next() % 2 == 0))
        case 3: kind = .texture(GameEvent.Texture(id: pick([1, 2, .max]), action: pick([.start, .update, .stop]), value: pick([0.5, 1e300, .nan]),
                                                  kind: pick([nil, "rain", "engine"])))
        case 4: kind = .custom(name: HapticName(pick(["explosion", "heartbeat", ""])), value: pick([1, 1e300, -1]))
        case 5: kind = .action(name: HapticName(pick(["jump", "land", "dash", "shoot", ""])), value: pick([1, 1e300, -1, .nan, 0]))
        default: kind = .feedback(HapticFeedback(presetIndex: next() % 16))
        }
        entries.append(EventScript.Entry(time: time, event: GameEvent(kind, player: player), line: count))
    }
    let script = EventScript(entries: entries)
    do {
        let simulation = try MappingSimulation(script: script, mapping: useMapping ? mapping : nil, rate: rate,
                                               playerCount: playerCount, maximumTailSeconds: tail, limits: limits)
        let rows = simulation.outputs.reduce(0) { $0 + $1.frames.count }
        if rows > limits.maximumTraceRows { fatalError("\(rows) rows, over the limit of \(limits.maximumTraceRows)") }
        if simulation.outputs.isEmpty || simulation.outputs.count > MappingSimulation.Limits.maximumPlayers { fatalError("\(simulation.outputs.count) outputs") }
        for output in simulation.outputs {
            for frame in output.frames {
                let levels = [frame.levels.lowFrequency, frame.levels.highFrequency, frame.levels.leftTrigger, frame.levels.rightTrigger]
                if levels.contains(where: { !(0...1).contains($0) }) { fatalError("level out of 0...1: \(frame.levels)") }
            }
        }
        // Accepted: every input was within bounds.
        if !(rate.isFinite && (1...1000).contains(rate)) { fatalError("accepted rate \(rate)") }
        if !(tail.isFinite && (0...600).contains(tail)) { fatalError("accepted tail \(tail)") }
        for entry in entries where !(entry.time >= 0 && entry.time <= limits.maximumEventTime) { fatalError("accepted time \(entry.time)") }
    } catch {
        if error.message.isEmpty { fatalError("an error without a message") }
    }
    return 0
}
