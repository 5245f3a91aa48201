import Testing
import SimCore
import EmojiSimTesting
import Tester
import ChatHarness
@testable import ChatUI

@Suite struct KeyboardCurveTests {
    @Test func endpointsAndClamping() {
        #expect(KeyboardCurve.value(at: 0) == 0)
        #expect(KeyboardCurve.value(at: -3) == 0)
        #expect(KeyboardCurve.value(at: 1) == 1)
        #expect(KeyboardCurve.value(at: 7) == 1)
        #expect(KeyboardCurve.value(at: .nan) == 0)
        #expect(KeyboardCurve.code == 7)
    }

    @Test func isMonotoneAndSteepEaseOut() {
        var previous = 0.0
        for i in 1...1000 {
            let v = KeyboardCurve.value(at: Double(i) / 1000)
            #expect(v >= previous - 1e-12)
            previous = v
        }
        // Steep ease-out: well ahead of linear early, and more than half way at 25 %.
        #expect(KeyboardCurve.value(at: 0.25) > 0.5)
        #expect(KeyboardCurve.value(at: 0.5) > 0.8)
        #expect(KeyboardCurve.value(at: 0.1) > 0.1)
    }
}

typealias KeyboardStore = TestStore<Keyboard>

/// A store over a keyboard state; failures are Swift Testing issues at the assertion.
func keyboardStore(_ k: Keyboard.State) -> KeyboardStore {
    KeyboardStore(Keyboard(), state: k, report: recordTestStoreIssue)
}

/// The notification `name` for an animation (UIKit's userInfo: frames, 0.25 s, curve 7).
private func note(_ name: KeyboardNotification.Name, _ a: Keyboard.Animation) -> KeyboardNotification {
    KeyboardNotification(name: name, beginFrame: a.fromFrame, endFrame: a.toFrame, duration: a.duration,
                         curve: 7, fromKind: a.fromKind, toKind: a.toKind)
}

private func at(_ ms: Int) -> SimInstant { SimInstant.zero + .milliseconds(ms) }

@Suite struct KeyboardModelTests {
    let profile = DeviceProfile.iphone14
    var t0: SimInstant { SimInstant(ticks: 0) }

    @Test func restingFramesUseTheProfile() {
        let kb = Keyboard.State(profile: profile)
        #expect(kb.kind == .none)
        #expect(kb.frame(at: t0) == Rect(x: 0, y: 844, width: 390, height: 336))
        #expect(kb.restingFrame(for: .system) == Rect(x: 0, y: 844 - 336, width: 390, height: 336))
        #expect(kb.restingFrame(for: .emoji) == Rect(x: 0, y: 844 - 284, width: 390, height: 284))
        #expect(kb.barBottom(at: t0) == 810) // above the home indicator
        #expect(kb.overlap(at: t0) == 0)
    }

    @Test func showPostsWillThenDidWithFramesDurationAndCurve() {
        let store = keyboardStore(Keyboard.State(profile: .iphone8))
        let hidden = Rect(x: 0, y: 667, width: 375, height: 260)
        let shown = Rect(x: 0, y: 407, width: 375, height: 260)
        let show = Keyboard.Animation(fromFrame: hidden, toFrame: shown, fromKind: .none, toKind: .system,
                                      start: at(100), duration: .milliseconds(250))
        store.send(.show(.system), at: at(100), [note(.willChangeFrame, show), note(.willShow, show)]) {
            $0.kind = .system
            $0.animation = show
        }
        #expect(store.state.arrival == at(350))
        store.send(.tick, at: at(349))
        let mid = store.state.frame(at: at(200))
        #expect(mid.minY < 667 && mid.minY > 407 && mid.height == 260)
        store.send(.tick, at: at(350), [note(.didChangeFrame, show), note(.didShow, show)]) { $0.animation = nil }
        #expect(store.state.frame(at: at(400)) == shown)
        store.send(.tick, at: at(500))
    }

