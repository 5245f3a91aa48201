import SimCore
import ChatUI

/// The text view's own targets: `input at N` (the caret boundary before unit N) and
/// `input.handle start|end` (a selection grab handle). They aim at a point inside the
/// text, not at the view's centre, and every miss says which fact is missing.
extension ChatScreen {
    func textViewLookup(_ target: Target) -> TargetLookup {
        let now = clock.now
        let bar = inputBarFrame(at: now)
        let tv = inputBar.layout(at: now).textViewFrame.offsetBy(dx: bar.minX, dy: bar.minY)
        guard let visible = tv.intersection(bounds), !visible.isEmpty else {
            return .missing("the text view is not on screen (at \(tv))")
        }
        let frame: Rect
        let point: Point
        switch target {
        case .inputAt(let n):
            let length = inputBar.length
            guard n <= length else {
                return .missing("the input has \(length) units (positions 0 to \(length); an emoji is one unit)")
            }
            guard let p = inputBar.caretPoint(before: n, at: now) else {
                return .missing("position \(n) is on a line scrolled out of the text view")
            }
            point = p
            frame = Rect(x: p.x - 4, y: p.y - 8, width: 8, height: 16)
        case .inputHandle(let end):
            guard inputBar.responder.isFirstResponder else {
                return .missing("the text view is not first responder, so nothing is selected and there is no handle")
            }
            let sel = inputBar.selectedRange
            guard !sel.isEmpty else {
                return .missing("nothing is selected (the caret is at \(sel.lowerBound)), so there is no handle")
            }
            guard let h = inputBar.selectionHandles(at: now).first(where: { $0.end == end }) else {
                return .missing("the selection's \(end.rawValue) (position \(end == .start ? sel.lowerBound : sel.upperBound)) is on a line scrolled out of the text view")
            }
            point = h.stem.center
            frame = h.hitArea
        default:
            return .missing("not a text view target")
        }
        guard bounds.contains(point) else { return .missing("it is off screen (at \(point))") }
        if !inputBar.receivesTouches(at: now) { return .disabled(ChatScreen.movingBar, frame: frame, at: point) }
        if let other = component(at: point), other != .inputBar {
            return .covered(by: "the \(other.rawValue)", frame: frame)
        }
        return .hit(frame, at: point)
    }
}
