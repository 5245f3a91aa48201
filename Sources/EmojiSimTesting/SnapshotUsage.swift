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
public enum SnapshotOrphans {
    /// Paths relative to `root`, sorted; nil when no test run was logged (run the whole
    /// `swift test` first: a filtered run makes every reference it skipped look orphaned).
    /// Pending `.new` files and dotfiles are not references and are never listed.
    ///
    /// - Parameter root: the package root.
    /// - Returns: `Snapshots/...` paths, or nil without a logged test run.
    /// - Complexity: O(files under the root), reading every scenario script once.
    public static func find(root: URL) -> [String]? {
        guard let url = SnapshotUsage.latestLog(root: root), let log = FileManager.default.contents(atPath: url.path) else { return nil }
        let snapshots = root.appendingPathComponent("Snapshots")
        var used = Set<String>()
        for line in String(decoding: log, as: UTF8.self).split(separator: "\n") where line.hasPrefix("Snapshots/") {
            used.insert(String(line.dropFirst("Snapshots/".count)))
        }
        used.formUnion(scriptReferences(scripts: root, snapshots: snapshots))
        return unused(under: snapshots, used: used).map { "Snapshots/" + $0 }
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
        unused(under: snapshots, used: scriptReferences(scripts: scripts, snapshots: snapshots))
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
        Set(scriptReferences(scripts: root, snapshots: root.appendingPathComponent("Snapshots")).map { "Snapshots/" + $0 })
    }

    /// `<script path without extension>/<name>.<ext>` for every snapshot line of every
    /// script under `scripts`. Nested packages (folders with their own Package.swift),
    /// dotfolders (`.build`) and the `snapshots` folder itself are skipped.
    static func scriptReferences(scripts: URL, snapshots: URL) -> Set<String> {
        var out = Set<String>()
        let fm = FileManager.default
        let root = scripts.standardizedFileURL
        let skip = snapshots.standardizedFileURL.path
        var stack = [root]
        while let dir = stack.popLast() {
            guard let names = try? fm.contentsOfDirectory(atPath: dir.path) else { continue }
            for n in names where !n.hasPrefix(".") {
                let url = dir.appendingPathComponent(n)
                var isDir: ObjCBool = false
                guard fm.fileExists(atPath: url.path, isDirectory: &isDir) else { continue }
                if isDir.boolValue {
                    if url.standardizedFileURL.path == skip { continue }
                    if fm.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { continue }
                    stack.append(url)
                } else if n.hasSuffix(".scenario"),
                          let data = fm.contents(atPath: url.path),
                          let script = try? ScriptParser.parse(String(decoding: data, as: UTF8.self), name: n) {
                    let key = String(url.deletingPathExtension().path.dropFirst(root.path.count + 1))
                    for c in script.commands {
                        guard case .snapshot(let r) = c.value else { continue }
                        for f in r.formats { out.insert("\(key)/\(r.name).\(f.fileExtension)") }
                    }
                }
            }
        }
        return out
    }

    /// Files under `folder` (relative paths, sorted) not in `used`; pending files and
    /// dotfiles are skipped.
    static func unused(under folder: URL, used: Set<String>) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var orphans: [String] = []
        while let item = e.nextObject() as? String {
            var isDir: ObjCBool = false
            let full = folder.appendingPathComponent(item)
            guard FileManager.default.fileExists(atPath: full.path, isDirectory: &isDir), !isDir.boolValue else { continue }
            if item.hasPrefix(".") || item.contains("/.") || item.hasSuffix(".new") { continue }
            if !used.contains(item) { orphans.append(item) }
        }
        return orphans.sorted()
    }
}
