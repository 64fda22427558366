import Foundation
@_spi(HapticsTools) import Haptics
import HapticsTools

/// The inputs of the comparison: presets, fixture files, the demo's game events through the
/// shipped config, and generated stress streams.
public enum FeltInputs {
    /// Every `.ahap` file directly in `folder` (sorted by name), decoded leniently; files that do not
    /// decode are returned in `failures` with the decoder's message.
    public static func patterns(in folder: String, inputClass: String) -> (scenarios: [Scenario], failures: [String]) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".ahap") }.sorted()
        var scenarios: [Scenario] = []
        var failures: [String] = []
        for name in names {
            let path = (folder as NSString).appendingPathComponent(name)
            do {
                let pattern = try AHAPDecoder().decode(contentsOfFile: path).pattern
                scenarios.append(.pattern(pattern, name: name, inputClass: inputClass))
            } catch {
                failures.append("\(path): \(error)")
            }
        }
        return (scenarios, failures)
    }

    /// An event script through a mapping config (errors are thrown with file:line:column).
    public static func gameEvents(script path: String, config: String, inputClass: String) throws -> Scenario {
        let presets = PresetLibrary.builtIn()
        let mapping = try LoadedMapping.load(file: config, presets: presets)
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw InputError("\(path): cannot read the file")
        }
        let script = try EventScript.parse(text, file: path)
        return .gameEvents(script, mapping: mapping, presets: presets, name: (path as NSString).lastPathComponent, inputClass: inputClass)
    }

    public struct InputError: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// The generated stress streams, from the built-in presets, with a fixed seed.
    public static func stressStreams(presets: PresetLibrary = .builtIn(), seed: UInt64 = 20) -> [Scenario] {
        var random = SplitMix(state: seed)
        func pattern(_ name: String) -> HapticPattern {
            presets.pattern(named: name) ?? HapticPattern(events: [.transient(at: 0)])
        }
        let impacts = ["ImpactHeavy", "ImpactMedium", "ImpactRigid", "ImpactSoft", "ImpactLight", "ImpactSolid"].map(pattern)
        var voice = 0

        // Bursts of overlapping impacts: 8 bursts 0.7 s apart, each 4-6 impacts 8-40 ms apart,
        // intensity 0.2-1 (a pile of crates landing, a shotgun blast).
        var bursts: [VoiceCommand] = []
        for b in 0..<8 {
            var t = 0.2 + Double(b) * 0.7
            for _ in 0..<(4 + Int(random.next() % 3)) {
                let p = impacts[Int(random.next() % UInt64(impacts.count))]
                bursts.append(VoiceCommand(time: t, voice: voice, action: .start(p, intensity: 0.2 + 0.8 * random.unit(), loop: false)))
                voice += 1
                t += 0.008 + 0.032 * random.unit()
            }
        }

        // A texture with impacts on top: a looping 1 s continuous event (sharpness 0.3) whose
        // intensity follows a slow wave 0.3-0.6 (updated every 100 ms) for 4 s, and an impact every
        // 180-320 ms on top, intensity 0.4-1.
        let texture = HapticPattern(events: [.continuous(at: 0, duration: 1, intensity: 1, sharpness: 0.3)])
        var layered: [VoiceCommand] = [VoiceCommand(time: 0.1, voice: voice, action: .start(texture, intensity: 0.45, loop: true))]
        let textureVoice = voice
        voice += 1
        var u = 0.2
        while u < 4.1 {
            layered.append(VoiceCommand(time: u, voice: textureVoice, action: .intensity(0.45 + 0.15 * sin(u * 2 * .pi / 1.7))))
            u += 0.1
        }
        layered.append(VoiceCommand(time: 4.1, voice: textureVoice, action: .stop))
        var s = 0.35
        while s < 3.9 {
            let p = impacts[Int(random.next() % 3)]
            layered.append(VoiceCommand(time: s, voice: voice, action: .start(p, intensity: 0.4 + 0.6 * random.unit(), loop: false)))
            voice += 1
            s += 0.18 + 0.14 * random.unit()
        }

        // Rapid selection ticks: the Selection preset 40 ms apart for 1 s (a list scrolled fast),
        // then 70 ms apart for 1 s.
        let selection = pattern("Selection")
        var ticks: [VoiceCommand] = []
        var t = 0.1
        while t < 1.1 { ticks.append(VoiceCommand(time: t, voice: voice, action: .start(selection, intensity: 1, loop: false))); voice += 1; t += 0.04 }
        while t < 2.1 { ticks.append(VoiceCommand(time: t, voice: voice, action: .start(selection, intensity: 1, loop: false))); voice += 1; t += 0.07 }

        // Taps on a full texture (issue 33): two looping textures on both motors (sharpness 0.5) at 0.75
        // each, so that together they would hold both motors at full, for 4 s; on top, a tap every
        // 220-340 ms, intensity 0.15-1 (a plain transient on both motors, or an impact preset). Then
        // game events on a saturating texture: two rough textures (sharpness 0.3: two crumbling floors)
        // at 0.8 each, with an impact preset posted every 250-450 ms.
        let full = HapticPattern(events: [.continuous(at: 0, duration: 1, intensity: 1, sharpness: 0.5)])
        let tap = HapticPattern(events: [.transient(at: 0, intensity: 1, sharpness: 0.5)])
        var onTexture: [VoiceCommand] = []
        for _ in 0..<2 {
            onTexture.append(VoiceCommand(time: 0.1, voice: voice, action: .start(full, intensity: 0.75, loop: true)))
            onTexture.append(VoiceCommand(time: 4.1, voice: voice, action: .stop))
            voice += 1
        }
        let strengths = [0.15, 0.2, 0.3, 0.45, 0.6, 0.8, 1.0]
        var r = 0.4
        while r < 3.9 {
            let strength = strengths[Int(random.next() % UInt64(strengths.count))]
            let pattern = random.next() % 3 == 0 ? impacts[Int(random.next() % 3)] : tap
            onTexture.append(VoiceCommand(time: r, voice: voice, action: .start(pattern, intensity: strength, loop: false)))
            voice += 1
            r += 0.22 + 0.12 * random.unit()
        }
        let rolling = HapticPattern(events: [.continuous(at: 0, duration: 1, intensity: 1, sharpness: 0.3)])
        var onFloors: [VoiceCommand] = []
        for start in [0.1, 0.6] {
            onFloors.append(VoiceCommand(time: start, voice: voice, action: .start(rolling, intensity: 0.8, loop: true)))
            onFloors.append(VoiceCommand(time: start + 2.6, voice: voice, action: .stop))
            voice += 1
        }
        let posted = ["ImpactRigid", "ImpactMedium", "ImpactHeavy", "ImpactLight"].map(pattern)
        var q = 0.8
        while q < 3.0 {
            let p = posted[Int(random.next() % UInt64(posted.count))]
            onFloors.append(VoiceCommand(time: q, voice: voice, action: .start(p, intensity: 0.3 + 0.7 * random.unit(), loop: false)))
            voice += 1
            q += 0.25 + 0.2 * random.unit()
        }

        return [
            .commands(bursts, name: "overlapping impact bursts", inputClass: "stress: impact bursts"),
            .commands(layered, name: "texture with impacts on top", inputClass: "stress: texture + impacts"),
            .commands(ticks, name: "rapid selection ticks", inputClass: "stress: selection ticks"),
            .commands(onTexture, name: "taps on two full textures", inputClass: "taps on a full texture"),
            .commands(onFloors, name: "game events on two saturating textures", inputClass: "taps on a full texture"),
        ]
    }
}
