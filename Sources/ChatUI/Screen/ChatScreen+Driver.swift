import SimCore
import EmojiText
import Interaction

/// The driver API a scenario runner uses: touches at points or named targets, typing,
/// time, settling and queries. Every gesture helper starts at `clock.now` and returns
/// with the clock at the gesture's last touch.
extension ChatScreen {
    // MARK: time

    /// Advances the virtual clock; display-link frames and timers run on the way.
    public func advance(by d: SimDuration) { clock.advance(by: d) }

    /// Advances to the next display-link frame boundary (the frame runs).
    public func advanceToNextFrame() {
        let per = displayLink.frameDuration.ticks
        clock.advance(to: SimInstant(ticks: (clock.now.ticks / per + 1) * per))
    }

    /// True when no scroll, deceleration, bounce, snap, keyboard or bar-height
    /// animation is running and no finger is down. Looping GIFs do not count.
    public var isSettled: Bool {
        let now = clock.now
        return list.isSettled && !inputBar.state.keyboard.isAnimating
            && !inputBar.state.height.isAnimating(at: now) && panel.state.isSettled
            && !hasFingerDown
    }

    /// Advances frame by frame until `isSettled` (true) or `timeout` passed (false).
    @discardableResult
    public func settle(timeout: SimDuration = .seconds(10)) -> Bool {
        let deadline = clock.now + timeout
        while !isSettled {
            if clock.now >= deadline { return false }
            clock.advance(by: displayLink.frameDuration)
        }
        return true
    }

    // MARK: touches

    private var synthesizer: TouchSynthesizer { TouchSynthesizer(hz: 120) }

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

    public func tap(at p: Point, hold: SimDuration = .milliseconds(80)) throws(ChatScreenError) {
        handle(synthesizer.tap(at: try checked(p), start: clock.now, hold: hold))
    }

    /// A press held for `duration` (a long press on the panel previews the emoji).
    public func press(at p: Point, duration: SimDuration, moves: [(Point, SimDuration)] = []) throws(ChatScreenError) {
        handle(synthesizer.press(at: try checked(p), start: clock.now, hold: duration, moves: moves))
    }

    public func drag(from a: Point, to b: Point, duration: SimDuration = .milliseconds(300),
                     pause: SimDuration = .zero) throws(ChatScreenError) {
        handle(synthesizer.drag(along: [try checked(a), b], start: clock.now, duration: duration, pause: pause))
    }

    /// A fling: the finger lifts still moving at `velocity` (pt/s, finger direction:
    /// positive y moves the content down, towards older messages).
    public func fling(from p: Point, velocity: Point, duration: SimDuration = .milliseconds(200)) throws(ChatScreenError) {
        handle(synthesizer.fling(from: try checked(p), velocity: velocity, start: clock.now, duration: duration))
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

    public var keyboard: KeyboardKind { inputBar.state.keyboard.kind }
    public var isSendEnabled: Bool { inputBar.state.isSendEnabled }
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
