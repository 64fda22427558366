import Foundation
import Haptics

/// Scripted input for headless runs: JSON Lines, one step per line, in time order.
///
///     {"time": 0.5, "player": 0, "action": "right", "down": true}
///     {"time": 2.0, "action": "right", "down": false}
///     {"time": 2.1, "action": "jump"}                      // a tap: down for one frame
///
/// `time` is seconds of game time, `player` counts from 0 like every player number in SDLHaptics (default 0), `action` one of `InputState.Action`,
/// `down` true/false (absent: a one-frame tap). Lines starting with `#` and blank lines are ignored.
struct InputScript {
    struct Step {
        var time: Double
        var player: Int
        var action: InputState.Action
        var down: Bool?
    }

    struct ScriptError: Error, CustomStringConvertible {
        var description: String
    }

    private(set) var steps: [Step]
    private var next = 0
    private var releases: [(player: Int, action: InputState.Action)] = []

    init(contentsOfFile path: String) throws {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw ScriptError(description: "\(path): cannot read: \(error.localizedDescription)")
        }
        var steps: [Step] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let place = "\(path):\(index + 1)"
            guard let object = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [String: Any] else {
                throw ScriptError(description: "\(place): expected a JSON object")
            }
            guard let time = object["time"] as? Double, time.isFinite, time >= 0 else {
                throw ScriptError(description: "\(place): expected \"time\", a number of seconds >= 0")
            }
            guard let name = object["action"] as? String, let action = InputState.Action(rawValue: name) else {
                let names = InputState.Action.allCases.map(\.rawValue).joined(separator: ", ")
                throw ScriptError(description: "\(place): expected \"action\", one of \(names)")
            }
            let player = (object["player"] as? Int) ?? 0
            guard (0...3).contains(player) else {
                throw ScriptError(description: "\(place): expected \"player\" 0...3 (players count from 0), found \(object["player"] ?? "")")
            }
            if let previous = steps.last, previous.time > time {
                throw ScriptError(description: "\(place): times must not go backwards (\(time) after \(previous.time))")
            }
            steps.append(Step(time: time, player: player, action: action, down: object["down"] as? Bool))
        }
        self.steps = steps
    }

    /// Applies every step due by `time` to `inputs` (one per player). Taps from the previous call are
    /// released first, so a tap lasts exactly one frame.
    mutating func apply(upTo time: Double, to inputs: inout [InputState]) {
        for release in releases where inputs.indices.contains(release.player) {
            inputs[release.player].set(release.action, down: false)
        }
        releases.removeAll()
        while next < steps.count, steps[next].time <= time + 1e-9 {
            let step = steps[next]
            next += 1
            guard inputs.indices.contains(step.player) else { continue }
            inputs[step.player].set(step.action, down: step.down ?? true)
            if step.down == nil { releases.append((step.player, step.action)) }
        }
    }

    var isFinished: Bool { next >= steps.count && releases.isEmpty }
    var endTime: Double { steps.last?.time ?? 0 }
}
