import Testing
import SimCore
import EmojiText
import Interaction
import EmojiSimTesting
@testable import ChatUI

typealias InputBarStore = TestStore<InputBar>

/// A store over a fresh bar on an iPhone 8 (its real `State`); failures are Swift
/// Testing issues at the assertion. Actions happen at the instant given to `send`
/// (`at:`), else at the previous one, as a host sends at `clock.now`.
func inputBarStore(_ configuration: InputBarConfiguration = .init()) -> InputBarStore {
    InputBarStore(InputBar(), state: InputBar.State(profile: .iphone8, catalog: .demo, configuration: configuration),
                  report: recordTestStoreIssue)
}

private func ms(_ n: Int) -> SimInstant { SimInstant.zero + .milliseconds(n) }

/// What the keyboard model itself posts for `action` from `keyboard`: the bar forwards
/// exactly these (the keyboard has its own tests), and its state follows.
private func keyboardStep(_ keyboard: inout Keyboard.State, _ action: Keyboard.Action, at now: SimInstant) -> [InputBarEvent] {
    Keyboard().reduce(into: &keyboard, action, at: now).map(InputBarEvent.keyboard)
}

/// Behaviour of the bar as exact transitions: every changed field and every event is
/// asserted, anything else fails (`TestStore`). The bar never writes a trace: what a
/// host would record is exactly the returned events.
@Suite struct InputBarStoreTests {
    @Test func tapTextViewBecomesFirstResponderAndShowsTheSystemKeyboard() {
        let store = inputBarStore()
        var kb = Keyboard.State(profile: .iphone8)
        let show = keyboardStep(&kb, .show(.system), at: ms(0))
        #expect(show.map(\.traceName) == ["willChangeFrame", "willShow"])
        store.send(.tapTextView(), [.becameFirstResponder, .inputViewChanged(.system)] + show) {
            $0.responder = FirstResponder.State(isFirstResponder: true, keyboard: .system)
            $0.keyboard = kb
        }
        // The arrival is posted at a frame: no timer, frames until then.
        #expect(InputBar().nextDeadline(store.state) == nil && InputBar().needsFrames(store.state, at: ms(0)))
        store.send(.tick, at: ms(249))
        let arrived = keyboardStep(&kb, .tick, at: ms(250))
        #expect(arrived.map(\.traceName) == ["didChangeFrame", "didShow"])
        store.send(.tick, at: ms(250), arrived) { $0.keyboard = kb }
        #expect(!InputBar().needsFrames(store.state, at: ms(250)))
    }

    @Test func typingInsertsClicksAndEnablesSend() {
        let store = inputBarStore()
        store.skip(.tapTextView())
        store.skip(.tick, at: ms(300))
        store.send(.type("hi"), [.keyClick(count: 2), .textChanged(text: "hi", selectionLocation: 2, selectionLength: 0),
                                 .sendEnabledChanged(true)]) {
            $0.editor.insertText("hi")
            $0.isSendEnabled = true
        }
        store.send(.backspace, [.keyClick(count: 1), .textChanged(text: "h", selectionLocation: 1, selectionLength: 0)]) {
            $0.editor.deleteBackward()
        }
    }

    @Test func tapSendEmitsDidSendOnceAndClears() {
        let store = inputBarStore()
        store.skip(.tapTextView())
        store.skip(.tick, at: ms(300))
        store.skip(.type("ok"))
        store.send(.tapSend, [.didSend("ok"), .textChanged(text: "", selectionLocation: 0, selectionLength: 0),
                              .sendEnabledChanged(false)]) {
            _ = $0.editor.send()
            $0.isSendEnabled = false
        }
        store.send(.tapSend) // disabled now: nothing at all
    }

    @Test func thePasteboardIsState() {
        let store = inputBarStore()
        store.skip(.tapTextView())
        store.skip(.type("ab"))
        store.send(.selectAll, [.textChanged(text: "ab", selectionLocation: 0, selectionLength: 2)]) {
            $0.editor.selectAll()
        }
        store.send(.copy) { $0.pasteboard = Pasteboard(string: "ab") }
        store.send(.setPasteboard("[微笑]")) { $0.pasteboard = Pasteboard(string: "[微笑]") }
        store.send(.paste, [.textChanged(text: "[微笑]", selectionLocation: 1, selectionLength: 0)]) {
            $0.editor.paste(from: Pasteboard(string: "[微笑]"))
        }
        store.send(.setPasteboard(nil)) { $0.pasteboard = Pasteboard() }
    }

