/// The files a config load read besides the config itself: each `.ahap` and `.wav` file a rule
/// names, by its path in the config's folder (as named: a link there is followed when it is read,
/// so pointing it elsewhere is a change too), with a fingerprint of what the load found there.
/// `MappingConfigWatcher` watches them, so a pattern or sound a designer saves is hot-reloaded like
/// the config, and a broken one is reported like a broken config (issue 31).
///
/// Made by `LoadedMapping.load` (also when the load fails: the files it tried); a value, any thread.
@_spi(HapticsTools) public struct MappingSources: Sendable, Equatable {
    /// What a load found in one file.
    struct File: Sendable, Equatable {
        /// Of the bytes the load read, or nil when it read none (missing, not a regular file, larger
        /// than `limit`, unreadable, refused by its path): the watcher then takes what it sees after
        /// the load as the version the load knew.
        var fingerprint: FileBytes.Fingerprint?
        /// The most bytes its reader takes (AHAP 8 MiB, WAV 4.2 MB): a larger file is unreadable.
        var limit: Int
    }

    /// By path (the config's folder joined with the name the rule wrote).
    var files: [String: File] = [:]

    public init() {}

    /// The paths, sorted.
    public var paths: [String] { files.keys.sorted() }

    /// Records that the load looked for `path` (nothing read yet).
    mutating func lookedFor(_ path: String, limit: Int) {
        if files[path] == nil { files[path] = File(fingerprint: nil, limit: limit) }
    }

    /// Records the bytes the load read from `path`.
    mutating func read(_ bytes: [UInt8], from path: String, limit: Int) {
        files[path] = File(fingerprint: .of(bytes, limit: limit), limit: limit)
    }

    /// Records that `path` names the same file as `other`, read once under that name.
    mutating func same(_ path: String, as other: String) {
        if path != other, let known = files[other] { files[path] = known }
    }
}

extension FileBytes.Fingerprint {
    /// The fingerprint of `bytes` as `FileBytes.fingerprint(of:upTo:)` takes it, `.unreadable` past
    /// `limit` (what a reader with that limit refuses).
    static func of(_ bytes: [UInt8], limit: Int = .max) -> FileBytes.Fingerprint {
        guard bytes.count <= limit else { return .unreadable }
        var hasher = FileBytes.FingerprintHasher()
        hasher.add(bytes)
        return hasher.fingerprint
    }
}
