import Foundation
import Testing
import XCTest
import Raster
import Scenario
import EmojiSimIO
import EmojiSimTestingCore

/// Runs a scenario script as (part of) one test: each failed expectation, run error and
/// snapshot problem becomes a test issue located at the script line (so the editor jumps
/// to it), its message naming the Swift call site. Snapshots compare with the script's
/// references (`<package>/Snapshots/<script path>/`) under the usual record modes, and a
/// script whose expectations fail records nothing. Each failing snapshot attaches its
/// reference, actual value and diff to the test (Swift Testing attachments).
///
/// A script that fails also writes its trace viewer (`TraceViewer`: every line's
/// touches, target rectangle, trace lines, state and screen, the failing line selected)
/// to `<artifacts>/trace-viewers/<script path>.html` (`EMOJISIM_ARTIFACTS`, else the
/// package's `.build/snapshot-failures/`), and each of its issues names the page.
///
/// - Parameters:
///   - path: The script, absolute or relative to the package root above the calling
///     file (`assertScenario("Tests/Scenarios/seed-chain.scenario")`); where no
///     Package.swift is above it (an Xcode project), relative to the calling file's folder.
///   - record: The record mode for the script's snapshots, over the trait and
///     `EMOJISIM_RECORD`.
///   - fileID: The caller's file ID, named in each issue's message.
///   - filePath: The caller's path: finds the package root.
///   - line: The caller's line.
///   - column: The caller's column.
/// - Returns: The verification, or `nil` when the script could not be read, parsed or
///   set up (each reason is reported as an issue).
/// - Complexity: Proportional to the run: the script's steps, the virtual time its
///   touches and waits simulate, and the bytes of its snapshots and references.
@discardableResult
public func assertScenario(
    _ path: String,
    record: RecordMode? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> ScenarioVerifier.Verification? {
    let caller = SnapshotLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    let callSite = "\(caller.fileID):\(caller.line)"
    func report(_ message: String) { reportFailure(message, at: caller, xcFile: filePath, xcLine: line) }
    let url: URL
    // A package's own scripts may read catalogs anywhere in the package (fixtures beside
    // the scripts' folder); nothing outside it.
    let packageRoot = SnapshotFiles.packageRoot(from: "\(filePath)")
    if path.hasPrefix("/") {
        url = URL(fileURLWithPath: path)
    } else if let root = packageRoot {
        url = root.appendingPathComponent(path)
    } else {
        // No package (an Xcode project): from the test file's folder, as its
        // `__Snapshots__` are.
        url = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
    }
    let bytes: [UInt8]
    do { bytes = [UInt8](try Data(contentsOf: url)) } catch {
        report("assertScenario: cannot read \(url.path): \(error.localizedDescription)")
        return nil
    }
    func atScriptLine(_ message: String, line: Int, column: Int, attachments: [SnapshotCheck.Attachment] = []) {
        let location = SnapshotLocation(fileID: "Scenarios/" + url.lastPathComponent, filePath: url.path,
                                        line: max(1, line), column: max(1, column))
        reportFailure(message + "\n(assertScenario at \(callSite))", at: location, xcFile: filePath, xcLine: UInt(caller.line),
                      attachments: attachments)
    }
    let script: Script
    do {
        script = try ScriptParser.parse(utf8: bytes, name: url.lastPathComponent)
    } catch {
        for e in error.errors { atScriptLine(e.description, line: e.line, column: e.column) }
        return nil
    }
    if let problem = RecordMode.environmentProblem(ProcessInfo.processInfo.environment) {
        report("assertScenario \(path): \(problem)")
        return nil
    }
    let font: BitmapFont
    do { font = try BundledFont.unifont() } catch {
        report("assertScenario: \(error)")
        return nil
    }
    var verifier = ScenarioVerifier(references: .automatic, record: RecordMode.resolve(record),
                                    artifacts: .fromEnvironment(), logsUsage: true,
                                    runner: viewerRunner(font),
                                    makeHost: { try ScenarioHosting.makeHost($0, scriptFolder: $1, catalogRoot: packageRoot) })
    verifier.reviewCommand = SnapshotHint.command(packageRoot: packageRoot)
    let v: ScenarioVerifier.Verification
    do { v = try verifier.verify(script, at: url) } catch let e as ScriptError {
        atScriptLine(e.description, line: e.line, column: e.column)
        return nil
    } catch {
        report("assertScenario \(path): \(error)")
        return nil
    }
    let name = v.displayName
    var viewer = ""
    if !v.passed {
        // In the artifacts folder (confined: no symlink from its root down); outside a
        // package in a fresh private folder, never a fixed name in the shared /tmp.
        do {
            let folder = try packageRoot.map { SnapshotFiles.artifactsFolder(root: $0) }
                ?? PrivateFolder.make(prefix: "emojisim-trace-viewers")
            let page = TraceViewer.url(for: v, in: folder.appendingPathComponent("trace-viewers"))
            do {
                try TraceViewer.write(v, to: page, within: SnapshotFiles.writeRoot(forOutput: folder))
                viewer = "\ntrace viewer: \(page.path)"
            } catch {
                viewer = "\n(the trace viewer could not be written to \(page.path): \(error))"
            }
        } catch {
            viewer = "\n(the trace viewer could not be written: \(error))"
        }
    }
    func atScript(_ message: String, line: Int, column: Int, attachments: [SnapshotCheck.Attachment] = []) {
        atScriptLine(message + viewer, line: line, column: column, attachments: attachments)
    }
    if let f = v.result.failure { atScript("\(name):\(f.line):\(f.column): error: \(f.message)", line: f.line, column: f.column) }
    for f in v.result.failureMessages(file: name) { atScript(f.message, line: f.line, column: f.column) }
    for s in v.snapshots {
        if let m = s.check.message {
            atScript("\(name):\(s.output.line):1: error: \(m)", line: s.output.line, column: 1, attachments: s.check.attachments)
        }
    }
    for e in v.errors { atScript("\(name): error: \(e)", line: 1, column: 1) }
    if !v.result.passed { TestExpectations.current?.noteFailure() }
    return v
}

/// The runner of `assertScenario`: it records the step log, so that a failing script's
/// trace viewer can be written (frames are rendered only then).
func viewerRunner(_ font: BitmapFont) -> ScenarioRunner {
    var runner = ScenarioRunner(font: font)
    runner.logsSteps = true
    return runner
}

extension ScenarioDriver {
    /// `driver.expect(.keyboard(.emoji))` from a Swift test that also reports: a failed
    /// expectation is a test issue at the caller (Swift Testing or XCTest), and marks the
    /// test as failed so its snapshots record nothing.
    ///
    /// - Parameters:
    ///   - e: The expectation, checked against the screen now (no time passes).
    ///   - fileID: The caller's file ID, for the location.
    ///   - filePath: The caller's path, for the location.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The outcome, with what was expected and what was found.
    @discardableResult
    public func require(_ e: Scenario.Script.Expectation, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                        line: UInt = #line, column: UInt = #column) -> ExpectationOutcome {
        let o = expect(e)
        if !o.passed {
            TestExpectations.current?.noteFailure()
            reportFailure("expected \(o.expected), found \(o.actual)",
                          at: SnapshotLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)),
                          xcFile: filePath, xcLine: line)
        }
        return o
    }
}
