import SimCore
import EmojiText
import Interaction

/// The chat input bar: a toggle button (emoji / keyboard icon), a growing text view
/// on EmojiText's `TextEditor`, and a send button, riding on the keyboard's top edge.
///
/// A `Reducer`: `InputBar()` is the reducer (it has no dependencies: the catalog sits
/// in the editor), `InputBar.State` everything the bar remembers, and every transition
/// happens at the instant `reduce` is given (a touch at its timestamp, a frame at its
/// instant). A host (`Host<InputBar>`, or the chat screen composing it) sends:
///
///     var state = InputBar.State(profile: .iphone14, catalog: .demo, configuration: .init(placeholder: "Message"))
///     let bar = InputBar()
///     var events = try bar.reduce(into: &state, .tapTextView(), at: now) // first responder, system keyboard slides up
///     events += try bar.reduce(into: &state, .type("hi "), at: now)      // only while the system keyboard is up
///     events += try bar.reduce(into: &state, .tapToggle, at: now)        // switch to the emoji keyboard
///     events += try bar.reduce(into: &state, .insertEmoji(smile), at: now) // the panel's selection, at the caret
///     events += try bar.reduce(into: &state, .deleteFromPanel, at: now)  // the panel's delete key: atomic backspace
///     events += try bar.reduce(into: &state, .tick, at: frame)           // every frame while `needsFrames`
///     events += try bar.reduce(into: &state, .touch(touchEvent), at: touchEvent.timestamp) // screen coordinates
///     for e in events { if let line = bar.trace(e, at: now) { trace.record(line) } } // what a host does
///     state.frame(at: now)                                 // the bar's frame in screen coordinates
///     state.keyboardFrame(at: now)                         // where ChatScreen draws the EmojiPanel
///     bar.nextDeadline(state)                              // a held finger's loupe: send `.tick` then
///     state.drawing(at: now).draw(into: &list, in: state.frame(at: now))        // a Drawable
///     state.loupeDrawing(barOrigin: state.frame(at: now).origin, at: now).draw(into: &list, in: list.bounds)
///     state.keyboard.draw(into: &list, in: state.keyboardFrame(at: now))       // the system keyboard
///
/// `reduce(into:_:at:)` is the whole behaviour: a pure function of the state, the action
/// and the instant, returning the events of the transition in order. It writes no
/// trace, reads no clock and performs no effect: trace lines, key clicks, keyboard
/// notifications, control events and the message to send are all returned events,
/// which the host records and acts on (`trace(_:at:)`, `isOutbound`).
///
/// Touches: `.touch(TouchEvent)` takes raw touches in screen coordinates, sent at their
/// timestamps. The toggle and send are UIControls (chosen at touch down, tracking
/// until the touch ends, inside = bounds grown by 70 pt, no time limit; see
/// `ControlTracker`); a tap on the text view places the caret, a tap outside the bar
/// and keyboard resigns; a quick second tap selects a word or one emoji; on the first
/// responder a finger held still for `loupeDelay` shows the loupe and drags the caret
/// (InputBar+Loupe.swift), and one that goes down on a selection handle and moves drags
/// that end (InputBar+SelectionHandles.swift). The finger being tracked is `state.tracking`. While the bar
/// moves (keyboard or height animation) a touch down does not reach it unless
/// `configuration.allowsUserInteractionWhileAnimating` (UIKit's default without
/// `.allowUserInteraction`; see `receivesTouches(at:)`). `hitTest(_:at:)` and
/// `tapAction(at:now:)` expose the geometry for hosts that run their own recognizers.
///
/// IME: `.compose("ni")` sets marked text; `.type("你")` while composing replaces the
/// marked text and commits (an IME's final insert); `.commitComposition` commits the
/// marked text as it is. The pasteboard is part of the state (`state.pasteboard`):
/// cut and copy write it, `.paste` reads it, `.setPasteboard("text")` is another app's copy.
///
/// - State is a value (`InputBar.State`, compared field by field, the editor included);
///   `reduce` is the only way to change it.
/// - Animations (keyboard, bar height) are pure functions of time; `.tick` only
///   posts the `did*` notifications of an animation that arrived, fails a held tap
///   at its deadline and shows a pending loupe. `needsFrames` says while frames matter,
///   `nextDeadline` when the loupe is due.
/// - The emoji keyboard is abstract here (a height and a state). ChatScreen shows the
///   EmojiPanel inside `keyboardFrame(at:)` while `state.keyboard.kind == .emoji` and
///   forwards the panel's selections as `.insertEmoji` and its delete key as
///   `.deleteFromPanel`.
///
/// Complexity: an edit costs O(edit) in the editor (it re-parses a window) and in the
/// layout (it re-breaks the touched lines), plus byte-speed O(n) work: the layout's
/// runs are rebuilt from the text and compared with the cached ones a word at a time,
/// and what follows the edit is moved (see `reduce`); drawing is O(n); `frame(at:)`, `keyboardFrame(at:)` and `hitTest` are
/// O(1). Invariants (checked by the property test after every random action): the
/// keyboard is `.none` exactly when not first responder; the bar's bottom is the
/// keyboard's top (or the safe area); send is enabled exactly when the editor is
/// sendable; the caret line lies inside the visible part of the text view.
///
/// Errors: a scripted action impossible in the current state (typing with the emoji
/// keyboard up, selecting an emoji without it, editing without first responder)
/// throws `InputBarError` and leaves the state untouched.
public struct InputBar: Reducer {
    /// What the bar reports: trace lines, clicks, notifications, the message to send.
    public typealias Event = InputBarEvent
    /// Why the bar refused an action.
    public typealias Failure = InputBarError

