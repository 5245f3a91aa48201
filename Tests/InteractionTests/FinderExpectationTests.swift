import Testing
import SimCore
import Interaction
import Raster
import Tester

/// A subject that draws what the test gives it: the default resolution over its list.
private final class Drawing: Testable {
    let clock = VirtualClock()
    let trace = Trace()
    let bounds = Rect(x: 0, y: 0, width: 200, height: 100)
    var list: DisplayList
    /// Moving until this instant (so auto timing waits for it).
    var busyUntil = SimInstant.zero
    init(_ draw: (inout DisplayList) -> Void) {
        var l = DisplayList(width: 200, height: 100)
        draw(&l)
        list = l
    }
    func handle(_ touch: TouchEvent) {}
    var motion: [String] { clock.now < busyUntil ? ["the drawing fades in"] : [] }
    func displayList() -> DisplayList { list }
    func invariantViolations() -> [String] { [] }
    var frameLink: DisplayLink? { nil }
}

/// `FinderExpectation.check` over each kind of resolution: the words visible, hidden,
/// exists, absent, enabled, disabled, selected, count and text, and what a failure says.
@Suite struct FinderExpectationTests {
    static let frame = Rect(x: 10, y: 10, width: 20, height: 20)
    static let hit = FinderResult.hit(FinderHit(frame: frame, count: 2, isSelected: true, text: "Hi"))
    static let plain = FinderResult.hit(FinderHit(frame: frame))
    static let greyed = FinderResult.disabled("the input is empty", FinderHit(frame: frame))
    static let covered = FinderResult.covered(by: "the preview", FinderHit(frame: frame, isSelected: false))
    static let away = FinderResult.offScreen("row 9 is scrolled off (rows 0 to 5 are displayed)", frame: nil)
    static let none = FinderResult.missing("the emoji keyboard is not shown (keyboard: system)")
    static let unknown = FinderResult.notInCatalog("不存在")

    func passes(_ e: FinderExpectation, _ r: FinderResult) -> Bool { e.check(r).passed }

    @Test func visibleMeansOnScreenAndNotCovered() {
        #expect(passes(.visible, Self.hit) && passes(.visible, Self.greyed))
        #expect(!passes(.visible, Self.covered) && !passes(.visible, Self.away) && !passes(.visible, Self.none))
        #expect(passes(.hidden, Self.covered) && passes(.hidden, Self.away) && passes(.hidden, Self.unknown))
        #expect(!passes(.hidden, Self.hit))
        #expect(FinderExpectation.visible.check(Self.covered).found == "hidden (covered by the preview)")
        #expect(FinderExpectation.visible.check(Self.away).found == "hidden (off screen: row 9 is scrolled off (rows 0 to 5 are displayed))")
        #expect(FinderExpectation.hidden.check(Self.greyed).found == "disabled (the input is empty)")
    }

    @Test func existsMeansTheModelHasIt() {
        #expect(passes(.exists, Self.hit) && passes(.exists, Self.covered) && passes(.exists, Self.away))
        #expect(!passes(.exists, Self.none) && !passes(.exists, Self.unknown))
        #expect(passes(.absent, Self.none) && passes(.absent, Self.unknown) && !passes(.absent, Self.away))
        #expect(FinderExpectation.exists.check(Self.unknown).found == "absent (no emoji with code '不存在' in the catalog)")
    }

    @Test func enabledAndDisabledNeedItOnScreen() {
        #expect(passes(.enabled, Self.hit) && passes(.enabled, Self.covered) && !passes(.enabled, Self.greyed))
        #expect(passes(.disabled, Self.greyed) && !passes(.disabled, Self.hit))
        #expect(!passes(.enabled, Self.away) && !passes(.disabled, Self.away))
        #expect(FinderExpectation.disabled.check(Self.hit).found == "enabled")
        #expect(FinderExpectation.enabled.check(Self.greyed).found == "disabled (the input is empty)")
        #expect(FinderExpectation.enabled.check(Self.none).found == "absent (the emoji keyboard is not shown (keyboard: system))")
    }

