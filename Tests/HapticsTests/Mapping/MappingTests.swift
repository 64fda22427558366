import Foundation
@_spi(HapticsTools) import Haptics
import Testing

@Suite("Mapping: events to haptics")
struct MappingTests {
    let mapping: LoadedMapping
    init() throws { mapping = try MappingRig.defaultMapping() }

    func intensity(_ event: GameEvent, listener: WorldPosition? = nil) -> Double {
        mapping.response(to: event, player: 0, listener: listener)?.intensity ?? 0
    }

    @Test("the shipped config loads and has a rule for every event kind")
    func defaultConfig() throws {
        let kinds = Set(mapping.config.rules.map(\.event))
        #expect(kinds == Set(EventKindName.allCases))
        #expect(mapping.patterns.count == mapping.config.rules.count)
        // Every rule plays a pattern, except those that only set an adaptive trigger effect (the sling).
        for (rule, pattern) in zip(mapping.config.rules, mapping.patterns) {
            #expect(rule.pattern.isEmpty ? rule.triggerEffect != nil : !pattern.events.isEmpty, "\(rule.name)")
        }
        // The demo's adaptive triggers are the config's: the sling on R2 and the brake on the rolling texture's L2.
        let sling = try #require(mapping.config.rules.first { $0.name == "sling" }?.triggerEffect)
        #expect(sling.side == .right && sling.mode == .weapon)
        let brake = try #require(mapping.config.rules.first { $0.name == "rolling" }?.triggerEffect)
        #expect(brake.side == .left && brake.mode == .feedback)
    }

    @Test("collision intensity grows monotonically with impulse and saturates smoothly below 1")
    func collisionCurve() {
        var previous = 0.0
        var previousSlope = Double.infinity
        var impulse = 0.1
        var values: [Double] = []
        while impulse < 1e7 {
            let value = intensity(.collision(massA: 1, massB: nil, speed: 0, impulse: impulse, materials: ("crate", "stone")))
            #expect(value >= previous, "impulse \(impulse)")
            #expect(value <= 1)
            values.append(value)
            previous = value
            impulse *= 1.25
        }
        // Smooth saturation: past the knee the steps per log-step shrink and never jump.
        let steps = zip(values.dropFirst(), values).map { $0 - $1 }
        let tail = steps.suffix(20)
        for step in tail {
            #expect(step <= previousSlope + 1e-12)
            previousSlope = step
        }
        #expect(values.last! > 0.95 && values.last! < 1)
    }

    @Test("a 1 kg box and a 1000 kg crate at 6 m/s feel clearly different, neither clips; immovable bodies work")
    func massWeighting() {
        let light = intensity(.collision(massA: 1, massB: nil, speed: 6, materials: ("crate", "stone")))
        let heavy = intensity(.collision(massA: 1000, massB: nil, speed: 6, materials: ("crate", "stone")))
        print("collision intensity at 6 m/s: 1 kg \(light), 1000 kg \(heavy)")
        #expect(heavy - light > 0.4, "1 kg \(light), 1000 kg \(heavy)")
        #expect(light > 0.1 && heavy < 1)
        // Reduced mass: two 2 kg boxes hit like one 1 kg box against a wall.
        #expect(GameEvent.Collision(massA: 2, massB: 2, speed: 3).reducedMass == 1)
        #expect(GameEvent.Collision(massA: nil, massB: 5, speed: 3).effectiveImpulse == 15)
        #expect(GameEvent.Collision(massA: nil, massB: nil, speed: 3).effectiveImpulse == 0)
        #expect(intensity(.collision(massA: nil, massB: nil, speed: 3)) == 0)
    }

    @Test("materials choose rules and sharpness: metal on anything takes the metal rule")
    func materials() throws {
        let metal = GameEvent.collision(massA: 10, massB: nil, speed: 3, materials: ("wood", "metal"))
        let index = try #require(mapping.ruleIndex(for: metal))
        #expect(mapping.config.rules[index].name == "metal clang")
        let wood = GameEvent.collision(massA: 10, massB: nil, speed: 3, materials: ("wood", "stone"))
        let woodIndex = try #require(mapping.ruleIndex(for: wood))
        let grass = GameEvent.collision(massA: 10, massB: nil, speed: 3, materials: ("grass", "grass"))
        #expect(mapping.ruleIndex(for: grass) == woodIndex, "grass on grass takes the same rule")
        let sharp = try #require(mapping.response(to: wood, player: 0)).sharpness
        let dull = try #require(mapping.response(to: grass, player: 0)).sharpness
        #expect(sharp > dull)
    }

