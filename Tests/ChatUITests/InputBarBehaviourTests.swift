import Testing
import SimCore
import EmojiText
import Interaction
@testable import ChatUI
import Tester
import ChatHarness

/// A bar on an iPhone 8 in a `Host<InputBar>` with its own clock and trace, driven
/// through the Tester: the host ticks the bar at 60 Hz frame boundaries while it needs
/// frames and at the loupe's deadline, and the Tester's touches (120 Hz samples, 80 ms
/// taps) and idle rule are the scripts' own. Manual timing: time moves only by
/// `advance` and the gestures' own durations.
struct InputBarRig {
    let host: Host<InputBar>
    let tester: Tester<Host<InputBar>>

    init(_ configuration: InputBarConfiguration = .init(), profile: DeviceProfile = .iphone8) {
        host = Host(InputBar(), state: InputBar.State(profile: profile, catalog: .demo, configuration: configuration))
        tester = Tester(host, timing: .manual)
    }

    var clock: VirtualClock { host.clock }
    var trace: Trace { host.trace }
    var bar: InputBar.State { host.state }

    /// Lets `ms` pass through the Tester (display-link frames on the way); throws what
    /// the bar refused on a tick or a touch.
    func advance(ms: Int) throws {
        try advance(to: clock.now + .milliseconds(ms))
    }

    /// Lets `d` pass through the Tester.
    func advance(_ d: SimDuration) throws {
        try advance(to: clock.now + d)
    }

    /// Lets time pass to `t` (nothing when it has passed).
    func advance(to t: SimInstant) throws {
        if t > clock.now { tester.pump(t - clock.now) }
        try check()
    }

    /// Sends an action through the host (at `clock.now`, events traced); throws refusals.
    @discardableResult
    func send(_ action: InputBar.Action) throws -> [InputBarEvent] { try host.send(action) }

    /// Delivers a touch straight to the bar at `clock.now` (not through the Tester),
    /// events traced and returned.
    @discardableResult
    func handle(_ touch: TouchEvent) throws -> [InputBarEvent] {
        if touch.timestamp > clock.now { tester.pump(touch.timestamp - clock.now) }
        return try host.send(.touch(touch))
    }

    /// Throws the first error the bar raised on a tick or a Tester touch.
    func check() throws {
        if let e = host.refusals.first { throw e }
    }

    static let smile = EmojiCatalog.demo.emoji(forCode: "f056")!
    static let laugh = EmojiCatalog.demo.emoji(forCode: "笑哭")!
    static let grin = EmojiCatalog.demo.emoji(forCode: "\u{1F604}")!
}

@Suite struct InputBarResponderTests {
    @Test func tapTextViewShowsTheSystemKeyboardAndTheBarRidesIt() throws {
        let r = InputBarRig()
        let events = try r.send(.tapTextView())
        #expect(events.map(\.traceName) == ["becameFirstResponder", "inputViewChanged", "willChangeFrame", "willShow"])
        #expect(r.bar.keyboard.kind == .system && !r.bar.toggleShowsKeyboardIcon)
        #expect(r.bar.frame(at: r.clock.now) == Rect(x: 0, y: 667 - 48, width: 375, height: 48))
        for _ in 0..<15 {
            try r.advance(.frames(1, at: 60))
            let kb = r.bar.keyboardFrame(at: r.clock.now)
            #expect(r.bar.frame(at: r.clock.now).maxY == kb.minY)
        }
        #expect(r.bar.frame(at: r.clock.now).maxY == 667 - 260)
        #expect(r.trace.lines.last == "0.250s keyboard didShow from=none to=system begin=[0,667 375x260] end=[0,407 375x260] duration=0.250s curve=7")
    }

