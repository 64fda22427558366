import ArgumentParser
import CHapticsSDL2
import Foundation
@_spi(HapticsTools) import Haptics
@_spi(HapticsTools) import HapticsSDL

/// `hapticsctl devices`: the game controllers SDL sees, with what SDLHaptics makes of them.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List connected game controllers: type, bus, rumble capabilities, motor profile, adaptive triggers and player.",
        discussion: """
        Players are assigned the way a game using GameHaptics assigns them: first come, first served, \
        counted from 0 (the first pad is player 0). \
        "adaptive triggers" says what trigger effects do on the pad: "DualSense effects" (felt as designed), \
        "trigger-motor fallback" (vibration and a weapon's release rumble the trigger motors; no resistance) \
        or "none". \
        Exit status 0, also when no controller is connected ("no game controllers" is printed).
        """
    )

    @Flag(help: "Print JSON instead of one line per controller.")
    var json = false

    @Option(help: "Seconds to let SDL find controllers before listing (0...10).")
    var wait: Double = 0.3

    @Option(name: .customLong("virtual"),
            help: ArgumentHelp("Attach a virtual controller of this model first (xboxOne, ps4, ps5, switchPro, generic, xbox360); repeatable. For trying the tool without a pad.",
                               valueName: "model"))
    var virtualModels: [String] = []

    func validate() throws {
        guard (0...10).contains(wait) else { throw ValidationError("--wait must be between 0 and 10 seconds") }
        for model in virtualModels where VirtualGameController.Model(rawValue: model) == nil {
            throw ValidationError("unknown virtual model '\(model)'; expected one of: \(VirtualGameController.Model.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    func run() throws {
        let session = try ControllerSession(virtualModels: virtualModels, wait: wait)
        let controllers = session.haptics.pads.controllers
        if json {
            let objects = controllers.map { pad -> [String: Any] in
                [
                    "instanceID": Int(pad.instanceID), "name": pad.name, "kind": pad.kind.rawValue, "bus": pad.bus.rawValue,
                    "rumble": pad.hasRumble, "triggerRumble": pad.hasTriggerRumble, "profile": pad.profile.name,
                    "adaptiveTriggers": pad.adaptiveTriggers.rawValue,
                    "player": pad.player as Any? ?? NSNull(), "guid": pad.guid,
                ]
            }
            let data = try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else if controllers.isEmpty {
            print("no game controllers")
        } else {
            for pad in controllers {
                print(Self.line(for: pad))
            }
        }
        session.haptics.shutdown()
    }

    /// `player 0: Xbox One Controller (xboxOne, usb) rumble: body+triggers, profile xboxOne, id 3, adaptive triggers: trigger-motor fallback`
    /// (players count from 0, as in GameHaptics and SDL's player index).
    static func line(for pad: ConnectedController) -> String {
        let triggers: String
        switch pad.adaptiveTriggers {
        case .adaptive: triggers = "DualSense effects"
        case .triggerRumble: triggers = "trigger-motor fallback"
        case .unsupported: triggers = "none"
        }
        let player = pad.player.map { "player \($0)" } ?? "no player"
        let rumble = pad.hasRumble ? (pad.hasTriggerRumble ? "body+triggers" : "body") : (pad.hasTriggerRumble ? "triggers" : "none")
        return "\(player): \(pad.name) (\(pad.kind.rawValue), \(pad.bus.rawValue)) rumble: \(rumble), profile \(pad.profile.name), id \(pad.instanceID), adaptive triggers: \(triggers)"
    }
}

/// SDL's controller subsystem, a GameHaptics, and optional virtual pads, for the device commands.
final class ControllerSession {
    let haptics: GameHaptics
    let virtualPads: [VirtualGameController]

    init(virtualModels: [String], wait: Double) throws {
        do {
            haptics = try GameHaptics()
            virtualPads = try virtualModels.compactMap(VirtualGameController.Model.init(rawValue:)).map {
                try VirtualGameController(model: $0)
            }
        } catch {
            StandardError.write("error: SDL: \(error)\n")
            throw ExitCode.failure
        }
        let deadline = SDL_GetTicks64() + UInt64(wait * 1000)
        repeat {
            pump()
            if SDL_GetTicks64() < deadline { SDL_Delay(10) }
        } while SDL_GetTicks64() < deadline
        pump()
    }

    func pump() {
        SDL_PumpEvents()
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 { haptics.handle(event) }
    }
}
