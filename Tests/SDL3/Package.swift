// swift-tools-version: 6.1
//
// SDLHaptics' tests through SDL3 (issue 32, docs/sdl3.md), in a package of their own: SwiftPM links every
// test target of a package into one test binary, and SDL2 and SDL3 export the same symbol names
// (SDL_Init, SDL_PollEvent, ...), so the SDL3 tests can never share a process with the SDL2 ones. This
// package depends on the root by path (as Benchmarks/ does) and builds only HapticsSDL3's targets:
// `ldd` of its test binary shows libSDL3 and no libSDL2 (`make test-sdl3` checks it).
//
// Run with `make test-sdl3` (part of `make test`): it sets up SDL3 (a system SDL3 through pkg-config, or the
// test rig of scripts/sdl3-rig.sh) and runs headless (SDL_VIDEO_DRIVER=dummy, SDL_AUDIO_DRIVER=dummy).

import PackageDescription

let package = Package(
    name: "SDLHapticsSDL3Tests",
    dependencies: [
        .package(name: "SDLHaptics", path: "../.."),
    ],
    targets: [
        // A program that rumbles a virtual gamepad through HapticsSDL3 and leaves in one of the ways a
        // game leaves; the tests run it and read what its pad received (SDL3ExitTests).
        .executableTarget(
            name: "sdl3-exit-probe",
            dependencies: [
                .product(name: "HapticsSDL3", package: "SDLHaptics"),
                .product(name: "Haptics", package: "SDLHaptics"),
            ],
            path: "ExitProbe",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The Swift example for SDL3 games (Demo/Examples/SDL3, linked here as ExampleSDL3 so that make test
        // builds it with the tests, in one scratch folder); scripts/test-sdl3.sh runs it headless.
        .executableTarget(
            name: "example-sdl3",
            dependencies: [
                .product(name: "HapticsSDL3", package: "SDLHaptics"),
                .product(name: "Haptics", package: "SDLHaptics"),
            ],
            path: "ExampleSDL3",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "HapticsSDL3Tests",
            dependencies: [
                "sdl3-exit-probe",
                "example-sdl3",
                .product(name: "HapticsSDL3", package: "SDLHaptics"),
                .product(name: "Haptics", package: "SDLHaptics"),
            ],
            path: "HapticsSDL3Tests",
            // SDLParityScenario.swift is Tests/Shared's, compiled here against SDL3.
            swiftSettings: [.swiftLanguageMode(.v6), .define("SDLHAPTICS_SDL3")]
        ),
    ]
)
