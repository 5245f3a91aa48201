import Foundation
import Imaging
import Raster
import SimCore
import EmojiSimIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one comparison behind `assertSnapshot`, `assertScenario` and `emojisim run`:
/// a rendered value against its reference file, under a record mode.
///
/// The actual value is encoded only when a file is written; the reference is read and
/// decoded once and compared as text or pixels (two encoders may compress the same
/// pixels differently, which is not a visual change).
public enum SnapshotStore {
    /// What a check may write and why not.
    public struct Policy: Sendable {
        /// The record mode; ``RecordMode/never`` writes nothing.
        public var mode: RecordMode
        /// True on CI: the message then says why nothing was recorded.
        public var isCI: Bool
        /// Why nothing may be written at all (the run's expectations failed), nil when
        /// writing is allowed.
        public var blocked: String?
        /// Where the actual value and diff picture of a failure are also left (for CI
        /// artifacts); nil for none.
        public var artifacts: URL?
        /// How to accept a change, for messages (a command line).
        public var acceptHint: String?
        /// The folder references and pending files belong under (the package root or
        /// `--snapshots DIR`): no folder between it and a written file may be a symlink.
        /// Nil: only the file itself is guarded.
        public var root: URL?

        /// Creates a policy; each parameter sets the property of the same name.
        ///
        /// - Parameters:
        ///   - mode: The record mode.
        ///   - isCI: Whether this is a CI run.
        ///   - blocked: Why nothing may be written, or `nil`.
        ///   - artifacts: The artifacts folder, or `nil`.
        ///   - acceptHint: The command line that accepts a change, or `nil`.
        ///   - root: The confinement root for written files, or `nil`.
        public init(mode: RecordMode, isCI: Bool = false, blocked: String? = nil, artifacts: URL? = nil,
                    acceptHint: String? = nil, root: URL? = nil) {
            self.mode = mode; self.isCI = isCI; self.blocked = blocked; self.artifacts = artifacts
            self.acceptHint = acceptHint; self.root = root
        }
    }

    /// The pending file of a reference: `<reference>.new`.
    ///
    /// - Parameter reference: The reference file.
    /// - Returns: The `.new` file beside it.
    public static func pendingURL(for reference: URL) -> URL {
        reference.deletingLastPathComponent().appendingPathComponent(reference.lastPathComponent + ".new")
    }

