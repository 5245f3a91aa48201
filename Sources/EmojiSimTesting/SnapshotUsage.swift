import Foundation
import Scenario
import EmojiSimIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which references the tests of the current run used, logged to
/// `<root>/.build/snapshot-usage/run-<id>.txt` so `SnapshotOrphans` can list references
/// no test produced. A run is identified by the parent process: `swift test` starts the
/// test binary twice (XCTest, then Swift Testing) and both must land in one log. The
/// first assertion of a process deletes the logs of other runs.
final class SnapshotUsage: @unchecked Sendable {
    static let shared = SnapshotUsage()
    private let lock = NSLock()
    private var started: Set<String> = []
    private var counters: [String: Int] = [:]

    static func folder(root: URL) -> URL {
        root.appendingPathComponent(".build").appendingPathComponent("snapshot-usage")
    }

    static func logURL(root: URL) -> URL {
        folder(root: root).appendingPathComponent("run-\(getppid()).txt")
    }

    /// The most recently written run log, if any.
    static func latestLog(root: URL) -> URL? {
        let dir = folder(root: root)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return nil }
        var best: (URL, Date)?
        for n in names where n.hasPrefix("run-") && n.hasSuffix(".txt") {
            let url = dir.appendingPathComponent(n)
            let date = (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? .distantPast
            if best == nil || date > best!.1 { best = (url, date) }
        }
        return best?.0
    }

    /// The next automatic name (1, 2, ...) for unnamed snapshots of one test.
    func nextName(for key: String) -> String {
        lock.lock(); defer { lock.unlock() }
        let n = (counters[key] ?? 0) + 1
        counters[key] = n
        return String(n)
    }

    /// Logs a reference under a `Snapshots` folder, the package root being that
    /// folder's parent (for callers that know only the reference, like scenario runs).
    func record(_ reference: URL) {
        let parts = reference.standardizedFileURL.pathComponents
        guard let i = parts.lastIndex(of: "Snapshots"), i > 0 else { return }
        let root = URL(fileURLWithPath: "/" + parts[1..<i].joined(separator: "/"))
        record(reference.standardizedFileURL, root: root)
    }

    func record(_ reference: URL, root: URL) {
        lock.lock(); defer { lock.unlock() }
        let log = Self.logURL(root: root)
        let relative = String(reference.path.dropFirst(root.path.count + 1))
        // Not through a linked `.build/snapshot-usage` (nor into a linked log): the
        // clean-up below deletes `run-*` files wherever that folder points.
        var st = stat()
        guard (try? SafeFileWriter.checkConfined(log, within: root.appendingPathComponent(".build"))) != nil,
              lstat(log.path, &st) != 0 || (st.st_mode & S_IFMT) == S_IFREG else { return }
        do {
            try FileManager.default.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
            if !started.contains(root.path) {
                started.insert(root.path)
                let dir = Self.folder(root: root)
                for n in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
                where n.hasPrefix("run-") && n != log.lastPathComponent {
                    try? FileManager.default.removeItem(at: dir.appendingPathComponent(n))
                }
                if !FileManager.default.fileExists(atPath: log.path) { try Data().write(to: log) }
            }
            let handle = try FileHandle(forWritingTo: log)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data((relative + "\n").utf8))
        } catch {
            // The usage log only feeds the orphan report; a failure to write it must not
            // fail a snapshot test.
        }
    }
}

/// Lists references that nothing produces: in a package, references under Snapshots/
/// that no assertion of the last logged test run used and no scenario script of the
/// package names; for any other folder of references (`--snapshots DIR`, or a folder of
/// loose scripts outside a package), references no script names.
///
/// A script that does not parse names no references, yet it still owns them: every
/// file under its folder of references is kept, and the survey reports the script's
/// errors so that a command refuses to act (a one-character typo must not make
/// `snapshots orphans --delete` remove the script's references).
public enum SnapshotOrphans {
    /// What a look at a folder of references found.
    public struct Survey: Sendable {
        /// The references nothing produces, relative to the folder surveyed (`Snapshots/...`
        /// for the package's own folder), sorted.
        public var orphans: [String]
        /// How many references (files other than pending `.new` files and dotfiles) the
        /// surveyed folder holds, produced or not.
        public var references: Int
        /// How many scenario scripts were read (those that parse).
        public var scripts: Int
        /// The errors of every script that does not parse and has references in the
        /// folder (files under its folder of references, all kept).
        public var unparsed: [ScriptError]
    }

