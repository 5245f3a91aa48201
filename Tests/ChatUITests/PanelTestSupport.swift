import SimCore
import EmojiText
import Interaction
import Imaging
@testable import ChatUI
import Tester
import ChatHarness

/// Synthetic catalogs and a touch driver for the panel tests.
enum PanelFixtures {
    /// A group of `count` image emoji coded `<prefix>000`, `<prefix>001`, ...
    static func group(_ name: String, _ prefix: String, count: Int, animatedEvery: Int = 0) -> PanelSection {
        let emoji = (0..<count).map { i -> Emoji in
            let n = String(i)
            let code = prefix + String(repeating: "0", count: max(0, 3 - n.count)) + n
            let animated = animatedEvery > 0 && i % animatedEvery == 0
            return Emoji(code: code, kind: animated ? .animatedImage : .staticImage, imageName: code + (animated ? ".gif" : ".png"),
                         meanings: ["": "\(name) \(i)"], keywords: [name.lowercased()], group: name)
        }
        return PanelSection(name: name, emoji: emoji)
    }

    /// 30 + 100 + 5 emoji: 2, 5 and 1 pages at 23 per page.
    static let groups = [group("Faces", "f", count: 30), group("Animals", "a", count: 100), group("Food", "d", count: 5)]
}

/// The panel's tests drive it through the one `Tester` (manual timing, its touch rate
/// and tap hold); these helpers only name the gestures the tests use.
struct PanelDriver {
    let panel: Host<EmojiPanel>
    let tester: Tester<Host<EmojiPanel>>
    var clock: VirtualClock { panel.clock }
    static let frame = SimDuration.frames(1, at: TesterDefaults.frameRate)

    /// How much of the panel's trace `delegateCalls()` has read.
    final class Cursor { var read = 0 }
    let cursor = Cursor()

    init(panel: Host<EmojiPanel>) {
        self.panel = panel
        tester = Tester(panel, timing: .manual)
        cursor.read = panel.trace.totalCount
    }

    /// The panel's picks and deletes since the last call, oldest first, read from the
    /// host's trace: the one record of what the panel returned to the actions the host
    /// sent itself (the Tester's touches, deadlines, frames). Each `didSelect` line is a
    /// `.didSelect`, each `didTapDelete` line a `.didTapDelete` (the click that comes with
    /// each is a screen's line, not the panel's; PanelStoreTests asserts it).
    func delegateCalls() -> [PanelEvent] {
        let trace = panel.trace
        let fresh = trace.retained.suffix(max(0, min(trace.retained.count, trace.totalCount - cursor.read)))
        cursor.read = trace.totalCount
        var out: [PanelEvent] = []
        for e in fresh where e.source == "panel" {
            let field = { (k: String) in e.fields.first { $0.key == k }?.value }
            switch e.name {
            case "didSelect": if let code = field("code") { out.append(.didSelect(emoji(code: code))) }
            case "didTapDelete": out.append(.didTapDelete(repeatCount: Int(field("repeat") ?? "") ?? -1))
            default: continue
            }
        }
        return out
    }

    /// The emoji of `code`: a key, a skin-tone variant of a key, or a search result.
    func emoji(code: String) -> Emoji {
        let r = panel.reducer
        if let e = r.lookup(code) { return e }
        for g in r.groups { for e in g.emoji { if let v = r.variantsProvider(e).first(where: { $0.code == code }) { return v } } }
        if let e = r.searchProvider(code).first(where: { $0.code == code }) { return e }
        return Emoji(code: code, kind: .staticImage, imageName: nil, meanings: [:], keywords: [], group: "")
    }

    func down(_ p: Point, id: Int = 1) { tester.deliver([TouchEvent(id: id, phase: .began, location: p, timestamp: clock.now)]) }
    func move(_ p: Point, id: Int = 1) { tester.deliver([TouchEvent(id: id, phase: .moved, location: p, timestamp: clock.now)]) }
    func up(_ p: Point, id: Int = 1) { tester.deliver([TouchEvent(id: id, phase: .ended, location: p, timestamp: clock.now)]) }
    func cancel(_ p: Point, id: Int = 1) { tester.deliver([TouchEvent(id: id, phase: .cancelled, location: p, timestamp: clock.now)]) }
    func wait(_ d: SimDuration) { tester.pump(d) }

    func tap(_ p: Point) { try? tester.tap(at: p) }

