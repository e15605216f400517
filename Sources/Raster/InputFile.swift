#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a path cannot be read as an input file, said in the user's words, checked before anything opens it.
///
/// Only regular files are read: opening a FIFO blocks until a writer appears (forever, for a stray
/// `mkfifo` under a font or scene name), and a directory or device is never what the user meant.
/// `stat` follows links, so a symlink loop reports ELOOP here instead of surfacing later as an opaque
/// Foundation error ("NSCocoaErrorDomain error 512").
public enum InputFile {
    /// nil when `path` is a readable regular file; otherwise the reason, e.g. "is a directory".
    public static func problem(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return reason(errno) }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return "is a directory, not a file"
        case S_IFIFO: return "is a FIFO (named pipe), not a regular file; reading it could block forever"
        case S_IFSOCK: return "is a socket, not a regular file"
        case S_IFCHR, S_IFBLK: return "is a device, not a regular file"
        default: return "is not a regular file"
        }
        guard access(path, R_OK) == 0 else { return reason(errno) }
        return nil
    }

    /// The size in bytes of the file at `path`, or nil when it cannot be examined.
    public static func size(_ path: String) -> Int? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return Int(st.st_size)
    }

    /// The errno of a failed stat/open/access, as a reason.
    public static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "does not exist"
        case ENOTDIR: return "is not reachable: a parent in its path is a file, not a directory"
        case ELOOP: return "cannot be resolved: too many levels of symbolic links (a symlink loop)"
        case EACCES, EPERM: return "cannot be read: permission denied"
        case ENAMETOOLONG: return "has a name too long for the file system"
        default: return "cannot be read: \(String(cString: strerror(code)))"
        }
    }
}
