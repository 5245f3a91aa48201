import SimCore
import EmojiText
import Raster
import ChatUI

/// `emojisim-bench inputbar`: the input bar's costs per user action and per frame.
/// - typing: one `type` action per character into a growing message (each action
///   re-parses, relays out and traces: O(n) in the text), for 100- and 1,000-character
///   messages;
/// - panel: `insertEmoji` + `deleteFromPanel` pairs at a caret in the middle of 200 characters;
/// - frame: `displayList(at:)` of a 7-line bar while the keyboard switches (layout,
///   scroll, caret, clip), and `frame(at:)` alone (the keyboard curve).
enum InputBarBench {
    static var benchmark: Benchmark {
        Benchmark(name: "inputbar", summary: "input bar actions/s (typing, panel insert/delete) and frame costs (CPU time)",
                  setup: setup, report: report)
    }

    static func report(_ m: Medians) -> [Figure] {
        [
            Figure.rate("typing 100 chars, one action each: actions/s", seconds: m["type-100"]),
            Figure.rate("typing 1,000 chars, one action each: actions/s", seconds: m["type-1000"]),
            Figure.rate("panel insert+delete in 200 chars: actions/s", seconds: m["panel"]),
            Figure.rate("displayList of a 7-line bar mid-switch: frames/s", seconds: m["frame"]),
            Figure.rate("bar frame(at:) during the switch: frames/s", seconds: m["curve"]),
        ].compactMap { $0 }
    }

    static func makeBar() -> InputBar.State {
        InputBar.State(profile: .iphone8, catalog: .demo)
    }

    /// The trace a host keeps: every action's events are recorded, as ChatScreen does.
    nonisolated(unsafe) static let trace = Trace(capacity: 10_000)

    /// One action at t = 0 with its events traced (the cost a host pays per action).
    @discardableResult
    static func send(_ bar: inout InputBar.State, _ action: InputBar.Action) -> [InputBarEvent] {
        guard let events = try? InputBar().reduce(into: &bar, action, at: .zero) else { return [] }
        for e in events { if let line = InputBar().trace(e, at: .zero) { trace.record(line) } }
        return events
    }

    static func setup() -> BenchSession {
        var probes: [Probe] = []
        for length in [100, 1_000] {
            probes.append(.repeating("type-\(length)", "typing \(length) chars (one action)", units: Double(length)) {
                var bar = makeBar()
                send(&bar, .tapTextView())
                for i in 0..<length { send(&bar, .type(i % 7 == 6 ? " " : "a")) }
            })
        }
        final class Bars { var panel: InputBar.State; var seven: InputBar.State
            init(_ p: InputBar.State, _ s: InputBar.State) { panel = p; seven = s } }
        var bar = makeBar()
        send(&bar, .tapTextView())
        send(&bar, .type(String(repeating: "abcd ", count: 40)))
        send(&bar, .tapToggle)
        send(&bar, .select(location: 100, length: 0))
        var seven = makeBar()
        send(&seven, .tapTextView())
        send(&seven, .type(String(repeating: "x", count: 30 * 7)))
        send(&seven, .tapToggle)
        let bars = Bars(bar, seven)
        let smile = EmojiCatalog.demo.emoji(forCode: "f056")!
        probes.append(.repeating("panel", "panel insert or delete in 200 chars (one action)", units: 200) {
            for _ in 0..<100 {
                send(&bars.panel, .insertEmoji(smile))
                send(&bars.panel, .deleteFromPanel)
            }
        })
        let mid = SimInstant.zero + .milliseconds(100)
        var items = 0
        probes.append(.repeating("frame", "displayList of a 7-line bar mid-switch") { items &+= bars.seven.displayList(at: mid).items.count })
        var sink = 0.0
        probes.append(.repeating("curve", "bar frame(at:) during the switch", units: 1000) {
            for k in 0..<1000 { sink += bars.seven.frame(at: SimInstant(ticks: Int64(k) * 720)).minY }
        })
        return BenchSession(probes: probes, facts: ["items": Double(bars.seven.displayList(at: mid).items.count)])
    }

}
