import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be written, with the path: prints as
/// `cannot write out.png: no space left on device`.
public struct FileWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path that could not be written, as the caller gave it.
    public var path: String
    /// Why, in lowercase words (`is a folder`, `no space left on device`).
    public var reason: String
    /// Creates an error for `path`.
    ///
    /// - Parameters:
    ///   - path: The path that could not be written.
    ///   - reason: Why.
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
    /// `cannot write <path>: <reason>`, as the CLI prints it.
    public var description: String { "cannot write \(path): \(reason)" }
}

/// The one way EmojiSim writes output files (snapshot references, diff images, frames,
/// converted catalogs, reports), so that no output is ever half-written, clobbers
/// something that is not an output file, or lands outside the folder it belongs in:
///
/// - A regular file (or a path that does not exist yet) is written to a temporary file
///   in the same folder (`.<name>.tmp-<pid>-<n>`, created exclusively), flushed to disk,
///   and renamed over the target: a reader sees the old file or the new one, never part
///   of one. The temporary file is removed whatever fails, a write past `ulimit -f`
///   included (the CLI ignores SIGXFSZ, so such a write fails with EFBIG: "file too
///   large").
/// - A character device or FIFO (`/dev/null`, `/dev/stdout`, a pipe) is streamed to in
///   place: renaming over it would replace the device node (as root, `--out /dev/null`
///   would turn /dev/null into a regular file).
/// - Anything else (a folder, a socket, a block device) is refused. Nothing is ever
///   deleted recursively.
/// - A final symlink is replaced by the new file, never written through. With a
///   confinement `root` (`within:`), every folder between the root and the file must be
///   a real folder too: a symlinked folder anywhere on the way (a committed
///   `Snapshots/Tests/flow -> ../../../outside`) is refused, and the file must lie under
///   the root. The folders are opened one by one without following symlinks
///   (`openat` with `O_NOFOLLOW`), and the temporary is created and renamed relative to
///   the folder opened, so a symlink swapped in after the check cannot redirect the
///   write either. The root itself is the caller's choice and may be reached through
///   symlinks.
///
/// `Batch` stages several files and renames them into place only when all are written,
/// flushing them to disk with one sync for the whole batch (per file system) rather than
/// one `fsync` per file: a 10,000-frame `image frames` is one sync, not 10,000.
/// Cost: one write of the bytes plus a rename per file, and one sync per batch.
public enum SafeFileWriter {
    /// Writes `bytes` to `url` as described above.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - url: the file to write.
    ///   - root: when given, `url` must lie under it and no folder between it and the
    ///     file may be a symlink.
    ///   - createFolders: create missing parent folders first (never replacing anything;
    ///     under a root they are created one by one, refusing symlinks on the way).
    /// - Throws: `FileWriteError` naming the path and why.
    public static func write(_ bytes: [UInt8], to url: URL, within root: URL? = nil,
                             createFolders: Bool = false) throws(FileWriteError) {
        var batch = Batch()
        try batch.add(bytes, to: url, within: root, createFolders: createFolders)
        try batch.commit()
    }

    /// Throws when `url` could never be written by `write` (a folder, a socket), so a
    /// command can refuse before it spends work or creates anything.
    ///
    /// - Parameter url: The target to be written later.
    /// - Throws: ``FileWriteError`` when `url` is a folder, socket or block device.
    public static func checkTarget(_ url: URL) throws(FileWriteError) {
        switch existing(url.path) {
        case .folder: throw FileWriteError(path: url.path, reason: "is a folder")
        case .other: throw FileWriteError(path: url.path, reason: "is not a regular file")
        case .none, .regular, .stream, .symlink: break
        }
    }

