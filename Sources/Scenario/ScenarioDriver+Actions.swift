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
    /// `type "…"`.
    public func type(_ s: String) throws(ScriptError) { try execute(.action(.type(s))) }
    /// `compose "marked" [commit "text"]`.
    public func compose(_ marked: String, commit: String? = nil) throws(ScriptError) {
        try execute(.action(.compose(marked: marked, commit: commit)))
    }
    /// `backspace N`.
    public func backspace(_ n: Int = 1) throws(ScriptError) { try execute(.action(.backspace(count: n))) }
    /// `select START LENGTH`.
    public func select(_ start: Int, _ length: Int) throws(ScriptError) { try execute(.action(.select(start: start, length: length))) }
    /// `select-all`.
    public func selectAll() throws(ScriptError) { try execute(.action(.selectAll)) }
    /// `cut`.
    public func cut() throws(ScriptError) { try execute(.action(.cut)) }
    /// `copy`.
    public func copy() throws(ScriptError) { try execute(.action(.copy)) }
    /// `paste ["text"]`.
    public func paste(_ s: String? = nil) throws(ScriptError) { try execute(.action(.paste(s))) }
    /// `undo`.
    public func undo() throws(ScriptError) { try execute(.action(.undo)) }
    /// `redo`.
    public func redo() throws(ScriptError) { try execute(.action(.redo)) }
    /// `receive "…"`.
    public func receive(_ s: String) throws(ScriptError) { try execute(.action(.receive(s))) }
    /// `search "query"`, or `search clear` for nil.
    public func search(_ q: String?) throws(ScriptError) { try execute(.action(q.map { .search($0) } ?? .searchClear)) }
    /// `wait D`.
    public func wait(_ d: SimDuration) throws(ScriptError) { try execute(.action(.wait(d))) }
    /// `settle`.
    public func settle() throws(ScriptError) { try execute(.action(.settle)) }
    /// `memory-warning`.
    public func memoryWarning() throws(ScriptError) { try execute(.action(.memoryWarning)) }
    /// `resize WxH`.
    public func resize(width: Double, height: Double) throws(ScriptError) { try execute(.action(.resize(width: width, height: height))) }

    /// Checks an expectation now and returns its outcome (also kept in `result`).
    @discardableResult
    public func expect(_ e: Script.Expectation) -> ExpectationOutcome {
        let o = check(e, Script.Located(.expect(e), line: 0, column: 0))
        result.record(o)
        return result.expectations[result.expectations.count - 1]
    }

    /// The current state of the screen.
    public var facts: ScenarioFacts { host.facts }
}
