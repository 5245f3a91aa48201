import Testing
import SimCore
import EmojiText
import Interaction
import Raster
import Tester
import ChatHarness
import EmojiSimTesting
@testable import ChatUI

/// The chat screen's wiring through a `TestStore` over its real `State`, exhaustively:
/// every action's events are the children's own, lifted at their place, plus the
/// screen's; the panel-to-bar and bar-to-list wiring are fed-back actions the store
/// must `receive`; the state changes exactly as the children's transitions (computed
/// here from the children alone) and the routing say.
@Suite struct ChatScreenStoreTests {
    let screen = ChatScreen(profile: .iphone8, catalog: .demo)
    let t0 = SimInstant.zero + .seconds(1)
    func ms(_ n: Int) -> SimInstant { t0 + .milliseconds(n) }

    func store() -> TestStore<ChatScreen> {
        TestStore(screen, state: screen.initialState().state, report: recordTestStoreIssue)
    }

    /// The list following the bar in `s`: the list's own state and events after the
    /// screen's viewport update at `t`.
    func viewport(_ s: ChatScreen.State, at t: SimInstant) -> (BubbleList.State, [ChatScreen.Event]) {
        var list = s.list
        let events = screen.listModel.reduce(into: &list, .setViewportHeight(screen.listFrame(s, at: t).height), at: t)
        return (list, events.map(ChatScreen.Event.list))
    }

    /// A touch on the panel at the screen point `p`, and the same touch in the panel's
    /// coordinates (what the screen hands the panel).
    func panelTouch(_ phase: TouchEvent.Phase, _ p: Point, _ s: ChatScreen.State, at t: SimInstant) -> (screen: TouchEvent, panel: TouchEvent) {
        let kb = screen.keyboardFrame(s, at: t)
        return (TouchEvent(id: 1, phase: phase, location: p, timestamp: t),
                TouchEvent(id: 1, phase: phase, location: Point(x: p.x - kb.minX, y: p.y - kb.minY), timestamp: t))
    }

    /// Taps the panel target `finder` (down, then up 80 ms later) with the store,
    /// asserting both touches against the panel's own transitions; returns the lift's
    /// panel events.
    func tapPanel(_ store: TestStore<ChatScreen>, _ finder: Finder, at t: SimInstant) -> [PanelEvent] {
        guard case .hit(let hit) = screen.resolve(finder, in: store.state, at: t) else {
            Issue.record("\(finder) is not hittable: \(screen.resolve(finder, in: store.state, at: t))")
            return []
        }
        let p = hit.point
        var panel = store.state.panel
        let down = panelTouch(.began, p, store.state, at: t)
        let downEvents = screen.panelModel.reduce(into: &panel, .touch(down.panel), at: t)
        store.send(.touch(down.screen), at: t, [.touchDown(.emojiPanel, at: p)] + downEvents.map(ChatScreen.Event.panel)) {
            $0.touchTargets = [1: .emojiPanel]
            $0.panel = panel
        }
        let tUp = t + .milliseconds(80)
        let up = panelTouch(.ended, p, store.state, at: tUp)
        let upEvents = screen.panelModel.reduce(into: &panel, .touch(up.panel), at: tUp)
        store.send(.touch(up.screen), at: tUp, upEvents.map(ChatScreen.Event.panel)) {
            $0.touchTargets = [:]
            $0.panel = panel
        }
        return upEvents
    }

    /// Receives the fed-back bar action `action` at `t`, asserting the bar's own
    /// transition and the list following the bar after it.
    func receiveBarFeedback(_ store: TestStore<ChatScreen>, _ action: InputBar.Action, at t: SimInstant) throws {
        var bar = store.state.inputBar
        let barEvents = try InputBar().reduce(into: &bar, action, at: t).map(ChatScreen.Event.inputBar)
        var after = store.state
        after.inputBar = bar
        let (list, listEvents) = viewport(after, at: t)
        store.receive(.inputBar(action), barEvents + listEvents) {
            $0.inputBar = bar
            $0.list = list
        }
    }

