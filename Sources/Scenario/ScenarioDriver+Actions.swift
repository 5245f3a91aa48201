import SimCore
import Tester

/// One method per action, for tests written in Swift. Each throws the same errors a
/// script line would (with line 0).
extension ScenarioDriver {
    public func tap(_ t: Finder) throws(ScriptError) { try execute(.action(.tap(t))) }
    public func doubleTap(_ t: Finder) throws(ScriptError) { try execute(.action(.doubleTap(t))) }
    public func longPress(_ t: Finder, for d: SimDuration = Action.defaultLongPress) throws(ScriptError) {
        try execute(.action(.longPress(t, duration: d)))
    }
    public func press(_ t: Finder) throws(ScriptError) { try execute(.action(.press(t))) }
    public func move(_ t: Finder, over d: SimDuration? = nil) throws(ScriptError) { try execute(.action(.move(t, over: d))) }
    public func release() throws(ScriptError) { try execute(.action(.release)) }
    public func cancel() throws(ScriptError) { try execute(.action(.cancel)) }
    public func swipe(_ t: Finder, _ d: Direction, by distance: Double? = nil, at velocity: Double? = nil) throws(ScriptError) {
        try execute(.action(.swipe(t, d, distance: distance, velocity: velocity)))
    }
    public func drag(_ t: Finder, dx: Double, dy: Double, over d: SimDuration? = nil) throws(ScriptError) {
        try execute(.action(.drag(t, dx: dx, dy: dy, over: d)))
    }
    public func type(_ s: String) throws(ScriptError) { try execute(.action(.type(s))) }
    public func compose(_ marked: String, commit: String? = nil) throws(ScriptError) {
        try execute(.action(.compose(marked: marked, commit: commit)))
    }
    public func backspace(_ n: Int = 1) throws(ScriptError) { try execute(.action(.backspace(count: n))) }
    public func select(_ start: Int, _ length: Int) throws(ScriptError) { try execute(.action(.select(start: start, length: length))) }
    public func selectAll() throws(ScriptError) { try execute(.action(.selectAll)) }
    public func cut() throws(ScriptError) { try execute(.action(.cut)) }
    public func copy() throws(ScriptError) { try execute(.action(.copy)) }
    public func paste(_ s: String? = nil) throws(ScriptError) { try execute(.action(.paste(s))) }
    public func undo() throws(ScriptError) { try execute(.action(.undo)) }
    public func redo() throws(ScriptError) { try execute(.action(.redo)) }
    public func receive(_ s: String) throws(ScriptError) { try execute(.action(.receive(s))) }
    public func search(_ q: String?) throws(ScriptError) { try execute(.action(q.map { .search($0) } ?? .searchClear)) }
    public func wait(_ d: SimDuration) throws(ScriptError) { try execute(.action(.wait(d))) }
    public func settle() throws(ScriptError) { try execute(.action(.settle)) }
    public func memoryWarning() throws(ScriptError) { try execute(.action(.memoryWarning)) }
    public func resize(width: Double, height: Double) throws(ScriptError) { try execute(.action(.resize(width: width, height: height))) }

    /// Checks an expectation now and returns its outcome (also kept in `result`).
    @discardableResult
    public func expect(_ e: Expectation) -> ExpectationOutcome {
        let o = check(e, Located(.expect(e), line: 0, column: 0))
        result.expectations.append(o)
        return o
    }

    /// The current state of the screen.
    public var state: HostState { host.state }
}