    @Test func aTouchOnTheToggleIsAControlThenTheTap() {
        let store = inputBarStore()
        let p = store.state.frame(of: .toggle, at: ms(0)).center
        var control = ControlTracker()
        let down = control.begin()
        #expect(down == [.touchDown])
        store.send(.touch(TouchEvent(phase: .began, location: p, timestamp: ms(10))), at: ms(10), [.control(.toggle, .touchDown, at: p)]) {
            $0.highlighted = .toggle
            $0.tracking = InputBar.TouchTracking(id: 1, target: .toggle, button: .toggle, control: control, recognizer: nil)
        }
        var kb = Keyboard.State(profile: .iphone8)
        let show = keyboardStep(&kb, .show(.emoji), at: ms(90))
        store.send(.touch(TouchEvent(phase: .ended, location: p, timestamp: ms(90))), at: ms(90),
                   [.control(.toggle, .touchUpInside, at: p), .becameFirstResponder, .inputViewChanged(.emoji)] + show) {
            $0.highlighted = nil
            $0.tracking = nil
            $0.responder = FirstResponder.State(isFirstResponder: true, keyboard: .emoji)
            $0.keyboard = kb
        }
    }

    @Test func aDisabledSendTakesTheTouchAndDoesNothing() {
        let store = inputBarStore()
        let p = store.state.frame(of: .send, at: ms(0)).center
        store.send(.touch(TouchEvent(phase: .began, location: p, timestamp: ms(10))), at: ms(10),
                   [.touchIgnored(at: p, reason: .sendDisabled)]) {
            $0.tracking = InputBar.TouchTracking(id: 1, target: .send, button: .send, control: nil, recognizer: nil)
        }
        store.send(.touch(TouchEvent(id: 2, phase: .began, location: p, timestamp: ms(20))), at: ms(20)) // one finger at a time
        store.send(.touch(TouchEvent(phase: .ended, location: p, timestamp: ms(90))), at: ms(90)) { $0.tracking = nil }
    }

    @Test func aTouchDownOnTheMovingBarDoesNotReachIt() {
        let store = inputBarStore()
        store.skip(.tapTextView())
        let p = store.state.frame(at: ms(50)).center
        #expect(store.state.isMoving(at: ms(50)))
        store.send(.touch(TouchEvent(phase: .began, location: p, timestamp: ms(50))), at: ms(50), [.touchIgnored(at: p, reason: .animating)])
    }

    @Test func aTapOnTheTextViewPlacesTheCaretWhenItEnds() {
        let store = inputBarStore()
        store.skip(.tapTextView())
        store.skip(.tick, at: ms(300))
        store.skip(.type("hello"))
        store.skip(.tapOutside)
        store.skip(.tick, at: ms(600))
        let bar = store.state.frame(at: ms(600))
        let tv = store.state.layout(at: ms(600)).textViewFrame
        // Just right of "he" (8 pt per character after the line-fragment padding).
        let p = Point(x: bar.minX + tv.minX + store.state.configuration.lineFragmentPadding + 17, y: bar.minY + tv.midY)
        let began = TouchEvent(phase: .began, location: p, timestamp: ms(700))
        var tap = TapRecognizer(name: "inputBar.tap")
        _ = tap.handle(began)
        store.send(.touch(began), at: began.timestamp) {
            $0.tracking = InputBar.TouchTracking(id: 1, target: .textView, button: nil, control: nil, recognizer: tap)
        }
        #expect(store.state.tracking?.recognizer?.deadline == ms(1450)) // at a frame: the finger needs frames
        #expect(InputBar().needsFrames(store.state, at: ms(700)))
        var kb = Keyboard.State(profile: .iphone8)
        let show = keyboardStep(&kb, .show(.system), at: ms(780))
        store.send(.touch(TouchEvent(phase: .ended, location: p, timestamp: ms(780))), at: ms(780),
                   [.becameFirstResponder, .inputViewChanged(.system)] + show
                   + [.textChanged(text: "hello", selectionLocation: 2, selectionLength: 0)]) {
            $0.tracking = nil
            $0.responder = FirstResponder.State(isFirstResponder: true, keyboard: .system)
            $0.keyboard = kb
            _ = try? $0.editor.setSelection(2..<2)
            $0.lastTextViewTap = InputBar.TextViewTap(at: ms(780), location: p)
        }
    }