    @Test func toggleSwitchesAndTapTextViewSwitchesBack() throws {
        let r = InputBarRig()
        try r.send(.tapToggle)
        #expect(r.bar.keyboard.kind == .emoji && r.bar.toggleShowsKeyboardIcon)
        try r.advance(ms: 300)
        #expect(r.bar.frame(at: r.clock.now).maxY == 667 - 216)
        let back = try r.send(.tapTextView())
        #expect(back.map(\.traceName) == ["inputViewChanged", "willChangeFrame", "willShow"])
        if case let .keyboard(n) = back[2] {
            #expect(n.beginFrame.height == 216 && n.endFrame.height == 260)
        } else { Issue.record("expected a keyboard notification") }
        // Half way through the switch the bar is between the two keyboard tops.
        try r.advance(.milliseconds(50))
        let y = r.bar.frame(at: r.clock.now).maxY
        #expect(y < 451 && y > 407)
    }

    @Test func tapOutsideResignsHidesAndResetsTheToggle() throws {
        let r = InputBarRig()
        try r.send(.tapToggle)
        try r.advance(ms: 300)
        let events = try r.send(.tapOutside)
        #expect(events.map(\.traceName) == ["resignedFirstResponder", "willChangeFrame", "willHide"])
        #expect(!r.bar.toggleShowsKeyboardIcon && !r.bar.responder.isFirstResponder)
        try r.advance(ms: 300)
        #expect(r.bar.frame(at: r.clock.now).maxY == 667)
        #expect(r.trace.lines.last?.contains("keyboard didHide from=emoji to=none") == true)
    }

    @Test func outboundEventsAreWhatAScreenNeeds() throws {
        let r = InputBarRig()
        var events = try r.send(.tapTextView())
        events += try r.send(.type("a"))
        #expect(events.filter(\.isOutbound).map(\.traceName)
                == ["becameFirstResponder", "inputViewChanged", "willChangeFrame", "willShow"])
        #expect(events.filter { !$0.isOutbound }.map(\.traceName) == ["keyClick", "textChanged", "sendEnabledChanged"])
    }
}

