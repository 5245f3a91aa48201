import SimCore
import EmojiText
import Interaction
import Tester

/// The chat screen as a `Testable`: what the `Tester` drives, and the named points
/// and queries scripts and tests read. Touches and time go through a `Tester`
/// (`Tester(screen)`); the helpers below are thin forwards to one, in manual timing,
/// kept for Swift tests that drive the screen directly.
extension ChatScreen: Testable {
    public var frameLink: DisplayLink? { displayLink }

    /// What still moves, one phrase each; empty when idle. Looping GIFs and fingers
    /// that are down do not count (a finger resting on the panel holds its motion).
    public var motion: [String] {
        let now = clock.now
        var out: [String] = []
        if let a = inputBar.keyboard.animation {
            out.append("the keyboard slides (\(a.fromKind.rawValue) -> \(a.toKind.rawValue))")
        }
        if inputBar.height.isAnimating(at: now) { out.append("the input bar changes height") }
        out += panel.motion
        switch list.scroll.state {
        case .idle, .dragging: break
        case .decelerating: out.append("the list decelerates")
        case .bouncing: out.append("the list bounces back")
        case .animating: out.append("the list scrolls (animated)")
        }
        return out
    }

    /// Every model invariant that does not hold now: the input's selection on unit
    /// boundaries, no split emoji, plain -> rich -> plain identity, the list's (a GIF
    /// animates iff its row is visible, cells bounded by the visible rows), the panel's
    /// offset within bounds at rest.
    ///
    /// The input is checked by `TextEditor.invariantViolations`: in full (the units
    /// equal a parse of the whole text) while the text is at most `fullInputCheckBytes`,
    /// which hand-written scripts and the monkey stay within. Past it, each step checks
    /// the O(1) facts and the units the last edit wrote against a parse of their
    /// neighbourhood, and the full check runs on every k-th change of the text, k the
    /// text's size over `amortisedInputCheckBytes` rounded up to a power of two: at
    /// most twice that many bytes of full check per step, amortised, instead of O(n).
    /// A fault the local check misses is so reported at most k changes late.
    public func invariantViolations() -> [String] {
        var out = list.invariantViolations()
        out += inputInvariantViolations()
        out += panel.invariantViolations()
        return out
    }

    /// Texts up to this many UTF-8 bytes get the full input check on every step.
    public static let fullInputCheckBytes = 1024
    /// Past `fullInputCheckBytes`, the full check's amortised share per step.
    public static let amortisedInputCheckBytes = 64

    /// The input bar's part of `invariantViolations()`; `full` forces the O(n) check.
    public func inputInvariantViolations(full: Bool = false) -> [String] {
        let editor = inputBar.editor
        let bytes = editor.unitMap.plainLength(in: .utf8)
        var period = 1
        if bytes > ChatScreen.fullInputCheckBytes {
            while period * ChatScreen.amortisedInputCheckBytes < bytes { period *= 2 }
        }
        let isFull = full || period == 1 || editor.textRevision % period == 0
        return editor.invariantViolations(isFull ? .full : .lastEdit)
    }

    // MARK: time

    /// Advances the virtual clock; display-link frames and timers run on the way.
    public func advance(by d: SimDuration) { Tester(self, timing: .manual).pump(d) }

    /// Advances to the next display-link frame boundary (the frame runs).
    public func advanceToNextFrame() {
        let per = displayLink.frameDuration.ticks
        clock.advance(to: SimInstant(ticks: (clock.now.ticks / per + 1) * per))
    }

    /// True when nothing moves (`motion` is empty) and no finger is down.
    public var isSettled: Bool { motion.isEmpty && !hasFingerDown }

    /// Advances frame by frame until nothing moves (true) or `timeout` passed (false).
    @discardableResult
    public func settle(timeout: SimDuration = TesterDefaults.idleLimit) -> Bool {
        do throws(TesterError) { try Tester(self, timing: .manual).pumpUntilIdle(limit: timeout) } catch { return false }
        return !hasFingerDown
    }

    // MARK: touches (forwards to a Tester in manual timing)

    private func tester() -> Tester<ChatScreen> { Tester(self, timing: .manual) }

    private func forward(_ body: (Tester<ChatScreen>) throws(TesterError) -> Void) throws(ChatScreenError) {
        do throws(TesterError) { try body(tester()) } catch {
            if case let .outside(p, _) = error { throw .pointOutsideScreen(x: p.x, y: p.y) }
            throw .unknownTarget("gesture", reason: error.description)
        }
    }

    private func checked(_ p: Point) throws(ChatScreenError) -> Point {
        guard bounds.contains(p) else { throw .pointOutsideScreen(x: p.x, y: p.y) }
        return p
    }

    public func touchDown(at p: Point, id: Int = 1) throws(ChatScreenError) {
        handle(TouchEvent(id: id, phase: .began, location: try checked(p), timestamp: clock.now))
    }
    public func touchMove(to p: Point, id: Int = 1) {
        handle(TouchEvent(id: id, phase: .moved, location: p, timestamp: clock.now))
    }
    public func touchUp(at p: Point, id: Int = 1) {
        handle(TouchEvent(id: id, phase: .ended, location: p, timestamp: clock.now))
    }

    public func tap(at p: Point, hold: SimDuration = TesterDefaults.tapHold) throws(ChatScreenError) {
        try forward { t throws(TesterError) in try t.tap(at: p, hold: hold) }
    }

