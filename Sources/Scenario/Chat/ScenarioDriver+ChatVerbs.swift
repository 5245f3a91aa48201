import SimCore
import Tester

/// The chat screen's verbs for tests written in Swift (`driver.type("你好")`), one method
/// each. Each throws the same errors a script line would (with line 0).
extension ScenarioDriver {
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
    /// `memory-warning`.
    public func memoryWarning() throws(ScriptError) { try execute(.action(.memoryWarning)) }
    /// `resize WxH`.
    public func resize(width: Double, height: Double) throws(ScriptError) { try execute(.action(.resize(width: width, height: height))) }
}
