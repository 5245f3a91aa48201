import Foundation
import Imaging
import Raster
import Testing
import XCTest

/// Compares `value`, rendered by `strategy`, with its reference in
/// `Snapshots/<Suite>/<test>.<name>.<ext>` (the package root found from `filePath`).
///
/// Under the default record mode (`pending`) a new or differing snapshot is written
/// beside its reference as `<file>.new` and the assertion fails saying so; review it with
/// `swift run emojisim snapshots review` (or `accept`/`reject`). Other modes
/// (`record:`, the `.snapshots(record:)` trait, `EMOJISIM_RECORD`) write references
/// directly; on CI nothing is written and a missing reference fails. A mismatch also
/// leaves the actual value (and a diff image) under `.build/snapshot-failures/` or
/// `EMOJISIM_ARTIFACTS`, for CI artifacts.
/// Works under Swift Testing (`Issue.record`) and XCTest (`XCTFail`).
///
/// - Parameters:
///   - value: The value to snapshot; an error it throws fails the assertion.
///   - strategy: How the value becomes a reference file and how two are compared
///     (`.ascii`, `.png`, `.tree`, or your own ``Snapshotting``).
///   - name: The snapshot's name; unnamed snapshots of one test are numbered 1, 2, ...
///   - record: The record mode for this call, over the trait and `EMOJISIM_RECORD`.
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
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: String = #function,
    line: UInt = #line,
    column: UInt = #column
) -> String? {
    let location = SnapshotLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    let message = verifySnapshot(of: value, as: strategy, named: name, record: record,
                                 filePath: "\(filePath)", function: function,
                                 environment: ProcessInfo.processInfo.environment)
    if let message { reportFailure(message, at: location, xcFile: filePath, xcLine: line) }
    return message
}

/// Several strategies of one value at once, e.g. `assertSnapshots(of: panel, as: [.ascii, .png])`:
/// each is one reference, `<test>.<key>.<ext>` (or `<test>.<name>.<key>.<ext>` when
/// named), the key being the strategy's (`ascii`, `styled`, `tree`, `png`, `ppm`).
/// Every failing one is reported.
///
/// - Parameters:
///   - value: The value to snapshot, produced once for all strategies.
///   - strategies: The strategies; a key used twice gets a number (`png`, `png2`).
///   - name: A name shared by the snapshots, before each key.
///   - record: The record mode for this call.
///   - fileID: The caller's file ID, for the issue's location.
///   - filePath: The caller's path: finds the package root and names the references.
///   - function: The calling test, which names the reference files.
///   - line: The caller's line, for the issue's location.
///   - column: The caller's column, for the issue's location.
/// - Returns: The failure messages, empty on success.
/// - Complexity: The sum of one ``assertSnapshot(of:as:named:record:fileID:filePath:function:line:column:)`` per strategy.
@discardableResult
public func assertSnapshots<Value>(
    of value: @autoclosure () throws -> Value,
    as strategies: [AnySnapshotting<Value>],
    named name: String? = nil,
    record: RecordMode? = nil,
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
    var keys: [String: Int] = [:]
    for s in strategies {
        keys[s.key, default: 0] += 1
        let key = keys[s.key]! > 1 ? "\(s.key)\(keys[s.key]!)" : s.key
        let snapName = name.map { "\($0).\(key)" } ?? key
        if let m = s.verify(v, snapName, record, "\(filePath)", function, ProcessInfo.processInfo.environment) {
            reportFailure(m, at: location, xcFile: filePath, xcLine: line)
            messages.append(m)
        }
    }
    return messages
}

/// A strategy of any format for `assertSnapshots`, with the key that names its file:
/// `Snapshotting<Value, Format>` with its format erased, so that one call can check an
/// ASCII and a PNG reference (`[.ascii, .png]`). swift-snapshot-testing's
/// `assertSnapshots(of:as:)` takes strategies of one format only (a dictionary of
/// `Snapshotting<Value, Format>`), so it needs no such type; as `AnyHashable` does for
/// `Hashable`, this one erases the format and verifies through the same
/// `verifySnapshot` as `assertSnapshot`.
public struct AnySnapshotting<Value> {
    /// The file-name part that tells this strategy's reference from the others'
    /// (`<test>.<key>.<ext>`).
    public var key: String
    let verify: (Value, String, RecordMode?, String, String, [String: String]) -> String?

    /// Wraps a strategy of any format.
    ///
    /// - Parameters:
    ///   - strategy: The strategy that renders and compares the value.
    ///   - key: The reference file's key.
    public init<Format>(_ strategy: Snapshotting<Value, Format>, key: String) {
        self.key = key
        verify = { value, name, record, filePath, function, env in
            verifySnapshot(of: { value }, as: strategy, named: name, record: record, filePath: filePath,
                           function: function, environment: env)
        }
    }
}

