import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an input file could not be read: prints as `cannot read a.png: no such file`.
public struct FileReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path as the caller gave it, so the message names what the user typed.
    public var path: String
    /// Why reading failed, in lowercase words (`no such file`, `is a folder, not a file`).
    public var reason: String
    /// Creates an error for `path`.
    ///
    /// - Parameters:
    ///   - path: The path as given.
    ///   - reason: Why it could not be read.
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
    /// `cannot read <path>: <reason>`, as the CLI prints it.
    public var description: String { "cannot read \(path): \(reason)" }
}

/// Reads an untrusted input file with a byte limit that holds whatever the file is:
/// the size of a regular file is checked before reading, and at most `maxBytes + 1`
/// bytes are ever read, so a file growing under us costs an error, not memory. Only
/// regular files (or symlinks to them) are read, as scripts are: a folder, a named pipe
/// (whose open waits for a writer forever: issue 47 item 13), a device (`/dev/zero`) or
/// a socket is refused. ``open(_:)`` is the check, for every reader of an input file.
/// - Complexity: O(min(size, maxBytes)) per read.
public enum InputFile {
    /// Opens `path` for reading when it is a regular file. The file is opened without
    /// waiting (`O_NONBLOCK`, so a named pipe with no writer cannot block the open) and
    /// its type checked on the open descriptor (`fstat`), so a pipe swapped in after a
    /// check cannot slip through; then reads block as usual.
    ///
    /// - Parameter path: A file system path.
    /// - Returns: A handle that closes the file when released, and the file's size.
    /// - Throws: ``FileReadError`` when the path does not exist, cannot be opened, or is not
    ///   a regular file (the reason names what it is).
    /// - Complexity: O(1).
    public static func open(_ path: String) throws(FileReadError) -> (handle: FileHandle, size: Int) {
        let fd = openWithoutWaiting(path)
        guard fd >= 0 else { throw FileReadError(path: path, reason: openFailure(errno)) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let e = errno
            close(fd)
            throw FileReadError(path: path, reason: openFailure(e))
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG:
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            return (FileHandle(fileDescriptor: fd, closeOnDealloc: true), Int(st.st_size))
        case S_IFDIR:
            close(fd)
            throw FileReadError(path: path, reason: "is a folder, not a file")
        case S_IFIFO:
            close(fd)
            throw FileReadError(path: path, reason: "is a named pipe, not a regular file")
        case S_IFCHR, S_IFBLK:
            close(fd)
            throw FileReadError(path: path, reason: "is a device, not a regular file")
        default:
            close(fd)
            throw FileReadError(path: path, reason: "is not a regular file")
        }
    }

    static func openFailure(_ code: Int32) -> String {
        code == ENOENT ? "no such file" : ErrorText.posix(code)
    }

    /// Reads the whole file at `path`, refusing it when it is larger than `maxBytes`.
    ///
    /// - Parameters:
    ///   - path: A file system path.
    ///   - maxBytes: The largest size accepted.
    /// - Returns: The file's bytes, at most `maxBytes` of them.
    /// - Throws: ``FileReadError`` when the path does not exist, is not a regular file
    ///   (a folder, named pipe, device or socket), cannot be read, or holds more than
    ///   `maxBytes` bytes.
    /// - Complexity: O(min(size, `maxBytes`)).
    public static func read(_ path: String, maxBytes: Int) throws(FileReadError) -> [UInt8] {
        let (handle, size) = try open(path)
        defer { try? handle.close() }
        if size > maxBytes {
            throw FileReadError(path: path, reason: "the file is \(size) bytes; the limit is \(maxBytes)")
        }
        let data: Data
        do {
            data = try handle.read(upToCount: maxBytes + 1) ?? Data()
        } catch {
            throw FileReadError(path: path, reason: ErrorText.describe(error))
        }
        guard data.count <= maxBytes else {
            throw FileReadError(path: path, reason: "more than \(maxBytes) bytes; the limit is \(maxBytes)")
        }
        return [UInt8](data)
    }
}

/// `open(2)` for reading without waiting (outside `InputFile`, whose `open` hides it).
private func openWithoutWaiting(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
}
