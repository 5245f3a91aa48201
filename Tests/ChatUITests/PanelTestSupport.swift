import SimCore
import EmojiText
import Interaction
@testable import ChatUI
import Tester

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
    let panel: PanelHost
    let tester: Tester<PanelHost>
    var clock: VirtualClock { panel.clock }
    static let frame = SimDuration.frames(1, at: TesterDefaults.frameRate)

    init(panel: PanelHost) {
        self.panel = panel
        tester = Tester(panel, timing: .manual)
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
               width: Double = 375, variants: @escaping (Emoji) -> [Emoji] = { _ in [] }) -> (PanelHost, PanelDriver) {
    let clock = VirtualClock()
    let panel = PanelHost(groups: groups, configuration: configuration, width: width, clock: clock,
                           trace: Trace(), variants: variants)
    return (panel, PanelDriver(panel: panel))
}

extension Trace {
    func names(_ prefix: String = "") -> [String] { retained.map(\.name).filter { $0.hasPrefix(prefix) } }
}