    /// UITextView: a double tap selects the word under it (a single tap first placed the
    /// caret), or exactly one emoji attachment; the second tap must begin within 0.35 s
    /// of the first one's end and near it.
    @Test func doubleTapSelectsAWordOrOneEmojiAsUITextView() {
        let store = inputBarStore()
        store.skip(.tapTextView())
        store.skip(.tick, at: ms(300))
        store.skip(.type("hi there "))
        store.skip(.tapToggle)
        store.skip(.insertEmoji(InputBarRig.smile))
        store.skip(.tapTextView())
        store.skip(.tick, at: ms(900))
        let bar = store.state.frame(at: ms(900))
        let tv = store.state.layout(at: ms(900)).textViewFrame
        let x0 = bar.minX + tv.minX + store.state.configuration.lineFragmentPadding
        func point(_ unitX: Double) -> Point { Point(x: x0 + unitX, y: bar.minY + tv.midY) }
        // First tap inside "there" (units 3..<8; 8 pt a character): caret, then the double tap.
        let p = point(8 * 4 + 2)
        let tap = { (phase: TouchEvent.Phase, t: Int) in InputBar.Action.touch(TouchEvent(phase: phase, location: p, timestamp: ms(t))) }
        store.skip(tap(.began, 1000), at: ms(1000))
        store.send(tap(.ended, 1080), at: ms(1080), [.textChanged(text: "hi there [f056]", selectionLocation: 4, selectionLength: 0)]) {
            $0.tracking = nil
            _ = try? $0.editor.setSelection(4..<4)
            $0.lastTextViewTap = InputBar.TextViewTap(at: ms(1080), location: p)
        }
        var second = TapRecognizer(name: "inputBar.tap")
        _ = second.handle(TouchEvent(phase: .began, location: p, timestamp: ms(1300)))
        store.send(tap(.began, 1300), at: ms(1300)) {
            // The first responder's text view: the finger may also become the loupe.
            $0.tracking = InputBar.TouchTracking(id: 1, target: .textView, button: nil, control: nil, recognizer: second,
                                                 isSecondTap: true,
                                                 pendingLoupe: InputBar.PendingLoupe(begins: ms(1800), origin: p, location: p))
            $0.lastTextViewTap = nil
        }
        store.send(tap(.ended, 1380), at: ms(1380), [.textChanged(text: "hi there [f056]", selectionLocation: 3, selectionLength: 5)]) {
            $0.tracking = nil
            _ = try? $0.editor.setSelection(3..<8)
        }
        // The emoji (unit 9, after "hi there "): one unit, never a neighbour with it.
        store.send(.doubleTapTextView(at: Point(x: point(8 * 9 + 4).x - bar.minX, y: tv.midY)),
                   [.textChanged(text: "hi there [f056]", selectionLocation: 9, selectionLength: 1)]) {
            _ = try? $0.editor.setSelection(9..<10)
        }
        // The space between the words: itself alone.
        store.send(.doubleTapTextView(at: Point(x: point(8 * 2 + 3).x - bar.minX, y: tv.midY)),
                   [.textChanged(text: "hi there [f056]", selectionLocation: 2, selectionLength: 1)]) {
            _ = try? $0.editor.setSelection(2..<3)
        }
    }

    /// A second tap that comes too late is another single tap: the caret moves.
    @Test func aSlowSecondTapIsASingleTap() {
        let store = inputBarStore()
        store.skip(.tapTextView())
        store.skip(.tick, at: ms(300))
        store.skip(.type("hello"))
        let bar = store.state.frame(at: ms(300))
        let tv = store.state.layout(at: ms(300)).textViewFrame
        let p = Point(x: bar.minX + tv.minX + store.state.configuration.lineFragmentPadding + 17, y: bar.minY + tv.midY)
        for (down, up) in [(400, 480), (880, 960)] {
            store.skip(.touch(TouchEvent(phase: .began, location: p, timestamp: ms(down))), at: ms(down))
            store.skip(.touch(TouchEvent(phase: .ended, location: p, timestamp: ms(up))), at: ms(up))
            #expect(store.state.selectedRange == 2..<2)
        }
    }

