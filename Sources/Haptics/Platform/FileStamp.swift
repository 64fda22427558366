#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says of a path, enough to tell that a file changed without reading it: device and
/// inode (a file saved by renaming a new one over it is another file), size, modification and
/// status-change times in nanoseconds, and the kind. One system call, no allocation, any thread.
///
/// What it cannot tell (`MappingConfigWatcher` covers it with one read after the file's last change,
/// `MappingConfigWatcher.verificationDelay`): a write that keeps the size and lands within the same
/// tick of the file system's clock as the previous one (a few milliseconds on ext4, tmpfs and xfs,
/// 2 s on FAT) leaves every field equal. Every write and every metadata change sets the status-change
/// time to the present, which no program can set back (`touch -d` and `utime` set the modification
/// time, and move the status-change time forward), so once a file's last change is older than that
/// tick, any later change shows in the stamp.
package struct FileStamp: Equatable, Sendable {
    /// `errno` of a failed `stat` (0 when it succeeded): a file that goes missing, or becomes
    /// unsearchable, is a change.
    var failure: Int32 = 0
    var device: UInt64 = 0
    var inode: UInt64 = 0
    var mode: UInt32 = 0
    var size: Int64 = 0
    var modifiedSeconds: Int = 0
    var modifiedNanoseconds: Int = 0
    var changedSeconds: Int = 0
    var changedNanoseconds: Int = 0

    /// The stamp of `path` now, links followed.
    package static func of(_ path: String) -> FileStamp {
        var info = stat()
        guard stat(path, &info) == 0 else { return FileStamp(failure: errno) }
        var stamp = FileStamp()
        stamp.device = UInt64(info.st_dev)
        stamp.inode = UInt64(info.st_ino)
        stamp.mode = UInt32(info.st_mode)
        stamp.size = Int64(info.st_size)
        #if canImport(Darwin)
        (stamp.modifiedSeconds, stamp.modifiedNanoseconds) = (info.st_mtimespec.tv_sec, info.st_mtimespec.tv_nsec)
        (stamp.changedSeconds, stamp.changedNanoseconds) = (info.st_ctimespec.tv_sec, info.st_ctimespec.tv_nsec)
        #else
        (stamp.modifiedSeconds, stamp.modifiedNanoseconds) = (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
        (stamp.changedSeconds, stamp.changedNanoseconds) = (Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec))
        #endif
        return stamp
    }

    /// Whether a regular file is there.
    package var isRegularFile: Bool { failure == 0 && mode & UInt32(S_IFMT) == UInt32(S_IFREG) }

    /// The later of the modification and status-change times, in seconds since 1970 (the clock of
    /// `FileStamp.now`).
    package var lastChange: Double {
        let modified = Double(modifiedSeconds) + Double(modifiedNanoseconds) / 1e9
        let changed = Double(changedSeconds) + Double(changedNanoseconds) / 1e9
        return max(modified, changed)
    }

    /// The wall clock (`CLOCK_REALTIME`), in seconds since 1970: what file times are stamped with.
    package static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
