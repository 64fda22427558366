// swift-tools-version: 6.1
//
// SDLHaptics: haptics middleware for SDL2 games.
//
// Module rules (docs/architecture.md):
// - `Haptics` is the platform-independent core. It never imports CHapticsSDL2 or anything SDL.
// - `HapticsSDL` is the only module that talks to SDL.
// - `CHapticsSDL2` is the system library shim (SDL2's development files, Debian package libsdl2-dev).
//   Its name and `CHapticsChipmunk`'s are ours alone, so a game with its own `CSDL2` or `SDL2` shim can
//   depend on SDLHaptics (scripts/check-game-package.sh builds such a game).
// Benchmarks live in their own package under Benchmarks/ so their dependencies never reach users.

import PackageDescription

let package = Package(
    name: "SDLHaptics",
    products: [
        .library(name: "Haptics", targets: ["Haptics"]),
        .library(name: "HapticsSDL", targets: ["HapticsSDL"]),
        // The same front door for SDL3 games (docs/sdl3.md). Never beside HapticsSDL in one program.
        .library(name: "HapticsSDL3", targets: ["HapticsSDL3"]),
        // Our tools' module (previews, SVG charts, event scripts, simulation): hapticsctl, Tools/ and the
        // Benchmarks package use it. A game never needs it.
        .library(name: "HapticsTools", targets: ["HapticsTools"]),
        // The C API (include/sdlhaptics.h, docs/c-api.md): libsdlhaptics.so for C and C++ games.
        .library(name: "sdlhaptics", type: .dynamic, targets: ["SDLHapticsC"]),
        // The same C API built a second time, against SDL3: libsdlhaptics3.so (docs/c-library.md).
        .library(name: "sdlhaptics3", type: .dynamic, targets: ["SDLHapticsC3"]),
        .executable(name: "hapticsctl", targets: ["hapticsctl"]),
        .executable(name: "example-pattern-on-pad", targets: ["example-pattern-on-pad"]),
        .executable(name: "example-generator-on-button", targets: ["example-generator-on-button"]),
        .executable(name: "example-collision-by-config", targets: ["example-collision-by-config"]),
        .executable(name: "example-adaptive-triggers", targets: ["example-adaptive-triggers"]),
        .executable(name: "haptics-demo", targets: ["haptics-demo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        // SDL2 from the compiler's default include path (<SDL2/SDL.h>), no pkg-config flags: see the shim.
        .systemLibrary(
            name: "CHapticsSDL2",
            providers: [.apt(["libsdl2-dev"])]
        ),
        .target(
            name: "Haptics",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // What hapticsctl, Tools/ and tests use and games do not: offline previews and their SVG/CSV
        // writers, event scripts and the mapping simulation. Reaches the core's machinery through
        // `@_spi(HapticsTools)`.
        .target(
            name: "HapticsTools",
            dependencies: ["Haptics"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The front end, written once for every SDL (docs/architecture.md): GameHaptics and its parts,
        // seats, hot-plug bookkeeping, RumblePolicy, focus and pause, the DualSense trigger bytes, the
        // audio clock and device, over the SDLBackend protocol. Imports no SDL.
        .target(
            name: "HapticsFrontEnd",
            dependencies: ["Haptics"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // SDL2's backend and SDL2-typed entry points; re-exports HapticsFrontEnd.
        .target(
            name: "HapticsSDL",
            dependencies: ["Haptics", "HapticsFrontEnd", "CHapticsSDL2"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // SDL3's headers as <SDL3/SDL.h> from the default include path (Debian trixie: libsdl3-dev), like
        // CHapticsSDL2 and without pkg-config, so a game on SDL2 never hears of SDL3 (SwiftPM would warn
        // about a missing sdl3.pc on every build of every package that depends on this one); an SDL3 elsewhere
        // (the test rig, Homebrew) comes with -Xcc -I / -Xlinker -L flags (scripts/sdl3-rig.sh --swift-flags).
        // SDL3's backend and SDL3-typed entry points. A game on SDL2 never builds them.
        .systemLibrary(
            name: "CHapticsSDL3",
            providers: [.apt(["libsdl3-dev"])]
        ),
        .target(
            name: "HapticsSDL3",
            dependencies: ["Haptics", "HapticsFrontEnd", "CHapticsSDL3"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The C API: include/sdlhaptics.h as a module (CSDLHaptics) and the Swift shell exporting it
        // with @_cdecl (SDLHapticsC), a thin layer over GameHaptics (docs/c-api.md).
        .systemLibrary(
            name: "CSDLHaptics",
            path: "Sources/CSDLHaptics"
        ),
        .target(
            name: "SDLHapticsC",
            dependencies: ["Haptics", "HapticsSDL", "CHapticsSDL2", "CSDLHaptics"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The C API for SDL3: the very sources of SDLHapticsC (Sources/SDLHapticsC3/Shared is a link to
        // them), compiled with SDLHAPTICS_SDL3 against HapticsSDL3 and the header read after <SDL3/SDL.h>.
        .systemLibrary(
            name: "CSDLHaptics3",
            path: "Sources/CSDLHaptics3"
        ),
        .target(
            name: "SDLHapticsC3",
            dependencies: ["Haptics", "HapticsSDL3", "CHapticsSDL3", "CSDLHaptics3"],
            exclude: ["Shared/SDLHapticsC.docc"],
            swiftSettings: [.swiftLanguageMode(.v6), .define("SDLHAPTICS_SDL3")]
        ),
        .executableTarget(
            name: "hapticsctl",
            dependencies: [
                "Haptics",
                "HapticsSDL",
                "HapticsTools",
                "CHapticsSDL2",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The demo game (Demo/HapticsDemo) and its physics engine, Chipmunk2D (Debian: libchipmunk-dev).
        // Only the demo links Chipmunk; the libraries never do.
        .systemLibrary(
            name: "CHapticsChipmunk",
            path: "Demo/CHapticsChipmunk",
            providers: [.apt(["libchipmunk-dev"])]
        ),
        .executableTarget(
            name: "haptics-demo",
            dependencies: [
                "Haptics", "HapticsSDL", "CHapticsSDL2", "CHapticsChipmunk",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Demo/HapticsDemo",
            exclude: ["Render/Art/NOTICE.md"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Single-feature examples (raylib-style, one file each), smoke-run by ExampleTests.
        .executableTarget(
            name: "example-pattern-on-pad",
            dependencies: ["Haptics", "HapticsSDL", "CHapticsSDL2"],
            path: "Demo/Examples/PatternOnPad",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "example-generator-on-button",
            dependencies: ["Haptics", "HapticsSDL", "CHapticsSDL2"],
            path: "Demo/Examples/GeneratorOnButton",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "example-collision-by-config",
            dependencies: ["Haptics", "HapticsSDL", "CHapticsSDL2", "CHapticsChipmunk"],
            path: "Demo/Examples/CollisionByConfig",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "example-adaptive-triggers",
            dependencies: ["Haptics", "HapticsSDL", "CHapticsSDL2"],
            path: "Demo/Examples/AdaptiveTriggers",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // A soak run of random game events through mapping and engine (make soak, make leakcheck).
        .executableTarget(
            name: "haptics-soak",
            dependencies: ["Haptics"],
            path: "Tools/Soak",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Posting through GameHaptics.post, timed as Benchmarks/C/post_bench.c times the C API's post
        // (make bench-c: the two side by side).
        .executableTarget(
            name: "haptics-post-bench",
            dependencies: ["Haptics", "HapticsSDL", "CHapticsSDL2"],
            path: "Tools/PostBench",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // What a player feels, SDLHaptics against the usual approaches (issue 20; make felt,
        // docs/performance.md "What a player feels"): an ERM felt model independent of the renderer.
        .target(
            name: "HapticsFelt",
            dependencies: ["Haptics", "HapticsTools"],
            path: "Tools/Felt/HapticsFelt",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "haptics-felt",
            dependencies: ["Haptics", "HapticsFelt", "HapticsTools"],
            path: "Tools/Felt/Command",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "HapticsTests",
            dependencies: [
                "Haptics",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "HapticsToolsTests",
            dependencies: ["HapticsTools", "Haptics"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "HapticsSDLTests",
            dependencies: ["HapticsSDL", "Haptics", "HapticsTools", "CHapticsSDL2"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "HapticsCLITests",
            dependencies: ["hapticsctl"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "FeltTests",
            dependencies: ["HapticsFelt", "Haptics", "HapticsTools"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "ExampleTests",
            dependencies: ["example-pattern-on-pad", "example-generator-on-button", "example-collision-by-config", "example-adaptive-triggers", "haptics-demo", "haptics-soak"],
            exclude: ["Golden"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
