import Foundation
import EmojiSimIO
import Imaging
import Raster
import Scenario
import SimCore

/// Runs scenario scripts and checks their snapshots with the same renderer
/// (`SnapshotRenderer`) and the same comparison (`SnapshotStore.verify`) as `assertSnapshot`. What `emojisim run`,
/// `assertScenario` and the example-scenario tests share.
///
/// References of `dir/flow.scenario` live in `<root>/Snapshots/dir/flow/<name>.<ext>`,
/// `<root>` being the nearest folder above the script that holds a Package.swift (or in
/// `<folder>/dir/flow/` when a folder is given), so they are found wherever the run
/// starts, and two `flow.scenario` in different folders never share references.
public struct ScenarioVerifier {
    /// Makes the screen for a script: its configuration and the script's folder (for
    /// relative catalog paths).
    public typealias HostFactory = (ScenarioConfiguration, URL) throws -> any ScenarioHost

    /// Where references live.
    public enum References: Sendable {
        /// Render without comparing (status `unchecked`): the demo.
        case none
        /// `<package root above the script>/Snapshots/<script path from the root>/`; for a
        /// script outside any package, `<script folder>/Snapshots/<script stem>/`.
        case automatic
        /// `<folder>/<script path from the package root>/`.
        case folder(URL)
    }

    /// Where a failing snapshot leaves its actual value and diff picture (for CI
    /// artifacts), as `<folder>/<script path>/<name>.<ext>` and `<name>.<ext>.diff.png`;
    /// a snapshot that passes removes what an earlier failure left.
    public enum Artifacts: Sendable {
        /// Nowhere.
        case none
        /// `<package root>/.build/snapshot-failures/` for a script inside a package; for
        /// a script outside any package `outsidePackage` (nil: none).
        case automatic(outsidePackage: URL?)
        /// One folder for every script.
        case folder(URL)

        /// What `emojisim run` uses: `EMOJISIM_ARTIFACTS` when set (relative to the
        /// current folder); else the package's `.build/snapshot-failures/`, and for scripts
        /// outside a package `./.build/snapshot-failures/` only when CI is set (locally
        /// their pending `.new` file and `snapshots review` show the change).
        ///
        /// - Parameter environment: the variables to read (the process's by default).
        /// - Returns: the artifacts policy for a command-line run.
        public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Artifacts {
            if let folder = SnapshotFiles.customArtifactsFolder(environment) { return .folder(folder) }
            let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            return .automatic(outsidePackage: RecordMode.isCI(environment) ? SnapshotFiles.defaultArtifactsFolder(root: cwd) : nil)
        }

        func folder(root: URL?) -> URL? {
            switch self {
            case .none: return nil
            case .folder(let f): return f
            case .automatic(let outside): return root.map(SnapshotFiles.defaultArtifactsFolder(root:)) ?? outside
            }
        }
    }

    /// Where each script's references are looked up and written.
    public var references: References
    /// The record mode for every script; `never` when ``isCI``.
    public var record: RecordMode
    /// CI is set: nothing is written (and messages say so).
    public var isCI: Bool
    /// Runs each script (with the font its text snapshots are drawn with).
    public var runner: ScenarioRunner
    /// Builds each script's screen; an error it throws becomes a `ScriptError` at the
    /// script's `catalog` line.
    public var makeHost: HostFactory
    /// Where failures leave artifacts.
    public var artifacts: Artifacts
    /// Whether the references used are logged for `snapshots orphans` (`SnapshotUsage`):
    /// true under a test run (`assertScenario`), false for `emojisim run`, whose scripts
    /// `SnapshotOrphans` reads from the package itself (and whose log would replace the
    /// last `swift test` run's, making every test's reference look orphaned).
    public var logsUsage: Bool
    /// The command failure hints name for review (`emojisim snapshots`; a test sets
    /// what works where it runs, ``SnapshotHint/command(packageRoot:)``).
    public var reviewCommand = "emojisim snapshots"

