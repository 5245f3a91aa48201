import Testing
import SimCore
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

@Suite struct KeyboardModelTests {
    let profile = DeviceProfile.iphone14
    var t0: SimInstant { SimInstant(ticks: 0) }
    func at(_ ms: Int) -> SimInstant { SimInstant.zero + .milliseconds(ms) }

    @Test func restingFramesUseTheProfile() {
        let kb = Keyboard(profile: profile)
        #expect(kb.kind == .none)
        #expect(kb.frame(at: t0) == Rect(x: 0, y: 844, width: 390, height: 336))
        #expect(kb.restingFrame(for: .system) == Rect(x: 0, y: 844 - 336, width: 390, height: 336))
        #expect(kb.restingFrame(for: .emoji) == Rect(x: 0, y: 844 - 284, width: 390, height: 284))
        #expect(kb.barBottom(at: t0) == 810) // above the home indicator
        #expect(kb.overlap(at: t0) == 0)
    }

    @Test func showPostsWillThenDidWithFramesDurationAndCurve() {
        var kb = Keyboard(profile: .iphone8)
        let will = kb.show(.system, at: at(100))
        #expect(will.map(\.name) == [.willChangeFrame, .willShow])
        let hidden = Rect(x: 0, y: 667, width: 375, height: 260)
        let shown = Rect(x: 0, y: 407, width: 375, height: 260)
        for n in will {
            #expect(n.beginFrame == hidden && n.endFrame == shown)
            #expect(n.duration == .milliseconds(250) && n.curve == 7)
            #expect(n.fromKind == .none && n.toKind == .system)
        }
        #expect(kb.isAnimating && kb.nextDeadline == at(350))
        #expect(kb.tick(at: at(349)).isEmpty)
        let mid = kb.frame(at: at(200))
        #expect(mid.minY < 667 && mid.minY > 407 && mid.height == 260)
        let did = kb.tick(at: at(350))
        #expect(did.map(\.name) == [.didChangeFrame, .didShow])
        #expect(!kb.isAnimating && kb.frame(at: at(400)) == shown)
        #expect(kb.tick(at: at(500)).isEmpty)
    }

    @Test func theBarRidesTheKeyboardTopAtEveryFrame() {
        var kb = Keyboard(profile: profile)
        _ = kb.show(.system, at: t0)
        var lastY = Double.infinity
        for frame in 0...20 {
            let now = SimInstant.zero + .frames(frame, at: 60)
            let top = kb.frame(at: now).minY
            #expect(kb.barBottom(at: now) == min(810, top))
            #expect(top <= lastY) // rising monotonically
            lastY = top
            _ = kb.tick(at: now)
        }
        #expect(kb.barBottom(at: at(1000)) == 844 - 336)
    }

    @Test func switchingAnimatesBetweenTheTwoHeights() {
        var kb = Keyboard(profile: .iphone8)
        _ = kb.show(.system, at: t0)
        _ = kb.tick(at: at(250))
        let notes = kb.show(.emoji, at: at(1000))
        #expect(notes.map(\.name) == [.willChangeFrame, .willShow])
        #expect(notes[1].beginFrame == Rect(x: 0, y: 407, width: 375, height: 260))
        #expect(notes[1].endFrame == Rect(x: 0, y: 451, width: 375, height: 216))
        #expect(notes[1].fromKind == .system && notes[1].toKind == .emoji)
        let mid = kb.frame(at: at(1060))
        #expect(mid.height < 260 && mid.height > 216)
        #expect(abs(mid.maxY - 667) < 1e-9) // still anchored to the bottom
        #expect(kb.tick(at: at(1250)).map(\.name) == [.didChangeFrame, .didShow])
        // And back.
        let back = kb.show(.system, at: at(2000))
        #expect(back[1].beginFrame.height == 216 && back[1].endFrame.height == 260)
    }

    @Test func hideSlidesTheLastKeyboardOffScreen() {
        var kb = Keyboard(profile: .iphone8)
        _ = kb.show(.emoji, at: t0)
        _ = kb.tick(at: at(250))
        let notes = kb.hide(at: at(300))
        #expect(notes.map(\.name) == [.willChangeFrame, .willHide])
        #expect(notes[1].endFrame == Rect(x: 0, y: 667, width: 375, height: 216))
        #expect(notes[1].fromKind == .emoji && notes[1].toKind == .none)
        #expect(kb.tick(at: at(550)).map(\.name) == [.didChangeFrame, .didHide])
        #expect(kb.barBottom(at: at(600)) == 667)
    }