    /// Throws when a folder between `root` (exclusive) and `url` (exclusive) is a symlink
    /// or not a folder, or `url` does not lie under `root`: the check `write(within:)`
    /// makes, for code that moves files itself (accepting a pending snapshot renames it
    /// over its reference). Folders that do not exist yet pass.
    /// - Complexity: one `lstat` per path component.
    ///
    /// - Parameters:
    ///   - url: The file to be placed.
    ///   - root: The folder it must stay under.
    /// - Throws: ``FileWriteError`` when `url` is not under `root`, or a folder on the way is
    ///   a symlink or not a folder.
    public static func checkConfined(_ url: URL, within root: URL) throws(FileWriteError) {
        let parts = try components(of: url, under: root)
        var path = root.standardizedFileURL.path
        for part in parts.dropLast() {
            path = (path as NSString).appendingPathComponent(part)
            var st = stat()
            guard lstat(path, &st) == 0 else { return }
            switch st.st_mode & S_IFMT {
            case S_IFDIR: continue
            case S_IFLNK: throw FileWriteError(path: url.path, reason: symlinkReason(path))
            default: throw FileWriteError(path: url.path, reason: "\(path) is not a folder")
            }
        }
    }

    /// What is at a path, without following a final symlink (a symlink is replaced by
    /// the new file, never written through, so a link cannot redirect an output).
    enum Existing { case none, regular, stream, symlink, folder, other }

    static func existing(_ path: String) -> Existing {
        var st = stat()
        guard lstat(path, &st) == 0 else { return .none }
        return kind(st)
    }