    /// A verifier.
    ///
    /// - Parameters:
    ///   - references: where references live.
    ///   - record: the record mode (`never` when `isCI`).
    ///   - isCI: CI is set: nothing is written.
    ///   - artifacts: where failures leave their actual value and diff picture.
    ///   - logsUsage: log the references used for `snapshots orphans` (test runs only).
    ///   - runner: runs the scripts.
    ///   - makeHost: builds each script's screen.
    public init(references: References, record: RecordMode, isCI: Bool = RecordMode.isCI(ProcessInfo.processInfo.environment),
                artifacts: Artifacts = .none, logsUsage: Bool = false,
                runner: ScenarioRunner, makeHost: @escaping HostFactory) {
        self.references = references; self.record = isCI ? .never : record; self.isCI = isCI
        self.artifacts = artifacts; self.logsUsage = logsUsage
        self.runner = runner; self.makeHost = makeHost
    }

    /// One snapshot of a run and how it compared.
    public struct ScenarioSnapshot: Sendable {
        /// The snapshot as the run produced it: its name, format, line and display list.
        public var output: SnapshotOutput
        /// How it compared with its reference, and what was written.
        public var check: SnapshotCheck
        /// The comparison's outcome (matched, differs, new, recorded, unchecked...).
        public var status: SnapshotStatus { check.status }
        /// Whether the snapshot counts as passing under the record mode in use.
        public var passed: Bool { check.passed }
        /// The reference file compared with; `nil` when references are off.
        public var reference: URL? { check.reference }
    }

    /// One script's run and the check of each of its snapshots: what `emojisim run` prints
    /// and the reports show.
    public struct Verification: Sendable {
        /// The script file as given to ``verify(_:at:)``.
        public var script: URL
        /// The script as messages name it (relative to the package root when known),
        /// escaped as `escapedForDisplay` writes it (no control character reaches a terminal).
        public var displayName: String
        /// The run: steps, expectations, the failure that stopped it, snapshots, recording.
        public var result: ScenarioResult
        /// One entry per snapshot the run took, in run order.
        public var snapshots: [ScenarioSnapshot]
        /// Problems found after the run (outputs that could not be written, a GIF that
        /// could not be encoded): they fail the script like any other.
        public var errors: [String] = []
        /// Renders the step log's frames for the trace viewer (`TraceViewer`); set when
        /// the run recorded a step log (`ScenarioRunner.logsSteps`).
        public var viewerFrames: ViewerFrameRenderer?
        /// Whether the script passes: the run did not stop, every expectation held, every
        /// snapshot passed and nothing failed afterwards.
        public var passed: Bool { result.passed && snapshots.allSatisfy(\.passed) && errors.isEmpty }

        /// One entry per problem, as `FILE:LINE:COL: error: ...`.
        public var problems: [String] {
            let file = displayName
            var out: [String] = []
            if let f = result.failure {
                out.append("\(file):\(f.line):\(f.column): error: \(f.message)")
            }
            out += result.failureMessages(file: file).map(\.message)
            for s in snapshots {
                guard let m = s.check.message else { continue }
                out.append("\(file):\(s.output.line):1: error: \(m)")
            }
            for e in errors { out.append("\(file):1:1: error: \(e)") }
            return out
        }
    }

    /// A script that cannot be checked: no package root to find its references under.
    public struct LookupError: Error, CustomStringConvertible, Sendable {
        /// Which script and why, as the CLI prints it.
        public var description: String
    }

    /// The folder a script's references are written under, no folder below it being a
    /// symlink (SafeFileWriter's confinement): the package root, `--snapshots DIR`, or
    /// for a script outside any package its own folder. Nil without references.
    ///
    /// - Parameter script: The script file.
    /// - Returns: The confinement root for writes, or `nil` with ``References/none``.
    public func writeRoot(for script: URL) -> URL? {
        let url = script.standardizedFileURL
        switch references {
        case .none: return nil
        case .automatic: return SnapshotFiles.packageRoot(from: url.path) ?? url.deletingLastPathComponent()
        case .folder(let folder): return folder
        }
    }

