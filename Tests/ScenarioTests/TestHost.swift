import SimCore
import Interaction
import Raster
import ChatUI
import Tester
import ChatHarness
@testable import Scenario

/// A host that records what reaches it, for testing the runner itself (timing,
/// routing, expectations). The real screen is tested in ChatScreenScenarioTests. It is
/// driven only as any `Testable` is, by the runner's `Tester`, and resolves finders
/// through the Tester's `FinderResolution`: its own table (`frames`) answers only for
/// component kinds.
final class TestHost: ChatScenarioHost, MonkeyHost {
    let clock = VirtualClock()
    let trace = Trace()
    var size = Size(width: 375, height: 667)
    var touches: [TouchEvent] = []
    var performed: [Script.Action] = []
    var facts: ScenarioFacts {
        get {
            stateReads += 1
            var s = storedState
            if driftsWhenRead { s.caret = stateReads }
            return s
        }
        set { storedState = newValue }
    }
    private var storedState = ScenarioFacts()
    private var stateReads = 0
    /// A planted bug for the monkey's expectations: every read of the state reports
    /// another caret, so an expectation written from one read fails on the next.
    var driftsWhenRead = false
    /// The host counts as animating until this instant.
    var busyUntil: SimInstant = .zero
    /// A planted bug for the monkey: the invariant breaks once this many messages
    /// were received while the send button was enabled.
    var brokenAfterReceives: Int?
    var receivesWhileSendEnabled = 0
    var frames: [Finder: Rect] = [
        .input: Rect(x: 40, y: 600, width: 250, height: 36),
        .send: Rect(x: 300, y: 600, width: 60, height: 36),
        .panel: Rect(x: 0, y: 450, width: 375, height: 216),
    ]

    var bounds: Rect { Rect(origin: .zero, size: size) }
    var frameLink: DisplayLink? { nil }

    /// As the screen resolves: points, the drawn kinds (`label`, `view`, `text`) and the
    /// modifiers (`first`, `nth`, `within`) through the Tester's `FinderResolution`, and
    /// only the components from `frames`.
    func resolve(_ finder: Finder) -> FinderResult {
        FinderResolution.resolve(finder, drawn: { displayList() }, components: { f in
            guard let frame = frames[f] else { return .missing("\(f) is not on screen") }
            return .hit(FinderHit(frame: frame))
        })
    }

    func handle(_ touch: TouchEvent) {
        touches.append(touch)
        trace.record(touch.timestamp, "test", "touch", ("phase", "\(touch.phase)"))
    }

    func perform(_ verb: ScriptPhrase) throws(ScenarioHostError) {
        if verb.words == "type", facts.keyboard != .system { throw ScenarioHostError("typing needs the system keyboard (it is \(facts.keyboard.rawValue))") }
        performed.append(.verb(verb))
        if verb.words == "receive", facts.sendEnabled { receivesWhileSendEnabled += 1 }
        if verb.words == "type", let s = verb.text(0) { facts.input += s; facts.sendEnabled = !facts.input.isEmpty }
    }

    var motion: [String] { clock.now >= busyUntil ? [] : ["the test host is busy until \(busyUntil)"] }

    func displayList() -> DisplayList { displayList(of: .screen) ?? DisplayList(size: size) }

    func displayList(of subject: Script.SnapshotSubject) -> DisplayList? {
        if subject == .panel && frames[.panel] == nil { return nil }
        var list = DisplayList(size: size)
        list.fill(Rect(x: 8, y: 8, width: 100, height: 32), .bubbleOutgoing, view: subject.rawValue)
        list.border(Rect(origin: .zero, size: size), .separator)
        return list
    }

    var imageProvider: ImageProvider { .none }

    func invariantViolations() -> [String] {
        if let n = brokenAfterReceives, receivesWhileSendEnabled >= n {
            return ["received \(receivesWhileSendEnabled) messages while send was enabled"]
        }
        return []
    }
}
