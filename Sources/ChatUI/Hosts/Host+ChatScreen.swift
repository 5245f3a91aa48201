import SimCore
import EmojiText
import Imaging
import Interaction
import Raster

/// The chat screen's runtime is SimCore's one `Host`; these are its conveniences: a
/// screen opened on a clock, the actions a test or script sends by name, and the
/// queries they read, each a function of `state` at `clock.now`.
extension Host where R == ChatScreen {
    /// A chat screen at rest on `clock`: keyboard down, list scrolled to the bottom,
    /// panel on its first page; the list's opening pass (cells created, willDisplay,
    /// players started) is recorded and performed as the host's first events.
    ///
    /// - Parameters:
    ///   - profile: The device (size, scale, safe area, keyboard heights).
    ///   - catalog: The emoji of the panel and of placeholders in the input and bubbles.
    ///   - messages: The conversation already there, oldest first; new messages get ids
    ///     above the largest given.
    ///   - images: The emoji's images (panel cells, bubbles, GIF players).
    ///   - configuration: The screen's parts (see `ChatScreen.Configuration`).
    ///   - clock: The virtual clock the host's display link and timer run on; share it
    ///     with the `Tester` that drives the screen.
    ///   - trace: Where every component's events are recorded.
    /// - Complexity: O(*n*) in the messages, plus laying out the rows shown and the
    ///   panel's pages, O(emoji in the catalog).
    public convenience init(profile: DeviceProfile = .iphone14, catalog: EmojiCatalog = .demo, messages: [Message] = [],
                            images: ImageLibrary = ImageLibrary(), configuration: ChatScreen.Configuration = .init(),
                            clock: VirtualClock = VirtualClock(), trace: Trace = Trace()) {
        let screen = ChatScreen(profile: profile, catalog: catalog, images: images, configuration: configuration)
        let opened = screen.initialState(messages: messages, at: clock.now)
        self.init(screen, state: opened.state, events: opened.events, clock: clock, trace: trace)
    }

    // MARK: actions

    /// Types on the system keyboard (needs it up: tap the text view first).
    /// - Parameter text: What the keys type, placeholders such as `[微笑]` included as
    ///   plain characters (only a pick from the panel inserts an emoji).
    /// - Throws: the input bar's refusal (also traced as `screen refused`).
    public func type(_ text: String) throws(ChatScreenError) { try perform(.type(text)) }

    /// Any input-bar action (backspace, paste, undo, select...).
    /// - Parameter action: The input bar's action, sent at `clock.now` as
    ///   `.inputBar(action)`.
    /// - Throws: the input bar's refusal (also traced as `screen refused`).
    public func perform(_ action: InputBar.Action) throws(ChatScreenError) {
        try refusal(in: send(.inputBar(action)))
    }

    /// A message from the other side arrives (the scripts' `receive`).
    /// - Parameter serverText: The message in wire form (`你好[笑哭]`).
    public func receive(_ serverText: String) { send(.receive(serverText)) }

    /// Purges the shared frame cache; visible players keep animating and decode their
    /// current frames again on the next frame.
    public func simulateMemoryWarning() { send(.memoryWarning) }

    /// Puts plain text on the input bar's pasteboard, as another app's copy would (a
    /// script's `paste "text"`).
    /// - Parameter text: The text, or nil to empty the pasteboard.
    public func setPasteboard(_ text: String?) { send(.inputBar(.setPasteboard(text))) }

    /// A new screen size (rotation, split view, a resizable window): see `ChatScreen.Action.resize`.
    /// - Parameter size: The screen's new size in points.
    /// - Throws: the input bar's refusal; nothing else changes then.
    public func resize(to size: Size) throws(ChatScreenError) { try refusal(in: send(.resize(size))) }

    /// Sends the list an action at `clock.now` (its events traced and performed).
    /// - Parameter action: The list's action, sent as `.list(action)`.
    public func sendList(_ action: BubbleList.Action) { send(.list(action)) }

