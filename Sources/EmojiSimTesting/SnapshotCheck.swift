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

    /// Whether the check passes; see ``SnapshotStatus/passed``.
    public var passed: Bool { status.passed }
}
