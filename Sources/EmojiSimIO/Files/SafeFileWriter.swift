import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be written, with the path: prints as
/// `cannot write out.png: no space left on device`.
public struct FileWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
    public var description: String { "cannot write \(path): \(reason)" }
}

/// The one way EmojiSim writes output files (snapshot references, diff images, frames,
/// converted catalogs, reports), so that no output is ever half-written or clobbers
/// something that is not an output file:
///
/// - A regular file (or a path that does not exist yet) is written to a temporary file
///   in the same folder (`.<name>.tmp-<pid>-<n>`, created exclusively), flushed, and
///   renamed over the target: a reader sees the old file or the new one, never part of
///   one. The temporary file is removed whatever fails.
/// - A character device or FIFO (`/dev/null`, `/dev/stdout`, a pipe) is streamed to in
///   place: renaming over it would replace the device node (as root, `--out /dev/null`
///   would turn /dev/null into a regular file).
/// - Anything else (a folder, a socket, a block device) is refused. Nothing is ever
///   deleted recursively.
///
/// `Batch` stages several files and renames them into place only when all are written.
/// Cost: one write of the bytes plus a rename per file.
public enum SafeFileWriter {
    /// Writes `bytes` to `url` as described above. `createFolders` creates missing parent
    /// folders first (never replacing anything).
    public static func write(_ bytes: [UInt8], to url: URL, createFolders: Bool = false) throws(FileWriteError) {
        var batch = Batch()
        try batch.add(bytes, to: url, createFolders: createFolders)
        try batch.commit()
    }

    /// Throws when `url` could never be written by `write` (a folder, a socket), so a
    /// command can refuse before it spends work or creates anything.
    public static func checkTarget(_ url: URL) throws(FileWriteError) {
        switch existing(url.path) {
        case .folder: throw FileWriteError(path: url.path, reason: "is a folder")
        case .other: throw FileWriteError(path: url.path, reason: "is not a regular file")
        case .none, .regular, .stream, .symlink: break
        }
    }

    /// What is at a path, without following a final symlink (a symlink is replaced by
    /// the new file, never written through, so a link cannot redirect an output).
    enum Existing { case none, regular, stream, symlink, folder, other }

    static func existing(_ path: String) -> Existing {
        var st = stat()
        guard lstat(path, &st) == 0 else { return .none }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFLNK: return .symlink
        case S_IFCHR, S_IFIFO: return .stream
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// Files staged as temporaries, renamed into place together by `commit`. If the
    /// batch is dropped without a commit (or a staging step throws) the temporaries are
    /// removed by `discard`. Renames within one folder do not fail for want of space, so
    /// once every file is staged the commit replaces them all in practice; if a rename
    /// does fail the remaining temporaries are removed and the error names the file.
    public struct Batch {
        struct Staged { var temporary: String?; var target: String; var bytes: [UInt8] }
        var staged: [Staged] = []
        public init() {}

        /// Stages `bytes` for `url`: written to a temporary file now (or, for a device or
        /// FIFO, kept to be streamed at commit). Throws, after removing every temporary
        /// of this batch, when the target is a folder or other non-file or the write fails.
        public mutating func add(_ bytes: [UInt8], to url: URL, createFolders: Bool = false) throws(FileWriteError) {
            let path = url.path
            do throws(FileWriteError) {
                if staged.contains(where: { $0.target == path }) {
                    throw FileWriteError(path: path, reason: "written twice in one batch")
                }
                switch SafeFileWriter.existing(path) {
                case .folder: throw FileWriteError(path: path, reason: "is a folder")
                case .other: throw FileWriteError(path: path, reason: "is not a regular file")
                case .stream:
                    staged.append(Staged(temporary: nil, target: path, bytes: bytes))
                    return
                case .none, .regular, .symlink: break
                }
                let folder = url.deletingLastPathComponent()
                if createFolders {
                    do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
                        throw FileWriteError(path: folder.path, reason: "cannot create the folder (\(ErrorText.describe(error)))")
                    }
                }
                let tmp = try SafeFileWriter.writeTemporary(bytes, beside: url)
                staged.append(Staged(temporary: tmp, target: path, bytes: []))
            } catch {
                discard()
                throw error
            }
        }

        /// Renames every staged file into place (streams to devices), in the order added.
        public mutating func commit() throws(FileWriteError) {
            defer { discard() }
            for i in staged.indices {
                let s = staged[i]
                if let tmp = s.temporary {
                    if rename(tmp, s.target) != 0 {
                        throw FileWriteError(path: s.target, reason: SafeFileWriter.errnoText(errno))
                    }
                    staged[i].temporary = nil
                } else {
                    try SafeFileWriter.stream(s.bytes, to: s.target)
                }
            }
            staged = []
        }

        /// Removes the temporaries not yet renamed. Safe to call more than once.
        public mutating func discard() {
            for s in staged { if let tmp = s.temporary { unlink(tmp) } }
            staged = []
        }
    }

    /// A process-wide counter for temporary names (with the pid: unique per process,
    /// deterministic, no randomness).
    nonisolated(unsafe) static var counter = 0
    static let counterLock = NSLock()

    static func writeTemporary(_ bytes: [UInt8], beside url: URL) throws(FileWriteError) -> String {
        let folder = url.deletingLastPathComponent().path
        var attempt = 0
        while true {
            counterLock.lock(); counter += 1; let n = counter; counterLock.unlock()
            let tmp = (folder as NSString).appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(n)")
            let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd < 0 {
                let e = errno
                attempt += 1
                if e == EEXIST && attempt < 100 { continue }
                throw FileWriteError(path: url.path, reason: errnoText(e))
            }
            if let reason = writeAll(fd, bytes) ?? (fsync(fd) != 0 ? errnoText(errno) : nil) {
                close(fd)
                unlink(tmp)
                throw FileWriteError(path: url.path, reason: reason)
            }
            if close(fd) != 0 {
                let e = errno
                unlink(tmp)
                throw FileWriteError(path: url.path, reason: errnoText(e))
            }
            return tmp
        }
    }

    static func stream(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileWriteError(path: path, reason: errnoText(errno)) }
        defer { close(fd) }
        if let reason = writeAll(fd, bytes) { throw FileWriteError(path: path, reason: reason) }
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? { posixWriteAll(fd, bytes) }

    static func errnoText(_ code: Int32) -> String { String(cString: strerror(code)).lowercased() }
}

/// Writes all of `bytes`, retrying short writes and EINTR; the errno text on failure.
/// Top level so that `write` is the C function, not `SafeFileWriter.write`.
private func posixWriteAll(_ fd: Int32, _ bytes: [UInt8]) -> String? {
    bytes.withUnsafeBytes { raw -> String? in
        var offset = 0
        while offset < raw.count {
            let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return SafeFileWriter.errnoText(errno)
            }
            if n == 0 { return "the write made no progress" }
            offset += n
        }
        return nil
    }
}