    /// UIKit: a keyboard shown from hidden posts a begin frame of the end frame's size,
    /// just below the screen, so it slides in without resizing (the first emoji show
    /// used to begin at the system keyboard's 260 pt and shrink to 216 pt on the way).
    @Test func showingFromHiddenBeginsBelowTheScreenWithTheEndFramesSize() {
        let store = keyboardStore(Keyboard.State(profile: .iphone8))
        let end = Rect(x: 0, y: 451, width: 375, height: 216)
        let first = Keyboard.Animation(fromFrame: Rect(x: 0, y: 667, width: 375, height: 216), toFrame: end,
                                       fromKind: .none, toKind: .emoji, start: at(0), duration: .milliseconds(250))
        store.send(.show(.emoji), at: at(0), [note(.willChangeFrame, first), note(.willShow, first)]) {
            $0.kind = .emoji
            $0.lastShownHeight = $0.height(of: .emoji)
            $0.animation = first
        }
        for ms in stride(from: 0, through: 250, by: 10) { #expect(store.state.frame(at: at(ms)).height == 216) }
        store.send(.tick, at: at(250), [note(.didChangeFrame, first), note(.didShow, first)]) { $0.animation = nil }

        // Up, hidden, then the system keyboard: it too begins at its own size.
        store.skip(.show(.system), at: at(1000))
        store.skip(.tick, at: at(1250))
        store.skip(.hide, at: at(2000))
        store.skip(.tick, at: at(2250))
        #expect(store.state.frame(at: at(2250)) == Rect(x: 0, y: 667, width: 375, height: 260))
        let again = Keyboard.Animation(fromFrame: Rect(x: 0, y: 667, width: 375, height: 216), toFrame: end,
                                       fromKind: .none, toKind: .emoji, start: at(3000), duration: .milliseconds(250))
        store.send(.show(.emoji), at: at(3000), [note(.willChangeFrame, again), note(.willShow, again)]) {
            $0.kind = .emoji
            $0.lastShownHeight = $0.height(of: .emoji)
            $0.animation = again
        }
    }

    @Test func theBarRidesTheKeyboardTopAtEveryFrame() {
        var kb = Keyboard.State(profile: profile)
        _ = Keyboard().reduce(into: &kb, .show(.system), at: t0)
        var lastY = Double.infinity
        for frame in 0...20 {
            let now = SimInstant.zero + .frames(frame, at: 60)
            let top = kb.frame(at: now).minY
            #expect(kb.barBottom(at: now) == min(810, top))
            #expect(top <= lastY) // rising monotonically
            lastY = top
            _ = Keyboard().reduce(into: &kb, .tick, at: now)
        }
        #expect(kb.barBottom(at: at(1000)) == 844 - 336)
    }

    @Test func switchingAnimatesBetweenTheTwoHeights() {
        let store = keyboardStore(Keyboard.State(profile: .iphone8))
        store.skip(.show(.system), at: t0)
        store.skip(.tick, at: at(250))
        let system = Rect(x: 0, y: 407, width: 375, height: 260), emoji = Rect(x: 0, y: 451, width: 375, height: 216)
        let toEmoji = Keyboard.Animation(fromFrame: system, toFrame: emoji, fromKind: .system, toKind: .emoji,
                                         start: at(1000), duration: .milliseconds(250))
        store.send(.show(.emoji), at: at(1000), [note(.willChangeFrame, toEmoji), note(.willShow, toEmoji)]) {
            $0.kind = .emoji
            $0.lastShownHeight = $0.height(of: .emoji)
            $0.animation = toEmoji
        }
        let mid = store.state.frame(at: at(1060))
        #expect(mid.height < 260 && mid.height > 216)
        #expect(abs(mid.maxY - 667) < 1e-9) // still anchored to the bottom
        store.send(.tick, at: at(1250), [note(.didChangeFrame, toEmoji), note(.didShow, toEmoji)]) { $0.animation = nil }
        // And back.
        let back = Keyboard.Animation(fromFrame: emoji, toFrame: system, fromKind: .emoji, toKind: .system,
                                      start: at(2000), duration: .milliseconds(250))
        store.send(.show(.system), at: at(2000), [note(.willChangeFrame, back), note(.willShow, back)]) {
            $0.kind = .system
            $0.lastShownHeight = $0.height(of: .system)
            $0.animation = back
        }
    }

    @Test func hideSlidesTheLastKeyboardOffScreen() {
        let store = keyboardStore(Keyboard.State(profile: .iphone8))
        store.skip(.show(.emoji), at: t0)
        store.skip(.tick, at: at(250))
        let hide = Keyboard.Animation(fromFrame: Rect(x: 0, y: 451, width: 375, height: 216),
                                      toFrame: Rect(x: 0, y: 667, width: 375, height: 216),
                                      fromKind: .emoji, toKind: .none, start: at(300), duration: .milliseconds(250))
        store.send(.hide, at: at(300), [note(.willChangeFrame, hide), note(.willHide, hide)]) {
            $0.kind = .none
            $0.animation = hide
        }
        store.send(.tick, at: at(550), [note(.didChangeFrame, hide), note(.didHide, hide)]) { $0.animation = nil }
        #expect(store.state.barBottom(at: at(600)) == 667)
    }

    @Test func sameRequestIsANoOp() {
        let store = keyboardStore(Keyboard.State(profile: profile))
        store.skip(.show(.system), at: t0)
        store.send(.show(.system), at: at(10))   // nothing posted, nothing changes
        #expect(store.state.arrival == at(250)) // not restarted
        let hidden = keyboardStore(Keyboard.State(profile: profile))
        hidden.send(.hide, at: t0)
    }

    @Test func retargetingMidAnimationContinuesWithoutAJump() {
        let store = keyboardStore(Keyboard.State(profile: .iphone8))
        store.skip(.show(.system), at: t0)
        let before = store.state.frame(at: at(100))
        // The interrupted show posts no didShow; the hide starts where the keyboard is.
        let hide = Keyboard.Animation(fromFrame: before, toFrame: Rect(x: 0, y: 667, width: 375, height: 260),
                                      fromKind: .system, toKind: .none, start: at(100), duration: .milliseconds(250))
        store.send(.hide, at: at(100), [note(.willChangeFrame, hide), note(.willHide, hide)]) {
            $0.kind = .none
            $0.animation = hide
        }
        #expect(store.state.frame(at: at(100)) == before)
        // Continuity frame by frame across a second retarget to the emoji keyboard.
        var previous = store.state.frame(at: at(100)).minY
        for ms in stride(from: 101, through: 150, by: 1) {
            let y = store.state.frame(at: at(ms)).minY
            #expect(abs(y - previous) < 15)
            previous = y
        }
        let atSwitch = store.state.frame(at: at(150))
        let toEmoji = Keyboard.Animation(fromFrame: atSwitch, toFrame: Rect(x: 0, y: 451, width: 375, height: 216),
                                         fromKind: .system, toKind: .emoji, start: at(150), duration: .milliseconds(250))
        store.send(.show(.emoji), at: at(150), [note(.willChangeFrame, toEmoji), note(.willShow, toEmoji)]) {
            $0.kind = .emoji
            $0.lastShownHeight = $0.height(of: .emoji)
            $0.animation = toEmoji
        }
        #expect(store.state.frame(at: at(150)) == atSwitch)
        store.send(.tick, at: at(399))
        store.send(.tick, at: at(400), [note(.didChangeFrame, toEmoji), note(.didShow, toEmoji)]) { $0.animation = nil }
        #expect(store.state.frame(at: at(400)) == store.state.restingFrame(for: .emoji))
    }

    @Test func anArrivedAnimationPostsItsDidBeforeTheNextWill() {
        var kb = Keyboard.State(profile: profile)
        _ = Keyboard().reduce(into: &kb, .show(.system), at: t0)
        let notes = Keyboard().reduce(into: &kb, .hide, at: at(400)) // nobody ticked at 250
        #expect(notes.map(\.name) == [.didChangeFrame, .didShow, .willChangeFrame, .willHide])
    }

    @Test func zeroDurationArrivesImmediately() {
        let store = keyboardStore(Keyboard.State(profile: profile, duration: .zero))
        let end = store.state.restingFrame(for: .emoji)
        let a = Keyboard.Animation(fromFrame: Rect(x: 0, y: 844, width: 390, height: 284), toFrame: end,
                                   fromKind: .none, toKind: .emoji, start: t0, duration: .zero)
        store.send(.show(.emoji), at: t0, [note(.willChangeFrame, a), note(.willShow, a),
                                           note(.didChangeFrame, a), note(.didShow, a)]) {
            $0.kind = .emoji
            $0.lastShownHeight = $0.height(of: .emoji)
        }
        #expect(store.state.frame(at: t0) == end)
    }

    @Test func notificationsPrintDeterministically() {
        var kb = Keyboard.State(profile: .iphone8)
        let n = Keyboard().reduce(into: &kb, .show(.system), at: t0)[1]
        #expect(n.description == "willShow from=none to=system begin=[0,667 375x260] end=[0,407 375x260] duration=0.250s curve=7")
    }
}

@Suite struct KeyboardResizeTests {
    @Test func shownKeyboardAnimatesToItsNewFrame() {
        let store = keyboardStore(Keyboard.State(profile: .iphone8))
        store.skip(.show(.emoji), at: .zero)
        let t = SimInstant.zero + .milliseconds(100) // mid-show: starts from here
        let before = store.state.frame(at: t)
        let landscape = Rect(x: 0, y: 375 - 216, width: 667, height: 216)
        let a = Keyboard.Animation(fromFrame: before, toFrame: landscape, fromKind: .emoji, toKind: .emoji,
                                   start: t, duration: .milliseconds(250))
        store.send(.resize(Size(width: 667, height: 375)), at: t, [note(.willChangeFrame, a), note(.willShow, a)]) {
            $0.animation = a
            $0.profile.size = Size(width: 667, height: 375)
        }
        #expect(store.state.frame(at: t) == before) // no jump
        store.send(.tick, at: t + .milliseconds(250), [note(.didChangeFrame, a), note(.didShow, a)]) { $0.animation = nil }
        #expect(store.state.frame(at: t + .seconds(1)) == landscape)
    }

