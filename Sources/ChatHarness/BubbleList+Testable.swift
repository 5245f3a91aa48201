import SimCore
import Interaction
import Raster
import Tester
import ChatUI

/// The bubble list on its own as the Tester's subject: `Tester(Host(list: BubbleList(...),
/// messages: ..., width: 375, viewportHeight: 600))`. The host sends each touch at its
/// timestamp (a touch down stops a fling, a lift ends it; pans come as `.pan` updates),
/// ticks the list at display-link frames while it `needsFrames` (scrolling, GIFs playing)
/// and advances the players after each frame.
extension BubbleList: TestableReducer {
    /// A touch on the list, in the list's coordinates.
    public func touchAction(_ touch: TouchEvent) -> Action { .touch(touch) }

    /// The visible rect, at the origin.
    public func bounds(_ state: State) -> Rect { Rect(x: 0, y: 0, width: state.width, height: state.viewportHeight) }

    /// The list's invariants and its players'.
    /// - Complexity: O(*v* log *v*) in the displayed rows and players.
    public func invariantViolations(_ state: State, at now: SimInstant) -> [String] { invariantViolations(state) }
}