    @Test func selectedCountAndText() {
        #expect(passes(.selected, Self.hit) && !passes(.selected, Self.covered) && !passes(.selected, Self.plain))
        #expect(FinderExpectation.selected.check(Self.covered).found == "not selected")
        #expect(FinderExpectation.selected.check(Self.plain).found == "not selected")
        #expect(passes(.count(2), Self.hit) && passes(.count(1), Self.greyed) && passes(.count(0), Self.none))
        #expect(FinderExpectation.count(1).check(Self.away).found == "count 0 (hidden (off screen: row 9 is scrolled off (rows 0 to 5 are displayed)))")
        #expect(passes(.text("Hi"), Self.hit) && !passes(.text("Hi "), Self.hit) && !passes(.text(""), Self.plain))
        #expect(FinderExpectation.text("Hi ").check(Self.hit).found == "text \"Hi\"")
        #expect(FinderExpectation.text("x").check(Self.plain).found == "no text")
    }

    @Test func spellingsReadBack() {
        let all: [FinderExpectation] = [.visible, .hidden, .exists, .absent, .enabled, .disabled, .selected, .count(3), .text("a \"b\"")]
        #expect(all.map { $0.description } == ["visible", "hidden", "exists", "absent", "enabled", "disabled", "selected", "count 3", #"text "a \"b\"""#])
        for w in FinderExpectation.words { #expect(FinderExpectation(word: w)?.description == w) }
        #expect(FinderExpectation(word: "shown") == nil)
    }

    /// The Swift family: `expect` throws with the finder's script spelling and what was
    /// found; the queries answer over the same resolution; each waits for idle first.
    @Test func theTesterExpectsAndAnswers() throws {
        let d = Drawing { l in
            l.fill(Rect(x: 10, y: 10, width: 20, height: 20), .text, label: "微笑", view: "key")
            l.fill(Rect(x: 40, y: 10, width: 20, height: 20), .text, label: "微笑", view: "key", state: .selected)
            l.fill(Rect(x: 150, y: 60, width: 30, height: 20), .text, label: "Send", view: "send", state: .disabled)
        }
        d.busyUntil = SimInstant.zero + .milliseconds(100)
        let tester = Tester(d)
        try tester.expect(.label("微笑"), .visible)
        #expect(d.clock.now >= d.busyUntil)
        try tester.expect(.label("微笑"), .count(2))
        try tester.expect(.label("微笑"), .selected)
        try tester.expect(.label("Send"), .disabled)
        #expect(tester.isVisible(.label("微笑")) && !tester.isVisible(.label("哭")))
        #expect(tester.exists(.view("send")) && tester.count(of: .label("微笑")) == 2 && tester.count(of: .label("哭")) == 0)
        do throws(ExpectationFailure) {
            try tester.expect(.label("Send"), .enabled)
            Issue.record("a disabled button passed as enabled")
        } catch {
            #expect(error.description == #"expected label "Send" enabled, found disabled (it is drawn disabled)"#)
        }
        do throws(ExpectationFailure) {
            try tester.expect(.label("哭"), .visible)
            Issue.record("an absent label passed as visible")
        } catch {
            #expect(error.description == #"expected label "哭" visible, found absent (nothing drawn has the accessibility label "哭")"#)
        }
    }

    @Test func aSubjectThatNeverSettlesFailsSayingSo() {
        let d = Drawing { l in l.fill(Rect(x: 10, y: 10, width: 20, height: 20), .text, label: "a", view: "key") }
        d.busyUntil = SimInstant.zero + .seconds(3600)
        let c = Tester(d).check(.label("a"), .visible)
        #expect(!c.passed)
        #expect(c.found.hasPrefix("nothing yet: not idle after"))
    }
}
