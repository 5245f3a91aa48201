import SimCore
import EmojiText
import Interaction

/// The chat input bar: a toggle button (emoji / keyboard icon), a growing text view
/// on EmojiText's `TextEditor`, and a send button, riding on the keyboard's top edge.
///
/// ## Using it (ChatScreen)
///
///     var bar = InputBar(profile: .iphone14, catalog: .demo, clock: clock, trace: trace,
///                        configuration: .init(placeholder: "Message"))
///     try bar.send(.tapTextView())          // first responder, system keyboard slides up
///     try bar.send(.type("hi "))            // only while the system keyboard is up
///     try bar.send(.tapToggle)              // switch to the emoji keyboard
///     try bar.send(.insertEmoji(smile))     // the panel's selection, at the caret
///     try bar.send(.deleteFromPanel)        // the panel's delete key: atomic backspace
///     try bar.send(.tick(at: clock.now))    // every display-link frame while animating
///     for event in bar.takeOutbox() { ... } // didSend(serverText), keyboard notifications
///     bar.frame(at: clock.now)              // the bar's frame in screen coordinates
///     bar.keyboardFrame(at: clock.now)      // where ChatScreen draws the EmojiPanel
///     bar.draw(into: &list, in: bar.frame(at: now), at: now)
///     bar.state.keyboard.draw(into: &list, in: bar.keyboardFrame(at: now), at: now) // the system keyboard
///
/// Touches: `handle(_ touch:)` takes raw `TouchEvent`s in screen coordinates. The
/// toggle and send are UIControls (chosen at touch down, tracking until the touch
/// ends, inside = bounds grown by 70 pt, no time limit; see `ControlTracker`); a tap
/// on the text view places the caret, a tap outside the bar and keyboard resigns.
/// While the bar moves (keyboard or height animation) a touch down does not reach it
/// unless `configuration.allowsUserInteractionWhileAnimating` (UIKit's default without
/// `.allowUserInteraction`; see `receivesTouches(at:)`). `hitTest(_:at:)` and
/// `tapAction(at:now:)` expose the geometry for hosts that run their own recognizers.
///
/// IME: `.compose("ni")` sets marked text; `.type("你")` while composing replaces the
/// marked text and commits (an IME's final insert); `.commitComposition` commits the
/// marked text as it is. Pasting a given string: set `pasteboard.string`, send `.paste`.
///
/// - State is a value (`InputBar.State`); `send(_:)` is the only way to change it and
///   returns the events of that transition, in order. The same events are recorded in
///   the shared `Trace` and the outbound ones appended to `outbox`.
/// - Actions other than `tick(at:)` happen at `clock.now`. Animations (keyboard, bar
///   height) are pure functions of time; `tick(at:)` only posts the `did*`
///   notifications of an animation that arrived. `nextDeadline` says when.
/// - The emoji keyboard is abstract here (a height and a state). ChatScreen shows the
///   EmojiPanel inside `keyboardFrame(at:)` while `state.keyboard.kind == .emoji` and
///   forwards the panel's selections as `.insertEmoji` and its delete key as
///   `.deleteFromPanel`.
///
/// Complexity: each action is O(n) in the text (the editor re-parses, the layout is
/// rebuilt); drawing is O(n) too; `frame(at:)`, `keyboardFrame(at:)` and `hitTest` are
/// O(1). Invariants (checked by the property test after every random action): the
/// keyboard is `.none` exactly when not first responder; the bar's bottom is the
/// keyboard's top (or the safe area); send is enabled exactly when the editor is
/// sendable; the caret line lies inside the visible part of the text view.
///
/// Errors: a scripted action impossible in the current state (typing with the emoji
/// keyboard up, selecting an emoji without it, editing without first responder)
/// throws `InputBarError` and leaves the state untouched.
public struct InputBar {
    public enum Button: String, Hashable, Sendable { case toggle, send }

    public enum Action: Hashable, Sendable {
        /// A tap in the text view; with a point (bar coordinates) the caret moves there.
        case tapTextView(at: Point? = nil)
        case tapToggle
        /// A tap outside the bar and the keyboard.
        case tapOutside
        /// Characters from the system keyboard; "\n" is the return key.
        case type(String)
        /// IME: set the marked (composing) text, replacing any marked text.
        case compose(String)
        /// IME: commit the marked text as typed text.
        case commitComposition
        /// The system keyboard's backspace.
        case backspace
        /// The return key: sends when `returnKeySends`, else a newline.
        case returnKey
        /// An emoji selected on the emoji keyboard (the panel).
        case insertEmoji(Emoji)
        /// The emoji keyboard's delete key.
        case deleteFromPanel
        /// Sets the selection (editor units).
        case select(location: Int, length: Int)
        case selectAll, cut, copy, paste, undo, redo
        /// Touch down / up on a button: the highlighted state.
        case press(Button)
        case release
        case tapSend
        /// A display-link frame (or the `nextDeadline` timer).
        case tick(at: SimInstant)
        /// The screen changed size: the text is laid out again for the new width (the
        /// height animates if the line count changes) and a shown keyboard moves to its
        /// new frame. Sizes must be positive and finite.
        case resize(Size)
    }

