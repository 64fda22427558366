#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What is at a path, as the C library sees it (`stat`, which follows symbolic links, and `lstat`
/// for the link itself), in the words every reader and writer of files reports it: a pipe is a
/// pipe (also one reached through `/dev/fd/N` or `/dev/stdin`), a loop of links is a loop, a link
/// to nothing is a link to nothing. Load time only: two system calls.
package enum FileKind: Equatable {
    /// A regular file of `size` bytes.
    case regular(size: Int)
    case folder
    /// A named or anonymous pipe (FIFO).
    case pipe
    case characterDevice
    case blockDevice
    case socket
    /// Nothing: no such file, or a part of the path is not a folder.
    case nothing
    /// A symbolic link whose target does not exist.
    case danglingLink
    /// Symbolic links that lead back to themselves (or nest past the system's limit).
    case linkLoop
    /// A folder on the way that may not be searched.
    case notPermitted
    /// Anything else the system refused, with its reason (`strerror`).
    case unexaminable(String)

    /// The kind of `path`, links followed.
    package static func at(_ path: String) -> FileKind {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let failure = errno
            switch failure {
            case ENOENT:
                var link = stat()
                return lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK ? .danglingLink : .nothing
            case ENOTDIR: return .nothing
            case ELOOP: return .linkLoop
            case EACCES: return .notPermitted
            default: return .unexaminable(String(cString: strerror(failure)))
            }
        }
        return FileKind(mode: info.st_mode, size: Int(info.st_size))
    }

    /// The kind a `stat` or `fstat` of `mode` (and `size` bytes) describes.
    package init(mode: mode_t, size: Int) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular(size: size)
        case S_IFDIR: self = .folder
        case S_IFIFO: self = .pipe
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .unexaminable("an unknown kind of file")
        }
    }

    /// Whether `path` itself is a symbolic link (not followed).
    package static func isSymbolicLink(_ path: String) -> Bool {
        var link = stat()
        return lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK
    }

    /// What was found, for "expected ..., found WHAT": "a folder", "a pipe (FIFO)", "a loop of
    /// symbolic links"...
    package var found: String {
        switch self {
        case .regular(let size): return "a regular file of \(size) bytes"
        case .folder: return "a folder"
        case .pipe: return "a pipe (FIFO)"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .socket: return "a socket"
        case .nothing: return "nothing at this path"
        case .danglingLink: return "a symbolic link to a file that does not exist"
        case .linkLoop: return "a loop of symbolic links"
        case .notPermitted: return "a folder on the way without permission to look inside"
        case .unexaminable(let reason): return "a path the system cannot examine (\(reason))"
        }
    }
}
