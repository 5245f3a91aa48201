import SimCore
import Tester

/// One method per action, for tests written in Swift. Each throws the same errors a
/// script line would (with line 0).
extension ScenarioDriver {
    /// `tap T`.
    public func tap(_ t: Finder) throws(ScriptError) { try execute(.action(.tap(t))) }
    /// `double-tap T`.
    public func doubleTap(_ t: Finder) throws(ScriptError) { try execute(.action(.doubleTap(t))) }
    /// `long-press T for D`.
    public func longPress(_ t: Finder, for d: SimDuration = Script.Action.defaultLongPress) throws(ScriptError) {
        try execute(.action(.longPress(t, duration: d)))
    }
    /// `press T`: the finger stays down.
    public func press(_ t: Finder) throws(ScriptError) { try execute(.action(.press(t))) }
    /// `move T [over D]`: the pressed finger moves to the target.
    public func move(_ t: Finder, over d: SimDuration? = nil) throws(ScriptError) { try execute(.action(.move(t, over: d))) }
    /// `release`.
    public func release() throws(ScriptError) { try execute(.action(.release)) }
    /// `cancel`.
    public func cancel() throws(ScriptError) { try execute(.action(.cancel)) }
    /// `swipe T DIR [by Dpt] [at Vpt/s]` (nil: the defaults).
    public func swipe(_ t: Finder, _ d: Direction, by distance: Double? = nil, at velocity: Double? = nil) throws(ScriptError) {
        try execute(.action(.swipe(t, d, distance: distance, velocity: velocity)))
    }
    /// `drag T by DX,DY [over D]`.
    public func drag(_ t: Finder, dx: Double, dy: Double, over d: SimDuration? = nil) throws(ScriptError) {
        try execute(.action(.drag(t, dx: dx, dy: dy, over: d)))
    }
    /// `wait D`.
    public func wait(_ d: SimDuration) throws(ScriptError) { try execute(.action(.wait(d))) }
    /// `settle`.
    public func settle() throws(ScriptError) { try execute(.action(.settle)) }
    /// Checks an expectation now and returns its outcome (also kept in `result`).
    @discardableResult
    public func expect(_ e: Script.Expectation) -> ExpectationOutcome {
        let o = check(e, Script.Located(.expect(e), line: 0, column: 0))
        result.record(o)
        return result.expectations[result.expectations.count - 1]
    }
}
