import Testing
import SimCore
import Interaction
@testable import ChatUI
import Tester
import ChatHarness

/// The bar's buttons as UIControls while the keyboard moves the bar: the table of
/// touches on the toggle around the keyboard's show animation (manual timing: every
/// instant is chosen by the test).
@Suite struct InputBarControlTests {
    /// Where the finger lifts.
    enum Lift: Sendable, CustomStringConvertible {
        /// Where it went down (the bar moved away under it).
        case atTouchDown
        /// The toggle's frame at the lift instant, `dy` pt above its top edge (negative:
        /// inside the toggle).
        case aboveToggle(dy: Double)
        var description: String {
            switch self {
            case .atTouchDown: return "at the touch down"
            case let .aboveToggle(dy): return "\(dy) pt above the toggle"
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        /// Touch down, ms after the keyboard animation starts (negative: before it).
        var downMs: Int
        /// Lift, ms after the animation starts (it lasts 250 ms).
        var liftMs: Int
        var lift: Lift
        /// The finger follows the toggle on every frame between down and lift.
        var follows = false
        var allowsInteraction = false
        /// Expected control events, in order, and whether the toggle's action ran.
        var events: [ControlTracker.Event]
        var toggled: Bool
        var testDescription: String {
            "down at \(downMs) ms, lift at \(liftMs) ms \(lift)\(follows ? " following" : "")"
                + (allowsInteraction ? ", .allowUserInteraction" : "")
        }
    }

    static let cases: [Case] = [
        // Down before the animation starts: the toggle keeps the touch while the bar rides up.
        Case(downMs: -50, liftMs: 400, lift: .atTouchDown, events: [.touchDown, .touchUpOutside], toggled: false),
        Case(downMs: -50, liftMs: 400, lift: .aboveToggle(dy: 60), events: [.touchDown, .touchUpInside], toggled: true),
        Case(downMs: -50, liftMs: 400, lift: .aboveToggle(dy: 69.5), events: [.touchDown, .touchUpInside], toggled: true),
        Case(downMs: -50, liftMs: 400, lift: .aboveToggle(dy: 70.5), events: [.touchDown, .touchUpOutside], toggled: false),
        Case(downMs: -50, liftMs: 400, lift: .aboveToggle(dy: -10), follows: true,
             events: [.touchDown, .touchUpInside], toggled: true),
        // Held past the animation and 1 s more: no time limit.
        Case(downMs: -50, liftMs: 1400, lift: .aboveToggle(dy: -10), events: [.touchDown, .touchUpInside], toggled: true),
        // Lifted during the animation where it went down: judged against the toggle where it is then.
        Case(downMs: -50, liftMs: 30, lift: .atTouchDown, events: [.touchDown, .touchUpInside], toggled: true),
        Case(downMs: -50, liftMs: 150, lift: .atTouchDown, events: [.touchDown, .touchUpOutside], toggled: false),
        // Down while the bar moves: UIKit's default (no .allowUserInteraction) lets it through.
        Case(downMs: 50, liftMs: 400, lift: .aboveToggle(dy: -10), events: [], toggled: false),
        Case(downMs: 50, liftMs: 120, lift: .atTouchDown, events: [], toggled: false),
        // ... unless the bar opts in.
        Case(downMs: 50, liftMs: 400, lift: .aboveToggle(dy: -10), allowsInteraction: true,
             events: [.touchDown, .touchUpInside], toggled: true),
        Case(downMs: 50, liftMs: 400, lift: .atTouchDown, allowsInteraction: true,
             events: [.touchDown, .touchUpOutside], toggled: false),
        Case(downMs: 50, liftMs: 400, lift: .aboveToggle(dy: 20), follows: true, allowsInteraction: true,
             events: [.touchDown, .touchUpInside], toggled: true),
        // Down after the bar has arrived: an ordinary tap.
        Case(downMs: 300, liftMs: 380, lift: .aboveToggle(dy: -10), events: [.touchDown, .touchUpInside], toggled: true),
    ]

    @Test(arguments: cases)
    func touchesOnTheToggleDuringTheKeyboardAnimation(_ c: Case) throws {
        var config = InputBarConfiguration()
        config.allowsUserInteractionWhileAnimating = c.allowsInteraction
        let r = InputBarRig(config)
        let animationStart = SimInstant.zero + .milliseconds(200)
        let down = animationStart + .milliseconds(c.downMs)
        let up = animationStart + .milliseconds(c.liftMs)
        var controlEvents: [ControlTracker.Event] = []
        // Touches go through the Tester at the instants the table chooses (manual timing).
        func touch(_ phase: TouchEvent.Phase, at p: Point) throws {
            let events = try r.handle(TouchEvent(phase: phase, location: p, timestamp: r.clock.now))
            for e in events { if case let .control(.toggle, event, _) = e { controlEvents.append(event) } }
        }
        var downPoint = Point.zero
        var animationStarted = false
        func startAnimationIfDue() throws {
            guard !animationStarted, r.clock.now >= animationStart else { return }
            animationStarted = true
            try r.advance(to: animationStart)
            try r.send(.tapTextView())   // the system keyboard slides up, the bar rides it
            #expect(r.bar.isMoving(at: r.clock.now + .milliseconds(1)))
        }
        if down < animationStart {
            try r.advance(to: down)
        } else {
            try r.advance(to: animationStart)
            try startAnimationIfDue()
            try r.advance(to: down)
        }
        downPoint = r.bar.frame(of: .toggle, at: r.clock.now).center
        try touch(.began, at: downPoint)
        // Frames until the lift; the animation starts on its own instant.
        while r.clock.now < up {
            let next = min(up, r.clock.now + .frames(1, at: 60))
            if !animationStarted && next >= animationStart {
                try r.advance(to: animationStart)
                try startAnimationIfDue()
                continue
            }
            try r.advance(to: next)
            if c.follows && r.clock.now < up {
                let toggle = r.bar.frame(of: .toggle, at: r.clock.now)
                try touch(.moved, at: toggle.center)
            }
        }
        try startAnimationIfDue()
        let toggle = r.bar.frame(of: .toggle, at: r.clock.now)
        let liftPoint: Point
        switch c.lift {
        case .atTouchDown: liftPoint = downPoint
        case let .aboveToggle(dy): liftPoint = Point(x: toggle.midX, y: toggle.minY - dy)
        }
        // The oracle: the rule itself, at the lift instant.
        let tracked = r.bar.tracking != nil
        let inside = toggle.insetBy(dx: -70, dy: -70).contains(liftPoint)
        try touch(.ended, at: liftPoint)
        #expect(controlEvents == c.events)
        if tracked { #expect(controlEvents.last == (inside ? .touchUpInside : .touchUpOutside)) }
        try r.advance(to: r.clock.now + .milliseconds(400))
        #expect(r.bar.keyboard.kind == (c.toggled ? .emoji : .system), "keyboard \(r.bar.keyboard.kind)")
        #expect(r.bar.highlighted == nil && r.bar.tracking == nil)
        // A touch the moving bar let through is traced, never silent.
        if c.events.isEmpty {
            #expect(r.trace.events.contains { $0.name == "touchIgnored" && $0.fields.contains { $0.value == "animating" } })
        }
    }

    @Test func highlightFollowsInsideAndOutsideWithTheTrace() throws {
        let r = InputBarRig()
        let toggle = r.bar.frame(of: .toggle, at: r.clock.now)
        let t0 = r.clock.now
        func touch(_ phase: TouchEvent.Phase, _ dy: Double, _ ms: Int) -> TouchEvent {
            TouchEvent(phase: phase, location: Point(x: toggle.midX, y: toggle.minY - dy), timestamp: t0 + .milliseconds(ms))
        }
        try r.handle(touch(.began, -5, 0))
        #expect(r.bar.highlighted == .toggle)
        try r.handle(touch(.moved, 50, 100))
        #expect(r.bar.highlighted == .toggle)
        try r.handle(touch(.moved, 90, 200))
        #expect(r.bar.highlighted == nil)
        try r.handle(touch(.moved, 60, 300))
        #expect(r.bar.highlighted == .toggle)
        try r.handle(touch(.moved, 80, 400))
        try r.handle(touch(.ended, 80, 500))
        #expect(r.bar.keyboard.kind == .none && r.bar.highlighted == nil)
        let lines = r.trace.lines.filter { $0.contains(" control=") }
        #expect(lines.map { $0.split(separator: " ")[2] } == ["touchDown", "touchDragExit", "touchDragEnter", "touchDragExit",
                                                              "touchUpOutside"])
        #expect(lines.first?.hasSuffix("touchDown control=toggle at=(24, 632)") == true, "\(lines)")
    }