    /// Sends the panel an action at `clock.now` (its events traced, its wiring fed back).
    /// - Parameter action: The panel's action, sent as `.panel(action)`.
    public func sendPanel(_ action: EmojiPanel.Action) { send(.panel(action)) }

    /// The layout pass (`.layout`): the list's visible height follows the keyboard's
    /// position now. Drivers send it before reading what is drawn between frames.
    public func layoutIfNeeded() { send(.layout) }

    private func refusal(in events: [ChatScreen.Event]) throws(ChatScreenError) {
        for e in events { if case .refused(let error) = e { throw .inputBar(error) } }
    }

    // MARK: the reducer's parts

    /// The configuration the screen was made with.
    public var configuration: ChatScreen.Configuration { reducer.configuration }
    /// The emoji catalog of the panel, the input and the bubbles.
    public var catalog: EmojiCatalog { reducer.catalog }
    /// The emoji's images.
    public var images: ImageLibrary { reducer.images }
    /// The frame cache shared by the list's GIF players.
    public var frameCache: FrameCache { reducer.frameCache }
    /// The bubble list reducer (layout engine, GIF players).
    public var listModel: BubbleList { reducer.listModel }
    /// The emoji keyboard's reducer.
    public var panelModel: EmojiPanel { reducer.panelModel }
    /// The bubbles' layout engine.
    public var layoutEngine: BubbleLayoutEngine { reducer.layoutEngine }

    // MARK: state

    /// The device (its size follows `resize(to:)`).
    public var profile: DeviceProfile { withState { $1.profile } }
    /// The theme display lists are rendered with; setting it sends `.setTheme` (no line).
    public var theme: Theme {
        get { withState { $1.theme } }
        set { send(.setTheme(newValue)) }
    }
    /// The input bar's state.
    public var inputBar: InputBar.State { withState { $1.inputBar } }
    /// The emoji keyboard's state.
    public var panel: EmojiPanel.State { withState { $1.panel } }
    /// The message list's state.
    public var list: BubbleList.State { withState { $1.list } }
    /// Fingers down, by touch id, with the component each went down on.
    public var fingerTargets: [Int: ChatScreen.Component] { withState { $1.touchTargets } }

    // MARK: geometry at clock.now

    /// The navigation bar's frame (the status bar's safe area included).
    public var navigationBarFrame: Rect { withState { r, s in r.navigationBarFrame(s) } }
    /// The input bar's frame at `now` (default: the clock's instant).
    /// - Parameter now: The instant (the bar rides on a sliding keyboard).
    /// - Returns: The frame in screen points.
    public func inputBarFrame(at now: SimInstant? = nil) -> Rect {
        let t = now ?? clock.now
        return withState { r, s in r.inputBarFrame(s, at: t) }
    }
    /// The keyboard's presentation frame at `now` (default: the clock's instant).
    /// - Parameter now: The instant (its slide is animated).
    /// - Returns: The frame in screen points; below the screen when no keyboard shows.
    public func keyboardFrame(at now: SimInstant? = nil) -> Rect {
        let t = now ?? clock.now
        return withState { r, s in r.keyboardFrame(s, at: t) }
    }
    /// The list's frame at `now` (default: the clock's instant).
    /// - Parameter now: The instant (the list ends above the input bar).
    /// - Returns: The frame in screen points.
    public func listFrame(at now: SimInstant? = nil) -> Rect {
        let t = now ?? clock.now
        return withState { r, s in r.listFrame(s, at: t) }
    }
    /// The component a touch down at `p` lands on now (see `ChatScreen.component(_:at:now:)`).
    /// - Parameter p: A point in screen coordinates.
    /// - Returns: The topmost component there, or nil outside every component.
    public func component(at p: Point) -> ChatScreen.Component? {
        let now = clock.now
        return withState { r, s in r.component(s, at: p, now: now) }
    }
    /// The keyboard drawn in the keyboard frame now (`Keyboard.shownKind`).
    public var shownKeyboard: KeyboardKind { withState { $1.inputBar.keyboard.shownKind } }

