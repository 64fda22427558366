import ArgumentParser
@_spi(HapticsTools) import Haptics

/// The `--strict` flag every subcommand that reads AHAP shares.
struct DecodingFlags: ParsableArguments {
    @Flag(help: "Treat every warning (trailing comma, unknown key, clamped value...) as an error.")
    var strict = false

    /// Decoder options for the flag: `.strict` or `.lenient`.
    var options: AHAPDecodingOptions { strict ? .strict : .lenient }
}