    /// Paths relative to `root`, sorted; nil when no test run was logged (run the whole
    /// `swift test` first: a filtered run makes every reference it skipped look orphaned).
    /// Pending `.new` files and dotfiles are not references and are never listed; the
    /// references of a script that does not parse are never listed.
    ///
    /// - Parameter root: the package root.
    /// - Returns: `Snapshots/...` paths, or nil without a logged test run.
    /// - Complexity: O(files under the root), reading every scenario script once.
    public static func find(root: URL) -> [String]? {
        survey(root: root)?.orphans
    }

    /// The references under the package's `Snapshots/` (or only under its subfolder
    /// `within`) that no assertion of the last logged test run used and no scenario
    /// script of the package names.
    ///
    /// - Parameters:
    ///   - root: the package root.
    ///   - within: a folder inside `<root>/Snapshots` to survey instead of all of it.
    /// - Returns: the survey (orphans as `Snapshots/...` paths), or nil without a logged
    ///   test run.
    /// - Complexity: O(files under the root), reading every scenario script once.
    public static func survey(root: URL, within: URL? = nil) -> Survey? {
        guard let url = SnapshotUsage.latestLog(root: root), let log = FileManager.default.contents(atPath: url.path) else { return nil }
        let snapshots = root.appendingPathComponent("Snapshots")
        var used = Set<String>()
        for line in String(decoding: log, as: UTF8.self).split(separator: "\n") where line.hasPrefix("Snapshots/") {
            used.insert(String(line.dropFirst("Snapshots/".count)))
        }
        let found = scriptReferences(scripts: root, snapshots: snapshots)
        used.formUnion(found.references)
        var files = referenceFiles(under: snapshots)
        if let within {
            let prefix = String(within.standardizedFileURL.path.dropFirst(snapshots.standardizedFileURL.path.count + 1)) + "/"
            files = files.filter { $0.hasPrefix(prefix) }
        }
        return Survey(orphans: unused(files, used: used, kept: found.kept).map { "Snapshots/" + $0 },
                      references: files.count, scripts: found.scripts, unparsed: found.unparsed)
    }

    /// References under `snapshots` that no scenario script under `scripts` names: a
    /// script at `scripts/dir/flow.scenario` keeps its references in
    /// `snapshots/dir/flow/` (as `emojisim run --snapshots DIR` run from `scripts`, and
    /// as a loose script outside any package keeps them in `Snapshots/flow/` beside it).
    /// No test run is consulted: tests keep their references in a package's Snapshots/.
    ///
    /// - Parameters:
    ///   - snapshots: the folder of references.
    ///   - scripts: the folder whose scripts (recursively) produce them.
    /// - Returns: paths relative to `snapshots`, sorted.
    /// - Complexity: O(files under both folders), reading every script once.
    public static func find(snapshots: URL, scripts: URL) -> [String] {
        survey(snapshots: snapshots, scripts: scripts).orphans
    }

    /// As ``find(snapshots:scripts:)``, with what else was found.
    ///
    /// - Parameters:
    ///   - snapshots: the folder of references.
    ///   - scripts: the folder whose scripts (recursively) produce them.
    /// - Returns: the survey, orphans relative to `snapshots`.
    /// - Complexity: O(files under both folders), reading every script once.
    public static func survey(snapshots: URL, scripts: URL) -> Survey {
        let found = scriptReferences(scripts: scripts, snapshots: snapshots)
        let files = referenceFiles(under: snapshots)
        return Survey(orphans: unused(files, used: found.references, kept: found.kept), references: files.count,
                      scripts: found.scripts, unparsed: found.unparsed)
    }

