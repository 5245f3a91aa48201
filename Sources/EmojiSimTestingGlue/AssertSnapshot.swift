import Foundation
import Imaging
import Raster
import EmojiSimTestingCore
import Testing
import XCTest

/// Compares `value`, rendered by `strategy`, with its reference in
/// `Snapshots/<Suite>/<test>.<name>.<ext>` (the package root found from `filePath`), or,
/// where no Package.swift is above the test file (an Xcode project), in
/// `__Snapshots__/<Suite>/` beside it; a snapshot directory (`snapshotDirectory:`, the
/// `.snapshots(directory:)` trait, `EMOJISIM_SNAPSHOT_DIRECTORY`) takes the place of either.
///
/// Under the default record mode (`pending`) a new or differing snapshot is written
/// beside its reference as `<file>.new` and the assertion fails saying so; review it with
/// `swift package emojisim snapshots review` (or `accept`/`reject`; the failure names
/// the command that works where the test ran). Other modes
/// (`record:`, the `.snapshots(record:)` trait, `EMOJISIM_RECORD`) write references
/// directly; on CI nothing is written and a missing reference fails. A mismatch also
/// leaves the actual value (and a diff image) under `.build/snapshot-failures/` or
/// `EMOJISIM_ARTIFACTS`, for CI artifacts.
/// Works under Swift Testing (`Issue.record`, with the reference, the actual value and
/// the diff attached) and XCTest (`XCTFail`).
///
/// - Parameters:
///   - value: The value to snapshot; an error it throws fails the assertion.
///   - strategy: How the value becomes a reference file and how two are compared
///     (`.ascii`, `.png`, `.tree`, or your own ``Snapshotting``).
///   - name: The snapshot's name; unnamed snapshots of one test are numbered 1, 2, ...
///   - record: The record mode for this call, over the trait and `EMOJISIM_RECORD`.
///   - snapshotDirectory: The folder in place of `Snapshots/` (references in
///     `<directory>/<TestFile>/`; a relative path is taken from the test file's folder),
///     over the trait's and `EMOJISIM_SNAPSHOT_DIRECTORY`.
///   - fileID: The caller's file ID, for the issue's location.
///   - filePath: The caller's path: finds the package root and names the reference.
///   - function: The calling test, which names the reference file.
///   - line: The caller's line, for the issue's location.
///   - column: The caller's column, for the issue's location.
/// - Returns: The failure message, or `nil` on success (handy for testing the library itself).
/// - Complexity: O(*n*) in the size of the rendered value and its reference (the diff
///   of two texts is O(*n* · *d*) for *d* differing lines, bounded by the shown diff).
@discardableResult
public func assertSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: RecordMode? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: String = #function,
    line: UInt = #line,
    column: UInt = #column
) -> String? {
    let location = SnapshotLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    let check = checkSnapshot(of: value, as: strategy, named: name, record: record, snapshotDirectory: snapshotDirectory,
                              filePath: "\(filePath)", function: function,
                              environment: ProcessInfo.processInfo.environment)
    if let message = check.message {
        reportFailure(message, at: location, xcFile: filePath, xcLine: line, attachments: check.attachments)
    }
    return check.message
}

/// Several strategies of one value at once, e.g. `assertSnapshots(of: panel, as: [.ascii, .png])`:
/// each is one reference, `<test>.<key>.<ext>` (or `<test>.<name>.<key>.<ext>` when
/// named), the key being the strategy's (`ascii`, `styled`); a key the extension already
/// says is left out (`<test>.png`, `<test>.tree.txt`, `<test>.<name>.ppm`).
/// Every failing one is reported.
///
/// - Parameters:
///   - value: The value to snapshot, produced once for all strategies.
///   - strategies: The strategies; a key used twice gets a number (`png`, `png2`).
///   - name: A name shared by the snapshots, before each key.
///   - record: The record mode for this call.
///   - snapshotDirectory: The folder in place of `Snapshots/`, as for `assertSnapshot`.
///   - fileID: The caller's file ID, for the issue's location.
///   - filePath: The caller's path: finds the package root and names the references.
///   - function: The calling test, which names the reference files.
///   - line: The caller's line, for the issue's location.
///   - column: The caller's column, for the issue's location.
/// - Returns: The failure messages, empty on success.
/// - Complexity: The sum of one ``assertSnapshot(of:as:named:record:snapshotDirectory:fileID:filePath:function:line:column:)`` per strategy.
@discardableResult
public func assertSnapshots<Value>(
    of value: @autoclosure () throws -> Value,
    as strategies: [AnySnapshotting<Value>],
    named name: String? = nil,
    record: RecordMode? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: String = #function,
    line: UInt = #line,
    column: UInt = #column
) -> [String] {
    let location = SnapshotLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    let v: Value
    do { v = try value() } catch {
        let m = "snapshot: producing the value threw \(error)"
        reportFailure(m, at: location, xcFile: filePath, xcLine: line)
        return [m]
    }
    var messages: [String] = []
    for check in checkSnapshots(of: v, as: strategies, named: name, record: record, snapshotDirectory: snapshotDirectory,
                                filePath: "\(filePath)", function: function, environment: ProcessInfo.processInfo.environment) {
        if let m = check.message {
            reportFailure(m, at: location, xcFile: filePath, xcLine: line, attachments: check.attachments)
            messages.append(m)
        }
    }
    return messages
}

/// The checks of ``assertSnapshots(of:as:named:record:snapshotDirectory:fileID:filePath:function:line:column:)``,
/// one per strategy in order, against `environment` (tests pass their own, so that `CI`
/// in the process does not decide what they record).
func checkSnapshots<Value>(of v: Value, as strategies: [AnySnapshotting<Value>], named name: String?, record: RecordMode?,
                           snapshotDirectory: String?, filePath: String, function: String,
                           environment: [String: String]) -> [SnapshotCheck] {
    var keys: [String: Int] = [:]
    return strategies.map { s in
        keys[s.key, default: 0] += 1
        let key = keys[s.key]! > 1 ? "\(s.key)\(keys[s.key]!)" : s.key
        let part = s.keyInFileName(key) ? key : nil
        let snapName = [name, part].compactMap { $0 }.joined(separator: ".")
        return s.check(v, snapName, record, snapshotDirectory, filePath, function, environment)
    }
}

struct SnapshotLocation {
    var fileID: String, filePath: String, line: Int, column: Int
}

/// Records `message` as a test issue at `location` (Swift Testing when a test is
/// running, else XCTest), with `attachments` attached to the Swift Testing test.
func reportFailure(_ message: String, at location: SnapshotLocation, xcFile: StaticString, xcLine: UInt,
                   attachments: [SnapshotCheck.Attachment] = []) {
    if Test.current != nil {
        TestExpectations.current?.willRecordOwnIssue()
        let source = SourceLocation(fileID: location.fileID, filePath: location.filePath,
                                    line: location.line, column: location.column)
        Issue.record(RecordedFailure(message), sourceLocation: source)
        attach(attachments, at: source)
    } else {
        // XCTest's attachments (XCTAttachment) exist only in Apple's XCTest; there the
        // artifacts folder and the pending file hold the same files.
        XCTFail(message, file: xcFile, line: xcLine)
    }
}

/// Attaches each file to the current Swift Testing test: Xcode's test report and
/// `swift test --attachments-path DIR` show them. `Attachment` is API from Swift 6.2.
func attach(_ attachments: [SnapshotCheck.Attachment], at source: SourceLocation) {
    #if compiler(>=6.2)
    for a in attachments { Attachment.record(a.bytes, named: a.name, sourceLocation: source) }
    #endif
}