    @Test("the same event farther away is weaker, and beyond the falloff distance silent")
    func attenuation() throws {
        let listener = WorldPosition(x: 0, y: 0)
        func at(_ x: Double) -> Double {
            intensity(.collision(massA: 50, massB: nil, speed: 4, materials: ("crate", "stone"), position: WorldPosition(x: x, y: 0)), listener: listener)
        }
        let near = at(1), mid = at(10), far = at(20), beyond = at(28.5)
        #expect(near > mid && mid > far && far > 0)
        #expect(beyond == 0)
        // Through the engine: nothing at all reaches the pad from beyond the falloff.
        let rig = try MappingRig(mapping: mapping)
        rig.director.setListener(listener, forPlayer: 0)
        let levels = rig.play(.collision(massA: 50, massB: nil, speed: 4, materials: ("crate", "stone"), player: 0,
                                         position: WorldPosition(x: 40, y: 0)))
        #expect(levels.allSatisfy { $0.isSilent })
        #expect(rig.director.statistics.outOfRange == 1)
        // Every shape: 1 inside, decreasing, 0 at the edge.
        for shape in Attenuation.Shape.allCases {
            let a = Attenuation(shape: shape, innerRadius: 2, falloffDistance: 10)
            #expect(a.gain(atDistance: 1) == 1)
            #expect(a.gain(atDistance: 12) == 0)
            var last = 1.0
            for d in stride(from: 2.0, through: 12, by: 0.5) {
                let g = a.gain(atDistance: d)
                #expect(g <= last, "\(shape) at \(d)")
                last = g
            }
        }
    }

    @Test("each default surface has a footstep signature distinct from the others (RMS distance >= 0.1 on the generic pad)")
    func footsteps() throws {
        let surfaces = ["grass", "wood", "metal", "gravel", "stone"]
        var signatures: [String: [ActuatorLevels]] = [:]
        for surface in surfaces {
            let rig = try MappingRig(mapping: mapping, profiles: [.genericDualMotor])
            signatures[surface] = rig.play(.footstep(surface: HapticName(surface), speed: 3, player: 0), frames: 30)
            #expect(MappingRig.peak(signatures[surface]!) > 0, "\(surface) is felt")
        }
        func distance(_ a: [ActuatorLevels], _ b: [ActuatorLevels]) -> Double {
            var sum = 0.0, counted = 0
            for (x, y) in zip(a, b) where !x.isSilent || !y.isSilent {
                let dl = x.lowFrequency - y.lowFrequency, dh = x.highFrequency - y.highFrequency
                sum += dl * dl + dh * dh
                counted += 1
            }
            return counted == 0 ? 0 : (sum / Double(counted)).squareRoot()
        }
        var closest = (Double.infinity, "", "")
        for i in surfaces.indices {
            for j in surfaces.indices where j > i {
                let d = distance(signatures[surfaces[i]]!, signatures[surfaces[j]]!)
                #expect(d >= 0.1, "\(surfaces[i]) vs \(surfaces[j]): \(d)")
                if d < closest.0 { closest = (d, surfaces[i], surfaces[j]) }
            }
        }
        print("closest footsteps: \(closest.1) and \(closest.2), distance \(closest.0)")
    }

    @Test("coalescing: ten contacts of one crash in one frame play once, as the strongest")
    func coalescing() throws {
        let rig = try MappingRig(mapping: mapping)
        for speed in [1.0, 2, 3, 9, 4, 5, 6, 7, 8, 2] {
            rig.director.post(.collision(massA: 20, massB: nil, speed: speed, materials: ("crate", "stone"), player: 0))
        }
        rig.frame()
        #expect(rig.director.statistics.started == 1)
        #expect(rig.director.statistics.coalesced == 9)
        let strongest = intensity(.collision(massA: 20, massB: nil, speed: 9, materials: ("crate", "stone")))
        #expect(rig.director.recentMoments.last?.intensity == strongest)
    }

    @Test("cooldown caps the rate: a collision every frame for a second starts at most once per cooldown")
    func cooldown() throws {
        let rig = try MappingRig(mapping: mapping)   // "collision" rule: cooldown 0.04 s
        for _ in 0..<60 {
            rig.director.post(.collision(massA: 20, massB: nil, speed: 3, materials: ("crate", "stone"), player: 0))
            rig.frame()
        }
        let started = rig.director.statistics.started
        #expect(started == 20, "60 frames at 60 Hz with a 0.04 s cooldown: every third frame starts")
        #expect(rig.director.statistics.cooledDown == 40)
    }