@Suite struct InputBarEditingTests {
    @Test func typingNeedsTheSystemKeyboard() throws {
        let r = InputBarRig()
        #expect(throws: InputBarError.needsSystemKeyboard(action: "type", keyboard: .none)) {
            try r.send(.type("x"))
        }
        try r.send(.tapToggle)
        let before = r.bar
        #expect(throws: InputBarError.needsSystemKeyboard(action: "type", keyboard: .emoji)) {
            try r.send(.type("x"))
        }
        #expect(throws: InputBarError.needsSystemKeyboard(action: "compose", keyboard: .emoji)) {
            try r.send(.compose("ni"))
        }
        #expect(throws: InputBarError.needsSystemKeyboard(action: "press backspace", keyboard: .emoji)) {
            try r.send(.backspace)
        }
        #expect(r.bar == before)
        let message = InputBarError.needsSystemKeyboard(action: "type", keyboard: .emoji).description
        #expect(message == "input bar: cannot type: the system keyboard is not up (keyboard: emoji)")
    }

    @Test func panelActionsNeedTheEmojiKeyboard() throws {
        let r = InputBarRig()
        try r.send(.tapTextView())
        #expect(throws: InputBarError.needsEmojiKeyboard(action: "insert an emoji", keyboard: .system)) {
            try r.send(.insertEmoji(InputBarRig.smile))
        }
        #expect(throws: InputBarError.needsEmojiKeyboard(action: "press the panel's delete key", keyboard: .system)) {
            try r.send(.deleteFromPanel)
        }
        #expect(throws: InputBarError.notFirstResponder(action: "paste")) {
            let idle = InputBarRig()
            try idle.send(.paste)
        }
    }

    @Test func seedChainServerTextIsExactlyWhatWasComposed() throws {
        let r = InputBarRig()
        try r.send(.tapTextView())
        try r.send(.type("hello world"))
        try r.send(.tapToggle)
        try r.send(.select(location: 5, length: 0)) // caret in the middle
        try r.send(.insertEmoji(InputBarRig.smile))
        try r.send(.insertEmoji(InputBarRig.laugh))
        #expect(r.bar.selectedRange == 7..<7) // caret after the second emoji, no jump
        #expect(r.bar.text == "hello[f056][笑哭] world")
        try r.send(.deleteFromPanel) // removes the whole [笑哭]
        #expect(r.bar.text == "hello[f056] world" && r.bar.selectedRange == 6..<6)
        try r.send(.tapTextView())
        #expect(r.bar.keyboard.kind == .system)
        try r.send(.type("!"))
        #expect(r.bar.isSendEnabledNow)
        let events = try r.send(.tapSend)
        let sent = events.compactMap { e -> String? in if case let .didSend(t) = e { return t } else { return nil } }
        #expect(sent == ["hello[f056]! world"])
        #expect(r.bar.text.isEmpty && !r.bar.isSendEnabled)
        #expect(r.bar.keyboard.kind == .system) // keeps the keyboard
        #expect(r.trace.lines.contains { $0.hasSuffix("inputBar didSend text=\"hello[f056]! world\"") })
    }

    @Test func backspaceAndPanelDeleteAreAtomic() throws {
        let r = InputBarRig()
        try r.send(.tapToggle)
        try r.send(.insertEmoji(InputBarRig.grin))
        try r.send(.insertEmoji(InputBarRig.smile))
        try r.send(.tapTextView())
        try r.send(.backspace)
        #expect(r.bar.text == "\u{1F604}")
        try r.send(.tapToggle)
        try r.send(.deleteFromPanel)
        #expect(r.bar.text.isEmpty)
        try r.send(.deleteFromPanel) // nothing left: no change, no event
        #expect(r.bar.length == 0)
    }

    @Test func markedTextIsCommittedWhenTheSystemKeyboardLeaves() throws {
        let r = InputBarRig()
        try r.send(.tapTextView())
        try r.send(.type("a"))
        try r.send(.compose("ni"))
        #expect(r.bar.markedRange == 1..<3 && r.bar.text == "ani")
        try r.send(.compose("你"))
        #expect(r.bar.markedRange == 1..<2 && r.bar.text == "a你")
        try r.send(.tapToggle)
        #expect(r.bar.markedRange == nil && r.bar.text == "a你")
    }

    @Test func returnCommitsCompositionThenSends() throws {
        let r = InputBarRig()
        try r.send(.tapTextView())
        try r.send(.compose("hao"))
        var events = try r.send(.returnKey)
        #expect(!events.contains { if case .didSend = $0 { return true } else { return false } })
        #expect(r.bar.markedRange == nil && r.bar.text == "hao")
        events = try r.send(.returnKey)
        #expect(events.contains(.didSend("hao")))
    }

    @Test func returnInsertsANewlineWhenItDoesNotSend() throws {
        var c = InputBarConfiguration(); c.returnKeySends = false
        let r = InputBarRig(c)
        try r.send(.tapTextView())
        try r.send(.type("a\nb"))
        #expect(r.bar.text == "a\nb" && r.bar.lineCount == 2)
    }

    @Test func typedReturnSendsWithASendReturnKey() throws {
        let r = InputBarRig()
        try r.send(.tapTextView())
        let events = try r.send(.type("ok\nnext"))
        #expect(events.contains(.didSend("ok")))
        #expect(r.bar.text == "next")
    }

    @Test func editMenuGoesThroughTheEditor() throws {
        let r = InputBarRig()
        try r.send(.tapTextView())
        try r.send(.type("ab"))
        try r.send(.tapToggle)
        try r.send(.insertEmoji(InputBarRig.smile))
        try r.send(.selectAll)
        try r.send(.copy)
        #expect(r.bar.pasteboard.string == "ab[f056]")
        try r.send(.cut)
        #expect(r.bar.text.isEmpty && r.bar.pasteboard.string == "ab[f056]")
        try r.send(.paste)
        try r.send(.paste)
        #expect(r.bar.text == "ab[f056]ab[f056]")
        try r.send(.undo)
        #expect(r.bar.text == "ab[f056]")
        try r.send(.redo)
        #expect(r.bar.text == "ab[f056]ab[f056]")
        let length = r.bar.length
        #expect(throws: InputBarError.selectionOutOfBounds(location: 3, length: 99, textLength: length)) {
            try r.send(.select(location: 3, length: 99))
        }
    }

    @Test func maxLengthBlocksInputPastIt() throws {
        // The maximum counts plain characters, as the server does: [f056] is 6.
        let r = InputBarRig(InputBarConfiguration(maxLength: 10))
        try r.send(.tapTextView())
        try r.send(.type("abc"))
        try r.send(.tapToggle)
        try r.send(.insertEmoji(InputBarRig.smile))
        try r.send(.insertEmoji(InputBarRig.laugh)) // [笑哭] needs 4, 1 left: refused whole
        #expect(r.bar.text == "abc[f056]" && r.bar.length == 4)
        try r.send(.tapTextView())
        try r.send(.type("xyz"))
        #expect(r.bar.text == "abc[f056]x" && r.bar.editor.length == 10)
        try r.send(.select(location: 0, length: 0))
        try r.send(.setPasteboard("[微笑]"))
        try r.send(.paste) // no room: nothing, never half an emoji
        #expect(r.bar.text == "abc[f056]x")
    }

    @Test func tapInTheTextViewPlacesTheCaret() throws {
        let r = InputBarRig()
        try r.send(.tapTextView())
        try r.send(.type("abcdef"))
        // Text view at x 51, padding 5: the boundary after "ab" is at x 56 + 16.
        try r.send(.tapTextView(at: Point(x: 56 + 17, y: 24)))
        #expect(r.bar.selectedRange == 2..<2)
    }
}