    /// The reducer (stateless: everything is in `State`).
    public init() {}

    /// The bar's two buttons, UIControls that highlight while pressed (`State.highlighted`)
    /// and report UIControl events (`InputBarEvent.control`). The raw value is the name
    /// traces and scripts use (`control=send`).
    public enum Button: String, Hashable, Sendable {
        /// The emoji / keyboard toggle on the left: swaps the input view.
        case toggle
        /// The send button on the right: enabled exactly while the text is sendable.
        case send
    }

    /// Everything a host can ask of the bar: the user's taps and typing, the emoji
    /// panel's selections, the edit menu, raw touches and the display link. Given to
    /// `reduce(into:_:at:)` at the instant it happens; an action impossible in the
    /// current state throws `InputBarError` (see the type's Errors).
    public enum Action: Hashable, Sendable {
        /// A tap in the text view; with a point (bar coordinates) the caret moves there.
        case tapTextView(at: Point? = nil)
        /// A double tap in the text view at a point (bar coordinates): UITextView selects
        /// the word under it, or the one emoji (see `InputBar.wordRange(at:in:)`).
        case doubleTapTextView(at: Point)
        /// A tap on the toggle: swaps the system and the emoji keyboard, or becomes first
        /// responder with the emoji keyboard when the bar was not (FirstResponder's rules).
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
        /// The edit menu's Select All: the whole text. Throws without first responder.
        case selectAll
        /// The edit menu's Cut: the selection's backed text (`[微笑]`, not an image) goes
        /// to `State.pasteboard` and is deleted; an empty selection does nothing. Throws
        /// without first responder.
        case cut
        /// The edit menu's Copy: the selection's backed text goes to `State.pasteboard`;
        /// an empty selection copies nothing. Throws without first responder.
        case copy
        /// The edit menu's Paste: the pasteboard's text replaces the selection, its known
        /// placeholders becoming emoji, cut to the maximum length (`textTruncated`).
        /// Throws without first responder.
        case paste
        /// Undoes the last edit step (marked text is committed first and becomes a step).
        /// Throws without first responder.
        case undo
        /// Makes the last undone step again (nothing while composing). Throws without
        /// first responder.
        case redo
        /// Another app put plain text on the general pasteboard (nil empties it).
        case setPasteboard(String?)
        /// Touch down / up on a button: the highlighted state.
        case press(Button)
        /// Touch up or cancel on a button: the highlight goes, nothing is performed.
        case release
        /// A completed tap on send: when the text is sendable, returns `didSend` with the
        /// server text, clears the editor, and resigns unless `keepsKeyboardOnSend`. A
        /// disabled send does nothing (no error: the user may tap it any time).
        case tapSend
        /// A raw touch in screen coordinates, sent at its timestamp.
        case touch(TouchEvent)
        /// A display-link frame (while `needsFrames`) or the `nextDeadline` timer.
        case tick
        /// The screen changed size: the text is laid out again for the new width (the
        /// height animates if the line count changes) and a shown keyboard moves to its
        /// new frame. Sizes must be positive and finite.
        case resize(Size)
    }

