import CHapticsSDL2
import Foundation
import Haptics
@testable import HapticsSDL
import Testing

/// The focus policy through real SDL (issue 26, item 13): window focus events go through SDL's own
/// event queue (`SDL_PushEvent`, then `SDL_PollEvent` in the rig's pump) and a virtual pad records
/// every rumble call. The default `.pause` policy stops every category while unfocused, `.ui`
/// included; `.ignore` is how a game asks otherwise.
extension SDLTests {
    @Suite("Focus policy through real SDL")
    struct FocusPolicyTests {
        /// Posts a window focus event to SDL's queue and pumps it to the haptics object.
        static func focus(_ gained: Bool, _ rig: GameHapticsRig) throws {
            var event = SDL_Event()
            event.type = SDL_WINDOWEVENT.rawValue
            event.window.event = UInt8((gained ? SDL_WINDOWEVENT_FOCUS_GAINED : SDL_WINDOWEVENT_FOCUS_LOST).rawValue)
            #expect(SDL_PushEvent(&event) == 1, "SDL took the event")
            rig.pump()
            #expect(rig.haptics.hasFocus == gained)
        }

        static func loopingUI(_ rig: GameHapticsRig) throws -> HapticAdvancedPatternPlayer {
            let voice = try #require(rig.haptics.play(GameHapticsRig.texture(0.3), player: 0, category: .ui))
            voice.loopEnabled = true
            return voice
        }

        @Test("a looping UI pattern is silent for as long as the window is unfocused, and goes on when focus returns")
        func uiLoopStopsWhileUnfocused() throws {
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            _ = try Self.loopingUI(rig)
            rig.frames(25)   // past one loop
            #expect(pad.lastRumble?.pair == [65535, 65535])

            try Self.focus(false, rig)
            #expect(pad.lastRumble?.pair == [0, 0], "stopped at once")
            let away = pad.rumbleCalls.count
            rig.frames(120)  // two seconds away, several loops' worth
            #expect(pad.rumbleCalls.dropFirst(away).allSatisfy { $0.pair == [0, 0] })
            #expect(pad.lastRumble?.pair == [0, 0])

            // A UI voice started while away is held too (and dropped on return: its 0.5 s have passed by then).
            rig.haptics.play(GameHapticsRig.texture(0.5, intensity: 0.5), player: 0, category: .ui)
            rig.frames(10)
            #expect(pad.rumbleCalls.dropFirst(away).allSatisfy { $0.pair == [0, 0] })
            #expect(pad.lastRumble?.pair == [0, 0])

            try Self.focus(true, rig)
            rig.frames(2)
            // Both UI textures play now: they overlap, so the mixer keeps headroom for taps (issue 33's
            // overlap limiter) and the drive is not full, but the loop goes on.
            let pair = try #require(pad.lastRumble?.pair)
            #expect(pair[0] > 32768 && pair[1] > 32768, "the loop goes on: \(pair)")
        }

        @Test("the game's own pause, then focus loss: UI stops too; focus back: UI plays, gameplay stays paused")
        func pausedGameLosesFocus() throws {
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            let gameplay = try #require(rig.haptics.play(GameHapticsRig.texture(30), player: 0, category: .impact))
            rig.frames(1)
            rig.haptics.playback.pause()
            _ = try Self.loopingUI(rig)
            rig.frames(2)
            #expect(pad.lastRumble?.pair == [65535, 65535], "the menu's loop plays while gameplay is paused")

            try Self.focus(false, rig)
            #expect(pad.lastRumble?.pair == [0, 0], "stopped at once")
            let away = pad.rumbleCalls.count
            rig.frames(60)
            #expect(pad.rumbleCalls.dropFirst(away).allSatisfy { $0.pair == [0, 0] })
            #expect(pad.lastRumble?.pair == [0, 0])

            // The game resumes while still unfocused (a script, a network message): still nothing.
            rig.haptics.playback.resume()
            rig.frames(30)
            #expect(pad.rumbleCalls.dropFirst(away).allSatisfy { $0.pair == [0, 0] })
            #expect(pad.lastRumble?.pair == [0, 0])

            // The game pauses again while unfocused, then focus returns: the UI loop plays,
            // the gameplay voice stays paused.
            rig.haptics.playback.pause()
            let position = gameplay.currentPosition
            try Self.focus(true, rig)
            rig.frames(2)
            #expect(pad.lastRumble?.pair == [65535, 65535])
            #expect(rig.haptics.playback.isPaused)
            #expect(abs(gameplay.currentPosition - position) < 1e-9, "gameplay still paused")
        }

        @Test("taps played while away are dropped on focus return (never replayed stacked or late); a long pattern goes on from where it would be now")
        func staleTapsDropOnReturn() throws {
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            let long = try #require(rig.haptics.play(GameHapticsRig.texture(10), player: 0))
            rig.frames(6)
            try Self.focus(false, rig)
            var taps: [HapticAdvancedPatternPlayer] = []
            for _ in 0..<5 {   // a game that runs on while unfocused, one tap every 0.1 s
                taps.append(try #require(rig.haptics.play(GameHapticsRig.texture(0.1), player: 0)))
                rig.frames(6)
            }
            rig.frames(12)     // 0.7 s away in all
            let pausedAt = long.currentPosition
            let away = pad.rumbleCalls.count
            try Self.focus(true, rig)
            #expect(taps.allSatisfy { !$0.isPlaying }, "every tap's time passed while away: dropped")
            rig.frames(2)
            #expect(long.isPlaying)
            #expect(long.currentPosition > pausedAt + 0.65, "time ran on while away (paused at \(pausedAt), now \(long.currentPosition))")
            #expect(taps.allSatisfy { !$0.isPlaying && $0.currentPosition == 0 }, "none of them came back")
            #expect(pad.rumbleCalls.count > away, "the long pattern is felt again")
        }

        @Test("focus policy .ignore: the game asked otherwise, the UI loop goes on in the background")
        func ignoreKeepsPlaying() throws {
            var configuration = GameHapticsConfiguration()
            configuration.focusPolicy = .ignore
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig(configuration: configuration)
            rig.pump()
            _ = try Self.loopingUI(rig)
            rig.frames(2)
            try Self.focus(false, rig)
            rig.frames(60)
            #expect(pad.lastRumble?.pair == [65535, 65535])
        }
    }
}