    @Test func hiddenKeyboardJustMoves() {
        let store = keyboardStore(Keyboard.State(profile: .iphone8))
        store.send(.resize(Size(width: 320, height: 480)), at: .zero) {
            $0.profile.size = Size(width: 320, height: 480)
        }
        #expect(store.state.frame(at: .zero).minY == 480 && store.state.frame(at: .zero).width == 320)
    }
}

@Suite struct InputBarHeightAnimationTests {
    @Test func retargetingContinuesFromThePresentedValue() {
        var h = HeightAnimation(value: 48)
        #expect(!h.isAnimating(at: .zero) && h.value(at: .zero) == 48)
        h.animate(to: 64, at: .zero, duration: .milliseconds(250))
        let t = SimInstant.zero + .milliseconds(60)
        let mid = h.value(at: t)
        #expect(mid > 48 && mid < 64 && h.isAnimating(at: t))
        h.animate(to: 48, at: t, duration: .milliseconds(250))
        #expect(h.value(at: t) == mid) // no jump
        #expect(h.value(at: t + .milliseconds(250)) == 48 && !h.isAnimating(at: t + .milliseconds(250)))
        var same = h
        same.animate(to: 48, at: t + .seconds(1), duration: .milliseconds(250))
        #expect(same == h) // same target: no-op
    }
}

@Suite struct KeyboardOnScreenTests {
    /// The screen-level view of the begin-frame rule: the first emoji keyboard of a
    /// session slides in at its own height (the panel drawn inside it never shrinks).
    @Test func theFirstEmojiKeyboardSlidesInAtItsOwnHeight() throws {
        let screen = makeDemoScreen(profile: .iphone8)
        let start = screen.clock.now
        try Tester(screen).tap(.toggle)
        #expect(screen.keyboard == .emoji)
        var lastY = Double.infinity
        for frame in 0...15 {
            let kb = screen.keyboardFrame(at: start + .frames(frame, at: 60))
            #expect(kb.height == 216, "frame \(frame): \(kb)")
            #expect(kb.minY <= lastY)
            lastY = kb.minY
        }
        let willShow = screen.trace.lines.first { $0.contains("keyboard willShow") }
        #expect(willShow?.contains("begin=[0,667 375x216] end=[0,451 375x216]") == true, "\(willShow ?? "none")")
    }
}
