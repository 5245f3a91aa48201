import Foundation
import Imaging
import Raster

/// A strategy of any format for `assertSnapshots`, with the key that names its file
/// (`<test>.<key>.<ext>`, or `<test>.<ext>` when the extension already begins with the
/// key: `.png` is `<test>.png`, not `<test>.png.png`):
/// `Snapshotting<Value, Format>` with its format erased, so that one call can check an
/// ASCII and a PNG reference (`[.ascii, .png]`). swift-snapshot-testing's
/// `assertSnapshots(of:as:)` takes strategies of one format only (a dictionary of
/// `Snapshotting<Value, Format>`), so it needs no such type; as `AnyHashable` does for
/// `Hashable`, this one erases the format and verifies through the same
/// `checkSnapshot` as `assertSnapshot`.
public struct AnySnapshotting<Value> {
    /// The file-name part that tells this strategy's reference from the others'
    /// (`<test>.<key>.<ext>`).
    public var key: String
    /// The strategy's file extension (`png`, `tree.txt`).
    public var pathExtension: String
    /// Checks a value against one reference: (value, name, record, directory, file path,
    /// function, environment).
    package let check: (Value, String, RecordMode?, String?, String, String, [String: String]) -> SnapshotCheck

    /// Wraps a strategy of any format.
    ///
    /// - Parameters:
    ///   - strategy: The strategy that renders and compares the value.
    ///   - key: The reference file's key.
    public init<Format>(_ strategy: Snapshotting<Value, Format>, key: String) {
        self.key = key
        pathExtension = strategy.pathExtension
        check = { value, name, record, directory, filePath, function, env in
            checkSnapshot(of: { value }, as: strategy, named: name, record: record, snapshotDirectory: directory,
                          filePath: filePath, function: function, environment: env)
        }
    }
}

extension AnySnapshotting {
    /// Whether the key `key` (this strategy's, numbered when repeated) is part of the
    /// file name: not when the extension already says it (`png` of `png`, `tree` of
    /// `tree.txt`), which would double it.
    package func keyInFileName(_ key: String) -> Bool {
        key != pathExtension && !pathExtension.hasPrefix(key + ".")
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

/// The assertion without reporting: what `assertSnapshot(of:as:...)`
/// does, minus the test issue, with the environment passed in (so a test can set
/// `CI` or `EMOJISIM_RECORD` without touching the process).
///
/// - Parameters:
///   - value: The value to snapshot.
///   - strategy: How it is rendered and compared.
///   - name: The snapshot's name; `nil` numbers it within the test.
///   - record: The record mode, over the environment's.
///   - snapshotDirectory: The folder in place of `Snapshots/`, or `nil`.
///   - filePath: The calling file's path: finds the package root and names the reference.
///   - function: The calling test, which names the reference file.
///   - environment: The variables read (`CI`, `EMOJISIM_RECORD`, `EMOJISIM_ARTIFACTS`,
///     `EMOJISIM_SNAPSHOT_DIRECTORY`).
/// - Returns: The failure message, or `nil` on success.
/// - Complexity: O(*n*) in the size of the rendered value and its reference.
public func verifySnapshot<Value, Format>(
    of value: () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: RecordMode? = nil,
    snapshotDirectory: String? = nil,
    filePath: String,
    function: String,
    environment: [String: String]
) -> String? {
    checkSnapshot(of: value, as: strategy, named: name, record: record, snapshotDirectory: snapshotDirectory,
                  filePath: filePath, function: function, environment: environment).message
}

/// As ``verifySnapshot(of:as:named:record:snapshotDirectory:filePath:function:environment:)``,
/// with the whole check: what test glue needs to attach the reference, the actual value
/// and the diff picture to a failure (``SnapshotCheck/attachments``).
///
/// - Parameters:
///   - value: The value to snapshot.
///   - strategy: How it is rendered and compared.
///   - name: The snapshot's name; `nil` numbers it within the test.
///   - record: The record mode, over the environment's.
///   - snapshotDirectory: The folder in place of `Snapshots/` (see
///     ``SnapshotFiles/referenceFolder(filePath:directory:environment:)``), or `nil`.
///   - filePath: The calling file's path: finds the package root and names the reference.
///   - function: The calling test, which names the reference file.
///   - environment: The variables read (`CI`, `EMOJISIM_RECORD`, `EMOJISIM_ARTIFACTS`,
///     `EMOJISIM_SNAPSHOT_DIRECTORY`).
/// - Returns: The check; its `message` is `nil` on success.
/// - Complexity: O(*n*) in the size of the rendered value and its reference.
public func checkSnapshot<Value, Format>(
    of value: () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: RecordMode? = nil,
    snapshotDirectory: String? = nil,
    filePath: String,
    function: String,
    environment: [String: String]
) -> SnapshotCheck {
    let place = SnapshotFiles.referenceFolder(filePath: filePath, directory: snapshotDirectory, environment: environment)
    let snapName = name ?? SnapshotUsage.shared.nextName(for: filePath + "#" + function)
    let reference = SnapshotFiles.reference(in: place.folder, function: function, name: snapName,
                                            pathExtension: strategy.pathExtension)
    let relative = place.displayName(of: reference)
    if let package = place.packageRoot, reference.path.hasPrefix(package.path + "/") {
        SnapshotUsage.shared.record(reference, root: package)
    }
    if let problem = RecordMode.environmentProblem(environment) {
        var failed = SnapshotCheck(reference: reference, displayName: relative, status: .unreadable(problem))
        failed.message = "snapshot \(relative): \(problem)"
        return failed
    }
    let actual: Format
    do {
        actual = strategy.snapshot(try value())
    } catch {
        var failed = SnapshotCheck(reference: reference, displayName: relative, status: .unreadable("\(error)"))
        failed.message = "snapshot \(relative): producing the value threw \(error)"
        return failed
    }
    // Outside a package nothing is left under a `.build` (there is none): only where
    // EMOJISIM_ARTIFACTS names a folder.
    let artifacts = place.packageRoot.map { SnapshotFiles.artifactsFolder(root: $0, environment: environment) }
        ?? SnapshotFiles.customArtifactsFolder(environment)
    let policy = SnapshotStore.Policy(
        mode: RecordMode.resolve(record, environment: environment), isCI: RecordMode.isCI(environment),
        blocked: TestExpectations.blockedReason,
        artifacts: artifacts,
        acceptHint: SnapshotHint.review(pending: reference.path + ".new", display: relative + ".new",
                                        packageRoot: place.packageRoot),
        root: place.root)
    let check = SnapshotStore.verify(actual, diffing: strategy.diffing, reference: reference, displayName: relative,
                                     artifactName: place.folder.lastPathComponent + "/" + reference.lastPathComponent,
                                     policy: policy)
    if check.status == .recorded { FileHandle.standardError.write(Data("snapshot: recorded \(relative)\n".utf8)) }
    return check
}

