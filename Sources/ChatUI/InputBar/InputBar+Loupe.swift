import SimCore
import EmojiText
import Raster
import Interaction

/// UITextView's loupe: a finger held still on the text view of the first responder for
/// `loupeDelay` shows a magnifier above the finger; while the finger drags, the caret
/// follows it on unit boundaries (an emoji attachment is one unit, so the caret is never
/// inside one); lifting hides the loupe and leaves the caret where it is (no tap).
///
/// The timer is a deadline, never a clock read: `TouchTracking.pendingLoupe.begins` is
/// part of `InputBar.nextDeadline(after:)` and of `State.loupeDeadline`, and the host
/// sends `.tick(at:)` at that instant (ChatScreen and a `Host<InputBar>` keep a clock
/// timer there). The seed turns `textDragInteraction` off, so a long press never lifts text
/// or an attachment out for drag and drop: on a selection or on an emoji it is the loupe
/// too, and only the caret moves.
///
/// Not modelled: the loupe on a text view that is not first responder (UIKit begins
/// editing first; here such a hold is a tap that fails at its deadline, as before),
/// autoscroll at the text view's edges beyond `finish`'s scroll-to-caret, and the loupe
/// during a selection-handle drag.
extension InputBar {
    /// The hold before the loupe shows: UITextView's loupe gesture waits as
    /// `UILongPressGestureRecognizer` does by default (`minimumPressDuration` 0.5 s;
    /// Apple documents that default, not the private loupe recognizer's own value).
    public static let loupeDelay = SimDuration.milliseconds(500)
    /// How far the finger may move during `loupeDelay` (`allowableMovement`, 10 pt by
    /// default in UIKit; the text view's tap uses the same 10 pt).
    public static let loupeAllowableMovement: Double = 10
    /// The loupe's size: three grid rows (border, text, border), twelve columns.
    public static let loupeSize = Size(width: 96, height: 48)
    /// How much larger the loupe shows the text: 1.25, the enlargement of the view under
    /// the finger in Apple's text loupe as reverse-engineered for DTLoupe (Cocoanetics,
    /// "DTLoupe – Reverse-engineering Apple's Loupes", 2011; Apple documents no figure).
    public static let loupeMagnification = 1.25

    /// The shown loupe: where the finger is (screen coordinates) and the caret boundary
    /// (editor units) it magnifies. Invariant: `caret` is the selection (a caret) while
    /// the loupe shows, unless an action without a touch changed it meanwhile.
    public struct Loupe: Hashable, Sendable {
        /// The finger's location, screen coordinates.
        public var finger: Point
        /// The caret boundary under the loupe, editor units.
        public var caret: Int
        /// A loupe over `caret` for a finger at `finger`.
        public init(finger: Point, caret: Int) { self.finger = finger; self.caret = caret }
    }

    /// A finger held on the text view, waiting for `begins` to show the loupe; dropped
    /// when the finger moves more than `loupeAllowableMovement` from `origin` or lifts.
    public struct PendingLoupe: Hashable, Sendable {
        /// When the loupe appears if the finger stays.
        public var begins: SimInstant
        /// Where the finger came down (screen coordinates).
        public var origin: Point
        /// The finger's latest location (screen coordinates).
        public var location: Point
        /// A finger that came down at `origin` and is now at `location`.
        public init(begins: SimInstant, origin: Point, location: Point) {
            self.begins = begins; self.origin = origin; self.location = location
        }
    }

    /// The deadlines of the finger being tracked, at a tick (`step` calls it between the
    /// snapshot and `finish`, so a caret the loupe moves is reported as `textChanged`):
    /// the loupe shows at its instant (the tap fails: it can no longer be one); a tap
    /// held past its own deadline is forgotten, unless its finger holds a selection
    /// handle (it may still drag it). O(text) when the loupe shows, else O(1).
    static func touchDeadlinesPassed(_ s: inout State, now: SimInstant, events: inout [InputBarEvent]) {
        guard var t = s.tracking else { return }
        if let pending = t.pendingLoupe, now >= pending.begins {
            t.pendingLoupe = nil
            if var tap = t.recognizer { _ = tap.fail(at: pending.begins); t.recognizer = tap }
            let caret = caretBoundary(s, atScreenPoint: pending.location, now: now)
            t.loupe = Loupe(finger: pending.location, caret: caret)
            s.tracking = t
            events.append(.loupeShown(at: pending.location, caret: caret))
            editorSelect(&s, caret..<caret)
            return
        }
        if var tap = t.recognizer, let d = tap.deadline, now >= d {
            if t.handle == nil {
                s.tracking = nil
            } else {
                // A finger on a handle is no tap any more, but may still drag it.
                _ = tap.fail(at: d)
                t.recognizer = tap
                s.tracking = t
            }
        }
    }

    /// A move or the end of the finger that shows the loupe: the caret follows it on
    /// unit boundaries (`loupeMoved` when the boundary changes); lifting or a cancel
    /// hides the loupe and performs nothing else.
    static func loupeTouch(_ s: inout State, _ t: TouchTracking, _ touch: TouchEvent, events: inout [InputBarEvent]) {
        guard var loupe = t.loupe else { return }
        let now = touch.timestamp
        switch touch.phase {
        case .moved, .stationary, .began:
            transition(&s, now: now, events: &events) { s, events in
                var tracking = t
                loupe.finger = touch.location
                let caret = caretBoundary(s, atScreenPoint: touch.location, now: now)
                if caret != loupe.caret {
                    loupe.caret = caret
                    events.append(.loupeMoved(at: touch.location, caret: caret))
                    editorSelect(&s, caret..<caret)
                }
                tracking.loupe = loupe
                s.tracking = tracking
            }
        case .ended, .cancelled:
            s.tracking = nil
            events.append(.loupeHidden(caret: loupe.caret))
        }
    }

