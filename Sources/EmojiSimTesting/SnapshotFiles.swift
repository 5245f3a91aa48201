import Foundation
import EmojiSimIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where references and failure artifacts live, and how they are written.
public enum SnapshotFiles {
    /// The package root: the nearest folder above `filePath` holding Package.swift.
    ///
    /// - Parameter filePath: A file's path, usually a test's `#filePath`.
    /// - Returns: The package folder, or `nil` when no folder above holds a Package.swift.
    /// - Complexity: One file-existence check per folder above `filePath`.
    public static func packageRoot(from filePath: String) -> URL? {
        var dir = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while dir.path != "/" && !dir.path.isEmpty {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { return dir }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// `Snapshots/<Suite>/<test>.<name>.<ext>` under the root: Suite is the test file's
    /// name without `.swift`, test the function name without its argument list.
    /// Unsafe characters in each part become `_`.
    ///
    /// - Parameters:
    ///   - root: The package root.
    ///   - filePath: The test file's path.
    ///   - function: The test function (`#function`), e.g. `panelOpens()`.
    ///   - name: The snapshot's name.
    ///   - pathExtension: The strategy's extension, without a dot.
    /// - Returns: The reference's URL; nothing is created.
    public static func referencePath(root: URL, filePath: String, function: String, name: String, pathExtension: String) -> URL {
        let suite = URL(fileURLWithPath: filePath).deletingPathExtension().lastPathComponent
        return reference(in: root.appendingPathComponent("Snapshots").appendingPathComponent(sanitize(suite)),
                         function: function, name: name, pathExtension: pathExtension)
    }

    /// Where one test file's references live, and what confines and names them.
    public struct ReferenceFolder: Sendable, Equatable {
        /// The folder of the test file's references (`<test>.<name>.<ext>` files).
        public var folder: URL
        /// The folder no symlink may be between it and a written reference: the package
        /// root, the snapshot directory set, or the test file's own folder.
        public var root: URL
        /// The package around the test file, if any: its `.build` gets the failure
        /// artifacts and the usage log `snapshots orphans` reads.
        public var packageRoot: URL?

        /// How messages name `file`: relative to the package root when it is inside it,
        /// else its whole path (outside a package no folder is known to the reader).
        ///
        /// - Parameter file: A reference in ``folder``.
        /// - Returns: The name shown in failures and hints.
        public func displayName(of file: URL) -> String {
            if let r = packageRoot, file.path.hasPrefix(r.path + "/") { return String(file.path.dropFirst(r.path.count + 1)) }
            return file.path
        }
    }

    /// The environment variable that sets the snapshot directory of every test.
    public static let directoryVariable = "EMOJISIM_SNAPSHOT_DIRECTORY"

    /// The snapshot directory of the current scope (set by `.snapshots(directory:)` or
    /// `withSnapshotDirectory(_:operation:)`).
    @TaskLocal public static var scopedDirectory: String?

    /// Where the references of the test file at `filePath` go. The first that applies:
    /// 1. a snapshot directory: `directory`, else the scope's (the `.snapshots(directory:)`
    ///    trait), else `EMOJISIM_SNAPSHOT_DIRECTORY`: `<directory>/<TestFile>/`, a relative
    ///    directory taken from the test file's folder (not the current folder, which
    ///    Xcode and `swift test` set differently);
    /// 2. inside a package: `<package root>/Snapshots/<TestFile>/`;
    /// 3. anywhere else (an Xcode project): `__Snapshots__/<TestFile>/` beside the test
    ///    file, as swift-snapshot-testing keeps them.
    ///
    /// - Parameters:
    ///   - filePath: The test file's path (`#filePath`).
    ///   - directory: The assertion's `snapshotDirectory:` argument, or `nil`.
    ///   - environment: The variables read (`EMOJISIM_SNAPSHOT_DIRECTORY`).
    /// - Returns: The folder, its confinement root and the package root.
    /// - Complexity: One file-existence check per folder above `filePath`.
    public static func referenceFolder(filePath: String, directory: String? = nil,
                                       environment: [String: String] = ProcessInfo.processInfo.environment) -> ReferenceFolder {
        let file = URL(fileURLWithPath: filePath)
        let suite = sanitize(file.deletingPathExtension().lastPathComponent)
        let here = file.deletingLastPathComponent()
        let package = packageRoot(from: filePath)
        let env = environment[directoryVariable].flatMap { $0.isEmpty ? nil : $0 }
        if let d = directory ?? scopedDirectory ?? env {
            let base = (d.hasPrefix("/") ? URL(fileURLWithPath: d) : here.appendingPathComponent(d)).standardizedFileURL
            return ReferenceFolder(folder: base.appendingPathComponent(suite), root: base, packageRoot: package)
        }
        if let package {
            return ReferenceFolder(folder: package.appendingPathComponent("Snapshots").appendingPathComponent(suite),
                                   root: package, packageRoot: package)
        }
        return ReferenceFolder(folder: here.appendingPathComponent("__Snapshots__").appendingPathComponent(suite),
                               root: here, packageRoot: nil)
    }

    /// The reference file of one snapshot in `folder`: `<test>.<name>.<ext>`, or
    /// `<test>.<ext>` for an empty name; unsafe characters in each part become `_`.
    ///
    /// - Parameters:
    ///   - folder: The test file's reference folder (``referenceFolder(filePath:directory:environment:)``).
    ///   - function: The test function (`#function`), e.g. `panelOpens()`.
    ///   - name: The snapshot's name; empty for none.
    ///   - pathExtension: The strategy's extension, without a dot.
    /// - Returns: The reference's URL; nothing is created.
    public static func reference(in folder: URL, function: String, name: String, pathExtension: String) -> URL {
        let stem = name.isEmpty ? sanitize(testName(function)) : "\(sanitize(testName(function))).\(sanitize(name))"
        return folder.appendingPathComponent("\(stem).\(pathExtension)")
    }

    /// Where a failing snapshot leaves its actual value and diff picture:
    /// `EMOJISIM_ARTIFACTS` (a relative path is taken from the current folder, as a CI
    /// job's upload step names it), else `<root>/.build/snapshot-failures`.
    ///
    /// - Parameters:
    ///   - root: the package root.
    ///   - environment: the variables to read (the process's by default).
    /// - Returns: the folder (it may not exist yet).
    public static func artifactsFolder(root: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        customArtifactsFolder(environment) ?? defaultArtifactsFolder(root: root)
    }

    /// `EMOJISIM_ARTIFACTS` as a folder (relative to the current folder), nil when unset.
    ///
    /// - Parameter environment: The variables to read.
    /// - Returns: The folder (standardized), or `nil` when `EMOJISIM_ARTIFACTS` is unset or empty.
    public static func customArtifactsFolder(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        guard let custom = environment["EMOJISIM_ARTIFACTS"], !custom.isEmpty else { return nil }
        return URL(fileURLWithPath: custom).standardizedFileURL
    }

    /// `<root>/.build/snapshot-failures`: the artifacts folder when none is named.
    ///
    /// - Parameter root: The package root.
    /// - Returns: The folder (it may not exist yet).
    public static func defaultArtifactsFolder(root: URL) -> URL {
        root.appendingPathComponent(".build").appendingPathComponent("snapshot-failures")
    }

    /// The folder that writes into the output folder `folder` are confined from (no
    /// folder from there down to a file may be a symlink): `.build` for EmojiSim's own
    /// `.build/snapshot-failures` and `.build/snapshot-review`, so that a symlink at
    /// that fixed name is refused (issue 47 item 3: artifacts and review pictures went
    /// wherever it pointed); any other folder (one the user named, `EMOJISIM_ARTIFACTS`)
    /// is its own root and may be reached through symlinks, as `--out DIR` may.
    ///
    /// - Parameter folder: The output folder.
    /// - Returns: The root to pass as `within:`.
    public static func writeRoot(forOutput folder: URL) -> URL {
        let parent = folder.standardizedFileURL.deletingLastPathComponent()
        if parent.lastPathComponent == ".build", ["snapshot-failures", "snapshot-review"].contains(folder.lastPathComponent) {
            return parent
        }
        return folder
    }

    static func testName(_ function: String) -> String {
        if let paren = function.firstIndex(of: "(") { return String(function[..<paren]) }
        return function
    }

    /// Keeps letters, digits, `-`, `_`, `.` and non-ASCII letters; everything else `_`.
    static func sanitize(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            let v = u.value
            let ok = (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
                || u == "-" || u == "_" || u == "." || v > 0x7F
            out.unicodeScalars.append(ok ? u : "_")
        }
        return out.isEmpty ? "_" : out
    }

    /// Writes through a temporary file in the same folder, then renames it over the
    /// target, so a reader never sees half a reference (EmojiSimIO's SafeFileWriter:
    /// the temporary is removed on failure; devices such as /dev/null are streamed to).
    /// Missing folders are created.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - url: the file.
    ///   - root: the folder the file belongs under (the package root, `--snapshots DIR`,
    ///     `--out DIR`): no folder between it and the file may be a symlink, so a
    ///     committed `Snapshots/Tests/flow -> ../../../outside` cannot redirect a write.
    /// - Throws: `FileWriteError`.
    public static func writeAtomically(_ bytes: [UInt8], to url: URL, within root: URL? = nil) throws {
        try SafeFileWriter.write(bytes, to: url, within: root, createFolders: true)
    }

    /// A reference problem that is not "there is none": the file (or a folder on its
    /// path) exists but cannot be read.
    public struct ReadError: Error, CustomStringConvertible, Sendable {
        /// The path that could not be read (a folder's, with a trailing `/`, when a folder on
        /// the way cannot be searched).
        public var path: String
        /// Why, from the system (`Permission denied`) or `it is a folder, not a file`.
        public var reason: String
        /// `cannot read <path>: <reason>`, as messages print it.
        public var description: String { "cannot read \(path): \(reason)" }
    }

    /// The reference's bytes; nil when there is no such file. A file that exists but
    /// cannot be read (permissions, a folder in its place, an unreadable Snapshots
    /// folder) throws, so it is never mistaken for a missing reference and overwritten.
    ///
    /// - Parameter url: The reference file.
    /// - Returns: The file's bytes, or `nil` when neither it nor a folder on its path exists.
    /// - Throws: ``ReadError`` when it exists but cannot be read.
    /// - Complexity: O(*n*) in the file's size.
    public static func readReference(_ url: URL) throws(ReadError) -> [UInt8]? {
        let path = url.path
        var st = stat()
        if lstat(path, &st) != 0 {
            let code = errno
            if code == ENOENT { return nil }
            if code == ENOTDIR { return nil }
            // EACCES on a parent folder: the Snapshots folder itself cannot be searched.
            // Name the outermost folder that cannot be searched.
            var folders: [URL] = []
            var parent = url.deletingLastPathComponent()
            while parent.path != "/" && !parent.path.isEmpty { folders.append(parent); parent = parent.deletingLastPathComponent() }
            let blocked = folders.reversed().first { access($0.path, X_OK) != 0 }
            throw ReadError(path: blocked.map { $0.path + "/" } ?? path, reason: String(cString: strerror(code)))
        }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw ReadError(path: path, reason: "it is a folder, not a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError(path: path, reason: access(path, R_OK) == 0 ? "read failed" : "permission denied")
        }
        return [UInt8](data)
    }

    /// The file's bytes, or `nil` when it cannot be read for any reason (missing included):
    /// for artifacts and pending files, where a missing file is not an error.
    ///
    /// - Parameter url: The file.
    /// - Returns: The whole file, or `nil`.
    /// - Complexity: O(*n*) in the file's size.
    public static func read(_ url: URL) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return [UInt8](data)
    }
}
