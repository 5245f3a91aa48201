import SimCore
import Raster

extension InputBar {
    /// What a touch at a screen point lands on.
    public enum HitTarget: String, Hashable, Sendable {
        /// The emoji / keyboard toggle button.
        case toggle
        /// The text view (its insets included): a tap places the caret.
        case textView
        /// The send button (hit even while disabled: it takes the touch and does nothing).
        case send
        /// The bar's background (between the parts): no action, but not "outside".
        case bar
        /// The keyboard (system or emoji): its own views handle the touch.
        case keyboard
    }
}

extension InputBar.State {
    /// Hit test at `now` for a point in screen coordinates (see `InputBar.hitTest(_:at:)`).
    public func hitTest(_ point: Point, at now: SimInstant) -> InputBar.HitTarget? {
        let bar = frame(at: now)
        if bar.contains(point) {
            let l = layout(at: now)
            let p = Point(x: point.x - bar.minX, y: point.y - bar.minY)
            if l.toggleFrame.contains(p) { return .toggle }
            if l.sendFrame.contains(p) { return .send }
            if l.textViewFrame.contains(p) { return .textView }
            return .bar
        }
        if keyboard.kind != .none || keyboard.isAnimating,
           keyboard.frame(at: now).contains(point), point.y < profile.size.height {
            return .keyboard
        }
        return nil
    }

    /// The action a completed tap at a screen point means, if any (see `InputBar.tapAction(at:now:)`).
    public func tapAction(at point: Point, now: SimInstant) -> InputBar.Action? {
        switch hitTest(point, at: now) {
        case .toggle: return .tapToggle
        case .send: return .tapSend
        case .textView:
            let bar = frame(at: now)
            return .tapTextView(at: Point(x: point.x - bar.minX, y: point.y - bar.minY))
        case .bar, .keyboard: return nil
        case nil: return .tapOutside
        }
    }
}

extension InputBar.State {
    /// The screen point of the caret boundary before unit `position` (0...length; an
    /// emoji is one unit): the boundary's x, the middle of its line. A tap there puts
    /// the caret at `position`. Nil when `position` is out of range or its line is
    /// scrolled out of the text container.
    /// - Complexity: O(line length).
    public func caretPoint(before position: Int, at now: SimInstant) -> Point? {
        guard position >= 0, position <= length else { return nil }
        let s = self
        let c = s.configuration
        let bar = s.frame(at: now)
        let tv = s.layout(at: now).textViewFrame.offsetBy(dx: bar.minX, dy: bar.minY)
        let container = tv.inset(by: Insets(top: c.textInsets.top, left: 0, bottom: c.textInsets.bottom, right: 0))
        let caret = InputBar.textLayout(s).caretRect(at: position)
            .offsetBy(dx: tv.minX + c.lineFragmentPadding, dy: tv.minY + c.textInsets.top - s.scrollOffset)
        guard caret.midY >= container.minY, caret.midY < container.maxY else { return nil }
        return Point(x: caret.minX, y: caret.midY)
    }
}
