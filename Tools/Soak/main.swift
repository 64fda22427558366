// haptics-soak: a simulated session of random game events through the mapping layer, the engine and
// four counting outputs, on a manual clock, as fast as the machine goes.
//
//     haptics-soak [--hours 24] [--seed 1] [--config FILE]
//
// Checks, and exits 1 when one fails: the number of playing voices stays within what the mapping's
// voice pools can hold (four voices per rule, player and locality, four per feedback case and player); textures stay within the director's limit; resident memory (/proc/self/statm) after the
// first tenth of the run does not grow by more than 4 MiB by the end; every output is silent
// (all four actuators exactly 0) once the game stops its textures. Prints what it measured.
// docs/reliability.md explains how to run it (make soak; make leakcheck runs it under valgrind).

import Foundation
import Glibc
@_spi(HapticsTools) import Haptics

/// An output that keeps only what the soak checks: the last levels and how many frames it got.
final class CountingOutput: HapticOutput {
    let name: String
    let profile: MotorProfile
    var isConnected = true
    private(set) var last = ActuatorLevels.zero
    private(set) var frames = 0
    private(set) var loudest = 0.0
    init(name: String, profile: MotorProfile) { self.name = name; self.profile = profile }
    func receive(_ frame: HapticFrame) {
        last = frame.levels
        frames += 1
        loudest = max(loudest, frame.levels.lowFrequency, frame.levels.highFrequency)
    }
}

/// A small deterministic generator (SplitMix64) so a seed replays the same session.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func option(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    return arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}

let hours = option("--hours").flatMap(Double.init) ?? 24
var random = SplitMix(state: option("--seed").flatMap(UInt64.init) ?? 1)
let configPath = option("--config") ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Assets/Haptics/haptics.toml").standardized.path
let mapping: LoadedMapping
do { mapping = try LoadedMapping.load(file: configPath, presets: .builtIn()) } catch {
    print("\(error)")
    exit(1)
}

let rate = 60.0
let frameCount = Int(hours * 3600 * rate)
let voiceCapacity = 64
let outputs = (0..<4).map { CountingOutput(name: "player\($0)", profile: $0 % 2 == 0 ? .genericDualMotor : .xboxOne) }
let engine = HapticEngine(outputs: outputs, voiceCapacity: voiceCapacity)
try engine.start()
let director = HapticEventDirector(target: engine, mapping: mapping)
for player in 0..<4 { director.setListener(WorldPosition(x: Double(player) * 5, y: 0), forPlayer: player) }

// Four voices per rule, player and locality (body, left trigger, right trigger, texture), and four
// per feedback case and player for feedback without a rule.
let voiceBound = mapping.config.rules.count * 4 * 4 * 4 + HapticFeedback.allPresetCases.count * 4 * 4
let surfaces: [HapticName] = ["grass", "wood", "metal", "gravel", "stone", "sand"]
let materials: [HapticName] = ["crate", "metal", "wood", "stone", "flesh", "rubber", "glass"]
let customs: [HapticName] = ["snap", "lowHealth", "door"]
let feedbacks = HapticFeedback.allPresetCases
var textureOn = [Bool](repeating: false, count: 16)
var maxVoices = 0
var maxTextures = 0
var posted = 0
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
          let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
var residentAtTenth = 0
let started = Date()

@MainActor func randomPosition() -> WorldPosition { WorldPosition(x: Double.random(in: -30...45, using: &random), y: Double.random(in: 0...5, using: &random)) }
@MainActor func randomPlayer() -> Int? { Int.random(in: 0...4, using: &random) == 4 ? nil : Int.random(in: 0..<4, using: &random) }

