import SimCore
import Interaction
import Raster
import Tester
import ChatUI

/// The emoji panel on its own as the Tester's subject: `Tester(Host(panel:
/// EmojiPanel(catalog: catalog), width: 375))`. Touches are in panel coordinates; the
/// host sends each at its timestamp, `.deadline` at the long press, tap limit and delete
/// repeat, and `.tick` at display-link frames while the pages move or the preview plays;
/// it records the trace lines and hands the delegate calls to the reducer's `delegate`.
extension EmojiPanel: TestableReducer {
    /// A touch on the panel, in panel coordinates.
    public func touchAction(_ touch: TouchEvent) -> Action { .touch(touch) }

    /// The panel's rectangle (its width by its configured height), at the origin.
    public func bounds(_ state: State) -> Rect {
        Rect(x: 0, y: 0, width: state.layout.width, height: state.layout.configuration.height)
    }

    /// The panel drawn at `now`, in panel coordinates.
    /// - Complexity: O(visible keys) on a page cache miss, a copy of the page's list on a hit.
    public func displayList(_ state: State, at now: SimInstant) -> DisplayList { state.displayList(at: now) }

    /// True while a finger is on the panel (a press, a drag, a preview, the delete key):
    /// the Tester then runs time frame by frame.
    public func hasFingerDown(_ state: State) -> Bool { state.touch != .none }

    /// The panel's broken invariants (the offset within the pages at rest).
    public func invariantViolations(_ state: State, at now: SimInstant) -> [String] { state.invariantViolations() }
}
