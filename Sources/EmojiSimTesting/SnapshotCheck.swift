import Foundation
import Imaging
import Scenario
import Raster

/// The outcome of comparing one snapshot with its reference: what `assertSnapshot`
/// reports and what `emojisim run` prints, reports and writes.
public struct SnapshotCheck: Sendable {
    /// The reference file (nil when not comparing).
    public var reference: URL?
    /// The reference as the messages name it (relative to the package root when known).
    public var displayName: String
    /// What the comparison found and what was done about it (recorded, left pending...).
    public var status: SnapshotStatus
    /// The rendered value (nil for formats a report cannot show).
    public var actual: RenderedSnapshot?
    /// The reference, decoded once, when one existed and could be read.
    public var expected: RenderedSnapshot?
    /// For image mismatches: the differing pixels in red.
    public var diffImage: Image?
    /// The pending file written beside the reference, if any.
    public var pendingFile: URL?
    /// Extra files left for a failed comparison (the actual value and diff picture in
    /// the artifacts folder).
    public var artifacts: [URL] = []
    /// The failure message (nil when passed).
    public var message: String?
    /// The reference file's bytes as read, when the check failed and one existed.
    public var referenceBytes: [UInt8]?
    /// The actual value encoded as its reference would be, when the check failed.
    public var actualBytes: [UInt8]?
    /// For text mismatches: the unified diff the message shows.
    public var textDiff: String?

    /// One file a failing check attaches to its test (Swift Testing attachments): the
    /// reference, the actual value and the diff (picture or text).
    public struct Attachment: Sendable, Equatable {
        /// The file name, e.g. `panel.1.png.reference.png`.
        public var name: String
        /// The file's bytes.
        public var bytes: [UInt8]
    }

    /// What a failure attaches: `<file>.reference.<ext>`, `<file>.actual.<ext>` and
    /// `<file>.diff.png` (images) or `<file>.diff.txt` (text), each when there is one;
    /// nothing when the check passed.
    public var attachments: [Attachment] {
        guard !passed, let reference else { return [] }
        let file = reference.lastPathComponent
        let ext = reference.pathExtension.isEmpty ? "" : "." + reference.pathExtension
        var out: [Attachment] = []
        if let referenceBytes { out.append(Attachment(name: "\(file).reference\(ext)", bytes: referenceBytes)) }
        if let actualBytes { out.append(Attachment(name: "\(file).actual\(ext)", bytes: actualBytes)) }
        if let diffImage { out.append(Attachment(name: "\(file).diff.png", bytes: SnapshotImageCodec.encodePNG(diffImage))) }
        if let textDiff { out.append(Attachment(name: "\(file).diff.txt", bytes: Array(textDiff.utf8))) }
        return out
    }

    /// Whether the check passes; see ``SnapshotStatus/passed``.
    public var passed: Bool { status.passed }
}
