import CHapticsSDL2
import Foundation

/// What each frame costs the demo, by phase: input, game (rules and physics), SDLHaptics
/// (`GameHaptics.update`), drawing (SDL's command queue flushed, so the software renderer's
/// rasterising is in it), present.
///
/// The frame cost is the game thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`) from the start of a
/// frame to the end of its present: the work a frame needs. Time spent waiting (for vsync, for the
/// next frame, for a core that other programs on a shared machine hold) is not in it; the wall-clock
/// mean is reported beside it. Keeps sums per phase and a histogram of frame costs (10 µs bins up to
/// 50 ms) for the median, so a run of any length uses the same memory. Game thread; no allocation
/// per frame.
struct FrameCost {
    enum Phase: Int, CaseIterable {
        case input, game, haptics, drawing, present

        var label: String {
            switch self {
            case .input: return "input"
            case .game: return "game"
            case .haptics: return "SDLHaptics update"
            case .drawing: return "drawing"
            case .present: return "present"
            }
        }
    }

    private let frequency = Double(SDL_GetPerformanceFrequency())
    private var cpuSums = [Double](repeating: 0, count: Phase.allCases.count)
    private var histogram = [Int](repeating: 0, count: 5000)
    private var wallSum = 0.0
    private(set) var frames = 0
    private var frameStartWall: UInt64 = 0
    private var frameStartCPU = 0.0
    private var phaseStartCPU = 0.0
    /// The last frame's cost in seconds.
    private(set) var last = 0.0
    /// The frame cost smoothed over about half a second, in seconds (for the HUD).
    private(set) var smoothed = 0.0

    /// The calling thread's CPU time in seconds.
    static func threadCPUTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    mutating func beginFrame() {
        frameStartWall = SDL_GetPerformanceCounter()
        frameStartCPU = Self.threadCPUTime()
        phaseStartCPU = frameStartCPU
    }

    /// Ends `phase`, which ran since the last call (or `beginFrame`).
    mutating func end(_ phase: Phase) {
        let now = Self.threadCPUTime()
        cpuSums[phase.rawValue] += now - phaseStartCPU
        phaseStartCPU = now
    }

    /// Ends the frame, after its last phase.
    mutating func endFrame() {
        wallSum += Double(SDL_GetPerformanceCounter() &- frameStartWall) / frequency
        last = max(phaseStartCPU - frameStartCPU, 0)
        smoothed = frames == 0 ? last : smoothed * 0.97 + last * 0.03
        histogram[min(Int(last * 100_000), histogram.count - 1)] += 1
        frames += 1
    }

    /// Mean CPU seconds per frame of `phase`.
    func mean(_ phase: Phase) -> Double { cpuSums[phase.rawValue] / Double(max(frames, 1)) }

    /// Mean frame cost in CPU seconds.
    var mean: Double { cpuSums.reduce(0, +) / Double(max(frames, 1)) }

    /// Mean wall-clock seconds from a frame's start to the end of its present (waits included).
    var meanWall: Double { wallSum / Double(max(frames, 1)) }

    /// The median frame cost in seconds (to 10 µs).
    var median: Double {
        var seen = 0
        for (bin, count) in histogram.enumerated() {
            seen += count
            if seen * 2 >= frames { return (Double(bin) + 0.5) / 100_000 }
        }
        return 0
    }

    /// One line: the frame cost and its phases, in milliseconds.
    var summary: String {
        let phases = Phase.allCases.map { String(format: "%@ %.3f", $0.label, mean($0) * 1000) }.joined(separator: ", ")
        return String(format: "frame cost (game thread CPU time): median %.3f ms, mean %.3f ms (%@); wall clock %.3f ms per frame",
                      median * 1000, mean * 1000, phases, meanWall * 1000)
    }
}