    /// A press held for `duration` (a long press on the panel previews the emoji).
    public func press(at p: Point, duration: SimDuration, moves: [(Point, SimDuration)] = []) throws(ChatScreenError) {
        let t = tester()
        t.deliver(t.synthesizer().press(at: try checked(p), start: clock.now, hold: duration, moves: moves))
    }

    public func drag(from a: Point, to b: Point, duration: SimDuration = .milliseconds(300),
                     pause: SimDuration = .zero) throws(ChatScreenError) {
        let t = tester()
        t.deliver(t.synthesizer().drag(along: [try checked(a), b], start: clock.now, duration: duration, pause: pause))
    }

    /// A fling: the finger lifts still moving at `velocity` (pt/s, finger direction:
    /// positive y moves the content down, towards older messages).
    public func fling(from p: Point, velocity: Point, duration: SimDuration = .milliseconds(200)) throws(ChatScreenError) {
        let t = tester()
        t.deliver(t.synthesizer().fling(from: try checked(p), velocity: velocity, start: clock.now, duration: duration))
    }

    public func tap(target name: String) throws(ChatScreenError) { try tap(at: try point(of: name)) }

    /// Where a named target is now, in screen coordinates:
    /// `toggle`, `send`, `textView`, `list` (its centre), `outside` (same), `marker`,
    /// `navigationBar`, `delete` (the panel's delete key), `emoji:<code>` (on the
    /// panel's current pages), `tab:<index>` (the panel's category bar), `row:<index>`
    /// (a displayed message's bubble).
    public func point(of name: String) throws(ChatScreenError) -> Point {
        let now = clock.now
        let bar = inputBarFrame(at: now)
        let l = inputBar.layout(at: now)
        func inBar(_ r: Rect) -> Point { Point(x: bar.minX + r.midX, y: bar.minY + r.midY) }
        let kb = keyboardFrame(at: now).origin
        func needPanel() throws(ChatScreenError) {
            guard shownKeyboard == .emoji else { throw .unknownTarget(name, reason: "the emoji keyboard is not shown") }
        }
        switch name {
        case "toggle": return inBar(l.toggleFrame)
        case "send": return inBar(l.sendFrame)
        case "textView": return inBar(l.textViewFrame)
        case "list", "outside": return listFrame(at: now).center
        case "navigationBar": return navigationBarFrame.center
        case "marker":
            guard let m = list.markerFrame else { throw .unknownTarget(name, reason: "no new-messages marker shows") }
            let f = listFrame(at: now)
            return Point(x: f.minX + m.midX, y: f.minY + m.midY)
        case "delete":
            try needPanel()
            guard let p = panel.deleteKeyLocation else { throw .unknownTarget(name, reason: "the panel has no delete key") }
            return Point(x: kb.x + p.x, y: kb.y + p.y)
        default:
            if name.hasPrefix("emoji:") {
                try needPanel()
                let code = String(name.dropFirst(6))
                guard let p = panel.location(ofEmoji: code) else {
                    throw .unknownTarget(name, reason: "not on the panel's current page")
                }
                return Point(x: kb.x + p.x, y: kb.y + p.y)
            }
            if name.hasPrefix("tab:"), let i = Int(name.dropFirst(4)) {
                try needPanel()
                guard i >= 0 && i < panel.state.sections.count else { throw .unknownTarget(name, reason: "no such tab") }
                let p = panel.location(ofTab: i)
                return Point(x: kb.x + p.x, y: kb.y + p.y)
            }
            if name.hasPrefix("row:"), let i = Int(name.dropFirst(4)) {
                guard list.displayedRows.contains(i) else { throw .unknownTarget(name, reason: "row is not displayed") }
                let f = listFrame(at: now)
                let b = list.layout(ofRow: i).bubbleFrame
                let top = list.rowFrameInViewport(i).minY
                return Point(x: f.minX + b.midX, y: f.minY + top + b.midY)
            }
            throw .unknownTarget(name, reason: "unknown name")
        }
    }

    // MARK: typing and editing

    /// Types on the system keyboard (needs it up: tap the text view first).
    public func type(_ text: String) throws(ChatScreenError) { try perform(.type(text)) }
    /// Any input-bar action (backspace, paste, undo, select...).
    public func perform(_ action: InputBar.Action) throws(ChatScreenError) { try performAction(action) }

    // MARK: queries

    public var keyboard: KeyboardKind { inputBar.keyboard.kind }
    public var isSendEnabled: Bool { inputBar.isSendEnabled }
    /// The input's text in server form (placeholders).
    public var inputServerText: String { inputBar.serverText }
    public var inputText: String { inputBar.text }
    /// The caret / selection in editor units.
    public var caret: Range<Int> { inputBar.selectedRange }
    public var pasteboard: String? { inputBar.pasteboard.string }
    public var panelPage: Int { panel.state.currentPage }
    public var panelPageInGroup: Int { panel.state.pageInGroup }
    public var panelGroup: String { panel.state.currentGroupName }
    /// The emoji the panel's long-press preview shows, if any.
    public var panelPreview: Emoji? { panel.state.preview?.emoji }
    public var messageCount: Int { list.count }
    public var visibleRows: Range<Int> { list.displayedRows }
    public var lastMessageText: String? { list.lastMessage?.serverText }
    public var animatingPlayerCount: Int { list.animatingPlayerCount }
    public var newMessagesCount: Int { list.newMessagesCount }
    public var hasFingerDown: Bool { !fingerTargets.isEmpty }
}