    /// Runs a change of the text view from a touch as an action does: the snapshot
    /// before, then `finish` (layout, scroll to the caret, `textChanged`).
    static func transition(_ s: inout State, now: SimInstant, events: inout [InputBarEvent],
                           _ body: (inout State, inout [InputBarEvent]) -> Void) {
        let before = Snapshot(s)
        body(&s, &events)
        finish(&s, before: before, now: now, events: &events)
    }

    /// The unit boundary nearest a screen point, through the text view's layout (scroll
    /// included). O(line length).
    static func caretBoundary(_ s: State, atScreenPoint p: Point, now: SimInstant) -> Int {
        let bar = s.frame(at: now)
        let local = Point(x: p.x - bar.minX, y: p.y - bar.minY)
        return textLayout(s).position(at: textContainerPoint(s, local, now: now))
    }

}

extension InputBar.State {
    /// The loupe being shown, if any (the finger that drags the caret).
    public var loupe: InputBar.Loupe? { tracking?.loupe }

    /// When the held finger's loupe is due, if one is pending: the host sends `.tick`
    /// then (`InputBar.nextDeadline`).
    /// - Complexity: O(1).
    public var loupeDeadline: SimInstant? { tracking?.pendingLoupe?.begins }
}

// MARK: drawing

extension InputBar.State {
    /// The loupe's frame in the coordinates its `LoupeDrawing` draws in (`origin` is the
    /// bar's top-left there): centred over the finger, above the caret's line, kept on
    /// the screen, on whole grid cells (8 x 16 pt) so the grid and the pixels agree.
    func loupeFrame(_ loupe: InputBar.Loupe, origin: Point, at now: SimInstant) -> Rect {
        let s = self
        let bar = s.frame(at: now)
        let c = s.configuration
        let l = layout(at: now)
        let text = InputBar.textLayout(s)
        let caret = text.caretRect(at: loupe.caret)
        // The caret line's top in drawing coordinates.
        let lineTop = origin.y + l.textViewFrame.minY + c.textInsets.top - s.scrollOffset + caret.minY
        let size = InputBar.loupeSize
        let fingerX = origin.x + (loupe.finger.x - bar.minX)
        var x = ((fingerX - size.width / 2) / 8).rounded() * 8
        x = min(max(x, origin.x), origin.x + max(0, s.profile.size.width - size.width))
        let y = ((lineTop - 8 - size.height) / 16).rounded(.down) * 16
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }

    /// Draws the loupe: a bordered capsule above the finger showing the caret's
    /// neighbourhood on its line (the units that fit on either side of the caret, at
    /// the text's size: the bitmap font has one size, UIKit magnifies about 1.2x) with
    /// the caret in its middle. View `InputBar.loupe`; no accessibility label (UIKit's
    /// loupe is not an accessibility element). O(line length).
    func drawLoupe(_ loupe: InputBar.Loupe, origin: Point, at now: SimInstant, into list: inout DisplayList) {
        let frame = loupeFrame(loupe, origin: origin, at: now)
        let view = "InputBar.loupe"
        list.shadow(frame, radius: 12, offset: Point(x: 0, y: 2), blur: 6, .shadow, view: view)
        list.roundedRect(frame, radius: 12, .surface, view: view)
        list.border(frame, width: 1, radius: 12, .border, view: view)
        let zoom = InputBar.loupeMagnification
        let metrics = FontMetrics.unifont16.magnified(zoom)
        let inner = Rect(x: frame.minX + 8, y: frame.midY - metrics.lineHeight / 2, width: frame.width - 16,
                         height: metrics.lineHeight)
        let layout = InputBar.textLayout(self)
        let units = self.editor.units
        let caretIndex = min(max(0, loupe.caret), units.count)
        let line = layout.lines[layout.lineIndex(for: caretIndex)]
        let caretX = layout.caretRect(at: caretIndex).minX
        let half = inner.width / 2
        // The units wholly within half the inner width on each side of the caret, once
        // magnified.
        let reach = half / zoom
        var lo = caretIndex, hi = caretIndex
        while lo > line.range.lowerBound, caretX - layout.caretRect(at: lo - 1).minX <= reach { lo -= 1 }
        while hi < line.range.upperBound, hi < units.count, layout.caretRect(at: hi + 1).minX - caretX <= reach,
              layout.caretRect(at: hi + 1).minX >= caretX { hi += 1 }
        let leftWidth = (caretX - layout.caretRect(at: lo).minX) * zoom
        let centre = inner.minX + half
        list.clipped(to: inner, view: view) { list in
            let runs = InputBar.runs(of: units[lo..<hi])
            if !runs.isEmpty {
                list.text(TextLayout(runs, metrics: metrics), at: Point(x: centre - leftWidth, y: inner.minY), .text, view: view)
            }
            list.append(.caret(Rect(x: centre - 1, y: inner.minY, width: 2, height: inner.height), .caret), view: view)
        }
    }

}

extension InputBar {
    /// Layout runs for a slice of the editor's units (newlines dropped: the loupe and
    /// overlays show one line). O(units).
    static func runs(of units: ArraySlice<RichUnit>) -> [InlineRun] {
        var runs: [InlineRun] = []
        var plain = ""
        for u in units {
            switch u {
            case let .character(c) where c != "\n" && c != "\r\n": plain.append(c)
            case .character: break
            case let .emoji(att):
                if !plain.isEmpty { runs.append(.text(plain)); plain = "" }
                runs.append(.emoji(InlineEmoji(att.emoji)))
            }
        }
        if !plain.isEmpty { runs.append(.text(plain)) }
        return runs
    }
}