@Suite struct InputBarSendTests {
    @Test func sendIsEnabledExactlyWhenSendable() throws {
        let r = InputBarRig()
        try r.send(.tapTextView())
        var events = try r.send(.type("  "))
        #expect(!r.bar.isSendEnabled && !events.contains(.sendEnabledChanged(true)))
        events = try r.send(.type("x"))
        #expect(r.bar.isSendEnabled && events.contains(.sendEnabledChanged(true)))
        events = try r.send(.backspace)
        #expect(!r.bar.isSendEnabled && events.contains(.sendEnabledChanged(false)))
        try r.send(.tapToggle)
        try r.send(.insertEmoji(InputBarRig.smile)) // an emoji alone counts
        #expect(r.bar.isSendEnabled)
    }

    @Test func disabledSendDoesNothing() throws {
        let r = InputBarRig()
        try r.send(.tapTextView())
        try r.send(.type(" "))
        let before = r.bar
        try r.send(.press(.send))
        #expect(r.bar.highlighted == nil) // a disabled button does not highlight
        let events = try r.send(.tapSend)
        #expect(events.isEmpty && r.bar == before)
    }

    @Test func sendClearsCollapsesAndEmitsOnce() throws {
        let r = InputBarRig()
        try r.send(.tapTextView())
        try r.advance(ms: 300)
        try r.send(.type(String(repeating: "word ", count: 14))) // 70 chars: 3 lines
        #expect(r.bar.lineCount == 3)
        try r.advance(ms: 300)
        #expect(r.bar.frame(at: r.clock.now).height == 80)
        try r.send(.press(.send))
        #expect(r.bar.highlighted == .send)
        let events = try r.send(.tapSend)
        #expect(events.map(\.traceName) == ["didSend", "heightWillChange", "textChanged", "sendEnabledChanged"])
        #expect(r.bar.highlighted == nil && r.bar.lineCount == 1)
        #expect(try r.send(.tapSend).isEmpty) // second tap: disabled, nothing
        try r.advance(ms: 300)
        #expect(r.bar.frame(at: r.clock.now) == Rect(x: 0, y: 407 - 48, width: 375, height: 48))
        #expect(r.bar.keyboard.kind == .system)
    }

    @Test func sendCanResignWhenConfigured() throws {
        let r = InputBarRig(InputBarConfiguration(keepsKeyboardOnSend: false))
        try r.send(.tapTextView())
        try r.send(.type("bye"))
        let events = try r.send(.tapSend)
        #expect(events.map(\.traceName).prefix(4) == ["didSend", "resignedFirstResponder", "willChangeFrame", "willHide"])
        #expect(r.bar.keyboard.kind == .none)
    }
}

