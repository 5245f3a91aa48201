import SimCore
import Interaction

extension InputBar {
    /// One finger being tracked by the bar: where it went down and the tap recognizer
    /// that decides whether lifting it is a tap.
    public struct TouchTracking: Hashable, Sendable {
        public var id: Int
        public var target: HitTarget?
        public var recognizer: TapRecognizer
    }

    /// Feeds a raw touch (screen coordinates). Touch down on a button highlights it;
    /// a recognized tap performs the part's action (toggle, text view with the caret
    /// at the point, send, or outside); a touch that moves away or is held too long
    /// fails the tap and removes the highlight. Touches on the keyboard are ignored
    /// (its own view handles them). Other fingers are ignored while one is tracked.
    @discardableResult
    public mutating func handle(_ touch: TouchEvent) throws(InputBarError) -> [InputBarEvent] {
        var events: [InputBarEvent] = []
        switch touch.phase {
        case .began:
            guard tracking == nil else { return [] }
            let target = hitTest(touch.location, at: touch.timestamp)
            if target == .keyboard { return [] }
            var recognizer = TapRecognizer(name: "inputBar.tap")
            _ = recognizer.handle(touch)
            tracking = TouchTracking(id: touch.id, target: target, recognizer: recognizer)
            switch target {
            case .toggle: events += try send(.press(.toggle))
            case .send: events += try send(.press(.send))
            default: break
            }
        case .moved, .stationary, .ended, .cancelled:
            guard var t = tracking, t.id == touch.id else { return [] }
            let updates = t.recognizer.handle(touch)
            tracking = touch.phase.isFinal ? nil : t
            if updates.contains(where: { $0.state == .failed }) || touch.phase == .cancelled {
                tracking = nil
                if state.highlighted != nil { events += try send(.release) }
                return events
            }
            if updates.contains(where: { $0.state == .ended }) {
                if state.highlighted != nil && t.target != .send { events += try send(.release) }
                // The action of the part the finger went down on (UIKit's touch-up-inside
                // with the 10 pt tolerance of the tap).
                if let action = tapAction(at: touch.location, now: touch.timestamp),
                   InputBar.sameTarget(action, t.target) {
                    events += try send(action)
                } else if state.highlighted != nil {
                    events += try send(.release)
                }
            }
        }
        return events
    }

    /// Fails a held tap at its deadline (call from `tick`, or schedule at
    /// `tracking?.recognizer.deadline`).
    @discardableResult
    public mutating func touchDeadlinePassed(at now: SimInstant) throws(InputBarError) -> [InputBarEvent] {
        guard var t = tracking else { return [] }
        let updates = t.recognizer.deadlinePassed(at: now)
        tracking = t
        guard updates.contains(where: { $0.state == .failed }) else { return [] }
        tracking = nil
        return state.highlighted != nil ? try send(.release) : []
    }

    static func sameTarget(_ action: Action, _ target: HitTarget?) -> Bool {
        switch (action, target) {
        case (.tapToggle, .toggle?), (.tapSend, .send?), (.tapTextView, .textView?), (.tapOutside, nil): return true
        default: return false
        }
    }
}
