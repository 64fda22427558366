/// The preset patterns, loaded by name: from a folder of AHAP files (designers tune them there while
/// the game runs), or the copy built into the library.
///
/// Loading decodes and validates every file once (`load` / `reload`), off the per-frame path;
/// `pattern(named:)` is then a dictionary lookup. A reload that finds a broken file keeps every
/// pattern it had and reports the errors: the last good preset stays.
/// Threads: not thread-safe; load and look up on one thread (normally the game's).
public final class PresetLibrary {
    /// Why a preset could not be loaded.
    public struct LoadError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The file (or built-in name) that failed.
        public var file: String
        /// What went wrong, with the AHAP location when there is one.
        public var message: String
        public var description: String { "\(file): \(message)" }

        /// The first error of `error`, with its AHAP location.
        init(file: String, error: AHAPDecodingError) {
            let first = error.firstError
            self.init(file: file, message: "\(first.whereDescription): \(first.message)")
        }

        init(file: String, message: String) {
            self.file = file
            self.message = message
        }
    }

    /// Where the patterns come from: a folder path, or nil for the built-in copy.
    public let folder: String?
    private var patterns: [String: HapticPattern] = [:]

    /// The presets built into the library: the files of `Assets/Haptics/Presets` as they were when the
    /// library was built (one embedded copy, kept equal to the folder by a test).
    /// Cost: the first call decodes the 18 presets (load time, once per process); every later call
    /// copies the decoded dictionary into a new library.
    public static func builtIn() -> PresetLibrary {
        let library = PresetLibrary(folder: nil)
        library.patterns = BuiltInPresets.decoded.patterns
        return library
    }

    /// The built-in presets that did not decode (empty in a sound build: a test fails otherwise).
    /// `builtIn()` leaves them out, so the problem is listed here rather than lost.
    @_spi(HapticsTools) public static var builtInErrors: [LoadError] { BuiltInPresets.decoded.errors }

    /// A library that reads `*.ahap` files from `folder` (call `load()`).
    public init(folder: String?) {
        self.folder = folder
    }

    /// Every preset name known, sorted.
    public var names: [String] { patterns.keys.sorted() }

    /// The pattern of the preset `name` (a file name without `.ahap`), or nil.
    public func pattern(named name: String) -> HapticPattern? { patterns[name] }

    /// The pattern that plays `feedback`, or nil when its preset is missing.
    public func pattern(for feedback: HapticFeedback) -> HapticPattern? { patterns[feedback.presetName] }

    /// Reads every `*.ahap` file of the folder. Files that decode replace their presets; files that do
    /// not are reported and their previous pattern (if any) stays. Returns the errors (empty: all good).
    /// Cost: reads and decodes every file; call at load time or when a designer saved a file.
    @discardableResult
    public func load() -> [LoadError] {
        guard let folder else { return [] }
        let names: [String]
        do throws(FileStatus.ListingError) {
            names = try FileStatus.names(inFolder: folder).filter { $0.hasSuffix(".ahap") }.sorted()
        } catch {
            return [LoadError(file: folder, message: "cannot list the folder: \(error.reason)")]
        }
        var errors: [LoadError] = []
        for file in names {
            let path = FilePathText.appending(file, to: folder)
            do throws(AHAPDecodingError) {
                patterns[String(file.dropLast(5))] = try AHAPDecoder().decode(contentsOfFile: path).pattern
            } catch {
                errors.append(LoadError(file: path, error: error))
            }
        }
        return errors
    }

    /// The preset names `HapticFeedback` needs that this library lacks (empty when complete).
    public var missingFeedbackPresets: [String] {
        HapticFeedback.allPresetCases.map(\.presetName).filter { patterns[$0] == nil }
    }
}

extension BuiltInPresets {
    /// Every embedded preset decoded, once per process (a static `let` is initialized on first use,
    /// thread-safely). A preset that does not decode is listed in `errors`, never dropped silently.
    static let decoded = decode(files)

    /// `files` decoded: the patterns by name, and an error for each text that does not decode.
    static func decode(_ files: [(name: String, text: String)]) -> (patterns: [String: HapticPattern], errors: [PresetLibrary.LoadError]) {
        var patterns: [String: HapticPattern] = [:]
        var errors: [PresetLibrary.LoadError] = []
        for (name, text) in files {
            do throws(AHAPDecodingError) {
                patterns[name] = try AHAPDecoder().decode(text).pattern
            } catch {
                errors.append(PresetLibrary.LoadError(file: "built-in preset \(name)", error: error))
            }
        }
        return (patterns, errors)
    }
}
