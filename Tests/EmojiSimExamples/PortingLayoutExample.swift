import Testing
import SimCore
import Interaction
import EmojiText
import ChatUI

// docs/PORTING.md, "Key coordinates": where the panel's keys are, asked of its state.
// snippet: porting-panel-layout
/// The panel's keys in its own coordinates (origin at its top-left, at the current
/// scroll offset): where a port's hit test or a test's finger goes.
struct KeyCoordinates {
    let panel = EmojiPanel(catalog: .demo)
    var state: EmojiPanel.State

    init() { state = panel.initialState(width: 375) }

    var topLeftKey: Point { state.location(row: 0, column: 0) }        // row 0, column 0 of the page in view
    var deleteKey: Point? { state.deleteKeyLocation }                  // nil on a page without one
    var secondTab: Point { state.location(ofTab: 1) }                  // the category bar's second tab
    var smile: Point? { state.location(ofEmoji: "微笑") }               // nil when not on the page in view
    var firstKeyFrame: Rect? {                                          // a key's whole rect, any page
        state.layout.itemFrame(section: 0, index: 0).map { state.panelFrame($0) }
    }

    /// A tap on `point`: down, then up 100 ms later; returns what the panel picked.
    mutating func tap(_ point: Point, at t: SimInstant) -> [Emoji] {
        var picked: [Emoji] = []
        for (phase, at) in [(TouchEvent.Phase.began, t), (.ended, t + .milliseconds(100))] {
            for event in panel.reduce(into: &state, .touch(TouchEvent(phase: phase, location: point, timestamp: at)), at: at) {
                if case .didSelect(let e) = event { picked.append(e) }
            }
        }
        return picked
    }
}
// end snippet

@Suite struct PortingLayoutExampleTests {
    @Test func theKeyCoordinatesHitTheirKeys() throws {
        var keys = KeyCoordinates()
        let smile = try #require(keys.smile)
        #expect(smile == keys.topLeftKey)
        #expect(keys.firstKeyFrame?.center == smile)
        #expect(keys.deleteKey != nil && keys.deleteKey != smile)
        #expect(keys.secondTab.y > smile.y)
        #expect(keys.tap(smile, at: .zero + .seconds(1)).map(\.code) == ["微笑"])
    }
}
