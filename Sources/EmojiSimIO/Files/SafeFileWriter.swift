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
/// Temporaries never outlive the process that made them, where it can help it: each is
/// registered while it exists, and once the CLI calls `removeTemporariesOnSignals()` a
/// SIGINT, SIGTERM or SIGHUP removes every registered temporary before the process ends
/// by that signal (a `catalog convert` stopped mid-copy left a hundred 1 MB
/// temporaries). A batch made with `removingStaleTemporaries` also removes what a
/// process that could not clean up (SIGKILL, a power cut) left for the files the batch
/// writes.
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
            /// The temporary's path as registered with `live` (its folder's path and name).
            var registered = ""
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
        /// Whether `add` removes stale temporaries of its target first (see `init`).
        let removesStale: Bool
        /// Per folder path listed so far: the stale temporaries in it, by target name.
        var stale: [String: [String: [String]]] = [:]

        /// An empty batch; nothing is written until ``add(_:to:within:createFolders:)``.
        ///
        /// - Parameter removingStaleTemporaries: Before staging a file, remove the
        ///   temporaries for that same file (`.<name>.tmp-<pid>-<n>` beside it) that a
        ///   process no longer running left behind (killed before it could clean up),
        ///   when they are regular files owned by this user. Each folder is listed once per
        ///   batch, so this is for batches that write many files into few folders (`catalog
        ///   convert`, `image frames`), where a killed run leaves thousands.
        public init(removingStaleTemporaries: Bool = false) { removesStale = removingStaleTemporaries }

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
                let folderPath = url.deletingLastPathComponent().standardizedFileURL.path
                if removesStale { removeStale(for: name, in: folder, at: folderPath) }
                switch SafeFileWriter.existing(name, in: folder) {
                case .folder: throw FileWriteError(path: path, reason: "is a folder")
                case .other: throw FileWriteError(path: path, reason: "is not a regular file")
                case .stream:
                    staged.append(Staged(temporary: nil, target: url, root: root, bytes: bytes))
                    stagedPaths.insert(path)
                    return
                case .none, .regular, .symlink: break
                }
                let tmp = try SafeFileWriter.writeTemporary(bytes, named: name, in: folder, at: folderPath, for: path)
                var st = stat()
                let device = fstat(folder, &st) == 0 ? UInt64(st.st_dev) : 0
                staged.append(Staged(temporary: tmp, registered: SafeFileWriter.joined(folderPath, tmp), target: url, root: root,
                                     bytes: [], device: device))
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
                    var code: Int32 = 0
                    SafeFileWriter.live.unregister(s.registered) {
                        code = renameat(folder, tmp, folder, s.target.lastPathComponent) == 0 ? 0 : errno
                        return code == 0
                    }
                    if code != 0 { throw FileWriteError(path: s.target.path, reason: SafeFileWriter.errnoText(code)) }
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
                    SafeFileWriter.live.unregister(s.registered) { unlinkat(folder, tmp, 0) == 0 }
                }
            }
            staged = []
            stagedPaths = []
            folders.closeAll()
        }

        /// Removes the stale temporaries of `name` in `folder` (listed on the folder's
        /// first use in this batch).
        mutating func removeStale(for name: String, in folder: Int32, at folderPath: String) {
            if stale[folderPath] == nil { stale[folderPath] = SafeFileWriter.staleTemporaries(in: folder, at: folderPath) }
            guard let names = stale[folderPath]?[name] else { return }
            for t in names { unlinkat(folder, t, 0) }
            stale[folderPath]?[name] = nil
        }
    }

    /// A process-wide counter for temporary names (with the pid: unique per process,
    /// deterministic, no randomness).
    nonisolated(unsafe) static var counter = 0
    static let counterLock = NSLock()

    /// Creates `.<name>.tmp-<pid>-<n>` exclusively in `folder` (at `folderPath`), registered
    /// with `live` for as long as it exists, and writes `bytes` to it; returns the
    /// temporary's name. Removes it on any failure.
    static func writeTemporary(_ bytes: [UInt8], named name: String, in folder: Int32, at folderPath: String,
                               for path: String) throws(FileWriteError) -> String {
        var attempt = 0
        while true {
            counterLock.lock(); counter += 1; let n = counter; counterLock.unlock()
            let tmp = ".\(name).tmp-\(getpid())-\(n)"
            let registered = joined(folderPath, tmp)
            var fd: Int32 = -1
            var code: Int32 = 0
            live.register(registered) {
                fd = openat(folder, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
                code = fd < 0 ? errno : 0
                return fd >= 0
            }
            if fd < 0 {
                attempt += 1
                if code == EEXIST && attempt < 100 { continue }
                throw FileWriteError(path: path, reason: errnoText(code))
            }
            if let reason = writeAll(fd, bytes) ?? flushEach(fd) {
                close(fd)
                live.unregister(registered) { unlinkat(folder, tmp, 0) == 0 }
                throw FileWriteError(path: path, reason: reason)
            }
            if close(fd) != 0 {
                let e = errno
                live.unregister(registered) { unlinkat(folder, tmp, 0) == 0 }
                throw FileWriteError(path: path, reason: errnoText(e))
            }
            return tmp
        }
    }

    /// `folder/name` as a path.
    static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The temporaries a process no longer running left in `folder`, by the name of the
    /// file each was for: `.<name>.tmp-<pid>-<n>` with `<pid>` not this process and not
    /// running (`kill(pid, 0)` says ESRCH), a regular file owned by this user. A pid
    /// reused since is taken as running and its temporaries stay; a folder shared
    /// between pid namespaces (containers) can make a live temporary look stale, which
    /// costs that other writer its rename (an error), never a wrong file.
    /// - Complexity: O(entries in the folder).
    static func staleTemporaries(in folder: Int32, at folderPath: String) -> [String: [String]] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folderPath) else { return [:] }
        var out: [String: [String]] = [:]
        var alive: [Int32: Bool] = [:]
        let me = getpid()
        for n in names where n.hasPrefix(".") {
            guard let marker = n.range(of: ".tmp-", options: .backwards) else { continue }
            let target = String(n[n.index(after: n.startIndex)..<marker.lowerBound])
            let tail = n[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
            guard !target.isEmpty, tail.count == 2, tail.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
                  let pid = Int32(tail[0]), pid > 0, pid != me else { continue }
            if alive[pid] == nil { alive[pid] = !(kill(pid, 0) != 0 && errno == ESRCH) }
            guard alive[pid] == false else { continue }
            var st = stat()
            guard fstatat(folder, n, &st, AT_SYMLINK_NOFOLLOW) == 0, (st.st_mode & S_IFMT) == S_IFREG,
                  st.st_uid == geteuid() else { continue }
            out[target, default: []].append(n)
        }
        return out
    }

    /// The temporaries of this process that exist now, by path, so that a signal can remove
    /// them. `register`/`unregister` run the file operation under the lock, so that once
    /// `removeAllAndHold` has the lock no temporary is created or renamed any more.
    final class LiveTemporaries: @unchecked Sendable {
        private let lock = NSLock()
        private var paths = Set<String>()

        /// Runs `create` and keeps `path` registered when it returns true.
        func register(_ path: String, _ create: () -> Bool) {
            lock.lock(); defer { lock.unlock() }
            if create() { paths.insert(path) }
        }

        /// Runs `remove` (a rename or an unlink of the temporary) and forgets `path` when it
        /// returns true.
        func unregister(_ path: String, _ remove: () -> Bool) {
            lock.lock(); defer { lock.unlock() }
            if remove() { paths.remove(path) }
        }

        /// How many temporaries exist now (the tests check that none leak).
        var count: Int { lock.lock(); defer { lock.unlock() }; return paths.count }

        /// Removes every registered temporary and keeps the lock, so that none is created
        /// or renamed after: the process is about to end.
        func removeAllAndHold() {
            lock.lock()
            for p in paths { unlink(p) }
            paths = []
        }
    }

    /// This process's temporaries.
    static let live = LiveTemporaries()

    /// The write end of the pipe the signal handler reports a signal on (-1: not installed).
    nonisolated(unsafe) static var signalPipe: Int32 = -1

    /// Makes SIGINT, SIGTERM and SIGHUP remove this process's temporaries before they end
    /// it (the CLI calls this first thing; a test process does not). The handler only
    /// writes the signal's number to a pipe (async-signal-safe); a thread waiting on the
    /// pipe takes the registry's lock for good, removes every temporary, restores the
    /// default action and raises the signal again, so the process still ends by the
    /// signal (exit status 128 + N in a shell). A signal that was ignored when this is
    /// called (`nohup`, a background job's SIGINT) stays ignored; the three are unblocked
    /// in the calling thread (call it before starting threads), none is blocked, so child
    /// processes inherit nothing unusual. Calling it again does nothing.
    public static func removeTemporariesOnSignals() {
        guard signalPipe < 0 else { return }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let reader = fds[0]
        signalPipe = fds[1]
        var handled = sigset_t()
        sigemptyset(&handled)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            sigaddset(&handled, sig)
            let previous = signal(sig, reportSignal)
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                signal(sig, SIG_IGN)
            }
        }
        // A mask inherited blocked (a parent that spawned from a thread blocking them)
        // would hold the signals pending forever; threads made later inherit this one.
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let n = read(reader, &byte, 1)
                if n == 1 { break }
                if n < 0 && errno == EINTR { continue }
                return
            }
            live.removeAllAndHold()
            let sig = Int32(byte)
            signal(sig, SIG_DFL)
            var one = sigset_t()
            sigemptyset(&one)
            sigaddset(&one, sig)
            pthread_sigmask(SIG_UNBLOCK, &one, nil)
            raise(sig)
            _exit(128 + sig)
        }
        thread.start()
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

/// The signal handler of `removeTemporariesOnSignals`: one `write` of the signal's
/// number to the pipe, the only async-signal-safe way to hand it to a thread.
private func reportSignal(_ sig: Int32) {
    var byte = UInt8(truncatingIfNeeded: sig)
    let saved = errno
    _ = write(SafeFileWriter.signalPipe, &byte, 1)
    errno = saved
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
