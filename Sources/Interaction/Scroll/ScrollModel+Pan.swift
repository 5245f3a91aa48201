import SimCore

extension ScrollModel.State {
    /// Drives the model from a pan recognizer, as UIScrollView's own pan does: began ->
    /// beginDrag, changed -> drag(translation), ended -> last drag then endDrag with
    /// the offset velocity (minus the finger's), cancelled -> cancelDrag. Other
    /// kinds are ignored. Everything happens at `now` (the update's own instant, as its
    /// host sends it then).
    mutating func apply(_ update: GestureUpdate, at now: SimInstant,
                        adjustTarget: (inout Point, Point) -> Void = { _, _ in }) -> [ScrollEvent] {
        guard update.kind == .pan else { return [] }
        switch update.state {
        case .began:
            return beginDrag(at: now)
        case .changed:
            return drag(translation: update.translation, at: now)
        case .ended:
            var events = drag(translation: update.translation, at: now)
            events += endDrag(velocity: ScrollModel.offsetVelocity(forPan: update.velocity), at: now,
                                adjustTarget: adjustTarget)
            return events
        case .cancelled:
            return cancelDrag(at: now)
        case .possible, .failed:
            return []
        }
    }
}
