import SimCore
import EmojiText
import Interaction
import Tester

/// The chat screen as a `Testable`: what the `Tester` drives, and the queries scripts
/// and tests read. Touches and time go only through a `Tester` (`Tester(screen)`),
/// aimed by finders (`try tester.tap(.emoji("笑哭"))`, resolved by
/// `ChatScreen.resolve(_:)`); typing and editing, which are no touches, are `type` and
/// `perform` here.
extension ChatScreen: Testable {
    /// The screen's `displayLink`: the Tester stops it while the screen is settled and
    /// jumps to the next timer, so a long `wait` costs its events, not its frames.
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
    /// - Complexity: the list's O(*v* + *pool* + log *n*), the panel's check, and the
    ///   input's: O(text) up to `fullInputCheckBytes`, past it O(the last edit's
    ///   neighbourhood) plus at most 2 × `amortisedInputCheckBytes` bytes of full
    ///   check per step, amortised.
    public func invariantViolations() -> [String] {
        var out = listModel.invariantViolations(list)
        out += inputInvariantViolations()
        out += panel.invariantViolations()
        return out
    }

    /// Texts up to this many UTF-8 bytes get the full input check on every step.
    public static let fullInputCheckBytes = 1024
    /// Past `fullInputCheckBytes`, the full check's amortised share per step.
    public static let amortisedInputCheckBytes = 64

    /// The input bar's part of `invariantViolations()`; `full` forces the full check
    /// (every unit against a parse of the whole text) whatever the text's size.
    /// - Complexity: O(text) when full; else O(the last edit's neighbourhood).
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

    /// True when nothing moves (`motion` is empty) and no finger is down.
    public var isSettled: Bool { motion.isEmpty && !hasFingerDown }

    // MARK: typing and editing

    /// Types on the system keyboard (needs it up: tap the text view first).
    public func type(_ text: String) throws(ChatScreenError) { try perform(.type(text)) }
    /// Any input-bar action (backspace, paste, undo, select...).
    public func perform(_ action: InputBar.Action) throws(ChatScreenError) { try performAction(action) }

    // MARK: queries

    /// The keyboard the input asks for: `.none` (not first responder), `.system` or
    /// `.emoji`; it is the target kind while a keyboard slides (`shownKeyboard` is what
    /// is drawn).
    public var keyboard: KeyboardKind { inputBar.keyboard.kind }
    /// Whether the send button is enabled: the input holds more than whitespace.
    public var isSendEnabled: Bool { inputBar.isSendEnabled }
    /// The input's text in server form (placeholders).
    public var inputServerText: String { inputBar.serverText }
    /// The input's plain (backed) text, emoji as their placeholders (`hi [微笑]`),
    /// marked IME text included; `inputServerText` is what a send would carry.
    public var inputText: String { inputBar.text }
    /// The caret / selection in editor units.
    public var caret: Range<Int> { inputBar.selectedRange }
    /// The general pasteboard's text (cut and copy write backed text, `[微笑]`); nil
    /// when empty.
    public var pasteboard: String? { inputBar.pasteboard.string }
    /// The panel's current page across all groups (0-based): the page the scroll view
    /// rests on, or the one most of the screen shows while it moves.
    public var panelPage: Int { panel.currentPage }
    /// The current page within its group (0-based), what the page dots show.
    public var panelPageInGroup: Int { panel.pageInGroup }
    /// The current group's name: its identity in the catalog and the traces (the demo
    /// catalog's 动图 tab is the group `Seed`); what its tab says is `panelGroupTitle`.
    public var panelGroup: String { panel.currentGroupName }
    /// What the current group's tab says (its accessibility label; the name when the
    /// catalog gives no title): `expect panel.group "动图"` accepts either.
    public var panelGroupTitle: String {
        let p = panel
        return p.sections.indices.contains(p.currentSection) ? (p.sections[p.currentSection].title ?? p.currentGroupName) : p.currentGroupName
    }
    /// The emoji the panel's long-press preview shows, if any.
    public var panelPreview: Emoji? { panel.preview?.emoji }
    /// How many messages the list holds (sent and received ones included).
    public var messageCount: Int { list.count }
    /// The rows the list displays now (willDisplay sent, didEndDisplaying not yet),
    /// oldest first; row 0 is the oldest message.
    public var visibleRows: Range<Int> { list.displayedRows }
    /// The newest message in server form (placeholders), nil for an empty list.
    public var lastMessageText: String? { list.lastMessage?.serverText }
    /// GIF players running now: one per playable animated emoji of each displayed row
    /// (an off-screen GIF does not animate).
    public var animatingPlayerCount: Int { listModel.players?.count ?? 0 }
    /// The "new messages" marker's count: messages received while the list was not at
    /// the bottom; back to 0 when the user reaches the bottom or taps the marker.
    public var newMessagesCount: Int { list.newMessagesCount }
    /// Whether any finger is down on the screen (a held finger keeps it from settling).
    public var hasFingerDown: Bool { !fingerTargets.isEmpty }
}
