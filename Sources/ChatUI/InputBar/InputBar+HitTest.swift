import SimCore

extension InputBar {
    /// What a touch at a screen point lands on.
    public enum HitTarget: String, Hashable, Sendable {
        case toggle, textView, send
        /// The bar's background (between the parts): no action, but not "outside".
        case bar
        /// The keyboard (system or emoji): its own views handle the touch.
        case keyboard
    }

    /// Hit test at `now` for a point in screen coordinates; nil means outside the bar
    /// and the keyboard (a tap there is `.tapOutside`). O(1).
    public func hitTest(_ point: Point, at now: SimInstant) -> HitTarget? {
        let bar = frame(at: now)
        if bar.contains(point) {
            let l = layout(at: now)
            let p = Point(x: point.x - bar.minX, y: point.y - bar.minY)
            if l.toggleFrame.contains(p) { return .toggle }
            if l.sendFrame.contains(p) { return .send }
            if l.textViewFrame.contains(p) { return .textView }
            return .bar
        }
        if state.keyboard.kind != .none || state.keyboard.isAnimating,
           keyboardFrame(at: now).contains(point), point.y < state.profile.size.height {
            return .keyboard
        }
        return nil
    }

    /// The action a completed tap at a screen point means, if any: the toggle, the
    /// text view (with the caret placed at the point), send, or outside.
    public func tapAction(at point: Point, now: SimInstant) -> Action? {
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
