// swift-tools-version: 6.1
//
// A game package that has its own SDL shim named `CSDL2` (the most common name for one) and depends on
// SDLHaptics. scripts/check-game-package.sh builds and runs it from a temporary folder in which
// `SDLHaptics` links to this repository, as a game's dependency line would name it.
import PackageDescription

let package = Package(
    name: "GameWithOwnSDLShim",
    dependencies: [
        .package(path: "../SDLHaptics"),
    ],
    targets: [
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        .executableTarget(
            name: "shim-game",
            dependencies: [
                "CSDL2",
                .product(name: "Haptics", package: "SDLHaptics"),
                .product(name: "HapticsSDL", package: "SDLHaptics"),
            ],
            path: "Sources/ShimGame"
        ),
    ]
)