@MainActor func postRandomEvents() {
    let count = Int.random(in: 0...100, using: &random) < 90 ? Int.random(in: 0...3, using: &random) : Int.random(in: 10...200, using: &random)
    for _ in 0..<count {
        posted += 1
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<35:
            director.post(.collision(massA: Bool.random(using: &random) ? Double.random(in: 0.1...2000, using: &random) : nil,
                                     massB: Bool.random(using: &random) ? Double.random(in: 0.1...2000, using: &random) : nil,
                                     speed: Double.random(in: 0...30, using: &random),
                                     materials: (materials.randomElement(using: &random), materials.randomElement(using: &random)),
                                     player: randomPlayer(), position: randomPosition(), tag: Int.random(in: 0..<10, using: &random) == 0 ? "heavy" : nil))
        case 35..<60:
            director.post(.footstep(surface: surfaces.randomElement(using: &random)!, speed: Double.random(in: 0...8, using: &random),
                                    player: Int.random(in: 0..<4, using: &random)))
        case 60..<70:
            director.post(.hit(damage: Double.random(in: 0...80, using: &random), direction: Double.random(in: -1...1, using: &random),
                               critical: Bool.random(using: &random), received: Bool.random(using: &random), player: randomPlayer()))
        case 70..<88:
            let id = Int.random(in: 0..<textureOn.count, using: &random)
            let action: GameEvent.Texture.Action
            if !textureOn[id] { action = .start; textureOn[id] = true }
            else if Int.random(in: 0..<20, using: &random) == 0 { action = .stop; textureOn[id] = false }
            else { action = .update }
            director.post(.texture(id: id, action, value: Double.random(in: 0...12, using: &random), kind: "rolling",
                                   player: id % 5 == 4 ? nil : id % 4, position: randomPosition()))
        case 88..<95:
            director.post(.custom(customs.randomElement(using: &random)!, value: Double.random(in: 0...1, using: &random), player: randomPlayer()))
        default:
            director.post(.feedback(feedbacks.randomElement(using: &random)!, player: randomPlayer()))
        }
    }
}

for frame in 0..<frameCount {
    let time = Double(frame) / rate
    postRandomEvents()
    if frame % Int(rate * 600) == Int(rate * 300) { director.use(mapping) }   // a reload every 10 minutes
    director.update(at: time)
    engine.update(at: time)
    maxVoices = max(maxVoices, engine.activeVoiceCount)
    maxTextures = max(maxTextures, director.activeTextureCount)
    if frame == frameCount / 10 {
        residentAtTenth = residentBytes()
    }
}
// The game ends: textures stop, and the pads must fall silent.
director.stopAll()
var time = Double(frameCount) / rate
var tail = 0
while (engine.activeVoiceCount > 0 || outputs.contains { !$0.last.isSilent }) && tail < Int(rate * 30) {
    director.update(at: time)
    engine.update(at: time)
    time += 1 / rate
    tail += 1
}
let residentAtEnd = residentBytes()
let silent = outputs.allSatisfy { $0.last.isSilent }
let seconds = Date().timeIntervalSince(started)
let s = director.statistics
print(String(format: "soak: %.2f simulated hours, %d frames in %.1f s (%.1f µs per frame)", hours, frameCount, seconds, seconds / Double(max(frameCount, 1)) * 1e6))
print("events: \(posted) posted, \(s.events) taken, \(s.voicesStarted) voices started, \(s.coalesced) coalesced, \(s.cooledDown) cooled down, \(s.silenced) silenced, \(s.outOfRange) out of range, \(s.unmatched) unmatched, \(director.droppedEvents) dropped")
print("voices: at most \(maxVoices) playing (pools' bound \(voiceBound)); textures: at most \(maxTextures) (limit \(director.textureCapacity))")
print("resident memory: \(residentAtTenth) bytes after a tenth of the run, \(residentAtEnd) at the end (\(residentAtEnd - residentAtTenth) growth)")
print("end: \(silent ? "every output silent" : "NOT SILENT") after \(tail) frames of tail; loudest drive \(outputs.map(\.loudest).max() ?? 0)")
var failures: [String] = []
if maxVoices > voiceBound { failures.append("voices exceeded the pools' bound") }
if maxTextures > director.textureCapacity { failures.append("textures exceeded the limit") }
if residentAtEnd - residentAtTenth > 4 << 20 { failures.append("resident memory grew by more than 4 MiB") }
if !silent { failures.append("an output was still driving a motor") }
if s.started == 0 { failures.append("nothing played") }
if failures.isEmpty { print("soak: ok") } else { print("soak: FAILED: \(failures.joined(separator: "; "))"); exit(1) }
