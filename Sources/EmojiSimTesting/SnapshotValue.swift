import Imaging
import Raster

/// A rendered snapshot as the reviewer sees it: text or pixels, never encoded bytes.
/// Reports and `emojisim snapshots review` show it; it is encoded only when written.
public enum SnapshotValue: Hashable, Sendable {
    /// A text snapshot (`ascii`, `styled`, `tree`), as written to its file.
    case text(String)
    /// A pixel snapshot (`png`, `ppm`), decoded.
    case image(Image)

    /// The text of a `.text` value; `nil` for an image.
    public var text: String? { if case .text(let t) = self { return t } else { return nil } }
    /// The image of an `.image` value; `nil` for text.
    public var image: Image? { if case .image(let i) = self { return i } else { return nil } }
}

/// How one snapshot compared with its reference.
public enum SnapshotStatus: Hashable, Sendable {
    /// Rendered only: no references to compare with (the demo).
    case unchecked
    /// Equal to the reference (for images, within the strategy's tolerance).
    case matched
    /// The reference was written (by a record mode: new, or differing under `failed`/`all`).
    case recorded
    /// New or differing: written as `<reference>.new` for review, not accepted yet.
    /// The payload is the diff (empty for a new snapshot).
    case pending(String)
    /// No reference, and nothing written (record mode `never`, or CI).
    case missing
    /// Differs from the reference and nothing was written (`never`, CI). The diff.
    case mismatch(String)
    /// New or differing, but the run's expectations failed, so nothing was written.
    case notRecorded(String)
    /// The reference exists but cannot be used (unreadable, corrupt, another format).
    case unreadable(String)

    /// Whether the snapshot counts as passing: `unchecked`, `matched` and `recorded`
    /// pass; everything else (pending included) fails, so an unreviewed change cannot
    /// go green.
    public var passed: Bool {
        switch self {
        case .unchecked, .matched, .recorded: return true
        default: return false
        }
    }

    /// One word for reports and JSON.
    public var label: String {
        switch self {
        case .unchecked: return "rendered"
        case .matched: return "matched"
        case .recorded: return "recorded"
        case .pending: return "pending"
        case .missing: return "missing"
        case .mismatch: return "mismatch"
        case .notRecorded: return "not-recorded"
        case .unreadable: return "unreadable"
        }
    }
}