    /// The screen at `now` (default: the clock's instant) as a `Drawable` (see
    /// `ChatScreen.drawing(_:at:)`).
    /// - Parameter now: The instant drawn (default: the clock's).
    /// - Returns: The screen's drawable, to draw into a display list of its size.
    /// - Complexity: O(*p*) in the displayed rows' GIF slots (their frames are taken).
    public func drawing(at now: SimInstant? = nil) -> ChatScreen.Drawing {
        let t = now ?? clock.now
        return withState { r, s in r.drawing(s, at: t) }
    }

    // MARK: queries

    /// True when nothing moves (`motion` is empty) and no finger is down.
    public var isSettled: Bool { motion.isEmpty && fingerTargets.isEmpty }
    /// The input bar's part of `invariantViolations()`; `full` forces the full check.
    /// - Parameter full: Whether to check the whole text instead of the last edit's
    ///   neighbourhood.
    /// - Returns: One description per broken invariant; empty when all hold.
    /// - Complexity: O(text) when full; else O(the last edit's neighbourhood).
    public func inputInvariantViolations(full: Bool = false) -> [String] {
        withState { r, s in r.inputInvariantViolations(s, full: full) }
    }
    /// Why send is disabled, in the user's words.
    /// - Complexity: O(text length).
    public var sendDisabledReason: String { withState { r, s in r.sendDisabledReason(s) } }
    /// The keyboard the input asks for: `.none` (not first responder), `.system` or
    /// `.emoji`; it is the target kind while a keyboard slides (`shownKeyboard` is what
    /// is drawn).
    public var keyboard: KeyboardKind { withState { $1.inputBar.keyboard.kind } }
    /// Whether the send button is enabled: the input holds more than whitespace.
    public var isSendEnabled: Bool { withState { $1.inputBar.isSendEnabled } }
    /// The input's text in server form (placeholders).
    /// - Complexity: O(text length).
    public var inputServerText: String { withState { $1.inputBar.serverText } }
    /// The input's plain (backed) text, emoji as their placeholders (`hi [微笑]`),
    /// marked IME text included; `inputServerText` is what a send would carry.
    /// - Complexity: O(text length).
    public var inputText: String { withState { $1.inputBar.text } }
    /// The caret / selection in editor units.
    public var caret: Range<Int> { withState { $1.inputBar.selectedRange } }
    /// The general pasteboard's text (cut and copy write backed text, `[微笑]`); nil
    /// when empty.
    public var pasteboard: String? { withState { $1.inputBar.pasteboard.string } }
    /// The panel's current page across all groups (0-based).
    public var panelPage: Int { withState { $1.panel.currentPage } }
    /// The current page within its group (0-based), what the page dots show.
    public var panelPageInGroup: Int { withState { $1.panel.pageInGroup } }
    /// The current group's name: its identity in the catalog and the traces.
    public var panelGroup: String { withState { $1.panel.currentGroupName } }
    /// What the current group's tab says (its accessibility label; the name when the
    /// catalog gives no title).
    public var panelGroupTitle: String {
        withState { _, s in
            let p = s.panel
            return p.sections.indices.contains(p.currentSection) ? (p.sections[p.currentSection].title ?? p.currentGroupName) : p.currentGroupName
        }
    }
    /// The emoji the panel's long-press preview shows, if any.
    public var panelPreview: Emoji? { withState { $1.panel.preview?.emoji } }
    /// How many messages the list holds (sent and received ones included).
    public var messageCount: Int { withState { $1.list.count } }
    /// The rows the list displays now, oldest first; row 0 is the oldest message.
    public var visibleRows: Range<Int> { withState { $1.list.displayedRows } }
    /// The newest message in server form (placeholders), nil for an empty list.
    public var lastMessageText: String? { withState { $1.list.lastMessage?.serverText } }
    /// GIF players running now: one per playable animated emoji of each displayed row.
    public var animatingPlayerCount: Int { reducer.listModel.players?.count ?? 0 }
    /// The "new messages" marker's count.
    public var newMessagesCount: Int { withState { $1.list.newMessagesCount } }
}
