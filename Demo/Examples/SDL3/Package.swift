// swift-tools-version: 6.1
//
// An SDL3 game's Swift package using SDLHaptics (issue 32, docs/sdl3.md): it depends on SDLHaptics and uses
// the product HapticsSDL3, exactly as a game of its own would (`.package(url: ".../SDLHaptics.git", ...)`
// instead of the path). A package of its own because an SDL3 program never shares a process, or a test
// binary, with SDL2. `make test` builds it and runs it headless (scripts/test-sdl3.sh).
import PackageDescription

let package = Package(
    name: "SDLHapticsSDL3Example",
    dependencies: [
        .package(name: "SDLHaptics", path: "../../.."),
    ],
    targets: [
        .executableTarget(
            name: "example-sdl3",
            dependencies: [
                .product(name: "HapticsSDL3", package: "SDLHaptics"),
                .product(name: "Haptics", package: "SDLHaptics"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
