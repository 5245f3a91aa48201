import Testing
import SimCore
import Interaction
import Raster
import EmojiText
import ChatUI

// docs/ARCHITECTURE.md, "ChatUI: EmojiPanel": the panel driven as a value.
@Suite struct ModelExamples {
    @Test func thePanelAsAValue() {
        // snippet: architecture-panel
        let panel = EmojiPanel(catalog: .demo, configuration: .device(.iphone8))   // the dependencies
        var state = panel.initialState(width: 375)          // everything it remembers
        let key = Point(x: 33.5, y: 40)                     // the first key, in the panel's points
        let down = SimInstant.zero, up = down + .milliseconds(80)
        _ = panel.reduce(into: &state, .touch(TouchEvent(phase: .began, location: key, timestamp: down)), at: down)
        let events = panel.reduce(into: &state, .touch(TouchEvent(phase: .ended, location: key, timestamp: up)), at: up)
        // events: .didSelect(emoji), .inputClick, .didTapDelete(repeatCount:), .moment(name:fields:at:)
        let deadline = panel.nextDeadline(state)            // send .deadline then (long press, delete repeat)
        let animating = panel.needsFrames(state, at: up)    // send .tick at every frame while true
        var list = DisplayList(width: 375, height: 216)
        state.draw(into: &list, in: list.bounds)            // a Drawable: pure, clipped to the area
        state.overlayDrawing(panelOrigin: .zero, at: up).draw(into: &list, in: list.bounds) // preview, on top
        // end snippet
        #expect(events.contains(.didSelect(EmojiCatalog.demo.emoji(forCode: "微笑")!)))
        #expect(deadline == nil && !animating)
        #expect(list.items.contains(where: { $0.accessibilityLabel == "微笑" }))
    }
}
