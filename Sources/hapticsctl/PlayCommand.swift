import ArgumentParser
import CHapticsSDL2
import Foundation
@_spi(HapticsTools) import Haptics
@_spi(HapticsTools) import HapticsSDL

/// `hapticsctl play FILE`: plays a pattern on a real pad, in real time: the designer's preview.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play an AHAP pattern on a game controller, in real time.",
        discussion: """
        The pattern goes through the same engine, motor profile and rumble output a game uses. \
        Exit status: 0 played, 1 when the file is invalid or no controller can rumble for that player, \
        2 for a usage error.
        """
    )

    @Argument(help: "The AHAP file to play.")
    var file: String

    @Option(help: "The player whose controller plays it, counted from 0 like GameHaptics and SDL's player index (0...15).")
    var player: Int = 0

    @Option(help: "Intensity multiplier, 0...1.")
    var intensity: Double = 1

    @Option(help: "Play it this many times in a row (1...100).")
    var `repeat`: Int = 1

    @Option(name: .customLong("virtual"),
            help: ArgumentHelp("Attach a virtual controller of this model and report what it received (xboxOne, ps4, ps5, switchPro, generic, xbox360).",
                               valueName: "model"))
    var virtualModel: String?

    @Flag(help: "Print every rumble change sent to the controller (time in ms, low, high).")
    var trace = false

    func validate() throws {
        guard (0...15).contains(player) else { throw ValidationError("--player must be between 0 and 15 (players count from 0)") }
        guard intensity.isFinite, (0...1).contains(intensity) else { throw ValidationError("--intensity must be between 0 and 1") }
        guard (1...100).contains(`repeat`) else { throw ValidationError("--repeat must be between 1 and 100") }
        if let virtualModel, VirtualGameController.Model(rawValue: virtualModel) == nil {
            throw ValidationError("unknown virtual model '\(virtualModel)'; expected one of: \(VirtualGameController.Model.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    func run() throws {
        let patternFile = PatternFile(path: file, options: .lenient)
        guard case .success(let document) = patternFile.result else {
            for line in patternFile.diagnosticLines { StandardError.write(line + "\n") }
            throw ExitCode.failure
        }
        let session = try ControllerSession(virtualModels: virtualModel.map { [$0] } ?? [], wait: 0.3)
        let haptics = session.haptics
        let index = player
        guard let pad = haptics.pads.controller(forPlayer: index), haptics.pads.canRumble(player: index) else {
            let found = haptics.pads.controllers.map(DevicesCommand.line(for:))
            StandardError.write("error: no game controller that can rumble for player \(player)"
                + (found.isEmpty ? "; no controllers connected\n" : "; connected:\n  " + found.joined(separator: "\n  ") + "\n"))
            haptics.shutdown()
            throw ExitCode.failure
        }
        let start = SDL_GetTicks64()
        var time = 0.0
        for _ in 0..<`repeat` {
            guard let voice = haptics.play(document.pattern, player: index, intensity: intensity) else { break }
            var frames = 0
            repeat {
                session.pump()
                time = Double(SDL_GetTicks64() - start) / 1000
                haptics.update(at: time)
                SDL_Delay(8)
                frames += 1
            } while voice.isPlaying && frames < 60 * 600
        }
        haptics.update(at: time + 0.1)
        haptics.shutdown()   // (0,0) to the pad before it closes
        let statistics = haptics.pads.rumbleOutput(forPlayer: index)?.statistics ?? RumbleStatistics()
        let seconds = Double(SDL_GetTicks64() - start) / 1000
        print("played \(file) on player \(player) (\(pad.name), profile \(pad.profile.name)): "
              + String(format: "%.2f s", seconds)
              + ", \(statistics.bodyChanges) rumble changes, \(statistics.triggerChanges) trigger changes, \(statistics.stops) stops")
        if let virtual = session.virtualPads.first {
            let calls = virtual.rumbleCalls
            let peakLow = calls.map(\.low).max() ?? 0
            let peakHigh = calls.map(\.high).max() ?? 0
            let last = calls.last.map { "\($0.low),\($0.high)" } ?? "none"
            print("virtual \(virtual.model.rawValue) received \(calls.count) rumble calls, peak \(peakLow),\(peakHigh), last \(last)")
            if trace {
                for call in calls { print("  \(call.ticksMilliseconds - start) ms: \(call.low) \(call.high)") }
            }
        }
    }
}