    /// The bar's whole state. Equal states draw identically at the same instant.
    public struct State: Sendable {
        public var configuration: InputBarConfiguration
        public var profile: DeviceProfile
        public var responder = FirstResponder()
        public var keyboard: Keyboard
        var editor: Editor
        /// Lines of the laid-out text (at least 1).
        public var lineCount = 1
        /// The bar's height, animating when the line count changes.
        public var height: HeightAnimation
        /// The text view's internal scroll (contentOffset.y), non-zero only past maxLines.
        public var scrollOffset: Double = 0
        public var isSendEnabled = false
        public var highlighted: Button?
    }

    public private(set) var state: State
    /// Events a composing screen consumes (`takeOutbox()` empties it).
    public private(set) var outbox: [InputBarEvent] = []
    public let clock: VirtualClock
    public let trace: Trace
    /// The pasteboard cut/copy/paste go through (plain backed text, as in the seeds).
    public var pasteboard = Pasteboard()
    /// The finger the bar is tracking (see `handle(_:)`), if any.
    public internal(set) var tracking: TouchTracking?

    /// A bar on `profile` whose editor resolves placeholders with `catalog`.
    public init(profile: DeviceProfile, catalog: EmojiCatalog, clock: VirtualClock, trace: Trace,
                configuration: InputBarConfiguration = .init()) {
        let lh = InputBar.lineHeight
        state = State(configuration: configuration, profile: profile,
                      keyboard: Keyboard(profile: profile),
                      editor: InputBar.makeEditor(catalog: catalog, configuration: configuration),
                      height: HeightAnimation(value: InputBarLayout.barHeight(lines: 1, configuration: configuration, lineHeight: lh)))
        self.clock = clock
        self.trace = trace
    }

    /// Line height of the text (the bitmap font at 16 pt).
    public static let lineHeight: Double = 16

    // MARK: reading

    public var configuration: InputBarConfiguration { state.configuration }

    /// The bar's frame in screen coordinates at `now`: full width, bottom on the
    /// keyboard's top edge (or the safe area), presented height.
    public func frame(at now: SimInstant) -> Rect {
        let h = state.height.value(at: now)
        let bottom = state.keyboard.barBottom(at: now)
        return Rect(x: 0, y: bottom - h, width: state.profile.size.width, height: h)
    }

    /// The keyboard's presentation frame (screen coordinates).
    public func keyboardFrame(at now: SimInstant) -> Rect { state.keyboard.frame(at: now) }

    /// Layout of the parts at `now`, in bar coordinates.
    public func layout(at now: SimInstant) -> InputBarLayout {
        InputBarLayout(configuration: state.configuration, width: state.profile.size.width,
                       height: state.height.value(at: now))
    }

    /// The next instant something changes without input: the keyboard or height
    /// animation arriving, or a held tap failing. Nil when the bar is settled.
    public var nextDeadline: SimInstant? {
        let candidates = [state.keyboard.nextDeadline,
                          state.height.end > clock.now ? state.height.end : nil,
                          tracking?.recognizer?.deadline]
        return candidates.compactMap { $0 }.min()
    }

    /// The toggle shows the keyboard glyph exactly while the emoji keyboard is up.
    public var toggleShowsKeyboardIcon: Bool { state.responder.toggleShowsKeyboardIcon }

    /// Empties and returns the outbox.
    public mutating func takeOutbox() -> [InputBarEvent] {
        defer { outbox.removeAll() }
        return outbox
    }

    // MARK: actions

    /// Applies `action` at `clock.now` (or the tick's instant). Returns the events of the
    /// transition in order; they are also traced and the outbound ones queued. On error
    /// nothing changes.
    @discardableResult
    public mutating func send(_ action: Action) throws(InputBarError) -> [InputBarEvent] {
        var next = state
        var events: [InputBarEvent] = []
        let now: SimInstant
        if case let .tick(at) = action { now = at } else { now = clock.now }
        // An animation that arrived before this action posts its did* first.
        events += next.keyboard.tick(at: now).map(InputBarEvent.keyboard)
        // A finger held on the text view past the tap's deadline is no tap (buttons are
        // UIControls: no deadline).
        var failedTouch = false
        if case .tick = action, let d = tracking?.recognizer?.deadline, now >= d { failedTouch = true }
        let before = Snapshot(next)
        try InputBar.reduce(&next, action, now: now, pasteboard: &pasteboard, events: &events)
        InputBar.finish(&next, before: before, now: now, events: &events)
        state = next
        if failedTouch { tracking = nil }
        for e in events {
            trace.record(TraceEvent(time: now, source: e.traceSource, name: e.traceName, fields: e.traceFields))
            if e.isOutbound { outbox.append(e) }
        }
        return events
    }

    /// What `finish` compares to emit change events.
    struct Snapshot {
        var text: String, selection: Range<Int>, sendEnabled: Bool, lines: Int
        init(_ s: State) {
            text = s.editor.plainText; selection = InputBar.selection(of: s.editor)
            sendEnabled = s.isSendEnabled; lines = s.lineCount
        }
    }
}
