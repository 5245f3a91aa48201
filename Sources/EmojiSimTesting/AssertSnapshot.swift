import Foundation
import Testing
import XCTest

/// Compares `value`, rendered by `strategy`, with its reference in
/// `Snapshots/<Suite>/<test>.<name>.<ext>` (the package root found from `filePath`).
///
/// - Missing reference: recorded unless the record mode is `never` (always on CI),
///   in which case the assertion fails.
/// - Mismatch: fails with the strategy's diff (unified diff for text; pixel count,
///   bounding box and largest delta for images) and writes the actual value (and a diff
///   image) under `.build/snapshot-failures/` or `EMOJISIM_ARTIFACTS`; with record mode
///   `failed` or `all` the reference is rewritten instead.
/// - Works under Swift Testing (`Issue.record`) and XCTest (`XCTFail`).
///
/// `named`: the snapshot's name; unnamed snapshots of one test are numbered 1, 2, ...
/// Returns the failure message, nil on success (handy for testing the library itself).
@discardableResult
public func assertSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategy: Strategy<Value, Format>,
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

struct SnapshotLocation {
    var fileID: String, filePath: String, line: Int, column: Int
}

/// The assertion without reporting: nil on success, else the failure message.
public func verifySnapshot<Value, Format>(
    of value: () throws -> Value,
    as strategy: Strategy<Value, Format>,
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
    let mode = RecordMode.resolve(record, environment: environment)

    let actual: Format
    do {
        actual = strategy.snapshot(try value())
    } catch {
        return "snapshot \(relative): producing the value threw \(error)"
    }
    // Encoded only when needed: comparing decodes the reference instead, which is much
    // cheaper than compressing the actual image on every run.
    var encoded: [UInt8]?
    func actualBytes() -> [UInt8] {
        if let encoded { return encoded }
        let bytes = strategy.diffing.toData(actual)
        encoded = bytes
        return bytes
    }

    func write() -> String? {
        do {
            try SnapshotFiles.writeAtomically(actualBytes(), to: reference)
            FileHandle.standardError.write(Data("snapshot: recorded \(relative)\n".utf8))
            return nil
        } catch {
            return "snapshot \(relative): could not write the reference: \(error)"
        }
    }

    guard let referenceBytes = SnapshotFiles.read(reference) else {
        if mode == .never {
            let why = RecordMode.isCI(environment) ? "CI is set, so nothing is recorded" : "record mode is never"
            return "snapshot \(relative): no reference (\(why)); record it locally with EMOJISIM_RECORD=missing and commit it"
        }
        return write()
    }
    if mode == .all {
        return referenceBytes == actualBytes() ? nil : write()
    }
    let expected: Format
    do {
        expected = try strategy.diffing.fromData(referenceBytes)
    } catch {
        if mode == .failed { return write() }
        return "snapshot \(relative): the reference cannot be read: \(error)"
    }
    guard let failure = strategy.diffing.diff(expected, actual) else { return nil }
    if mode == .failed { return write() }

    var message = "snapshot \(relative) does not match:\n" + failure.message
    let folder = SnapshotFiles.artifactsFolder(root: root, environment: environment)
    let base = String(relative.dropFirst("Snapshots/".count))
    var written: [String] = []
    do {
        let actualURL = folder.appendingPathComponent(base)
        try SnapshotFiles.writeAtomically(actualBytes(), to: actualURL)
        written.append(actualURL.path)
        for artifact in failure.artifacts {
            let url = folder.appendingPathComponent(base + "." + artifact.suffix)
            try SnapshotFiles.writeAtomically(artifact.bytes, to: url)
            written.append(url.path)
        }
    } catch {
        message += "\n(could not write artifacts: \(error))"
    }
    if !written.isEmpty { message += "\nartifacts: " + written.joined(separator: ", ") }
    message += "\nto accept the change: EMOJISIM_RECORD=failed swift test --filter \(SnapshotFiles.testName(function))"
    return message
}

func reportFailure(_ message: String, at location: SnapshotLocation, xcFile: StaticString, xcLine: UInt) {
    if Test.current != nil {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(fileID: location.fileID, filePath: location.filePath,
                                           line: location.line, column: location.column)
        )
    } else {
        XCTFail(message, file: xcFile, line: xcLine)
    }
}
