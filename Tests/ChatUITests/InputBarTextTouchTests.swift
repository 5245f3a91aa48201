import Testing
import SimCore
import EmojiText
import Interaction
import Raster
import EmojiSimTesting
@testable import ChatUI

private func ms(_ n: Int) -> SimInstant { SimInstant.zero + .milliseconds(n) }

/// A first-responder bar (system keyboard up, settled at 300 ms) holding `text`, with
/// `emojiAt` units replaced by the smile attachment when given (typed text, then the
/// emoji from the panel, then the rest).
private func focusedStore(_ before: String, emoji: Bool = false, after: String = "") -> InputBarStore {
    let store = inputBarStore()
    store.skip(.tapTextView())
    store.skip(.tick, at: ms(300))
    store.skip(.type(before))
    if emoji {
        store.skip(.tapToggle)
        store.skip(.insertEmoji(InputBarRig.smile))
        store.skip(.tapTextView())
        store.skip(.tick, at: ms(700))
        store.skip(.type(after))
    }
    return store
}

/// The screen point of the caret boundary before `unit` (the scripts' `input at N`).
private func point(_ store: InputBarStore, _ unit: Int) -> Point {
    store.state.caretPoint(before: unit, at: store.now)!
}

private func touch(_ phase: TouchEvent.Phase, _ p: Point, _ t: Int) -> InputBar.Action {
    .touch(TouchEvent(phase: phase, location: p, timestamp: ms(t)))
}

/// UITextView's loupe and selection handles, as exact transitions (TestStore).
@Suite struct InputBarLoupeTests {
    /// UITextView: a finger held still (within 10 pt) for the loupe delay (0.5 s, UIKit's
    /// long-press default) shows the loupe and puts the caret under it; the delay is a
    /// deadline the host calls back at, and the tap can no longer happen.
    @Test func aStillHoldOfHalfASecondShowsTheLoupeAtTheCaretUnderTheFinger() {
        let store = focusedStore("hello")
        let p = point(store, 2)
        var tap = TapRecognizer(name: "inputBar.tap")
        let began = TouchEvent(phase: .began, location: p, timestamp: ms(1000))
        _ = tap.handle(began)
        store.send(.touch(began), at: began.timestamp) {
            $0.tracking = InputBar.TouchTracking(id: 1, target: .textView, button: nil, control: nil, recognizer: tap,
                                                 pendingLoupe: InputBar.PendingLoupe(begins: ms(1500), origin: p, location: p))
        }
        #expect(store.state.loupeDeadline == ms(1500))
        #expect(InputBar().nextDeadline(store.state) == ms(1500))
        // Within the allowable movement the hold goes on.
        let nudged = Point(x: p.x + 6, y: p.y)
        store.send(touch(.moved, nudged, 1200), at: ms(1200)) { $0.tracking?.pendingLoupe?.location = nudged }
        store.send(.tick, at: ms(1499))
        _ = tap.fail(at: ms(1500))
        store.send(.tick, at: ms(1500), [.loupeShown(at: nudged, caret: 3),
                                         .textChanged(text: "hello", selectionLocation: 3, selectionLength: 0)]) {
            $0.tracking?.pendingLoupe = nil
            $0.tracking?.recognizer = tap
            $0.tracking?.loupe = InputBar.Loupe(finger: nudged, caret: 3)
            _ = try? $0.editor.setSelection(3..<3)
        }
        #expect(store.state.loupe == InputBar.Loupe(finger: nudged, caret: 3))
        // Past the tap's own deadline the finger stays the loupe's.
        store.send(.tick, at: ms(1800))
        #expect(InputBar().nextDeadline(store.state) == nil)
    }