@Suite struct InputBarGrowthTests {
    @Test func growsOneLineAtATimeWithAnAnimatedHeight() throws {
        let r = InputBarRig()
        try r.send(.tapTextView())
        try r.send(.type(String(repeating: "a", count: 30)))
        #expect(r.bar.lineCount == 1)
        let events = try r.send(.type("b"))
        #expect(events.contains(.heightWillChange(from: 48, to: 64, lines: 2)))
        let t0 = r.clock.now
        try r.advance(.milliseconds(50))
        let mid = r.bar.frame(at: r.clock.now).height
        #expect(mid > 48 && mid < 64)
        #expect(r.bar.height.end == t0 + .milliseconds(250) && InputBar().needsFrames(r.bar, at: r.clock.now))
        try r.advance(.milliseconds(200))
        #expect(r.bar.frame(at: r.clock.now).height == 64)
    }

    @Test func stopsAtMaxLinesThenScrollsKeepingTheCaretVisible() throws {
        let r = InputBarRig()
        try r.send(.tapTextView())
        try r.send(.type(String(repeating: "x", count: 30 * 7)))
        #expect(r.bar.lineCount == 7)
        try r.advance(.seconds(1))
        #expect(r.bar.frame(at: r.clock.now).height == 5 * 16 + 16 + 16)
        #expect(r.bar.scrollOffset == 32) // caret on line 7: lines 3...7 shown
        try r.send(.select(location: 0, length: 0))
        #expect(r.bar.scrollOffset == 0)
        try r.send(.select(location: 95, length: 0)) // line 4: already visible at 0
        #expect(r.bar.scrollOffset == 0)
        try r.send(.select(location: 185, length: 0)) // line 7 again
        #expect(r.bar.scrollOffset == 32)
    }

    @Test func maxLinesIsConfigurable() throws {
        let r = InputBarRig(InputBarConfiguration(maxLines: 2))
        try r.send(.tapTextView())
        try r.send(.type(String(repeating: "x", count: 100)))
        try r.advance(.seconds(1))
        #expect(r.bar.frame(at: r.clock.now).height == 2 * 16 + 16 + 16)
    }
}

extension InputBar.State {
    var isSendEnabledNow: Bool { isSendEnabled }
}

@Suite struct InputBarHitTestTests {
    @Test func tapsMapToActions() throws {
        let r = InputBarRig()
        let now = r.clock.now
        // Bar at y 623...667 with no keyboard.
        #expect(r.bar.hitTest(Point(x: 20, y: 640), at: now) == .toggle)
        #expect(r.bar.hitTest(Point(x: 100, y: 640), at: now) == .textView)
        #expect(r.bar.hitTest(Point(x: 340, y: 640), at: now) == .send)
        #expect(r.bar.hitTest(Point(x: 44, y: 621), at: now) == .bar)
        #expect(r.bar.hitTest(Point(x: 100, y: 300), at: now) == nil)
        #expect(r.bar.tapAction(at: Point(x: 100, y: 300), now: now) == .tapOutside)
        #expect(r.bar.tapAction(at: Point(x: 20, y: 640), now: now) == .tapToggle)
        try r.send(r.bar.tapAction(at: Point(x: 100, y: 640), now: now)!)
        #expect(r.bar.keyboard.kind == .system)
        try r.advance(.seconds(1))
        #expect(r.bar.hitTest(Point(x: 100, y: 500), at: r.clock.now) == .keyboard)
        #expect(r.bar.hitTest(Point(x: 100, y: 390), at: r.clock.now) == .textView)
        #expect(r.bar.tapAction(at: Point(x: 100, y: 500), now: r.clock.now) == nil)
    }
}

@Suite struct InputBarTouchTests {
    func touch(_ phase: TouchEvent.Phase, _ x: Double, _ y: Double, _ r: InputBarRig) -> TouchEvent {
        TouchEvent(phase: phase, location: Point(x: x, y: y), timestamp: r.clock.now)
    }