    /// Compares `actual` with the reference at `reference` and writes what the policy
    /// allows. `displayName` names the reference in messages; `artifactName` is its path
    /// inside the artifacts folder.
    /// Errors writing files become the check's failure message, never a throw.
    ///
    /// - Parameters:
    ///   - actual: The rendered value.
    ///   - diffing: How the format is encoded, decoded and compared.
    ///   - reference: The reference file.
    ///   - displayName: How messages name the reference.
    ///   - artifactName: The path under ``Policy/artifacts`` for a failure's files; `nil`
    ///     uses the reference's file name.
    ///   - policy: What may be written.
    /// - Returns: The check: status, message, and every file written or removed.
    /// - Complexity: O(*n*) in the sizes of `actual` and the reference, plus the diffing's
    ///   comparison.
    public static func verify<Format>(_ actual: Format, diffing: Diffing<Format>, reference: URL, displayName: String,
                                      artifactName: String? = nil, policy: Policy) -> SnapshotCheck {
        var check = SnapshotCheck(reference: reference, displayName: displayName, status: .matched,
                                  actual: diffing.preview?(actual))
        let pending = pendingURL(for: reference)
        var encoded: [UInt8]?
        func bytes() -> [UInt8] {
            if let encoded { return encoded }
            let b = diffing.toData(actual)
            encoded = b
            return b
        }
        // Why the artifacts could not be left (a symlinked artifacts folder): said in
        // the failure's message, not dropped.
        var artifactsProblem: String?
        // Kept for the failure's attachments (read already; encoded only on failure).
        var keptReference: [UInt8]?
        func fail(_ status: SnapshotStatus, _ message: String) -> SnapshotCheck {
            check.status = status
            check.referenceBytes = keptReference
            check.actualBytes = bytes()
            var m = message
            if let artifactsProblem { m += "\nartifacts not written: " + artifactsProblem }
            if let hint = policy.acceptHint, case .pending = status { m += "\n" + hint }
            check.message = m
            return check
        }
        func clearArtifacts() {
            if let folder = policy.artifacts, let name = artifactName { removeArtifacts(named: name, in: folder) }
        }
        func writeReference() -> SnapshotCheck {
            do {
                try SnapshotFiles.writeAtomically(bytes(), to: reference, within: policy.root)
                try? removePending(pending)
                clearArtifacts()
                check.status = .recorded
                return check
            } catch {
                return fail(.unreadable("\(error)"), "snapshot \(displayName): could not write the reference: \(error)")
            }
        }
        func writePending(_ diff: String, _ headline: String) -> SnapshotCheck {
            do {
                try SnapshotFiles.writeAtomically(bytes(), to: pending, within: policy.root)
                check.pendingFile = pending
                var detail = diff.isEmpty ? "" : "\n" + diff
                if !check.artifacts.isEmpty { detail += "\nartifacts: " + check.artifacts.map { escapedForDisplay($0.path) }.joined(separator: ", ") }
                return fail(.pending(diff), "snapshot \(displayName): \(headline); the new render is pending review at \(displayName).new\(detail)")
            } catch {
                return fail(.unreadable("\(error)"), "snapshot \(displayName): could not write \(escapedForDisplay(pending.path)): \(error)")
            }
        }
        func leaveArtifacts(_ failure: SnapshotFailure?) {
            guard let folder = policy.artifacts, let name = artifactName else { return }
            // A previous failure's diff picture must not outlive this one's.
            removeArtifacts(named: name, in: folder)
            let root = SnapshotFiles.writeRoot(forOutput: folder)
            do {
                let url = folder.appendingPathComponent(name)
                try SnapshotFiles.writeAtomically(bytes(), to: url, within: root)
                check.artifacts.append(url)
                for a in failure?.artifacts ?? [] {
                    let u = folder.appendingPathComponent(name + "." + a.suffix)
                    try SnapshotFiles.writeAtomically(a.bytes, to: u, within: root)
                    check.artifacts.append(u)
                }
            } catch {
                // Artifacts only help the reader: the check fails for its own reason, and
                // its message says why they are missing.
                artifactsProblem = "\(error)"
            }
        }
        let why = policy.isCI ? "CI is set, so nothing is recorded" : "record mode is never"

        let referenceBytes: [UInt8]?
        do {
            referenceBytes = try SnapshotFiles.readReference(reference)
        } catch {
            return fail(.unreadable(error.description), "snapshot \(displayName): \(error)")
        }
        keptReference = referenceBytes
        guard let referenceBytes else {
            if let blocked = policy.blocked {
                return fail(.notRecorded(""), "snapshot \(displayName): no reference, and none recorded: \(blocked)")
            }
            switch policy.mode {
            case .never:
                leaveArtifacts(nil)
                return fail(.missing, "snapshot \(displayName): no reference (\(why)); record it locally and commit it")
            case .pending:
                return writePending("", "new snapshot (no reference yet)")
            case .all, .missing, .failed:
                return writeReference()
            }
        }
        let expected: Format
        do {
            expected = try diffing.fromData(referenceBytes)
        } catch {
            let problem = "the reference \(displayName) cannot be read: \(error)"
            if policy.blocked == nil && (policy.mode == .failed || policy.mode == .all) { return writeReference() }
            if policy.blocked == nil && (policy.mode == .pending || policy.mode == .missing) {
                var c = writePending(problem, "the reference is unusable")
                if case .pending = c.status { c.status = .unreadable(problem) }
                return c
            }
            return fail(.unreadable(problem), "snapshot \(displayName): \(problem)")
        }
        check.expected = diffing.preview?(expected)
        guard let failure = diffing.diff(expected, actual) else {
            if policy.mode == .all && policy.blocked == nil && referenceBytes != bytes() {
                // Same pixels, other bytes: `all` rewrites the file; the check still matched.
                var c = writeReference()
                if c.status == .recorded { c.status = .matched }
                return c
            }
            try? removePending(pending)
            clearArtifacts()
            return check
        }
        check.diffImage = failure.diffImage
        if failure.diffImage == nil { check.textDiff = failure.message }
        if let blocked = policy.blocked {
            return fail(.notRecorded(failure.message), "snapshot \(displayName) differs from its reference, and nothing was recorded: \(blocked)\n\(failure.message)")
        }
        switch policy.mode {
        case .failed, .all:
            return writeReference()
        case .pending, .missing:
            leaveArtifacts(failure)
            return writePending(failure.message, "differs from its reference")
        case .never:
            leaveArtifacts(failure)
            var m = "snapshot \(displayName) does not match (\(why)):\n" + failure.message
            if !check.artifacts.isEmpty { m += "\nartifacts: " + check.artifacts.map { escapedForDisplay($0.path) }.joined(separator: ", ") }
            return fail(.mismatch(failure.message), m)
        }
    }

    /// Removes what a failure of the snapshot left in the artifacts folder (the actual
    /// value `<name>` and its `<name>.diff.*` pictures), then the folders that leaves
    /// empty, up to `folder` itself: a passing snapshot leaves no stale artifacts.
    /// Nothing is removed through a symlinked folder on the way (the confinement writes
    /// have, from ``SnapshotFiles/writeRoot(forOutput:)``), and only files, never a folder
    /// named like an artifact.
    ///
    /// - Parameters:
    ///   - name: the snapshot's path inside the artifacts folder.
    ///   - folder: the artifacts folder.
    /// - Complexity: O(files in the snapshot's artifacts subfolder).
    public static func removeArtifacts(named name: String, in folder: URL) {
        let fm = FileManager.default
        let actual = folder.appendingPathComponent(name)
        let dir = actual.deletingLastPathComponent()
        guard (try? SafeFileWriter.checkConfined(actual, within: SnapshotFiles.writeRoot(forOutput: folder))) != nil,
              let names = try? fm.contentsOfDirectory(atPath: dir.path) else { return }
        let base = actual.lastPathComponent
        for n in names where n == base || n.hasPrefix(base + ".diff.") {
            var st = stat()
            let path = dir.appendingPathComponent(n).path
            if lstat(path, &st) == 0, (st.st_mode & S_IFMT) != S_IFDIR { unlink(path) }
        }
        var d = dir.standardizedFileURL
        let stop = folder.standardizedFileURL.path
        while d.path.hasPrefix(stop + "/"), (try? fm.contentsOfDirectory(atPath: d.path))?.isEmpty == true {
            try? fm.removeItem(at: d)
            d = d.deletingLastPathComponent()
        }
    }

    /// Removes a stale pending file (the snapshot matches again, or was recorded).
    static func removePending(_ url: URL) throws {
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
    }
}