    /// UITextView: while the loupe shows, the caret follows the finger on unit
    /// boundaries; lifting hides the loupe and leaves the caret (no tap, no caret jump).
    @Test func theCaretFollowsTheLoupeAndStaysWhereItIsOnLift() {
        let store = focusedStore("hello world")
        let p = point(store, 1)
        store.skip(touch(.began, p, 1000), at: ms(1000))
        store.skip(.tick, at: ms(1500))
        #expect(store.state.selectedRange == 1..<1)
        let q = point(store, 7)
        store.send(touch(.moved, q, 1600), at: ms(1600), [.loupeMoved(at: q, caret: 7),
                                           .textChanged(text: "hello world", selectionLocation: 7, selectionLength: 0)]) {
            $0.tracking?.loupe = InputBar.Loupe(finger: q, caret: 7)
            _ = try? $0.editor.setSelection(7..<7)
        }
        // A move within the same boundary moves the loupe only: no trace line.
        let q2 = Point(x: q.x + 2, y: q.y + 3)
        store.send(touch(.moved, q2, 1650), at: ms(1650)) { $0.tracking?.loupe?.finger = q2 }
        store.send(touch(.ended, q2, 1700), at: ms(1700), [.loupeHidden(caret: 7)]) { $0.tracking = nil }
        #expect(store.state.loupe == nil)
    }

    /// UITextView: a finger that moves more than 10 pt before the delay is no long press
    /// (and no tap): nothing shows at the deadline.
    @Test func movingBeforeTheLoupeDelayIsNoLoupe() {
        let store = focusedStore("hello")
        let p = point(store, 2)
        store.skip(touch(.began, p, 1000), at: ms(1000))
        store.send(touch(.moved, Point(x: p.x + 11, y: p.y), 1100), at: ms(1100)) { $0.tracking = nil }
        store.send(.tick, at: ms(1500))
        #expect(store.state.loupeDeadline == nil)
    }

    /// The seed turns `textDragInteraction` off: a long press on an emoji attachment, or
    /// on a selection holding one, never lifts it out for drag and drop. It is the loupe:
    /// the text never changes, no unit is ever split, only the caret moves.
    @Test func aLongPressOnAnEmojiOrASelectionNeverDragsTheAttachmentOut() {
        // The emoji alone (unit 3); then inside a selection "ello [f056] worl" whose
        // handles are farther than their 22 pt reach from the emoji.
        for (before, after, selection, emojiAt) in [("hi ", " there", nil, 3), ("hello ", " world", 1..<12, 6)] {
            let store = focusedStore(before, emoji: true, after: after)
            let text = store.state.text
            #expect(text == before + "[f056]" + after)
            if let selection { store.skip(.select(location: selection.lowerBound, length: selection.count)) }
            let units = store.state.editor.units
            // Down in the emoji's middle, hold, then drag across it both ways.
            let a = point(store, emojiAt), b = point(store, emojiAt + 1)
            let middle = Point(x: (a.x + b.x) / 2, y: a.y)
            var t = 1000
            store.skip(touch(.began, middle, t), at: ms(t))
            store.skip(.tick, at: ms(t + 500))
            #expect(store.state.loupe != nil)
            #expect(store.state.selectedRange.isEmpty)
            for dx in stride(from: -24.0, through: 24.0, by: 1.5) {
                t += 8
                let events = store.skip(touch(.moved, Point(x: middle.x + dx, y: middle.y), t), at: ms(t))
                for e in events {
                    if case let .textChanged(now, _, len) = e { #expect(now == text && len == 0) }
                }
                #expect(store.state.text == text)
                #expect(store.state.editor.units == units)
                #expect((0...units.count).contains(store.state.selectedRange.lowerBound))
            }
            store.skip(touch(.moved, middle, t + 8), at: ms(t + 8))
            store.skip(touch(.ended, middle, t + 16), at: ms(t + 16))
            #expect(store.state.text == text)
            #expect(store.state.editor.units == units)
            #expect(store.state.selectedRange == emojiAt..<emojiAt || store.state.selectedRange == (emojiAt + 1)..<(emojiAt + 1))
        }
    }

    /// The loupe is drawn above the finger with the caret's neighbourhood, only while it
    /// shows; drawing it changes nothing.
    @Test func theLoupeIsDrawnAboveTheFingerWhileItShows() {
        let store = focusedStore("hello world")
        let p = point(store, 5)
        store.skip(touch(.began, p, 1000), at: ms(1000))
        let bar = store.state
        let frame = bar.frame(at: ms(1000))
        func loupeItems(_ b: InputBar.State, at t: Int) -> [DisplayItem] {
            var list = DisplayList(size: Size(width: 375, height: 667))
            b.drawing(at: ms(t)).draw(into: &list, in: frame)
            b.loupeDrawing(barOrigin: frame.origin, at: ms(t)).draw(into: &list, in: list.bounds)
            return list.items(inView: "InputBar.loupe")
        }
        #expect(loupeItems(bar, at: 1000).isEmpty)
        store.skip(.tick, at: ms(1500))
        let shown = store.state
        let items = loupeItems(shown, at: 1500)
        #expect(items == loupeItems(shown, at: 1500))
        #expect(!items.isEmpty)
        let bubble = items.compactMap { item -> Rect? in
            if case let .roundedRect(r, _, _) = item.command { return r }
            return nil
        }.first
        #expect(bubble.map { $0.maxY <= frame.minY && $0.minX <= p.x && $0.maxX >= p.x } == true)
        let texts = items.compactMap { item -> String? in
            if case let .text(layout, _, _) = item.command {
                return layout.runs.map { run -> String in
                    if case let .text(t) = run { return t }
                    return "?"
                }.joined()
            }
            return nil
        }
        // Caret 5 (before the space) in the middle, magnified 1.25 as iOS's loupe: four
        // cells either side fit (five did at 1:1), each glyph 10 points wide.
        #expect(texts == ["ello wor"])
        let magnified = items.compactMap { item -> TextLayout? in
            if case let .text(layout, _, _) = item.command { return layout }
            return nil
        }.first
        #expect(magnified?.metrics.magnification == InputBar.loupeMagnification)
        #expect(magnified?.advances.first == 10 && magnified?.metrics.lineHeight == 20)
        store.skip(touch(.ended, p, 1600), at: ms(1600))
        #expect(loupeItems(store.state, at: 1600).isEmpty)
    }

    /// The host calls back at the loupe deadline (a clock timer), not at the next frame:
    /// the loupe shows at exactly 0.5 s after the touch down.
    @Test func theHostTicksTheBarAtTheLoupeDeadline() throws {
        let r = InputBarRig()
        try r.send(.tapTextView())
        try r.advance(ms: 300)
        try r.send(.type("hello"))
        try r.advance(to: ms(1003))
        let p = r.bar.caretPoint(before: 2, at: r.clock.now)!
        r.host.handle(TouchEvent(phase: .began, location: p, timestamp: r.clock.now))
        try r.advance(to: ms(1600))
        #expect(r.trace.lines.contains("1.503s inputBar loupeShown at=\(p) caret=2"))
        r.host.handle(TouchEvent(phase: .ended, location: p, timestamp: r.clock.now))
        #expect(r.trace.lines.last == "1.600s inputBar loupeHidden caret=2")
    }
}

@Suite struct InputBarSelectionHandleTests {
    private func selected(_ text: String, _ range: Range<Int>) -> InputBarStore {
        let store = focusedStore(text)
        store.skip(.select(location: range.lowerBound, length: range.count))
        return store
    }