    /// The script's references folder, the package root (nil outside a package), and
    /// the key: the script's path without extension from the root (or from the current
    /// folder, or its stem), which also names its artifacts' subfolder.
    ///
    /// - Parameter script: The script file.
    /// - Returns: The folder, root and key, or `nil` with ``References/none``.
    /// - Throws: ``LookupError`` is in the signature for a future failure; today every
    ///   script has a folder (beside it when outside a package), so nothing is thrown.
    public func referenceFolder(for script: URL) throws(LookupError) -> (folder: URL, root: URL?, key: String)? {
        let url = script.standardizedFileURL
        let root = SnapshotFiles.packageRoot(from: url.path)
        func key(from base: URL) -> String? {
            let b = base.standardizedFileURL.path
            let p = url.deletingPathExtension().path
            guard p.hasPrefix(b + "/") else { return nil }
            return String(p.dropFirst(b.count + 1))
        }
        switch references {
        case .none:
            return nil
        case .automatic:
            guard let root, let k = key(from: root) else {
                // A script outside any package keeps its references beside it, so a
                // first script in /tmp works without flags and never depends on the
                // current folder.
                let folder = url.deletingLastPathComponent()
                let stem = url.deletingPathExtension().lastPathComponent
                return (folder.appendingPathComponent("Snapshots").appendingPathComponent(stem), nil, stem)
            }
            return (root.appendingPathComponent("Snapshots").appendingPathComponent(k), root, k)
        case .folder(let folder):
            let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let k = root.flatMap(key(from:)) ?? key(from: cwd) ?? url.deletingPathExtension().lastPathComponent
            return (folder.appendingPathComponent(k), root, k)
        }
    }

    /// Runs an already parsed script and checks its snapshots.
    ///
    /// - Parameters:
    ///   - script: The parsed script.
    ///   - url: Where the script lives: resolves relative catalog paths and names its references.
    /// - Returns: The verification; failed expectations and snapshots are in it, not thrown.
    /// - Throws: `ScriptError` (Scenario) at the `catalog` line when the screen cannot be built.
    /// - Complexity: Proportional to the run (steps and the virtual time they simulate) plus
    ///   the bytes of its snapshots and references.
    public func verify(_ script: Script, at url: URL) throws -> Verification {
        let location = try referenceFolder(for: url)
        let root = location?.root ?? SnapshotFiles.packageRoot(from: url.standardizedFileURL.path)
        func relative(_ u: URL) -> String {
            guard let root, u.path.hasPrefix(root.path + "/") else { return u.path }
            return String(u.path.dropFirst(root.path.count + 1))
        }
        // Messages, reports and the CLI's verdict lines print this name: a carriage
        // return or escape sequence in a file name must not rewrite the terminal's line.
        let displayName = escapedForDisplay(relative(url.standardizedFileURL))
        let configuration = ScenarioConfiguration(script: script)
        let host: any ScenarioHost
        do {
            host = try makeHost(configuration, url.deletingLastPathComponent())
        } catch {
            // The screen could not be built: the catalog line is the one to fix.
            let line = script.setup.last { $0.value.words == "catalog" }
            let what = line.map { ScriptPrinter.line(.setup($0.value)) } ?? "catalog demo"
            throw ScriptError(file: displayName, line: line?.line ?? 1, column: line?.column ?? 1,
                              message: "\(what): \(error)")
        }
        // An image the screen shows in part or not at all is traced (`images imageIssue`)
        // as the screen is made; it is a warning of the catalog line too (issue 47, item 24).
        let catalogLine = script.setup.last { $0.value.words == "catalog" }
        let imageWarnings = host.trace.retained.filter { $0.source == "images" && $0.name == "imageIssue" }.map { e in
            let field = { (k: String) in e.fields.first { $0.key == k }?.value ?? "" }
            return ScriptWarning(file: displayName, line: catalogLine?.line ?? 1, column: catalogLine?.column ?? 1,
                                 message: "image \(field("image")): \(field("message"))")
        }
        var result = runner.run(script, configuration: configuration, on: host)
        result.warnings.insert(contentsOf: imageWarnings, at: 0)
        let blocked: String?
        if let f = result.failure {
            blocked = "the run stopped at line \(f.line)"
        } else {
            let failed = result.expectations.filter { !$0.passed }.map { String($0.line) }
            // The first few lines: this is repeated in every snapshot's message.
            let more = failed.count > 10 ? ", and \(failed.count - 10) more" : ""
            blocked = failed.isEmpty ? nil
                : "the run's expectations failed (line\(failed.count == 1 ? "" : "s") \(failed.prefix(10).joined(separator: ", "))\(more))"
        }
        // A catalog's emoji keep their codes whatever the script shows first.
        let codes = LegendCodeTable(fixing: ScenarioHosting.legendIdentities(of: host))
        let artifactsFolder = location == nil ? nil : artifacts.folder(root: location?.root)
        var snapshots: [ScenarioSnapshot] = []
        for output in result.snapshots {
            let reference = location.map { $0.folder.appendingPathComponent(output.fileName) }
            if logsUsage, let reference, let root = location?.root, reference.path.hasPrefix(root.path + "/Snapshots/") {
                SnapshotUsage.shared.record(reference, root: root)
            }
            let policy = SnapshotStore.Policy(
                mode: record, isCI: isCI, blocked: blocked, artifacts: artifactsFolder,
                acceptHint: reference.map { "review: \(reviewCommand) review  (or: \(reviewCommand) accept \(Escaping.shellWord(relative($0) + ".new")))" },
                root: writeRoot(for: url))
            let check = Self.check(output, reference: reference, displayName: reference.map { escapedForDisplay(relative($0)) } ?? output.fileName,
                                   artifactName: location.map { $0.key + "/" + output.fileName },
                                   policy: policy, font: runner.font, images: host.imageProvider, codes: codes)
            snapshots.append(ScenarioSnapshot(output: output, check: check))
        }
        var verification = Verification(script: url, displayName: displayName, result: result, snapshots: snapshots)
        if result.steps != nil {
            verification.viewerFrames = ViewerFrameRenderer(font: runner.font, images: host.imageProvider,
                                                            theme: configuration.theme)
        }
        return verification
    }

