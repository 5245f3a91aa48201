import SimCore
import Interaction
import Raster

/// The panel on its own as a `Testable`, for the panel's tests: touches in panel
/// coordinates, its own clock (it has no display link; the Tester steps 60 Hz frames).
extension EmojiPanel: Testable {
    public var bounds: Rect { Rect(x: 0, y: 0, width: state.layout.width, height: state.layout.configuration.height) }
    public var frameLink: DisplayLink? { nil }

    /// The panel's scroll motion (a finger's drag does not count).
    public var motion: [String] {
        switch state.scrollState {
        case .idle, .dragging: return []
        case .decelerating: return ["the panel decelerates"]
        case .bouncing: return ["the panel bounces back"]
        case .animating: return ["the panel scrolls to a page"]
        }
    }

    /// The offset lies within the pages at rest.
    public func invariantViolations() -> [String] {
        let offset = state.offset, maxOffset = state.layout.maxOffset
        if !state.isScrolling && (offset < -0.5 || offset > maxOffset + 0.5) {
            return ["panel offset \(formatPoints(offset)) outside 0...\(formatPoints(maxOffset)) at rest"]
        }
        return []
    }
}
