import SimCore
import Raster
import Interaction

/// UITextView's selection grab handles: while the first responder has a range selected
/// (double tap, `select`, `select all`), a handle stands at each end (a caret-high stem
/// with a round knob: above the start, below the end). A finger that goes down within a
/// handle's hit area (`handleHitSize`, 44 pt, UIKit's minimum touch target) and moves
/// drags that end on unit boundaries (never inside an emoji attachment); the ends never
/// cross: dragging one end past the other keeps at least one unit selected, as UIKit
/// does. A finger that lifts without moving is an ordinary tap (caret, double tap).
///
/// Trace: `inputBar handleDragBegan handle=end at=(x, y)` when the finger first moves,
/// `textChanged` on every selection change, `inputBar handleDragEnded handle=end
/// selection=L+N` on lift or cancel.
extension InputBar {
    /// The side of a handle square a finger may land in: 44 pt, the minimum touch
    /// target of Apple's Human Interface Guidelines (UIKit's handles take touches in
    /// about that area around the stem).
    public static let handleHitSize: Double = 44
    /// The knob's diameter: 8 pt, one grid column (the grid prints it as one `●`).
    public static let handleKnobSize: Double = 8

    /// One handle's geometry in screen coordinates at an instant.
    public struct SelectionHandle: Hashable, Sendable {
        /// Which end of the selection it marks.
        public var end: SelectionHandleEnd
        /// The selection boundary it stands on (editor units).
        public var boundary: Int
        /// The caret-high stem at the boundary.
        public var stem: Rect
        /// The round knob: above the stem for the start, below it for the end.
        public var knob: Rect
        /// Where a finger grabs it: `handleHitSize` square around the stem's centre.
        public var hitArea: Rect
    }

    /// A handle under a finger: grabbed at touch down, dragging once the finger moves.
    public struct HandleGrab: Hashable, Sendable {
        /// Which handle the finger holds.
        public var end: SelectionHandleEnd
        /// From the finger to the stem's centre at touch down: the drag keeps it, so the
        /// handle does not jump to the fingertip.
        public var offset: Point
        /// The touch-down location (screen coordinates).
        public var origin: Point
        /// False until the finger moves: a grab that never moves changes nothing.
        public var isDragging = false
        /// A grab of `end` at `origin`, `offset` from the stem's centre.
        public init(end: SelectionHandleEnd, offset: Point, origin: Point, isDragging: Bool = false) {
            self.end = end; self.offset = offset; self.origin = origin; self.isDragging = isDragging
        }
    }


    /// A move, lift or cancel of a finger that holds a handle (`grab.isDragging`).
    static func handleTouch(_ s: inout State, _ t: TouchTracking, _ touch: TouchEvent, events: inout [InputBarEvent]) {
        guard let grab = t.handle else { return }
        let now = touch.timestamp
        switch touch.phase {
        case .moved, .stationary, .began:
            transition(&s, now: now, events: &events) { s, _ in
                s.tracking = t
                let sel = selection(of: s.editor)
                guard !sel.isEmpty else { return } // an edit collapsed it under the finger
                let b = caretBoundary(s, atScreenPoint: touch.location + grab.offset, now: now)
                let next: Range<Int>
                switch grab.end {
                case .start: next = min(b, sel.upperBound - 1)..<sel.upperBound
                case .end: next = sel.lowerBound..<max(b, sel.lowerBound + 1)
                }
                if next != sel { editorSelect(&s, next) }
            }
        case .ended, .cancelled:
            s.tracking = nil
            let sel = selection(of: s.editor)
            events.append(.handleDragEnded(grab.end, selectionLocation: sel.lowerBound, selectionLength: sel.count))
        }
    }
}