    @Test func sameRequestIsANoOp() {
        var kb = Keyboard(profile: profile)
        _ = kb.show(.system, at: t0)
        #expect(kb.show(.system, at: at(10)).isEmpty)
        #expect(kb.nextDeadline == at(250)) // not restarted
        var hidden = Keyboard(profile: profile)
        #expect(hidden.hide(at: t0).isEmpty)
    }

    @Test func retargetingMidAnimationContinuesWithoutAJump() {
        var kb = Keyboard(profile: .iphone8)
        _ = kb.show(.system, at: t0)
        let before = kb.frame(at: at(100))
        let notes = kb.hide(at: at(100))
        // The interrupted show posts no didShow; the hide starts where the keyboard is.
        #expect(notes.map(\.name) == [.willChangeFrame, .willHide])
        #expect(notes[0].beginFrame == before)
        #expect(kb.frame(at: at(100)) == before)
        // Continuity frame by frame across a second retarget to the emoji keyboard.
        var previous = kb.frame(at: at(100)).minY
        for ms in stride(from: 101, through: 150, by: 1) {
            let y = kb.frame(at: at(ms)).minY
            #expect(abs(y - previous) < 15)
            previous = y
        }
        let atSwitch = kb.frame(at: at(150))
        let sw = kb.show(.emoji, at: at(150))
        #expect(sw[1].beginFrame == atSwitch && sw[1].fromKind == .system && sw[1].toKind == .emoji)
        #expect(kb.frame(at: at(150)) == atSwitch)
        #expect(kb.tick(at: at(399)).isEmpty)
        #expect(kb.tick(at: at(400)).map(\.name) == [.didChangeFrame, .didShow])
        #expect(kb.frame(at: at(400)) == kb.restingFrame(for: .emoji))
    }

    @Test func anArrivedAnimationPostsItsDidBeforeTheNextWill() {
        var kb = Keyboard(profile: profile)
        _ = kb.show(.system, at: t0)
        let notes = kb.hide(at: at(400)) // nobody ticked at 250
        #expect(notes.map(\.name) == [.didChangeFrame, .didShow, .willChangeFrame, .willHide])
    }

    @Test func zeroDurationArrivesImmediately() {
        var kb = Keyboard(profile: profile, duration: .zero)
        let notes = kb.show(.emoji, at: t0)
        #expect(notes.map(\.name) == [.willChangeFrame, .willShow, .didChangeFrame, .didShow])
        #expect(kb.frame(at: t0) == kb.restingFrame(for: .emoji))
    }

    @Test func notificationsPrintDeterministically() {
        var kb = Keyboard(profile: .iphone8)
        let n = kb.show(.system, at: t0)[1]
        #expect(n.description == "willShow from=none to=system begin=[0,667 375x260] end=[0,407 375x260] duration=0.250s curve=7")
    }
}

@Suite struct KeyboardResizeTests {
    @Test func shownKeyboardAnimatesToItsNewFrame() {
        var kb = Keyboard(profile: .iphone8)
        _ = kb.show(.emoji, at: .zero)
        let t = SimInstant.zero + .milliseconds(100) // mid-show: starts from here
        let before = kb.frame(at: t)
        let notes = kb.resize(to: Size(width: 667, height: 375), at: t)
        #expect(notes.map(\.name) == [.willChangeFrame, .willShow])
        #expect(notes[0].beginFrame == before && notes[0].endFrame == Rect(x: 0, y: 375 - 216, width: 667, height: 216))
        #expect(kb.frame(at: t) == before) // no jump
        #expect(kb.tick(at: t + .milliseconds(250)).map(\.name) == [.didChangeFrame, .didShow])
        #expect(kb.frame(at: t + .seconds(1)) == Rect(x: 0, y: 159, width: 667, height: 216))
    }

    @Test func hiddenKeyboardJustMoves() {
        var kb = Keyboard(profile: .iphone8)
        #expect(kb.resize(to: Size(width: 320, height: 480), at: .zero).isEmpty)
        #expect(kb.frame(at: .zero).minY == 480 && kb.frame(at: .zero).width == 320)
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
