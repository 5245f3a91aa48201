import SimCore
import Interaction

extension InputBar {
    /// One finger being tracked by the bar, from its touch down to its end.
    ///
    /// On the toggle and the send button the finger is tracked as a UIControl does
    /// (`control`); on the text view, the bar's background or outside the bar, by a
    /// tap recognizer (`recognizer`: UITextView's tap and the screen's tap-outside).
    public struct TouchTracking: Hashable, Sendable {
        /// The touch's identifier (`TouchEvent.id`): other fingers' events are ignored.
        public var id: Int
        /// What the finger went down on (`hitTest` at touch down); nil outside the bar
        /// and the keyboard. A tap acts only if it ends on the same target.
        public var target: HitTarget?
        /// The button the finger went down on, if any.
        public var button: Button?
        /// UIControl tracking of `button`; nil for a disabled button (it takes the
        /// touch and does nothing, as a disabled UIControl does).
        public var control: ControlTracker?
        /// The tap recognizer for the text view and outside; nil on a button.
        public var recognizer: TapRecognizer?
        /// A second tap on the text view soon after and near the last one: it ends as a
        /// double tap.
        public var isSecondTap = false
        /// On the first responder's text view: the loupe's timer (see InputBar+Loupe.swift).
        public var pendingLoupe: PendingLoupe? = nil
        /// The loupe this finger shows and drags the caret with.
        public var loupe: Loupe? = nil
        /// A selection handle under the finger (see InputBar+SelectionHandles.swift).
        public var handle: HandleGrab? = nil
    }

    /// The touch part of the reducer (`Action.touch`).
    ///
    /// - On the toggle or send (UIControl semantics, see `ControlTracker`): touch down
    ///   highlights it (`touchDown`); the touch stays with it until it ends; every move
    ///   and the lift are judged against the button's frame at that instant grown by
    ///   70 pt: leaving it unhighlights (`touchDragExit`), coming back highlights again
    ///   (`touchDragEnter`); lifting inside performs the action (`touchUpInside`),
    ///   lifting outside or a cancel does nothing (`touchUpOutside`, `touchCancel`). No
    ///   time limit. A disabled send button takes the touch and does nothing.
    /// - On the text view or outside the bar: a tap (10 pt, 750 ms) moves the caret and
    ///   shows the system keyboard, or resigns. On the first responder's text view a
    ///   finger held still for `loupeDelay` shows the loupe and drags the caret
    ///   (InputBar+Loupe.swift); one that goes down on a selection handle and moves drags
    ///   that end of the selection (InputBar+SelectionHandles.swift).
    /// - Touches on the keyboard are ignored (its own view handles them); so are touch
    ///   downs on the bar while it moves, unless `allowsUserInteractionWhileAnimating`
    ///   (see `receivesTouches(at:)`; the event `touchIgnored`, traced as
    ///   `inputBar touchIgnored at=(20, 640) reason=animating`). Other fingers are
    ///   ignored while one is tracked.
    ///
    /// Every control event is an `InputBarEvent.control`, returned before the events of
    /// what it triggers (`inputBar touchDown control=toggle at=(20, 640)`).
    static func touch(_ s: inout State, _ touch: TouchEvent, now: SimInstant, events: inout [InputBarEvent]) throws(InputBarError) {
        switch touch.phase {
        case .began:
            guard s.tracking == nil else { return }
            let target = s.hitTest(touch.location, at: now)
            if target == .keyboard { return }
            if target != nil && !s.receivesTouches(at: now) {
                events.append(.touchIgnored(at: touch.location, reason: .animating))
                return
            }
            switch target {
            case .toggle?, .send?:
                let button: Button = target == .toggle ? .toggle : .send
                if button == .send && !s.isSendEnabled {
                    s.tracking = TouchTracking(id: touch.id, target: target, button: button, control: nil, recognizer: nil)
                    events.append(.touchIgnored(at: touch.location, reason: .sendDisabled))
                    return
                }
                var control = ControlTracker()
                let down = control.begin()
                s.tracking = TouchTracking(id: touch.id, target: target, button: button, control: control, recognizer: nil)
                events += note(down, button, touch.location)
                try step(&s, .press(button), now: now, events: &events)
            default:
                var recognizer = TapRecognizer(name: "inputBar.tap")
                _ = recognizer.handle(touch)
                var second = false
                if target == .textView, let last = s.lastTextViewTap, now - last.at <= InputBar.doubleTapInterval,
                   last.location.distance(to: touch.location) <= InputBar.doubleTapSlop {
                    second = true
                }
                s.lastTextViewTap = nil
                var t = TouchTracking(id: touch.id, target: target, button: nil, control: nil, recognizer: recognizer,
                                      isSecondTap: second)
                if target == .textView || target == .bar, let grab = s.handleGrab(at: touch.location, now: now) {
                    t.handle = grab
                } else if target == .textView && s.responder.isFirstResponder {
                    t.pendingLoupe = PendingLoupe(begins: now + InputBar.loupeDelay, origin: touch.location,
                                                  location: touch.location)
                }
                s.tracking = t
            }
        case .moved, .stationary, .ended, .cancelled:
            guard var t = s.tracking, t.id == touch.id else { return }
            if let button = t.button {
                if touch.phase.isFinal { s.tracking = nil }
                guard var control = t.control else { return }   // a disabled button
                let bounds = s.frame(of: button, at: now)
                let changes: [ControlTracker.Event]
                switch touch.phase {
                case .moved, .stationary: changes = control.move(to: touch.location, bounds: bounds)
                case .ended: changes = control.end(at: touch.location, bounds: bounds)
                case .cancelled, .began: changes = control.cancel()
                }
                if !touch.phase.isFinal {
                    t.control = control
                    s.tracking = t
                }
                events += note(changes, button, touch.location)
                for change in changes {
                    switch change {
                    case .touchDragExit, .touchUpOutside, .touchCancel:
                        if s.highlighted != nil { try step(&s, .release, now: now, events: &events) }
                    case .touchDragEnter:
                        try step(&s, .press(button), now: now, events: &events)
                    case .touchUpInside:
                        try step(&s, button == .toggle ? .tapToggle : .tapSend, now: now, events: &events)
                    case .touchDown:
                        break
                    }
                }
                return
            }
            if let pending = t.pendingLoupe, now >= pending.begins {
                // The host was late with the deadline's tick: the loupe shows first.
                transition(&s, now: now, events: &events) { s, events in touchDeadlinesPassed(&s, now: now, events: &events) }
                guard let shown = s.tracking else { return }
                t = shown
            }
            if t.loupe != nil { loupeTouch(&s, t, touch, events: &events); return }
            if var grab = t.handle {
                if !grab.isDragging, touch.phase == .moved, touch.location != grab.origin {
                    // The handle takes the finger once it moves: no tap, no loupe any more.
                    grab.isDragging = true
                    t.handle = grab
                    t.pendingLoupe = nil
                    if var tap = t.recognizer { _ = tap.fail(at: now); t.recognizer = tap }
                    events.append(.handleDragBegan(grab.end, at: touch.location))
                }
                if grab.isDragging { handleTouch(&s, t, touch, events: &events); return }
            }
            if var pending = t.pendingLoupe {
                if touch.location.distance(to: pending.origin) > InputBar.loupeAllowableMovement {
                    t.pendingLoupe = nil
                } else {
                    pending.location = touch.location
                    t.pendingLoupe = pending
                }
            }
            guard var recognizer = t.recognizer else { return }
            let updates = recognizer.handle(touch)
            t.recognizer = recognizer
            s.tracking = touch.phase.isFinal ? nil : t
            if updates.contains(where: { $0.state == .failed }) || touch.phase == .cancelled {
                s.tracking = nil
                return
            }
            if updates.contains(where: { $0.state == .ended }),
               let action = s.tapAction(at: touch.location, now: now), InputBar.sameTarget(action, t.target) {
                if t.isSecondTap, case let .tapTextView(point?) = action {
                    try step(&s, .doubleTapTextView(at: point), now: now, events: &events)
                } else {
                    try step(&s, action, now: now, events: &events)
                    if case .tapTextView = action { s.lastTextViewTap = TextViewTap(at: now, location: touch.location) }
                }
            }
        }
    }