    static func existing(_ name: String, in folder: Int32) -> Existing {
        var st = stat()
        guard fstatat(folder, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { return .none }
        return kind(st)
    }

    private static func kind(_ st: stat) -> Existing {
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFLNK: return .symlink
        case S_IFCHR, S_IFIFO: return .stream
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// The path components of `url` below `root` (lexically, after `.` and `..` are
    /// resolved), or an error when `url` is not under `root`.
    static func components(of url: URL, under root: URL) throws(FileWriteError) -> [String] {
        let base = root.standardizedFileURL.pathComponents
        let full = url.standardizedFileURL.pathComponents
        guard full.count > base.count, Array(full.prefix(base.count)) == base else {
            throw FileWriteError(path: url.path, reason: "is outside \(root.standardizedFileURL.path)")
        }
        return Array(full.dropFirst(base.count))
    }

    static func symlinkReason(_ folder: String) -> String {
        "\(folder) is a symlink; references and outputs are written only through real folders"
            + " (remove the link, or choose the folder with --snapshots/--out)"
    }

    /// Open folders, by path, for the files of one batch: a batch writing thousands of
    /// files into a few folders opens each folder once. At most `capacity` stay open (the
    /// oldest is closed first and opened again if needed), so any number of folders works
    /// within the process's descriptor limit. Closes everything when released.
    final class Folders {
        static let capacity = 16
        private var cache: [(path: String, fd: Int32)] = []

        deinit { closeAll() }

        func closeAll() {
            for f in cache { close(f.fd) }
            cache = []
        }

        /// The descriptor of the folder that will hold `url` (its parent): under `root`,
        /// walked without following symlinks (created with `createFolders`); without a
        /// root, opened as the path says (created with FileManager with `createFolders`).
        func folder(of url: URL, within root: URL?, createFolders: Bool) throws(FileWriteError) -> Int32 {
            let parent = url.deletingLastPathComponent().standardizedFileURL.path
            if let k = cache.firstIndex(where: { $0.path == parent }) { return cache[k].fd }
            let fd: Int32
            if let root {
                fd = try walk(to: url, within: root, createFolders: createFolders)
            } else {
                fd = try plain(parent, createFolders: createFolders, for: url)
            }
            if cache.count >= Folders.capacity { close(cache.removeFirst().fd) }
            cache.append((parent, fd))
            return fd
        }

        private func plain(_ parent: String, createFolders: Bool, for url: URL) throws(FileWriteError) -> Int32 {
            if createFolders {
                do { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
                    throw FileWriteError(path: parent, reason: "cannot create the folder (\(ErrorText.describe(error)))")
                }
            }
            let fd = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { throw FileWriteError(path: url.path, reason: SafeFileWriter.errnoText(errno)) }
            return fd
        }

        private func walk(to url: URL, within root: URL, createFolders: Bool) throws(FileWriteError) -> Int32 {
            let parts = try SafeFileWriter.components(of: url, under: root)
            let rootPath = root.standardizedFileURL.path
            if createFolders {
                do { try FileManager.default.createDirectory(atPath: rootPath, withIntermediateDirectories: true) } catch {
                    throw FileWriteError(path: rootPath, reason: "cannot create the folder (\(ErrorText.describe(error)))")
                }
            }
            var fd = open(rootPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { throw FileWriteError(path: url.path, reason: "\(rootPath): \(SafeFileWriter.errnoText(errno))") }
            var path = rootPath
            for part in parts.dropLast() {
                path = (path as NSString).appendingPathComponent(part)
                var next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if next < 0 && errno == ENOENT && createFolders {
                    if mkdirat(fd, part, 0o777) != 0 && errno != EEXIST {
                        let e = errno
                        close(fd)
                        throw FileWriteError(path: path, reason: "cannot create the folder (\(SafeFileWriter.errnoText(e)))")
                    }
                    next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                }
                if next < 0 {
                    let e = errno
                    let kind = SafeFileWriter.existing(part, in: fd)
                    close(fd)
                    switch kind {
                    case .symlink: throw FileWriteError(path: url.path, reason: SafeFileWriter.symlinkReason(path))
                    case .none: throw FileWriteError(path: url.path, reason: "\(path): \(SafeFileWriter.errnoText(e))")
                    default: throw FileWriteError(path: url.path, reason: "\(path) is not a folder")
                    }
                }
                close(fd)
                fd = next
            }
            return fd
        }
    }

    /// Files staged as temporaries, renamed into place together by `commit`. If the
    /// batch is dropped without a commit (or a staging step throws) the temporaries are
    /// removed by `discard`. Renames within one folder do not fail for want of space, so
    /// once every file is staged the commit replaces them all in practice; if a rename
    /// does fail the remaining temporaries are removed and the error names the file.
    public struct Batch {
        struct Staged {
            var temporary: String?
            var target: URL
            var root: URL?
            var bytes: [UInt8]
            /// The file system the temporary is on (`st_dev` of its folder).
            var device: UInt64 = 0
        }
        var staged: [Staged] = []
        /// The targets' paths, for the written-twice check in O(1) (a scan of `staged`
        /// made a 10,000-frame `image frames` quadratic: 2 minutes of `URL.path`).
        var stagedPaths = Set<String>()
        var folders = Folders()
        /// File-system syncs the commits of this batch made (the tests count them).
        private(set) var syncs = 0
        /// An empty batch; nothing is written until ``add(_:to:within:createFolders:)``.
        public init() {}

        /// Stages `bytes` for `url`: written to a temporary file now (or, for a device or
        /// FIFO, kept to be streamed at commit).
        ///
        /// - Parameters:
        ///   - bytes: the file's contents.
        ///   - url: the file to write.
        ///   - root: when given, `url` must lie under it and no folder between it and the
        ///     file may be a symlink (see `SafeFileWriter`).
        ///   - createFolders: create missing parent folders first.
        /// - Throws: `FileWriteError`, after removing every temporary of this batch, when
        ///   the target is a folder or other non-file, a folder on the way is a symlink,
        ///   or the write fails.
        public mutating func add(_ bytes: [UInt8], to url: URL, within root: URL? = nil,
                                 createFolders: Bool = false) throws(FileWriteError) {
            let path = url.path
            do throws(FileWriteError) {
                if stagedPaths.contains(path) {
                    throw FileWriteError(path: path, reason: "written twice in one batch")
                }
                let name = url.lastPathComponent
                let folder = try folders.folder(of: url, within: root, createFolders: createFolders)
                switch SafeFileWriter.existing(name, in: folder) {
                case .folder: throw FileWriteError(path: path, reason: "is a folder")
                case .other: throw FileWriteError(path: path, reason: "is not a regular file")
                case .stream:
                    staged.append(Staged(temporary: nil, target: url, root: root, bytes: bytes))
                    stagedPaths.insert(path)
                    return
                case .none, .regular, .symlink: break
                }
                let tmp = try SafeFileWriter.writeTemporary(bytes, named: name, in: folder, for: path)
                var st = stat()
                let device = fstat(folder, &st) == 0 ? UInt64(st.st_dev) : 0
                staged.append(Staged(temporary: tmp, target: url, root: root, bytes: [], device: device))
                stagedPaths.insert(path)
            } catch {
                discard()
                throw error
            }
        }

        /// Flushes every staged file to disk (one sync per file system), then renames
        /// each into place (streams to devices), in the order added.
        /// - Throws: `FileWriteError` naming the first file that could not be placed (the
        ///   temporaries not yet renamed are removed).
        public mutating func commit() throws(FileWriteError) {
            defer { discard() }
            var synced: [UInt64] = []
            for s in staged where s.temporary != nil && !synced.contains(s.device) {
                synced.append(s.device)
                let folder = try folders.folder(of: s.target, within: s.root, createFolders: false)
                if SafeFileWriter.sync(folder) { syncs += 1 }
            }
            for i in staged.indices {
                let s = staged[i]
                if let tmp = s.temporary {
                    let folder = try folders.folder(of: s.target, within: s.root, createFolders: false)
                    if renameat(folder, tmp, folder, s.target.lastPathComponent) != 0 {
                        throw FileWriteError(path: s.target.path, reason: SafeFileWriter.errnoText(errno))
                    }
                    staged[i].temporary = nil
                } else {
                    let folder = try folders.folder(of: s.target, within: s.root, createFolders: false)
                    try SafeFileWriter.stream(s.bytes, named: s.target.lastPathComponent, in: folder, for: s.target.path)
                }
            }
            staged = []
            stagedPaths = []
        }

        /// Removes the temporaries not yet renamed. Safe to call more than once.
        public mutating func discard() {
            for s in staged {
                guard let tmp = s.temporary else { continue }
                if let folder = try? folders.folder(of: s.target, within: s.root, createFolders: false) {
                    unlinkat(folder, tmp, 0)
                }
            }
            staged = []
            stagedPaths = []
            folders.closeAll()
        }
    }

    /// A process-wide counter for temporary names (with the pid: unique per process,
    /// deterministic, no randomness).
    nonisolated(unsafe) static var counter = 0
    static let counterLock = NSLock()

    /// Creates `.<name>.tmp-<pid>-<n>` exclusively in `folder` and writes `bytes` to it;
    /// returns the temporary's name. Removes it on any failure.
    static func writeTemporary(_ bytes: [UInt8], named name: String, in folder: Int32,
                               for path: String) throws(FileWriteError) -> String {
        var attempt = 0
        while true {
            counterLock.lock(); counter += 1; let n = counter; counterLock.unlock()
            let tmp = ".\(name).tmp-\(getpid())-\(n)"
            let fd = openat(folder, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if fd < 0 {
                let e = errno
                attempt += 1
                if e == EEXIST && attempt < 100 { continue }
                throw FileWriteError(path: path, reason: errnoText(e))
            }
            if let reason = writeAll(fd, bytes) ?? flushEach(fd) {
                close(fd)
                unlinkat(folder, tmp, 0)
                throw FileWriteError(path: path, reason: reason)
            }
            if close(fd) != 0 {
                let e = errno
                unlinkat(folder, tmp, 0)
                throw FileWriteError(path: path, reason: errnoText(e))
            }
            return tmp
        }
    }

    /// Where a batch cannot sync a whole file system at once (no `syncfs`), each file is
    /// flushed as it is written; elsewhere nothing (the batch syncs once at commit).
    static func flushEach(_ fd: Int32) -> String? {
        #if os(Linux)
        return nil
        #else
        return fsync(fd) != 0 ? errnoText(errno) : nil
        #endif
    }

    /// Flushes the file system holding `folder` (Linux `syncfs`: every file written so
    /// far, in one call); false where there is no such call (each file was flushed as it
    /// was written).
    static func sync(_ folder: Int32) -> Bool {
        #if os(Linux)
        _ = linuxSyncfs(folder)
        return true
        #else
        return false
        #endif
    }

    static func stream(_ bytes: [UInt8], named name: String, in folder: Int32, for path: String) throws(FileWriteError) {
        let fd = openat(folder, name, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileWriteError(path: path, reason: errnoText(errno)) }
        defer { close(fd) }
        if let reason = writeAll(fd, bytes) { throw FileWriteError(path: path, reason: reason) }
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? { posixWriteAll(fd, bytes) }

    static func errnoText(_ code: Int32) -> String { String(cString: strerror(code)).lowercased() }
}

#if os(Linux)
/// glibc's `syncfs(2)` (declared only under `_GNU_SOURCE`, which Swift's Glibc module
/// does not import): flushes the file system holding `fd`.
@_silgen_name("syncfs") private func linuxSyncfs(_ fd: Int32) -> Int32
#endif

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