    /// The references under a `__Snapshots__` folder (an Xcode project's, beside its test
    /// files) that no test produces: `<TestFile>/<test>.<name>.<ext>` is kept while
    /// `<TestFile>.swift` beside the folder declares `func <test>(`; a deleted test file
    /// or a renamed or removed test function orphans its references. Read from the
    /// sources, as scripts are: no test run is logged there (no package, no `.build`).
    ///
    /// - Parameter testSnapshots: The `__Snapshots__` folder.
    /// - Returns: The survey, orphans relative to the folder; `scripts` counts the test
    ///   files read.
    /// - Complexity: O(files under the folder), reading each test file once.
    public static func survey(testSnapshots: URL) -> Survey {
        let files = referenceFiles(under: testSnapshots)
        let sources = testSnapshots.deletingLastPathComponent()
        var declared: [String: String?] = [:]
        var orphans: [String] = []
        for f in files {
            let parts = f.split(separator: "/")
            guard parts.count == 2 else { orphans.append(f); continue }
            let suite = String(parts[0])
            if declared[suite] == nil {
                let url = sources.appendingPathComponent(suite + ".swift")
                declared[suite] = .some(FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) })
            }
            let test = String(parts[1].prefix { $0 != "." })
            guard let text = declared[suite] ?? nil, text.contains("func \(test)(") else { orphans.append(f); continue }
        }
        return Survey(orphans: orphans, references: files.count,
                      scripts: declared.values.filter { $0 != nil }.count, unparsed: [])
    }

    /// As `find(root:)`, empty when no run was logged.
    ///
    /// - Parameter root: The package root.
    /// - Returns: `Snapshots/...` paths, sorted; empty without a logged test run.
    /// - Complexity: As ``find(root:)``.
    public static func list(root: URL) -> [String] { find(root: root) ?? [] }

    /// The references the package's scenario scripts name (`Snapshots/<script path>/<name>.<ext>`),
    /// read from the scripts without running them.
    ///
    /// - Parameter root: the package root.
    /// - Returns: paths relative to the root.
    /// - Complexity: O(files under the root).
    public static func scriptReferences(root: URL) -> Set<String> {
        Set(scriptReferences(scripts: root, snapshots: root.appendingPathComponent("Snapshots")).references.map { "Snapshots/" + $0 })
    }

    /// `<script path without extension>/<name>.<ext>` for every snapshot line of every
    /// script under `scripts`; for a script that does not parse, its folder
    /// (`<script path without extension>/`, every file under it kept) and its errors
    /// when that folder holds anything. Nested packages (folders with their own
    /// Package.swift), dotfolders (`.build`) and the `snapshots` folder itself are skipped.
    static func scriptReferences(scripts: URL, snapshots: URL)
        -> (references: Set<String>, kept: [String], scripts: Int, unparsed: [ScriptError]) {
        var out = Set<String>()
        var kept: [String] = []
        var unparsed: [ScriptError] = []
        var count = 0
        let fm = FileManager.default
        let root = scripts.standardizedFileURL
        let skip = snapshots.standardizedFileURL.path
        var stack = [root]
        while let dir = stack.popLast() {
            guard let names = try? fm.contentsOfDirectory(atPath: dir.path) else { continue }
            for n in names.sorted() where !n.hasPrefix(".") {
                let url = dir.appendingPathComponent(n)
                var isDir: ObjCBool = false
                guard fm.fileExists(atPath: url.path, isDirectory: &isDir) else { continue }
                if isDir.boolValue {
                    if url.standardizedFileURL.path == skip { continue }
                    if fm.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { continue }
                    stack.append(url)
                } else if n.hasSuffix(".scenario") {
                    let key = String(url.deletingPathExtension().path.dropFirst(root.path.count + 1))
                    let script: Script
                    do throws(ScriptParseErrors) {
                        // As `emojisim run` reads it: bad UTF-8 is an error at its place.
                        guard let data = fm.contents(atPath: url.path) else {
                            throw ScriptParseErrors([ScriptError(file: url.path, line: 1, column: 1, message: "cannot read the file")])
                        }
                        script = try ScriptParser.parse(utf8: [UInt8](data), name: url.path)
                    } catch {
                        // Its references cannot be told from others: keep them all.
                        let folder = snapshots.appendingPathComponent(key)
                        var isFolder: ObjCBool = false
                        if fm.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue,
                           !referenceFiles(under: folder).isEmpty {
                            kept.append(key + "/")
                            unparsed += error.errors
                        }
                        continue
                    }
                    count += 1
                    for c in script.commands {
                        guard case .snapshot(let r) = c.value else { continue }
                        for f in r.formats { out.insert("\(key)/\(r.name).\(f.fileExtension)") }
                    }
                }
            }
        }
        return (out, kept, count, unparsed)
    }

    /// The references under `folder` (relative paths, sorted): every file but pending
    /// files and dotfiles.
    static func referenceFiles(under folder: URL) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [String] = []
        while let item = e.nextObject() as? String {
            var isDir: ObjCBool = false
            let full = folder.appendingPathComponent(item)
            guard FileManager.default.fileExists(atPath: full.path, isDirectory: &isDir), !isDir.boolValue else { continue }
            if item.hasPrefix(".") || item.contains("/.") || item.hasSuffix(".new") { continue }
            files.append(item)
        }
        return files.sorted()
    }

    /// The `files` not in `used` and under none of the `kept` folders (each ending in `/`).
    static func unused(_ files: [String], used: Set<String>, kept: [String]) -> [String] {
        files.filter { f in !used.contains(f) && !kept.contains { f.hasPrefix($0) } }
    }
}
