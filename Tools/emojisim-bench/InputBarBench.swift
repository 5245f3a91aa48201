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
        Benchmark(name: "inputbar", summary: "input bar actions/s (typing, panel insert/delete) and frame costs") { _ in run() }
    }

    static func makeBar() -> InputBar {
        InputBar(profile: .iphone8, catalog: .demo)
    }

    /// The trace a host keeps: every action's events are recorded, as ChatScreen does.
    nonisolated(unsafe) static let trace = Trace(capacity: 10_000)

    /// One action at t = 0 with its events traced (the cost a host pays per action).
    @discardableResult
    static func send(_ bar: inout InputBar, _ action: InputBar.Action) -> [InputBarEvent] {
        guard let events = try? bar.send(action, at: .zero) else { return [] }
        for e in events { trace.record(e.traceEvent(at: .zero)) }
        return events
    }

    static func run() {
        for length in [100, 1_000] {
            let (n, s) = measure {
                var bar = makeBar()
                send(&bar, .tapTextView())
                for i in 0..<length { send(&bar, .type(i % 7 == 6 ? " " : "a")) }
            }
            let perAction = s / Double(n * length)
            print("typing \(length) chars one action each: \(fmt(1 / perAction)) actions/s (\(fmt(perAction * 1e6)) us/action)")
        }

        var bar = makeBar()
        send(&bar, .tapTextView())
        send(&bar, .type(String(repeating: "abcd ", count: 40)))
        send(&bar, .tapToggle)
        send(&bar, .select(location: 100, length: 0))
        let smile = EmojiCatalog.demo.emoji(forCode: "f056")!
        let (pn, ps) = measure {
            for _ in 0..<100 {
                send(&bar, .insertEmoji(smile))
                send(&bar, .deleteFromPanel)
            }
        }
        print("panel insert+delete in 200 chars: \(fmt(Double(pn * 200) / ps)) actions/s")

        var seven = makeBar()
        send(&seven, .tapTextView())
        send(&seven, .type(String(repeating: "x", count: 30 * 7)))
        send(&seven, .tapToggle)
        let mid = SimInstant.zero + .milliseconds(100)
        var items = 0
        let (fn, fs) = measure { items += seven.displayList(at: mid).items.count }
        print("displayList of a 7-line bar mid-switch: \(fmt(Double(fn) / fs)) frames/s (\(items / max(1, fn + 1)) items)")
        var sink = 0.0
        let (kn, ks) = measure {
            for k in 0..<1000 { sink += seven.frame(at: SimInstant(ticks: Int64(k) * 720)).minY }
        }
        print("bar frame(at:) during the switch: \(fmt(Double(kn * 1000) / ks)) frames/s (checksum \(Int(sink) % 10))")
    }

    static func fmt(_ v: Double) -> String { formatPoints(v >= 100 ? v.rounded() : v) }
}
