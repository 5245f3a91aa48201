import Foundation
import Imaging
import Raster

/// How a snapshot format is stored and compared: to and from file bytes, a diff that
/// returns nil when two values match, else a failure, and optionally how reports and
/// reviews show a value.
public struct Diffing<Format> {
    /// Encodes a value as the reference file's bytes; called only when a file is written.
    public var toData: (Format) -> [UInt8]
    /// Decodes a reference file; an error makes the reference `unreadable` (not a diff).
    public var fromData: ([UInt8]) throws -> Format
    /// (reference, actual) -> nil when equal, else the failure to report.
    public var diff: (Format, Format) -> SnapshotFailure?
    /// The value as text or pixels, for reports (nil: not shown).
    public var preview: ((Format) -> RenderedSnapshot)?

    /// Creates a diffing from its four parts.
    ///
    /// - Parameters:
    ///   - toData: Encodes a value for its file.
    ///   - fromData: Decodes a reference file.
    ///   - diff: Compares (reference, actual): `nil` when they match.
    ///   - preview: Shows a value in reports and reviews; `nil` shows nothing.
    public init(toData: @escaping (Format) -> [UInt8],
                fromData: @escaping ([UInt8]) throws -> Format,
                diff: @escaping (Format, Format) -> SnapshotFailure?,
                preview: ((Format) -> RenderedSnapshot)? = nil) {
        self.toData = toData; self.fromData = fromData; self.diff = diff; self.preview = preview
    }
}

/// What a failed comparison reports: a message (the diff or summary), files to leave
/// in the artifacts folder (suffix -> bytes, e.g. "diff.png"), and for images the
/// differing pixels.
public struct SnapshotFailure: Sendable {
    /// The diff or summary, as the test issue shows it.
    public var message: String
    /// Extra files for the artifacts folder, each written as `<name>.<ext>.<suffix>`.
    public var artifacts: [(suffix: String, bytes: [UInt8])]
    /// The differing pixels drawn in red, for reports.
    public var diffImage: Image?

    /// Creates a failure; each parameter sets the property of the same name.
    ///
    /// - Parameters:
    ///   - message: The diff or summary.
    ///   - artifacts: Extra files by suffix.
    ///   - diffImage: The diff picture, for image formats.
    public init(message: String, artifacts: [(suffix: String, bytes: [UInt8])] = [], diffImage: Image? = nil) {
        self.message = message; self.artifacts = artifacts; self.diffImage = diffImage
    }
}

/// A snapshot strategy: turns a value into a format (text, image) stored with a file
/// extension and compared by a `Diffing`. Compose with `pullback` to snapshot any
/// value that can be converted into one a strategy already handles.
public struct Snapshotting<Value, Format> {
    /// The reference file's extension, without a dot (`txt`, `tree.txt`, `png`).
    public var pathExtension: String
    /// Renders a value in the strategy's format.
    public var snapshot: (Value) -> Format
    /// How the format is stored and compared.
    public var diffing: Diffing<Format>

    /// Creates a strategy.
    ///
    /// - Parameters:
    ///   - pathExtension: The reference file's extension, without a dot.
    ///   - diffing: How the format is stored and compared.
    ///   - snapshot: Renders a value in the format.
    public init(pathExtension: String, diffing: Diffing<Format>, snapshot: @escaping (Value) -> Format) {
        self.pathExtension = pathExtension; self.diffing = diffing; self.snapshot = snapshot
    }

    /// A strategy for `NewValue` that converts it to `Value` first.
    ///
    /// - Parameter transform: Converts the new value; it runs once per snapshot.
    /// - Returns: A strategy with the same extension and diffing.
    public func pullback<NewValue>(_ transform: @escaping (NewValue) -> Value) -> Snapshotting<NewValue, Format> {
        let snap = snapshot
        return Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) { snap(transform($0)) }
    }
}

extension Diffing where Format == String {
    /// Exact text comparison; a failure shows the first differing lines as a unified diff.
    public static var lines: Diffing<String> {
        Diffing(
            toData: { Array($0.utf8) },
            fromData: { String(decoding: $0, as: UTF8.self) },
            diff: { reference, actual in
                guard let d = SnapshotDiff.text(reference: reference, actual: actual) else { return nil }
                return SnapshotFailure(message: d)
            },
            preview: { .text($0) }
        )
    }
}

extension Snapshotting where Value == String, Format == String {
    /// Plain text, stored as `.txt`.
    public static var lines: Snapshotting<String, String> {
        Snapshotting(pathExtension: "txt", diffing: .lines) { $0 }
    }
}