    /// The bar's whole state, compared field by field (the editor by its own state,
    /// the cached layout not at all: it is a function of the rest). Equal states draw
    /// and react identically at the same instant.
    public struct State: Equatable, Sendable {
        /// Insets, fonts, limits and behaviour switches the bar was made with.
        public var configuration: InputBarConfiguration
        /// The device: screen size (the bar is full width) and safe area (the bar's
        /// bottom without a keyboard). `.resize` changes its size.
        public var profile: DeviceProfile
        /// Whether the text view is first responder and which keyboard it asks for;
        /// `keyboard.kind` follows it (`.none` exactly when not first responder).
        public var responder = FirstResponder.State()
        /// The keyboard the bar rides on (system or emoji, possibly sliding): its top
        /// edge is the bar's bottom.
        public var keyboard: Keyboard.State
        /// The text, selection, composition and undo history.
        public internal(set) var editor: TextEditor
        /// Lines of the laid-out text (at least 1).
        public var lineCount = 1
        /// The bar's height, animating when the line count changes.
        public var height: HeightAnimation
        /// The text view's internal scroll (contentOffset.y), non-zero only past maxLines.
        public var scrollOffset: Double = 0
        /// Whether send is enabled: true exactly when the editor's text is sendable (not
        /// only whitespace), checked after every action; a change emits `sendEnabledChanged`.
        public var isSendEnabled = false
        /// The button drawn highlighted: pressed, or tracked by a finger inside its
        /// grown bounds; nil otherwise. A disabled send never highlights.
        public var highlighted: Button?
        /// The finger the bar is tracking (see `InputBar.handle(_:)`), if any.
        public var tracking: TouchTracking?
        /// The general pasteboard cut/copy/paste go through (plain backed text, as in
        /// the seeds). Part of the state so that a transition is a function of values.
        public var pasteboard = Pasteboard()
        /// The text laid out by the last `finish` (see `InputBar.updateTextLayout`): a
        /// function of the editor's text and the width, so not compared.
        var cachedTextLayout = Cached<CachedTextLayout>()
        /// The last single tap on the text view (its end), which a quick second tap
        /// nearby makes a double tap; nil once used or after any other touch.
        public var lastTextViewTap: TextViewTap?
    }

    /// Where and when a tap on the text view ended (screen coordinates).
    public struct TextViewTap: Hashable, Sendable {
        /// When the finger lifted.
        public var at: SimInstant
        /// Where it lifted, in screen coordinates.
        public var location: Point
        /// A tap that ended at `at`, at `location` (screen coordinates).
        public init(at: SimInstant, location: Point) { self.at = at; self.location = location }
    }

    /// A second tap that begins within this interval after the first one ended, and
    /// within `doubleTapSlop` of it, is a double tap (UITapGestureRecognizer's
    /// multi-tap interval; UIKit does not document it, 0.35 s is the usual figure).
    public static let doubleTapInterval = SimDuration.milliseconds(350)
    /// How far (points, screen coordinates) a second tap may land from where the first
    /// one ended and still make a double tap (UITapGestureRecognizer's allowable
    /// movement between taps, which UIKit does not document: about a fingertip's width).
    public static let doubleTapSlop: Double = 45

    /// Line height of the text (the bitmap font at 16 pt).
    public static let lineHeight: Double = 16

    // MARK: Reducer

    /// When a held finger's loupe is due (`.tick` then shows it); nil otherwise. The
    /// keyboard's arrival and a held tap's failure happen at frames (`needsFrames`).
    /// - Complexity: O(1).
    public func nextDeadline(_ state: State) -> SimInstant? { state.loupeDeadline }

    /// While the keyboard animates (its `did*` is posted at the first frame at or after
    /// its arrival), the bar moves, or a finger is tracked (a tap fails at its deadline
    /// on a frame). Outside it a `.tick` changes nothing.
    /// - Complexity: O(1).
    public func needsFrames(_ state: State, at now: SimInstant) -> Bool {
        state.keyboard.isAnimating || state.isMoving(at: now) || state.tracking != nil
    }

    /// The keyboard until it has posted its `did*`, and the bar while it moves.
    public func motion(_ state: State, at now: SimInstant) -> [String] {
        var m: [String] = []
        if state.keyboard.isAnimating { m.append("the keyboard slides") }
        if state.isMoving(at: now) { m.append("the input bar moves") }
        return m
    }

    /// Every event is one line (source `inputBar`, or `keyboard` for notifications): the
    /// one place a bar event becomes a line.
    public func trace(_ event: InputBarEvent, at now: SimInstant) -> TraceEvent? {
        TraceEvent(time: now, source: event.traceSource, name: event.traceName, fields: event.traceFields)
    }