    @Test func wordRangesAreUnitRanges() {
        let units = Array("ab 你好!".map(RichUnit.character))
        #expect(InputBar.wordRange(at: 0, in: units) == 0..<2)
        #expect(InputBar.wordRange(at: 2, in: units) == 2..<3)
        #expect(InputBar.wordRange(at: 4, in: units) == 3..<5)   // a CJK run as one word
        #expect(InputBar.wordRange(at: 5, in: units) == 5..<6)
        #expect(InputBar.wordRange(at: 99, in: units) == 5..<6)  // clamped to the last unit
        #expect(InputBar.wordRange(at: 0, in: []) == 0..<0)
    }

    @Test func aHeldTapFailsAtItsDeadline() {
        let store = inputBarStore()
        let p = Point(x: 200, y: 300) // outside the bar: the screen's tap-outside recognizer
        let began = TouchEvent(phase: .began, location: p, timestamp: ms(0))
        var tap = TapRecognizer(name: "inputBar.tap")
        _ = tap.handle(began)
        store.send(.touch(began), at: began.timestamp) {
            $0.tracking = InputBar.TouchTracking(id: 1, target: nil, button: nil, control: nil, recognizer: tap)
        }
        store.send(.tick, at: ms(749))
        store.send(.tick, at: ms(750)) { $0.tracking = nil }
        store.send(.touch(TouchEvent(phase: .ended, location: p, timestamp: ms(800))), at: ms(800)) // forgotten: nothing
    }

    @Test func aRefusedActionThrowsAndChangesNothing() {
        var state = InputBar.State(profile: .iphone8, catalog: .demo)
        let before = state
        #expect(throws: InputBarError.needsSystemKeyboard(action: "type", keyboard: .none)) {
            try InputBar().reduce(into: &state, .type("x"), at: ms(0))
        }
        #expect(state == before)
        #expect(throws: InputBarError.invalidSize(width: 0, height: 10)) {
            try InputBar().reduce(into: &state, .resize(Size(width: 0, height: 10)), at: ms(0))
        }
        #expect(state == before)
    }

    /// The reducer is a function: equal states and actions give equal states and events,
    /// whatever happened to other copies (no hidden shared state, no clock, no trace).
    @Test func reduceIsAPureFunctionOfStateActionAndInstant() throws {
        let actions: [(InputBar.Action, Int)] = [(.tapTextView(), 0), (.type("ab [微笑]"), 0), (.tick, 120), (.selectAll, 120),
                                                 (.cut, 120), (.tapToggle, 120), (.insertEmoji(InputBarRig.smile), 120),
                                                 (.paste, 120), (.tick, 700), (.undo, 700)]
        var a = InputBar.State(profile: .iphone8, catalog: .demo)
        var b = a
        for (action, t) in actions {
            let copy = a
            let ea = try InputBar().reduce(into: &a, action, at: ms(t))
            var again = copy
            let eAgain = try InputBar().reduce(into: &again, action, at: ms(t))
            let eb = try InputBar().reduce(into: &b, action, at: ms(t))
            #expect(ea == eb && ea == eAgain)
            #expect(a == b && a == again)
        }
        #expect(a.text == "[f056]") // the cut text pasted, then undone
    }

    /// One field list: a change anywhere in the state, the editor's history included,
    /// makes states differ (the synthesized `==`), while the cached layout never does.
    @Test func stateEqualityIsEveryField() throws {
        var a = InputBar.State(profile: .iphone8, catalog: .demo)
        _ = try InputBar().reduce(into: &a, .tapTextView(), at: ms(0))
        var b = a
        b.editor.insertText("x")
        b.editor.deleteBackward() // same text and selection, one more undo step
        #expect(a.text == b.text && a.selectedRange == b.selectedRange && a != b)
        var c = a
        c.cachedTextLayout = Cached()
        #expect(a == c)
    }
}