extension AnySnapshotting where Value: DisplayListRepresentable {
    /// ``Snapshotting/ascii`` under the key `ascii`.
    public static var ascii: AnySnapshotting { AnySnapshotting(Snapshotting<Value, String>.ascii, key: "ascii") }
    /// ``Snapshotting/asciiStyled`` under the key `styled`.
    public static var asciiStyled: AnySnapshotting { AnySnapshotting(Snapshotting<Value, String>.asciiStyled, key: "styled") }
    /// ``Snapshotting/tree`` under the key `tree`.
    public static var tree: AnySnapshotting { AnySnapshotting(Snapshotting<Value, String>.tree, key: "tree") }
    /// ``Snapshotting/png`` (default configuration, exact match) under the key `png`.
    public static var png: AnySnapshotting { AnySnapshotting(Snapshotting<Value, Image>.png, key: "png") }
    /// ``Snapshotting/ppm`` (default configuration, exact match) under the key `ppm`.
    public static var ppm: AnySnapshotting { AnySnapshotting(Snapshotting<Value, Image>.ppm, key: "ppm") }
    /// A PNG snapshot rendered with `configuration`, under the key `png`.
    ///
    /// - Parameters:
    ///   - configuration: Size, scale, theme, font and images of the render.
    ///   - tolerance: The largest per-channel difference still counted as equal.
    /// - Returns: The snapshotting, for `assertSnapshots(of:as:)`.
    public static func png(_ configuration: RenderConfiguration, tolerance: Int = 0) -> AnySnapshotting {
        AnySnapshotting(Snapshotting<Value, Image>.png(configuration, tolerance: tolerance), key: "png")
    }
}

struct SnapshotLocation {
    var fileID: String, filePath: String, line: Int, column: Int
}

/// The assertion without reporting: what ``assertSnapshot(of:as:named:record:fileID:filePath:function:line:column:)``
/// does, minus the test issue, with the environment passed in (so a test can set
/// `CI` or `EMOJISIM_RECORD` without touching the process).
///
/// - Parameters:
///   - value: The value to snapshot.
///   - strategy: How it is rendered and compared.
///   - name: The snapshot's name; `nil` numbers it within the test.
///   - record: The record mode, over the environment's.
///   - filePath: The calling file's path: finds the package root and names the reference.
///   - function: The calling test, which names the reference file.
///   - environment: The variables read (`CI`, `EMOJISIM_RECORD`, `EMOJISIM_ARTIFACTS`).
/// - Returns: The failure message, or `nil` on success.
/// - Complexity: O(*n*) in the size of the rendered value and its reference.
public func verifySnapshot<Value, Format>(
    of value: () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: RecordMode? = nil,
    filePath: String,
    function: String,
    environment: [String: String]
) -> String? {
    guard let root = SnapshotFiles.packageRoot(from: filePath) else {
        return "snapshot: no Package.swift above \(filePath)"
    }
    let snapName = name ?? SnapshotUsage.shared.nextName(for: filePath + "#" + function)
    let reference = SnapshotFiles.referencePath(root: root, filePath: filePath, function: function, name: snapName,
                                                pathExtension: strategy.pathExtension)
    let relative = String(reference.path.dropFirst(root.path.count + 1))
    SnapshotUsage.shared.record(reference, root: root)
    let actual: Format
    do {
        actual = strategy.snapshot(try value())
    } catch {
        return "snapshot \(relative): producing the value threw \(error)"
    }
    let policy = SnapshotStore.Policy(
        mode: RecordMode.resolve(record, environment: environment), isCI: RecordMode.isCI(environment),
        blocked: TestExpectations.blockedReason,
        artifacts: SnapshotFiles.artifactsFolder(root: root, environment: environment),
        acceptHint: "review: swift run emojisim snapshots review  (or: emojisim snapshots accept \(Escaping.shellWord(relative + ".new")))",
        root: root)
    let check = SnapshotStore.verify(actual, diffing: strategy.diffing, reference: reference, displayName: relative,
                                     artifactName: String(relative.dropFirst("Snapshots/".count)), policy: policy)
    if check.status == .recorded { FileHandle.standardError.write(Data("snapshot: recorded \(relative)\n".utf8)) }
    return check.message
}

func reportFailure(_ message: String, at location: SnapshotLocation, xcFile: StaticString, xcLine: UInt) {
    if Test.current != nil {
        TestExpectations.current?.willRecordOwnIssue()
        Issue.record(
            RecordedFailure(message),
            sourceLocation: SourceLocation(fileID: location.fileID, filePath: location.filePath,
                                           line: location.line, column: location.column)
        )
    } else {
        XCTFail(message, file: xcFile, line: xcLine)
    }
}