extension InputBar.State {
    /// The selection's handles at `now`, start first: none unless first responder with
    /// a non-empty selection; a handle whose line is scrolled out of the text container
    /// is not shown.
    /// - Complexity: O(line length).
    public func selectionHandles(at now: SimInstant) -> [InputBar.SelectionHandle] {
        let sel = InputBar.selection(of: editor)
        guard responder.isFirstResponder, !sel.isEmpty else { return [] }
        let bar = frame(at: now)
        let c = configuration
        let tv = layout(at: now).textViewFrame.offsetBy(dx: bar.minX, dy: bar.minY)
        let container = tv.inset(by: Insets(top: c.textInsets.top, left: 0, bottom: c.textInsets.bottom, right: 0))
        let origin = Point(x: tv.minX + c.lineFragmentPadding, y: tv.minY + c.textInsets.top - scrollOffset)
        let text = InputBar.textLayout(self)
        let k = InputBar.handleKnobSize, hit = InputBar.handleHitSize
        var out: [InputBar.SelectionHandle] = []
        for (end, boundary) in [(SelectionHandleEnd.start, sel.lowerBound), (.end, sel.upperBound)] {
            let stem = text.caretRect(at: boundary).offsetBy(dx: origin.x, dy: origin.y)
            guard stem.midY >= container.minY, stem.midY < container.maxY else { continue }
            // The knob's centre one line height from the line's centre: its own grid row.
            let knobY = end == .start ? stem.midY - stem.height - k / 2 : stem.midY + stem.height - k / 2
            out.append(InputBar.SelectionHandle(
                end: end, boundary: boundary, stem: stem,
                knob: Rect(x: stem.midX - k / 2, y: knobY, width: k, height: k),
                hitArea: Rect(x: stem.midX - hit / 2, y: stem.midY - hit / 2, width: hit, height: hit)))
        }
        return out
    }

    /// The handle a touch down at `point` (screen coordinates) grabs: the nearest one
    /// whose hit area holds it. O(line length).
    func handleGrab(at point: Point, now: SimInstant) -> InputBar.HandleGrab? {
        var best: (InputBar.SelectionHandle, Double)?
        for h in selectionHandles(at: now) where h.hitArea.contains(point) {
            let d = h.stem.center.distance(to: point)
            if best.map({ d < $0.1 }) ?? true { best = (h, d) }
        }
        guard let (h, _) = best else { return nil }
        return InputBar.HandleGrab(end: h.end, offset: h.stem.center - point, origin: point)
    }
}

extension InputBar.State {
    /// Draws the handles (screen handles moved to `origin`, the bar's top-left in the
    /// list): stems as caret marks inside the text container (a glyph under one keeps
    /// showing in the grid), each joined to its knob, a filled dot one line above the
    /// start and one line below the end (its own grid row: a `●`), clipped to the bar.
    /// View `InputBar.selectionHandle`.
    func drawSelectionHandles(origin: Point, at now: SimInstant, into list: inout DisplayList) {
        let handles = selectionHandles(at: now)
        guard !handles.isEmpty else { return }
        let bar = self.frame(at: now)
        let c = self.configuration
        let dx = origin.x - bar.minX, dy = origin.y - bar.minY
        let tv = layout(at: now).textViewFrame.offsetBy(dx: origin.x, dy: origin.y)
        let container = tv.inset(by: Insets(top: c.textInsets.top, left: 0, bottom: c.textInsets.bottom, right: 0))
        let view = "InputBar.selectionHandle"
        list.clipped(to: container, view: view) { list in
            for h in handles { list.append(.caret(h.stem.offsetBy(dx: dx, dy: dy), .caret), view: view) }
        }
        let l = layout(at: now)
        list.clipped(to: Rect(x: origin.x, y: origin.y, width: l.width, height: l.height), view: view) { list in
            for h in handles {
                let knob = h.knob.offsetBy(dx: dx, dy: dy), stem = h.stem.offsetBy(dx: dx, dy: dy)
                // The neck between the line and the knob, outside the text container.
                let neck = h.end == .start
                    ? Rect(x: stem.minX, y: knob.midY, width: stem.width, height: max(0, stem.minY - knob.midY))
                    : Rect(x: stem.minX, y: stem.maxY, width: stem.width, height: max(0, knob.midY - stem.maxY))
                list.fill(neck, .caret, view: view)
                list.circle(knob, .caret, view: view, state: .selected)
            }
        }
    }
}