    @Test func aCancelFailsItAndADisabledSendTakesTheTouchSilently() throws {
        let r = InputBarRig()
        let toggle = r.bar.frame(of: .toggle, at: r.clock.now)
        try r.handle(TouchEvent(phase: .began, location: toggle.center, timestamp: r.clock.now))
        let events = try r.handle(TouchEvent(phase: .cancelled, location: toggle.center, timestamp: r.clock.now))
        #expect(events.first == .control(.toggle, .touchCancel, at: toggle.center))
        #expect(r.bar.keyboard.kind == .none && r.bar.highlighted == nil && r.bar.tracking == nil)
        // Send is disabled with an empty text: no highlight, no control event (only the
        // traced `touchIgnored`), the touch is still the bar's.
        let send = r.bar.frame(of: .send, at: r.clock.now)
        #expect(try r.handle(TouchEvent(phase: .began, location: send.center, timestamp: r.clock.now))
                == [.touchIgnored(at: send.center, reason: .sendDisabled)])
        #expect(r.trace.lines.last?.hasSuffix("inputBar touchIgnored at=\(send.center) reason=\"send disabled\"") == true)
        #expect(r.bar.highlighted == nil && r.bar.tracking?.button == .send)
        #expect(try r.handle(TouchEvent(phase: .ended, location: send.center, timestamp: r.clock.now)).isEmpty)
        #expect(r.bar.tracking == nil)
    }

    @Test func theScreenRoutesTouchesPastTheMovingBar() throws {
        let screen = Host<ChatScreen>(profile: .iphone8)
        let tester = Tester(screen, timing: .manual)
        try screen.perform(.tapTextView())
        tester.pump(.milliseconds(50))                 // the bar is riding the keyboard up
        let toggle = screen.inputBar.frame(of: .toggle, at: screen.clock.now)
        #expect(screen.component(at: toggle.center) == nil)
        try tester.tap(at: toggle.center)
        // The bar's own line, as docs/ARCHITECTURE.md states it; nothing behind the bar gets the touch.
        #expect(screen.trace.lines.contains { $0.hasSuffix("inputBar touchIgnored at=\(toggle.center) reason=animating") })
        #expect(!screen.trace.lines.contains { $0.contains("screen touchDown") })
        tester.pump(.milliseconds(400))
        #expect(screen.inputBar.keyboard.kind == .system)
        // At rest the toggle takes it.
        let resting = screen.inputBar.frame(of: .toggle, at: screen.clock.now)
        #expect(screen.component(at: resting.center) == .inputBar)
        try tester.tap(at: resting.center)
        #expect(screen.inputBar.keyboard.kind == .emoji)
    }
}
