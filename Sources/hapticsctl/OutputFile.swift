#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(HapticsTools) import Haptics

/// Writes a command's result to the path given with `-o`, replacing only a regular file.
///
/// - nothing at the path: a new file, made atomically (written beside it, then renamed into place);
/// - a regular file: replaced atomically, keeping its permissions, so a reader never sees half of it;
/// - a symbolic link: followed. A link to a regular file has its target replaced atomically (the link
///   stays a link), a link to nothing makes its target, a link to a pipe or character device is
///   written through;
/// - a pipe (FIFO) or a character device (`/dev/null`, `/dev/stdout`, a terminal): written through,
///   opened and written like a shell's `>` does, never removed, replaced or created;
/// - a folder, a block device, a socket, a loop of links: refused, nothing written.
enum OutputFile {
    /// Why `write` wrote nothing (or not everything), in words for "could not write the WHAT: REASON".
    struct Problem: Error {
        var reason: String
    }

    static func write(_ bytes: [UInt8], to path: String) throws(Problem) {
        switch FileKind.at(path) {
        case .nothing:
            let folder = FilePathText.deletingLastComponent(path)
            let kind = FileKind.at(folder.isEmpty ? "." : folder)
            guard kind == .folder else { throw Problem(reason: "expected a folder to write into at \(folder), found \(kind.found)") }
            try replaceAtomically(path, with: bytes, mode: nil)
        case .regular:
            let target = FileKind.isSymbolicLink(path) ? try resolved(path) : path
            var info = stat()
            let mode = stat(target, &info) == 0 ? info.st_mode & 0o7777 : nil
            try replaceAtomically(target, with: bytes, mode: mode)
        case .danglingLink:
            try writeThrough(path, bytes, creating: true)
        case .pipe, .characterDevice:
            try writeThrough(path, bytes, creating: false)
        case .folder:
            throw Problem(reason: "expected a file, found a folder: name a file inside it, such as \(FilePathText.appending("out.ahap", to: path))")
        case let kind:
            throw Problem(reason: "expected a regular file, a pipe or a character device, found \(kind.found)")
        }
    }

    /// The final target of the symbolic link at `path` (which exists).
    private static func resolved(_ path: String) throws(Problem) -> String {
        guard let resolved = realpath(path, nil) else { throw failure("cannot follow the symbolic link") }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Writes `bytes` to a new file beside `target` and renames it over `target`: `target` is the
    /// old file or the new one, never half of either. `mode`: the permissions to keep (nil: the
    /// usual 0666 less the umask).
    private static func replaceAtomically(_ target: String, with bytes: [UInt8], mode: mode_t?) throws(Problem) {
        let folder = FilePathText.deletingLastComponent(target)
        let name = FilePathText.lastComponent(target)
        var template = Array(FilePathText.appending(".\(name).XXXXXX", to: folder.isEmpty ? "." : folder).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure("cannot make a file in \(folder.isEmpty ? "." : folder)") }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var done = false
        defer {
            if !done { unlink(temporary) }
        }
        let permissions: mode_t
        if let mode {
            permissions = mode
        } else {
            let mask = umask(0)
            umask(mask)
            permissions = 0o666 & ~mask
        }
        do {
            defer { close(descriptor) }
            try writeAll(bytes, to: descriptor)
            guard fchmod(descriptor, permissions) == 0 else { throw failure("cannot set the new file's permissions") }
        }
        guard rename(temporary, target) == 0 else { throw failure("cannot rename the new file into place") }
        done = true
    }

    /// Opens `path` for writing as a shell's `>` does and writes `bytes`: for pipes and devices
    /// (a pipe waits for its reader), and for a link to nothing (`creating`: its target is made).
    private static func writeThrough(_ path: String, _ bytes: [UInt8], creating: Bool) throws(Problem) {
        let flags = O_WRONLY | O_CLOEXEC | (creating ? O_CREAT | O_TRUNC : 0)
        let descriptor = open(path, flags, 0o666)
        guard descriptor >= 0 else { throw failure("cannot open it for writing") }
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(Problem) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("writing failed")
            }
            offset += written
        }
    }

    /// `what` and the C library's reason for the last failure.
    private static func failure(_ what: String) -> Problem {
        Problem(reason: "\(what) (\(String(cString: strerror(errno))))")
    }
}

/// The C library's `write(2)` (inside `OutputFile`, `write` names its own method).
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