    @Test func aPanelPickIsFedBackAsTheBarsInsert() throws {
        let store = store()
        store.skip(.inputBar(.tapToggle), at: t0)          // the emoji keyboard slides up
        let e = try #require(Catalog.demo(code: "笑哭"))
        let upEvents = tapPanel(store, .emoji("笑哭"), at: ms(1000))
        #expect(upEvents.contains(.didSelect(e)) && upEvents.contains(.inputClick))

        try receiveBarFeedback(store, .insertEmoji(e), at: ms(1080))
        #expect(store.state.inputBar.text == "[笑哭]")
        store.finish()
    }

    @Test func theDeleteKeyIsFedBackAsTheBarsDelete() throws {
        let store = store()
        let e = try #require(Catalog.demo(code: "笑哭"))
        store.skip(.inputBar(.tapToggle), at: t0)
        store.skip(.inputBar(.insertEmoji(e)))
        #expect(store.state.inputBar.text == "[笑哭]")
        let upEvents = tapPanel(store, .delete, at: ms(1000))
        #expect(upEvents.contains(.didTapDelete(repeatCount: 0)))

        try receiveBarFeedback(store, .deleteFromPanel, at: ms(1080))
        #expect(store.state.inputBar.text == "")
        store.finish()
    }

    @Test func aSentMessageIsFedBackIntoTheList() throws {
        let store = store()
        store.skip(.inputBar(.tapTextView()), at: t0)
        store.skip(.inputBar(.type("hi")))
        let t = ms(1000)
        var bar = store.state.inputBar
        let barEvents = try InputBar().reduce(into: &bar, .tapSend, at: t).map(ChatScreen.Event.inputBar)
        #expect(barEvents.contains(.inputBar(.didSend("hi"))))
        // The bar's events whole, then the message handed on (not a line): the list is
        // not laid out here, the fed-back `.send` does it after the append.
        store.send(.inputBar(.tapSend), at: t, barEvents + [.outgoing("hi")]) { $0.inputBar = bar }

        var list = store.state.list
        let m = Message(id: Message.ID(0), sender: .me, serverText: "hi", time: t)
        let appended = screen.listModel.reduce(into: &list, .append(m), at: t).map(ChatScreen.Event.list)
        var after = store.state
        after.list = list
        let (laidOut, listEvents) = viewport(after, at: t)
        store.receive(.send("hi"), [.sent(Message.ID(0))] + appended + listEvents) {
            $0.nextMessageID = 1
            $0.list = laidOut
        }
        #expect(store.state.list.lastMessage?.serverText == "hi" && store.state.list.count == 1)
        store.finish()
    }

    @Test func aRefusalIsTheLastEventAndChangesNothing() {
        let store = store()
        // No keyboard up: the bar refuses typing; the list still follows the bar (it
        // has not moved, so nothing is laid out) and the refusal comes last.
        store.send(.inputBar(.type("x")), at: t0, [.refused(.needsSystemKeyboard(action: "type", keyboard: .none))])
        // A pick without the emoji keyboard up is refused the same way, after the pick.
        let e = Catalog.demo(code: "微笑")!
        var panel = store.state.panel
        let picked = screen.panelModel.reduce(into: &panel, .select(e), at: t0).map(ChatScreen.Event.panel)
        #expect(picked.contains(.panel(.didSelect(e))))
        store.send(.panel(.select(e)), picked) { $0.panel = panel }
        store.receive(.inputBar(.insertEmoji(e)), [.refused(.needsEmojiKeyboard(action: "insert an emoji", keyboard: .none))])
        store.finish()
    }

    @Test func aHostTracesThePicksInsertAtItsPlace() throws {
        let host = Host(screen, state: screen.initialState().state)
        let tester = Tester(host)
        try tester.tap(.toggle)
        try tester.tap(.emoji("笑哭"))
        let lines = host.trace.lines.map { $0.split(separator: " ").dropFirst().prefix(2).joined(separator: " ") }
        let pick = try #require(lines.firstIndex(of: "panel didSelect"))
        let click = try #require(lines.firstIndex(of: "screen inputClick"))
        let insert = try #require(lines[pick...].firstIndex { $0.hasPrefix("inputBar ") })
        // The bar's lines follow the panel's pick and click, as UIKit's delegate call
        // made inside the panel's touch handler.
        #expect(pick < insert && click < insert)
        #expect(host.inputText == "[笑哭]")
    }
}

private enum Catalog {
    static func demo(code: String) -> Emoji? { EmojiCatalog.demo.emoji(forCode: code) }
}
