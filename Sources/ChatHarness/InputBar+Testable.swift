import SimCore
import Interaction
import Raster
import Tester
import ChatUI

/// The input bar on its own as the Tester's subject: `Tester(Host(InputBar(), state:
/// InputBar.State(profile:catalog:)))`. Touches are in screen coordinates (the bar's
/// own); the host sends each at its timestamp, ticks the bar at display-link frames
/// while it `needsFrames` (the keyboard sliding, the bar moving, a finger tracked) and at
/// the loupe's deadline, and keeps what the bar refuses in `refusals` (reported by
/// `invariantViolations()` as "refused: …").
extension InputBar: TestableReducer {
    /// A touch on the bar, in screen coordinates.
    public func touchAction(_ touch: TouchEvent) -> Action { .touch(touch) }

    /// The device's screen: the bar sits at its bottom, above the keyboard.
    public func bounds(_ state: State) -> Rect { Rect(origin: .zero, size: state.profile.size) }

    /// The bar (and its keyboard) as drawn at `now`.
    /// - Complexity: O(the bar's text layout).
    public func displayList(_ state: State, at now: SimInstant) -> DisplayList { state.displayList(at: now) }

    /// True while the bar tracks a finger (a control held, a text-view drag, a loupe).
    public func hasFingerDown(_ state: State) -> Bool { state.tracking != nil }
}
