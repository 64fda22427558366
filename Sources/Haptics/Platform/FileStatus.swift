#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What is at a path, through the C library (`stat`, `lstat`, `realpath`, `getcwd`, `opendir`), what
/// `FileManager` and `URL` gave the core, without Foundation (the C library, docs/c-library.md, stays
/// small when no module it links imports Foundation). Load time only: each call is one or a few system
/// calls and allocates the strings it returns.
package enum FileStatus {
    /// What a path leads to, after following symbolic links (`stat`).
    package enum Kind: Equatable, Sendable {
        case regular(size: Int)
        case directory
        case characterDevice
        case blockDevice
        case namedPipe
        case socket
        /// Another kind of file the C library reports.
        case other
    }

    /// What `path` leads to (symbolic links followed), or nil when nothing is there (or a link leads
    /// nowhere, or a folder on the way cannot be searched). To tell a user what is at a path (why
    /// nothing is there, in the readers' words), use `FileKind.at(_:)` and its `found`.
    package static func kind(of path: String) -> Kind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular(size: Int(info.st_size))
        case S_IFDIR: return .directory
        case S_IFCHR: return .characterDevice
        case S_IFBLK: return .blockDevice
        case S_IFIFO: return .namedPipe
        case S_IFSOCK: return .socket
        default: return .other
        }
    }

    /// Whether `path` is a symbolic link itself (`lstat`), whatever it leads to.
    package static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// Whether something other than a folder is at `path` (symbolic links followed).
    package static func isFile(_ path: String) -> Bool {
        guard let kind = kind(of: path) else { return false }
        return kind != .directory
    }

    /// The absolute path with every symbolic link, `.` and `..` resolved (`realpath`), or nil when
    /// the path does not lead to something that exists.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` as an absolute path: unchanged when it starts with "/", else the working directory
    /// joined with it, with "." components and repeated slashes dropped ("data/./a.toml" from "/game"
    /// gives "/game/data/a.toml"). Symbolic links and ".." are kept as written (the file need not
    /// exist yet). "" gives the working directory.
    package static func absolutePath(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FilePathText.appending(path, to: workingDirectory ?? ".")
        let parts = joined.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard joined.hasPrefix("/") else { return parts.joined(separator: "/") }   // no working directory
        return "/" + parts.joined(separator: "/")
    }

    /// The process's working directory (`getcwd`), or nil when it cannot be read (removed, too long).
    package static var workingDirectory: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Why a folder cannot be listed.
    package struct ListingError: Error, CustomStringConvertible {
        /// The C library's reason (`strerror`).
        package var reason: String
        package var description: String { reason }
    }

    /// The names in folder `path` (without "." and ".."), in the order the file system gives them.
    package static func names(inFolder path: String) throws(ListingError) -> [String] {
        guard let folder = opendir(path) else { throw ListingError(reason: String(cString: strerror(errno))) }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
