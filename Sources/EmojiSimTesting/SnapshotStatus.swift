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