    /// UITextView: a selection shows a grab handle at each end; none for a caret or
    /// without first responder.
    @Test func aSelectionShowsAGrabHandleAtEachEnd() {
        let store = selected("hello world", 6..<11)
        let handles = store.state.selectionHandles(at: store.now)
        #expect(handles.map(\.end) == [.start, .end])
        #expect(handles.map(\.boundary) == [6, 11])
        #expect(handles[0].stem.minX == point(store, 6).x && handles[1].stem.minX == point(store, 11).x)
        #expect(handles[0].knob.maxY <= handles[0].stem.minY && handles[1].knob.minY >= handles[1].stem.maxY)
        #expect(handles.allSatisfy { $0.hitArea.width == 44 && $0.hitArea.height == 44 })
        store.skip(.select(location: 3, length: 0))
        #expect(store.state.selectionHandles(at: store.now).isEmpty)
        store.skip(.select(location: 0, length: 2))
        store.skip(.tapOutside)
        #expect(store.state.selectionHandles(at: store.now).isEmpty)
    }

    /// UITextView: dragging the end handle moves the selection's end on unit
    /// boundaries; the trace says when the drag begins and ends.
    @Test func draggingTheEndHandleExtendsTheSelectionOnUnitBoundaries() {
        let store = selected("hello world", 0..<5)
        let h = store.state.selectionHandles(at: store.now)[1]
        let down = Point(x: h.stem.midX + 3, y: h.stem.midY + 10) // inside the 44 pt area, off the stem
        var tap = TapRecognizer(name: "inputBar.tap")
        _ = tap.handle(TouchEvent(phase: .began, location: down, timestamp: ms(1000)))
        let grab = InputBar.HandleGrab(end: .end, offset: h.stem.center - down, origin: down)
        store.send(touch(.began, down, 1000), at: ms(1000)) {
            $0.tracking = InputBar.TouchTracking(id: 1, target: .textView, button: nil, control: nil, recognizer: tap,
                                                 handle: grab)
        }
        #expect(store.state.loupeDeadline == nil) // a handle is no loupe
        let to = Point(x: down.x + 16, y: down.y)     // two characters right
        _ = tap.fail(at: ms(1050))
        var dragging = grab
        dragging.isDragging = true
        store.send(touch(.moved, to, 1050), at: ms(1050), [.handleDragBegan(.end, at: to),
                                            .textChanged(text: "hello world", selectionLocation: 0, selectionLength: 7)]) {
            $0.tracking?.recognizer = tap
            $0.tracking?.handle = dragging
            _ = try? $0.editor.setSelection(0..<7)
        }
        store.send(touch(.ended, to, 1100), at: ms(1100), [.handleDragEnded(.end, selectionLocation: 0, selectionLength: 7)]) {
            $0.tracking = nil
        }
    }

