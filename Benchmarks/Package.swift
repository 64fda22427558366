// swift-tools-version: 6.1
//
// Benchmarks for SDLHaptics, in their own package so that package-benchmark and its
// dependencies never reach users of the library. See README.md for how to run them.

import PackageDescription

let package = Package(
    name: "SDLHapticsBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "SDLHaptics", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "AHAPDecoding",
            dependencies: [
                .product(name: "Haptics", package: "SDLHaptics"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/AHAPDecoding",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "AudioAnalysis",
            dependencies: [
                .product(name: "Haptics", package: "SDLHaptics"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/AudioAnalysis",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "AudioMixing",
            dependencies: [
                .product(name: "Haptics", package: "SDLHaptics"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/AudioMixing",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "ConfigReading",
            dependencies: [
                .product(name: "Haptics", package: "SDLHaptics"),
                .product(name: "HapticsTools", package: "SDLHaptics"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ConfigReading",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "EngineUpdate",
            dependencies: [
                .product(name: "Haptics", package: "SDLHaptics"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/EngineUpdate",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "MappingEvents",
            dependencies: [
                .product(name: "Haptics", package: "SDLHaptics"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/MappingEvents",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "TriggerDrive",
            dependencies: [
                .product(name: "Haptics", package: "SDLHaptics"),
                .product(name: "HapticsSDL", package: "SDLHaptics"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/TriggerDrive",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ]
)