    /// Frames tick the bar.
    public static var frameAction: Action? { .tick }
    /// The loupe's deadline ticks the bar.
    public static var deadlineAction: Action? { .tick }

    /// The reducer: applies `action` to `state` at `now` and returns the events of the
    /// transition, in order. Pure: no trace, no clock, no effect; the same state, action
    /// and instant always give the same state and events. On error `state` is left as
    /// it was.
    public func reduce(into state: inout State, _ action: Action, at now: SimInstant) throws(InputBarError) -> [InputBarEvent] {
        var next = state
        state.cachedTextLayout = Cached() // `next` owns the cached layout: finish updates it in place
        // ... and the editor's storage, so an edit changes the text, its units and the
        // undo history in place instead of copying them (typing is O(1) per character,
        // not O(text)). Every error is thrown by a check that comes before its edit, so
        // on error `next.editor` is still the editor `state` had.
        state.editor = InputBar.parkedEditor(like: state.editor)
        var events: [InputBarEvent] = []
        do { try InputBar.step(&next, action, now: now, events: &events) } catch {
            state.editor = next.editor
            state.cachedTextLayout = next.cachedTextLayout
            throw error
        }
        state = next
        return events
    }

    /// One action on a copy of the state: the keyboard's arrivals first, then the action
    /// (a touch may run several actions: press, then the tap), then `finish`.
    static func step(_ s: inout State, _ action: Action, now: SimInstant,
                     events: inout [InputBarEvent]) throws(InputBarError) {
        if case let .touch(t) = action {
            try touch(&s, t, now: now, events: &events)
            return
        }
        if case let .setPasteboard(text) = action {
            s.pasteboard.string = text // another app's copy: nothing of the bar changes
            return
        }
        // An animation that arrived before this action posts its did* first.
        events += Keyboard().reduce(into: &s.keyboard, .tick, at: now).map(InputBarEvent.keyboard)
        let before = Snapshot(s, keepingText: mayRestoreText(s, action))
        // A finger held on the text view shows the loupe at its deadline, and past the
        // tap's deadline is no tap (buttons are UIControls: no deadline).
        if case .tick = action { touchDeadlinesPassed(&s, now: now, events: &events) }
        try reduceAction(&s, action, now: now, events: &events)
        finish(&s, before: before, now: now, events: &events)
    }

    /// What `finish` compares to emit change events. The text is compared by the
    /// editor's revision (O(1)); see `textDiffers(from:_:)`.
    struct Snapshot {
        var revision: Int, text: String?, selection: Range<Int>, sendEnabled: Bool, lines: Int
        init(_ s: State, keepingText: Bool = false) {
            revision = s.editor.textRevision; text = keepingText ? s.editor.plainText : nil
            selection = InputBar.selection(of: s.editor)
            sendEnabled = s.isSendEnabled; lines = s.lineCount
        }
    }
}

extension InputBar.State {
    /// A bar on `profile` whose editor resolves placeholders with `catalog`: not first
    /// responder, keyboard hidden, one empty line.
    public init(profile: DeviceProfile, catalog: EmojiCatalog, configuration: InputBarConfiguration = .init()) {
        let lh = InputBar.lineHeight
        self.init(configuration: configuration, profile: profile,
                  keyboard: Keyboard.State(profile: profile),
                  editor: InputBar.makeEditor(catalog: catalog, configuration: configuration),
                  height: HeightAnimation(value: InputBarLayout.barHeight(lines: 1, configuration: configuration, lineHeight: lh)))
    }

    /// The keyboard's presentation frame (screen coordinates).
    public func keyboardFrame(at now: SimInstant) -> Rect { keyboard.frame(at: now) }

    /// The toggle shows the keyboard glyph exactly while the emoji keyboard is up.
    public var toggleShowsKeyboardIcon: Bool { responder.toggleShowsKeyboardIcon }

    /// The bar's frame in screen coordinates at `now`: full width, bottom on the
    /// keyboard's top edge (or the safe area), presented height.
    public func frame(at now: SimInstant) -> Rect {
        let h = height.value(at: now)
        let bottom = keyboard.barBottom(at: now)
        return Rect(x: 0, y: bottom - h, width: profile.size.width, height: h)
    }

    /// Layout of the parts at `now`, in bar coordinates.
    public func layout(at now: SimInstant) -> InputBarLayout {
        InputBarLayout(configuration: configuration, width: profile.size.width, height: height.value(at: now))
    }
}