    /// One scenario snapshot, drawn by the core's `SnapshotRenderer` (what the wasm ABI
    /// and the strategies draw with) and compared as its kind is: text line by line,
    /// pictures pixel by pixel, with the comparison `assertSnapshot` uses. Without a
    /// reference it only renders.
    ///
    /// - Parameters:
    ///   - output: The snapshot the run produced.
    ///   - reference: The reference file, or `nil` to render only (status `unchecked`).
    ///   - displayName: How messages name the reference.
    ///   - artifactName: The path under the artifacts folder for a failure's files.
    ///   - policy: What may be written (record mode, CI, the blocking failure, roots).
    ///   - font: The font text formats and pixel renders use.
    ///   - images: The images pixel renders draw.
    ///   - codes: The legend codes shared by the run's text snapshots.
    /// - Returns: The check, with its status, message and what was written.
    /// - Complexity: O(*n*) in the rendered snapshot's and the reference's size.
    public static func check(_ output: SnapshotOutput, reference: URL?, displayName: String, artifactName: String? = nil,
                             policy: SnapshotStore.Policy,
                             font: BitmapFont, images: ImageProvider, codes: LegendCodeTable) -> SnapshotCheck {
        let renderer = SnapshotRenderer(scale: output.scale, theme: output.theme, font: font, images: images)
        func run<F>(_ actual: F, _ diffing: Diffing<F>) -> SnapshotCheck {
            guard let reference else {
                return SnapshotCheck(reference: nil, displayName: displayName, status: .unchecked,
                                     actual: diffing.preview?(actual))
            }
            return SnapshotStore.verify(actual, diffing: diffing, reference: reference,
                                        displayName: displayName, artifactName: artifactName, policy: policy)
        }
        switch renderer.render(output.list, as: output.format, codes: &codes.codes) {
        case .text(let text): return run(text, .lines)
        case .image(let image, let codec): return run(image, .image(codec))
        }
    }
}