    @Test func tapOnSendHighlightsThenSends() throws {
        let r = InputBarRig()
        try r.send(.tapTextView())
        try r.send(.type("yo"))
        try r.advance(.seconds(1))
        let y = r.bar.frame(at: r.clock.now).minY + 24
        try r.handle(touch(.began, 340, y, r))
        #expect(r.bar.highlighted == .send)
        try r.advance(.milliseconds(80))
        let events = try r.handle(touch(.ended, 341, y + 1, r))
        #expect(events.contains(.didSend("yo")))
        #expect(r.bar.highlighted == nil && r.bar.tracking == nil)
    }

    @Test func draggingMoreThan70ptOffTheButtonCancelsTheTap() throws {
        let r = InputBarRig()
        try r.send(.tapTextView())
        try r.send(.type("yo"))
        try r.advance(ms: 300)   // the bar has arrived on the keyboard
        let send = r.bar.frame(of: .send, at: r.clock.now)
        try r.handle(touch(.began, send.midX, send.midY, r))
        #expect(r.bar.highlighted == .send)
        // 40 pt off is still inside (70 pt slop): the highlight stays.
        try r.handle(touch(.moved, send.midX, send.minY - 40, r))
        #expect(r.bar.highlighted == .send)
        // 71 pt above the top edge is outside.
        try r.handle(touch(.moved, send.midX, send.minY - 71, r))
        #expect(r.bar.highlighted == nil)
        let events = try r.handle(touch(.ended, send.midX, send.minY - 71, r))
        #expect(events == [.control(.send, .touchUpOutside, at: Point(x: send.midX, y: send.minY - 71))])
        #expect(r.bar.text == "yo" && r.bar.tracking == nil)
    }

    @Test func heldForASecondIsStillATap() throws {
        let r = InputBarRig()
        try r.handle(touch(.began, 20, 640, r))
        #expect(r.bar.highlighted == .toggle)
        #expect(r.bar.tracking?.recognizer == nil && InputBar().nextDeadline(r.bar) == nil) // a UIControl has no time limit
        try r.advance(ms: 1000)
        #expect(r.bar.highlighted == .toggle && r.bar.tracking != nil)
        let events = try r.handle(touch(.ended, 20, 640, r))
        #expect(events.first == .control(.toggle, .touchUpInside, at: Point(x: 20, y: 640)))
        #expect(r.bar.keyboard.kind == .emoji && r.bar.highlighted == nil)
    }

    @Test func tapsOnTheToggleTextViewAndOutside() throws {
        let r = InputBarRig()
        try r.handle(touch(.began, 20, 640, r))
        try r.handle(touch(.ended, 20, 640, r))
        #expect(r.bar.keyboard.kind == .emoji && r.bar.highlighted == nil)
        try r.advance(.seconds(1))
        let barY = r.bar.frame(at: r.clock.now).minY
        try r.handle(touch(.began, 100, barY + 24, r))
        try r.handle(touch(.ended, 100, barY + 24, r))
        #expect(r.bar.keyboard.kind == .system)
        try r.advance(.seconds(1))
        // A touch on the keyboard is not the bar's.
        #expect(try r.handle(touch(.began, 100, 600, r)).isEmpty && r.bar.tracking == nil)
        try r.handle(touch(.began, 100, 100, r))
        try r.handle(touch(.ended, 100, 100, r))
        #expect(r.bar.keyboard.kind == .none)
    }
}

@Suite struct InputBarDeadlineTests {
    @Test func aTextViewTapHeldPastItsDeadlineIsNoTap() throws {
        let r = InputBarRig()
        try r.tester.press(at: Point(x: 100, y: 640))
        #expect(r.bar.tracking?.recognizer?.deadline == r.clock.now + .milliseconds(750))
        try r.advance(ms: 800)
        #expect(r.bar.tracking == nil && !InputBar().needsFrames(r.bar, at: r.clock.now))
        try r.tester.release()
        try r.check()
        #expect(!r.bar.responder.isFirstResponder)
    }

