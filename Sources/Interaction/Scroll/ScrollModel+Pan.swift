import SimCore

extension ScrollModel {
    /// Drives the model from a pan recognizer, as UIScrollView's own pan does: began ->
    /// beginDrag, changed -> drag(translation), ended -> last drag then endDrag with
    /// the offset velocity (minus the finger's), cancelled -> cancelDrag. Other
    /// kinds are ignored.
    public mutating func apply(_ update: GestureUpdate,
                               adjustTarget: (inout Point, Point) -> Void = { _, _ in }) -> [ScrollEvent] {
        guard update.kind == .pan else { return [] }
        switch update.state {
        case .began:
            return beginDrag(at: update.time)
        case .changed:
            return drag(translation: update.translation, at: update.time)
        case .ended:
            var events = drag(translation: update.translation, at: update.time)
            events += endDrag(velocity: ScrollModel.offsetVelocity(forPan: update.velocity), at: update.time,
                                adjustTarget: adjustTarget)
            return events
        case .cancelled:
            return cancelDrag(at: update.time)
        case .possible, .failed:
            return []
        }
    }
}