    @Test("10,000 collisions in one frame: handled, bounded voices, no queue overflow")
    func burst() throws {
        let text = """
        [[rule]]
        event = "collision"
        pattern = "ImpactMedium"
        coalesce = false
        """
        let rig = try MappingRig(config: text)
        for index in 0..<10_000 {
            rig.director.post(.collision(massA: 10, massB: nil, speed: Double(index % 7), player: 0))
        }
        rig.frame()
        #expect(rig.director.statistics.events == 10_000)
        #expect(rig.director.droppedEvents == 0)
        #expect(rig.director.statistics.started == 4, "a rule that does not coalesce keeps the strongest four per frame")
        #expect(rig.director.statistics.coalesced + rig.director.statistics.silenced == 9_996, "speed 0 is no impulse: silenced")
        #expect(rig.engine.activeVoiceCount <= 4, "one rule's voices are a pool of four")
        #expect(rig.engine.activeVoiceCount >= 1)
        // And with coalescing (the default), one voice.
        let coalesced = try MappingRig(mapping: mapping)
        for index in 0..<10_000 {
            coalesced.director.post(.collision(massA: 10, massB: nil, speed: Double(index % 7), materials: ("crate", "stone"), player: 0))
        }
        coalesced.frame()
        #expect(coalesced.director.statistics.started == 1)
    }

    @Test("per-player routing: a player's event reaches only that pad; an event for nobody reaches every pad")
    func routing() throws {
        let rig = try MappingRig(mapping: mapping, profiles: [.virtual, .virtual])
        let mine = rig.play(.hit(damage: 20, player: 1), frames: 10, output: 1)
        #expect(MappingRig.peak(mine) > 0)
        #expect(rig.outputs[0].frames.allSatisfy { $0.levels.isSilent })
        let both = try MappingRig(mapping: mapping, profiles: [.virtual, .virtual])
        both.director.post(.custom("snap"))
        both.frames(10)
        #expect(MappingRig.peak(both.outputs[0].frames.map(\.levels)) > 0)
        #expect(MappingRig.peak(both.outputs[1].frames.map(\.levels)) > 0)
    }

    @Test("a hit from the left leans into the left trigger; folds into the left (low) motor on a pad without triggers")
    func triggerBias() throws {
        let rig = try MappingRig(mapping: mapping, profiles: [.xboxOne])
        let levels = rig.play(.hit(damage: 30, direction: -1, received: true, player: 0), frames: 10)
        #expect(levels.map(\.leftTrigger).max()! > 0)
        #expect(levels.map(\.rightTrigger).max()! == 0)
        let right = try MappingRig(mapping: mapping, profiles: [.xboxOne])
        let fromRight = right.play(.hit(damage: 30, direction: 1, received: true, player: 0), frames: 10)
        #expect(fromRight.map(\.rightTrigger).max()! > 0 && fromRight.map(\.leftTrigger).max()! == 0)
    }

    @Test("a texture starts, follows its driving value, and fades to exactly 0 after stop")
    func texture() throws {
        let rig = try MappingRig(mapping: mapping)
        rig.director.post(.texture(id: 7, .start, value: 1, kind: "rolling", player: 0))
        rig.frames(10)
        let slow = rig.outputs[0].lastLevels.lowFrequency
        rig.director.post(.texture(id: 7, .update, value: 8, kind: "rolling", player: 0))
        rig.frames(10)
        let fast = rig.outputs[0].lastLevels.lowFrequency
        #expect(slow > 0 && fast > slow * 1.5, "slow \(slow), fast \(fast)")
        #expect(rig.director.activeTextureCount == 1)
        rig.frames(60)   // loops past the pattern's 0.5 s
        #expect(rig.outputs[0].lastLevels.lowFrequency > 0)
        rig.director.post(.texture(id: 7, .stop, player: 0))
        rig.frames(30)
        #expect(rig.director.activeTextureCount == 0)
        #expect(rig.outputs[0].lastLevels.isSilent)
    }

    @Test("feedback events play their preset (or the rule that retunes them)")
    func feedback() throws {
        let rig = try MappingRig(mapping: mapping)
        #expect(MappingRig.peak(rig.play(.feedback(.success, player: 0), frames: 30)) > 0)
        let none = try MappingRig(mapping: nil)
        #expect(MappingRig.peak(none.play(.feedback(.error, player: 0), frames: 30)) > 0)
        #expect(none.director.recentMoments.last?.name == "Error")
    }

    @Test("posting from 8 threads while the game thread updates loses nothing")
    func concurrentPosting() throws {
        let rig = try MappingRig(mapping: mapping)
        let group = DispatchGroup()
        let queue = rig.director.queue
        for thread in 0..<8 {
            group.enter()
            Thread {
                for index in 0..<1000 {
                    queue.post(.custom("snap", value: Double(index), player: thread % 2 == 0 ? 0 : nil))
                }
                group.leave()
            }.start()
        }
        while group.wait(timeout: .now()) == .timedOut { rig.frame() }
        rig.frame()
        #expect(rig.director.statistics.events == 8000)
        #expect(rig.director.droppedEvents == 0)
    }
}