    /// The Tester's tap (80 ms hold) on the text view, then its idle rule: the clock
    /// runs until the keyboard has posted didShow, and no further.
    @Test func aTesterTapOnTheTextViewShowsTheKeyboardAndSettles() throws {
        let r = InputBarRig()
        try r.tester.tap(at: Point(x: 100, y: 640))
        try r.check()
        #expect(r.bar.keyboard.kind == .system && r.host.motion == ["the keyboard slides", "the input bar moves"])
        let report = try r.tester.pumpUntilIdle()
        #expect(report.isIdle && r.host.motion.isEmpty)
        #expect(r.bar.frame(at: r.clock.now).maxY == 667 - 260)
        // The animation ends at 80 + 250 ms; didShow posts on the first frame at or after it.
        #expect(r.trace.lines.last?.hasPrefix("0.333s keyboard didShow from=none to=system") == true, "\(r.trace.lines.last ?? "")")
        #expect(r.clock.now > .zero + .milliseconds(333) && r.clock.now < .zero + .milliseconds(350))
    }
}

@Suite struct InputBarResizeTests {
    @Test func resizeRelaysOutTextAndMovesTheKeyboard() throws {
        let r = InputBarRig()
        try r.send(.tapTextView())
        try r.advance(ms: 300)
        try r.send(.type(String(repeating: "x", count: 40)))
        #expect(r.bar.lineCount == 2)
        let events = try r.send(.resize(Size(width: 667, height: 375)))
        #expect(events.map(\.traceName) == ["willChangeFrame", "willShow", "heightWillChange"])
        if case let .keyboard(n) = events[1] {
            #expect(n.beginFrame == Rect(x: 0, y: 407, width: 375, height: 260))
            #expect(n.endFrame == Rect(x: 0, y: 115, width: 667, height: 260))
            #expect(n.fromKind == .system && n.toKind == .system)
        } else { Issue.record("expected a keyboard notification") }
        #expect(r.bar.lineCount == 1)
        for _ in 0..<20 {
            try r.advance(ms: 16)
            let now = r.clock.now
            #expect(abs(r.bar.frame(at: now).maxY - r.bar.keyboardFrame(at: now).minY) < 1e-9)
            #expect(r.bar.frame(at: now).width == 667)
        }
        #expect(r.bar.frame(at: r.clock.now) == Rect(x: 0, y: 115 - 48, width: 667, height: 48))
    }

    @Test func resizeWithTheKeyboardHiddenPostsNothing() throws {
        let r = InputBarRig()
        let events = try r.send(.resize(Size(width: 320, height: 568)))
        #expect(events.isEmpty)
        #expect(r.bar.frame(at: r.clock.now) == Rect(x: 0, y: 568 - 48, width: 320, height: 48))
        #expect(try r.send(.resize(Size(width: 320, height: 568))).isEmpty)
    }

    @Test func invalidSizesAreRefused() throws {
        let r = InputBarRig()
        for size in [Size(width: 0, height: 500), Size(width: .nan, height: 500), Size(width: 300, height: .infinity),
                     Size(width: 1e9, height: 10)] {
            #expect(throws: InputBarError.self) { try r.send(.resize(size)) }
        }
        #expect(InputBarError.invalidSize(width: -1, height: 2).description
                == "input bar: cannot resize to -1x2: sizes must be positive, finite and at most 100000 pt")
        #expect(r.bar.profile.size == Size(width: 375, height: 667))
    }
}

@Suite struct InputBarHighlightTests {
    @Test func aTapEndsAPressAndDisablingDropsTheSendHighlight() throws {
        let r = InputBarRig()
        try r.send(.press(.toggle))
        #expect(r.bar.highlighted == .toggle)
        try r.send(.tapToggle)
        #expect(r.bar.highlighted == nil)
        try r.send(.tapTextView())
        try r.send(.type("a"))
        try r.send(.press(.send))
        #expect(r.bar.highlighted == .send)
        try r.send(.backspace) // send disabled while pressed
        #expect(r.bar.highlighted == nil && !r.bar.isSendEnabled)
    }
}
