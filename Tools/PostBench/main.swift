// The Swift twin of Benchmarks/C/post_bench.c (issue 16): the same rig, events and timing through
// `GameHaptics.post`, so `make bench-c` prints the C API's cost next to the Swift API's.
// Materials go as `String`s, as the C API receives them (a C string becomes a `HapticName` per post).
//
// Usage: haptics-post-bench CONFIG
#if canImport(Glibc)
import Glibc
#endif
import CHapticsSDL2
import Haptics
import HapticsSDL

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    print("usage: haptics-post-bench CONFIG")
    exit(2)
}
SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER)
let pads = try (0..<4).map { _ in try VirtualGameController() }
let haptics = try GameHaptics()
try haptics.mapping.load(file: arguments[1], watch: false)
var event = SDL_Event()
while SDL_PollEvent(&event) != 0 { haptics.handle(event) }
for player in 0..<4 { haptics.mapping.setListener(WorldPosition(x: Double(player), y: 0), forPlayer: player) }
let materials = ["crate", "metal", "wood", "stone"]
let nanoseconds = 1e9 / Double(SDL_GetPerformanceFrequency())
var counter = 0
var time = 0.0

@MainActor @inline(never)
func post(_ counter: Int) {
    let posted = haptics.post(.collision(massA: Double(1 + counter % 500), massB: nil, speed: Double(counter % 13),
                                         materials: (HapticName(materials[counter & 3]), "stone"), player: nil,
                                         position: WorldPosition(x: Double(counter % 20), y: 0)))
    if !posted { fatalError("queue full") }
}

func percentile(_ values: [Double], _ p: Int) -> Double {
    let sorted = values.sorted()
    return sorted[(sorted.count - 1) * p / 100]
}

for _ in 0..<120 {
    for _ in 0..<10 { counter += 1; post(counter) }
    time += 1.0 / 60.0
    haptics.update(at: time)
}
var perPost: [Double] = []
for _ in 0..<200 {
    let start = SDL_GetPerformanceCounter()
    for _ in 0..<1000 { counter += 1; post(counter) }
    perPost.append(Double(SDL_GetPerformanceCounter() - start) * nanoseconds / 1000)
    time += 1.0 / 60.0
    haptics.update(at: time)
}
var frames: [Double] = []
var posting: [Double] = []
for _ in 0..<100 {
    let start = SDL_GetPerformanceCounter()
    for _ in 0..<10_000 { counter += 1; post(counter) }
    let posted = SDL_GetPerformanceCounter()
    time += 1.0 / 60.0
    haptics.update(at: time)
    frames.append(Double(SDL_GetPerformanceCounter() - start) * nanoseconds / 1000)
    posting.append(Double(posted - start) * nanoseconds / 1000)
}
func format(_ value: Double, _ decimals: Int, width: Int) -> String {
    var text = decimals == 0 ? String(Int(value.rounded())) : String(Double(Int((value * 10).rounded())) / 10)
    while text.count < width { text = " " + text }
    return text
}
print("Swift   post one event:                 median \(format(percentile(perPost, 50), 1, width: 6)) ns   p90 \(format(percentile(perPost, 90), 1, width: 6)) ns")
print("Swift   frame of 10,000 posts + update: median \(format(percentile(frames, 50), 0, width: 6)) us   p90 \(format(percentile(frames, 90), 0, width: 6)) us   (posting: median \(format(percentile(posting, 50), 0, width: 6)) us)")
haptics.shutdown()
_ = pads
SDL_Quit()