    /// The control events of a button as bar events.
    private static func note(_ changes: [ControlTracker.Event], _ button: Button, _ at: Point) -> [InputBarEvent] {
        changes.map { InputBarEvent.control(button, $0, at: at) }
    }

    static func sameTarget(_ action: Action, _ target: HitTarget?) -> Bool {
        switch (action, target) {
        case (.tapToggle, .toggle?), (.tapSend, .send?), (.tapTextView, .textView?), (.tapOutside, nil): return true
        default: return false
        }
    }
}

extension InputBar.State {
    /// A button's frame in screen coordinates at `now` (the bar may be moving).
    /// - Complexity: O(1).
    public func frame(of button: InputBar.Button, at now: SimInstant) -> Rect {
        let bar = frame(at: now)
        let l = layout(at: now)
        let f = button == .toggle ? l.toggleFrame : l.sendFrame
        return f.offsetBy(dx: bar.minX, dy: bar.minY)
    }

    /// Whether the bar is being moved by an animation at `now`: riding a keyboard
    /// whose top edge moves the bar's bottom, or growing/shrinking its height.
    /// - Complexity: O(1).
    public func isMoving(at now: SimInstant) -> Bool {
        if height.isAnimating(at: now) { return true }
        guard let a = keyboard.animation, now < a.end else { return false }
        let limit = profile.size.height - profile.safeArea.bottom
        return min(limit, a.fromFrame.minY) != min(limit, a.toFrame.minY)
    }

    /// Whether a touch down on the bar at `now` reaches it. In the seeds the bar is
    /// moved by `+[UIView animateWithDuration:animations:]` (keyboard avoidance and
    /// the growing text view), and "during an animation, user interactions are
    /// temporarily disabled for all views involved in the animation" unless the
    /// animation has `.allowUserInteraction` (Apple, `UIView.isUserInteractionEnabled`).
    /// So with the default configuration (`allowsUserInteractionWhileAnimating ==
    /// false`, which is what the seeds' code gets) a touch down on the bar while it
    /// moves reaches whatever is behind it, not the bar. A finger already down keeps
    /// being tracked while the bar moves (UIKit binds a touch to its view at touch down).
    public func receivesTouches(at now: SimInstant) -> Bool {
        configuration.allowsUserInteractionWhileAnimating || !isMoving(at: now)
    }
}