    /// UITextView: the ends never cross; dragging the end handle before the start (or
    /// the start past the end) keeps one unit selected.
    @Test func theHandlesNeverCrossOneUnitStaysSelected() {
        for end in SelectionHandleEnd.allCases {
            let store = selected("hello world", 3..<8)
            let h = store.state.selectionHandles(at: store.now).first { $0.end == end }!
            let p = h.stem.center
            store.skip(touch(.began, p, 1000), at: ms(1000))
            let far = Point(x: end == .end ? p.x - 200 : p.x + 200, y: p.y)
            store.skip(touch(.moved, far, 1100), at: ms(1100))
            #expect(store.state.selectedRange == (end == .end ? 3..<4 : 7..<8))
            store.skip(touch(.ended, far, 1200), at: ms(1200))
            #expect(store.state.text == "hello world")
        }
    }

    /// A handle dragged over an emoji attachment stops on either side of it, never
    /// inside: the attachment is one unit.
    @Test func aHandleDraggedOverAnEmojiLandsOnItsBoundaries() {
        let store = focusedStore("ab ", emoji: true, after: " cd")
        store.skip(.select(location: 0, length: 1))
        let h = store.state.selectionHandles(at: store.now)[1]
        var t = 1000
        store.skip(touch(.began, h.stem.center, t), at: ms(t))
        var seen = Set<Int>()
        for dx in stride(from: 0.0, through: 60, by: 1) {
            t += 8
            store.skip(touch(.moved, Point(x: h.stem.center.x + dx, y: h.stem.center.y), t), at: ms(t))
            seen.insert(store.state.selectedRange.upperBound)
            #expect(store.state.text == "ab [f056] cd")
        }
        #expect(seen.isSuperset(of: [3, 4, 5]))
        #expect(seen.allSatisfy { (1...7).contains($0) })
    }

    /// UIKit's handle has no time limit: held still past the tap's deadline, it still
    /// drags when the finger moves.
    @Test func aHandleHeldStillStillDrags() {
        let store = selected("hello world", 0..<5)
        let h = store.state.selectionHandles(at: store.now)[1]
        store.skip(touch(.began, h.stem.center, 1000), at: ms(1000))
        store.skip(.tick, at: ms(2000))
        #expect(store.state.tracking?.handle != nil)
        let to = Point(x: h.stem.center.x + 16, y: h.stem.center.y)
        let events = store.skip(touch(.moved, to, 2050), at: ms(2050))
        #expect(events.first == .handleDragBegan(.end, at: to))
        #expect(store.state.selectedRange == 0..<7)
    }

    /// A tap that lifts on a handle without moving is still the text view's tap (UIKit's
    /// handle only takes a finger that drags): the caret goes there.
    @Test func aTapOnAHandleIsStillATap() {
        let store = selected("hello world", 0..<5)
        let p = point(store, 5)
        store.skip(touch(.began, p, 1000), at: ms(1000))
        let events = store.skip(touch(.ended, p, 1080), at: ms(1080))
        #expect(events == [.textChanged(text: "hello world", selectionLocation: 5, selectionLength: 0)])
    }
}