    /// Holds at `p` for `hold`, then releases.
    func press(_ p: Point, for hold: SimDuration) { try? tester.longPress(at: p, for: hold) }

    /// Moves the finger of id 1 from `from` to `to` in a straight line over `duration`,
    /// one sample per touch period (no release).
    func slide(from: Point, to: Point, over duration: SimDuration) {
        let period = SimDuration.frames(1, at: tester.touchRate)
        let samples = max(1, Int(duration.ticks / period.ticks))
        let start = clock.now
        var events: [TouchEvent] = []
        for k in 1...samples {
            let f = Double(k) / Double(samples)
            events.append(TouchEvent(id: 1, phase: .moved, location: Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f),
                                     timestamp: start + SimDuration(ticks: duration.ticks * Int64(k) / Int64(samples))))
        }
        tester.deliver(events)
    }

    /// A drag by `dx` whose finger moves at constant speed over `duration`, then lifts
    /// (release velocity dx / duration), then lets everything settle.
    func fling(at p: Point, dx: Double, over duration: SimDuration, settle: Bool = true) {
        down(p)
        slide(from: p, to: Point(x: p.x + dx, y: p.y), over: duration)
        up(Point(x: p.x + dx, y: p.y))
        if settle { self.settle() }
    }

    /// A drag by `dx` that stops for 200 ms before lifting (no fling).
    func dragAndHold(at p: Point, dx: Double, over duration: SimDuration) {
        down(p)
        slide(from: p, to: Point(x: p.x + dx, y: p.y), over: duration)
        wait(.milliseconds(200))
        move(Point(x: p.x + dx, y: p.y))
        up(Point(x: p.x + dx, y: p.y))
        settle()
    }

    /// Until the panel is idle (the Tester's rule), then one more frame.
    func settle() {
        _ = try? tester.pumpUntilIdle()
        wait(Self.frame)
    }
}

func makePanel(_ groups: [PanelSection] = PanelFixtures.groups, configuration: PanelConfiguration = .standard,
               width: Double = 375, variants: @escaping (Emoji) -> [Emoji] = { _ in [] },
               images: ImageLibrary? = nil) -> (Host<EmojiPanel>, PanelDriver) {
    let reducer = EmojiPanel(groups: groups, configuration: configuration, variants: variants, images: images)
    let panel = Host(panel: reducer, width: width)
    return (panel, PanelDriver(panel: panel))
}

/// What the panel tests ask a hosted panel: its actions by name, its state's queries,
/// and the delegate calls its trace shows.
extension Host where R == EmojiPanel {
    /// `scrollViewDidScroll` calls so far.
    var didScrollCount: Int { state.didScrollCount }
    /// Page display lists built so far (draw-cache misses).
    var pageDrawCount: Int { state.pageDrawCount }
    /// Page display lists served from the draw cache.
    var pageCacheHits: Int { state.pageCacheHits }
    /// The recents as codes, most recent first.
    var recentEmojis: RecentEmojis { state.recentEmojis }
    /// Centre of the current page's delete key.
    var deleteKeyLocation: Point? { state.deleteKeyLocation }
    func search(_ q: String) { send(.search(q)) }
    func clearSearch() { send(.clearSearch) }
    func resize(width: Double) { send(.resize(width: width)) }
    func configure(_ c: PanelConfiguration) { send(.configure(c)) }
    func scroll(toSection s: Int, animated: Bool) { send(.scrollToSection(s, animated: animated)) }
    func scroll(toPage p: Int, animated: Bool) { send(.scrollToPage(p, animated: animated)) }
    func select(_ e: Emoji) { send(.select(e)) }
    func setRecents(_ r: [Emoji]) { send(.setRecents(r)) }
    func restore(_ r: RecentEmojis) { send(.setRecents(reducer.emoji(of: r))) }
    func location(row: Int, column: Int) -> Point { state.location(row: row, column: column) }
    func location(ofEmoji code: String) -> Point? { state.location(ofEmoji: code) }
    func location(ofTab i: Int) -> Point { state.location(ofTab: i) }
    func tabIndex(named name: String) -> Int? { state.tabIndex(named: name) }
    func panelFrame(_ r: Rect) -> Rect { state.panelFrame(r) }
}

extension Trace {
    func names(_ prefix: String = "") -> [String] { retained.map(\.name).filter { $0.hasPrefix(prefix) } }
}
