import SimCore
import EmojiText
import Imaging
import Interaction
import Raster
import Tester

/// The composed chat screen: navigation bar, bubble list, input bar and the two
/// keyboards (the system one, drawn as a plain key area, and the EmojiPanel), in a
/// device profile with its safe area, on one VirtualClock.
///
/// The host of its children: the input bar, the panel and the list's gesture arena are
/// values that return events; the screen performs them (trace lines, inserting what the
/// panel picked, sending a message into the list, the key click) and owns the one
/// `DisplayLink`, the one `Trace` and the one timer at its children's next deadline.
/// The clock only moves through a `Tester` (or whoever owns it); the screen reads it.
///
/// ## Driving it
///
/// Through a `Tester` (module Tester), aimed by finders, as a script is:
///
///     let screen = ChatScreen(profile: .iphone14, messages: DemoConversation.messages())
///     let tester = Tester(screen)             // auto timing: idle before every action
///     try tester.tap(.input)                  // system keyboard slides up
///     try screen.type("hello [微笑]")
///     try tester.tap(.send)                   // the list scrolls to the bottom, animated
///     screen.receive("[哈哈] 好的")
///     try tester.swipe(.list, .down, by: 300, at: 2500)
///     try tester.pumpUntilIdle()              // until nothing moves (GIF loops aside)
///     screen.displayList()                    // one DisplayList for the whole screen
///
/// - Touches (`handle(_:)`, which the Tester calls) are routed on touch
///   down by hit testing, in z-order: keyboard (panel or system keys), input bar, list,
///   navigation bar; the rest of that finger's touches go to the same component.
/// - One 60 Hz `DisplayLink` drives every frame: input bar and keyboard animation
///   (posting their `did*`), keyboard avoidance (the list's visible height follows the
///   keyboard at every frame), list scrolling and GIF players, then the panel while it
///   needs frames (its pages move, its preview animates).
/// - Drawing: `displayList()` and `drawing(at:)` (a `Drawable`) are pure. `layoutIfNeeded()`
///   brings the list's visible height to the keyboard's position at `clock.now` (frames
///   and actions do it; a host calls it before drawing at an instant between frames).
/// - Everything that happens is a line in the shared `trace` (sources `screen`,
///   `list`, `inputBar`, `keyboard`, `panel`, `list.gestures`).
public final class ChatScreen: DisplayListRepresentable {
    /// How the screen is built: fixed at `init`, each part handed to the component it
    /// configures. The defaults are the seeds' chat screen (UIKit's 44 pt navigation bar,
    /// light theme, WeChat's panel).
    public struct Configuration: Sendable {
        /// The navigation bar's height below the safe area's top (UIKit's 44 pt); the
        /// list starts under it.
        public var navigationBarHeight: Double = 44
        /// The title drawn centred in the navigation bar.
        public var title = "EmojiSim"
        /// The screen's initial `theme` (colours are resolved from roles when a display
        /// list is rendered, so the model is the same in every theme).
        public var theme: Theme = .light
        /// The most bytes of decoded GIF frames the list's players keep in the shared
        /// `frameCache` (see `FrameCache`); frames past it are decoded again when shown.
        public var frameCacheBudget = FrameCache.defaultByteBudget
        /// The bubble list's metrics and behaviour (scrolling, reuse, the new-messages
        /// marker).
        public var list = BubbleList.Configuration()
        /// The input bar's insets, limits and switches (`returnKeySends`, maximum length…).
        public var inputBar = InputBarConfiguration()
        /// The emoji panel's grid and paging; its `height` is replaced by the device's
        /// emoji keyboard height.
        public var panel: PanelConfiguration = .standard
        /// Locale of the meanings used in accessibility labels.
        public var locale = ""
        /// The seeds' chat screen: every field at its default.
        public init() {}
    }

    /// The parts of the screen a touch can land on, in the order they are hit tested
    /// top-down (see `handle(_:)`); every later touch of a finger goes to the part its
    /// touch down landed on (`fingerTargets`). The raw value names the part in traces.
    public enum Component: String, Hashable, Sendable {
        /// The bar at the top, under the status bar (its title; taps do nothing).
        case navigationBar
        /// The bubble list between the navigation bar and the input bar: pans scroll
        /// it, a tap resigns the input.
        case list
        /// The input bar: toggle, text view, send.
        case inputBar
        /// The system keyboard's key area (keys are typed with `type`, not touched).
        case systemKeyboard
        /// The emoji keyboard (the EmojiPanel) in the keyboard frame.
        case emojiPanel
    }

    /// The device: screen size, scale and safe area. `resize(to:)` changes its size.
    public private(set) var profile: DeviceProfile
    /// The configuration the screen was made with.
    public let configuration: Configuration
    /// The virtual clock every component reads (the screen never advances it: a
    /// `Tester`, or whoever owns the clock, does).
    public let clock: VirtualClock
    /// The one trace every component's events are recorded into, in order (sources
    /// `screen`, `list`, `inputBar`, `keyboard`, `panel`, `list.gestures`).
    public let trace: Trace
    /// The screen's one 60 Hz display link: each frame ticks the input bar and keyboard,
    /// the list's height and scrolling, the GIF players, and the panel while it needs
    /// frames. A `Tester` stops it while the screen is idle (`frameLink`).
    public let displayLink: DisplayLink
    /// The emoji the panel offers and the input and bubbles resolve placeholders with.
    public let catalog: EmojiCatalog
    /// The images of the catalog's emoji (static and animated) the panel and the
    /// bubbles draw; an emoji without one draws its placeholder.
    public let images: ImageLibrary
    /// The frame cache shared by every GIF player of the list.
    public let frameCache: FrameCache
    /// The theme hosts render this screen's display lists with (`configuration.theme`
    /// at first). Changing it changes no state and no trace: display lists name colour
    /// roles, which a renderer resolves with the theme it is given.
    public var theme: Theme
    /// The message list's state (its scroll, rows, cells and the new-messages marker);
    /// the screen sends it actions through `listModel` and performs their events: trace
    /// lines, GIF players (from `images`) started, stopped and advanced at frames.
    public private(set) var list: BubbleList.State
    /// The bubble list reducer, with the screen's layout engine and GIF players.
    public let listModel: BubbleList
    /// The input bar's state (the screen runs its reducer and performs its events);
    /// read it for the text, selection, keyboard and the bar's frames.
    public private(set) var inputBar: InputBar.State
    /// The emoji keyboard (a value; the screen sends it actions and performs its events).
    public private(set) var panel: EmojiPanel.State
    /// The emoji keyboard's reducer: the catalog's groups, search and variants, and the
    /// screen's images for the preview's animation.
    public let panelModel: EmojiPanel
    /// Lays out bubbles (text, inline and big emoji) with the catalog, the list's
    /// metrics and `configuration.locale`; the list asks it for each new row.
    public let layoutEngine: BubbleLayoutEngine

    private var listGestures: GestureArena.State
    private let listArena = GestureArena(source: "list.gestures")
    /// The one timer: at the earliest deadline of the panel, the list's gestures and the
    /// input bar's loupe.
    private var deadlineTimer: VirtualClock.TimerID?
    private var deadlineDue: SimInstant?
    /// Set while the panel needs frames: the instant it began to (it ticks at frames
    /// strictly after it, as a display link started then would).
    private var panelFramesAfter: SimInstant?
    private var touchTargets: [Int: Component] = [:]
    /// Fingers down, by touch id, with the component each went down on.
    public var fingerTargets: [Int: Component] { touchTargets }
    private var nextMessageID: Int
    private var listPanActive = false
    /// What the gestures, the panel and the display link hold instead of `self` (no weak
    /// captures in Embedded Swift); cleared in deinit.
    private let backref = Backref<ChatScreen>()

    /// A chat screen at rest: keyboard down, list scrolled to the bottom, panel on its
    /// first page, display link started on `clock`.
    ///
    /// - Parameters:
    ///   - profile: The device (size, scale, safe area, keyboard heights).
    ///   - catalog: The emoji of the panel and of placeholders in the input and bubbles.
    ///   - messages: The conversation already there, oldest first; new messages get ids
    ///     above the largest given.
    ///   - images: The emoji's images (panel cells, bubbles, GIF players).
    ///   - configuration: The screen's parts (see `Configuration`).
    ///   - clock: The virtual clock the screen reads and schedules its display link and
    ///     timers on; share it with the `Tester` that drives the screen.
    ///   - trace: Where every component's events are recorded.
    /// - Complexity: O(*n*) in the messages (the list's row heights, estimated), plus
    ///   laying out the rows shown and the panel's pages, O(emoji in the catalog).
    public init(profile: DeviceProfile = .iphone14, catalog: EmojiCatalog = .demo, messages: [Message] = [],
                images: ImageLibrary = ImageLibrary(), configuration: Configuration = Configuration(),
                clock: VirtualClock = VirtualClock(), trace: Trace = Trace()) {
        self.profile = profile
        self.configuration = configuration
        self.clock = clock
        self.trace = trace
        self.catalog = catalog
        self.images = images
        self.theme = configuration.theme
        frameCache = FrameCache(byteBudget: configuration.frameCacheBudget)
        var engine = BubbleLayoutEngine(catalog: catalog, metrics: configuration.list.metrics, locale: configuration.locale)
        engine.metrics = configuration.list.metrics
        layoutEngine = engine
        inputBar = InputBar.State(profile: profile, catalog: catalog, configuration: configuration.inputBar)
        var panelConfig = configuration.panel
        panelConfig.height = profile.emojiKeyboardHeight
        panelModel = EmojiPanel(catalog: catalog, configuration: panelConfig, images: images)
        panel = panelModel.initialState(width: profile.size.width, at: clock.now)
        _ = panelModel.reduce(into: &panel, .setPreviewBounds(Self.previewBounds(size: profile.size, panelHeight: panelConfig.height)),
                              at: clock.now)
        nextMessageID = (messages.map({ $0.id.raw }).max() ?? -1) + 1
        let navBottom = profile.safeArea.top + configuration.navigationBarHeight
        let barTop = inputBar.frame(at: clock.now).minY
        listModel = BubbleList(layout: { engine.layout($0, listWidth: $1) },
                               playable: GIFBubblePlayer.playable(library: images),
                               players: BubbleListPlayers(factory: GIFBubblePlayer.factory(library: images, cache: frameCache)))
        let opened = listModel.open(messages: messages, width: profile.size.width, viewportHeight: barTop - navBottom,
                                    configuration: configuration.list, at: clock.now)
        list = opened.state
        listGestures = GestureArena.State()
        listGestures.add(PanRecognizer(name: "pan"))
        listGestures.add(TapRecognizer(name: "tap"))
        displayLink = DisplayLink(clock: clock, hz: 60)
        performList(opened.events, at: clock.now)   // the rows opened with the screen: willDisplay, players
        backref.bind(self)
        displayLink.add { [backref] t in backref.target?.frame(at: t) }
        displayLink.start()
    }

    deinit { backref.clear() }

    // MARK: geometry

    /// The whole screen in points, origin at its top-left.
    public var bounds: Rect { profile.bounds }
    /// The navigation bar's frame, the status bar's safe area included (it is drawn
    /// behind it).
    public var navigationBarFrame: Rect {
        Rect(x: 0, y: 0, width: profile.size.width, height: profile.safeArea.top + configuration.navigationBarHeight)
    }
    /// The input bar's frame at `now` (default: the clock's instant): full width, its
    /// bottom on the keyboard's top edge (or the safe area), moving while either animates.
    public func inputBarFrame(at now: SimInstant? = nil) -> Rect { inputBar.frame(at: now ?? clock.now) }
    /// The keyboard's presentation frame at `now` (default: the clock's instant): where
    /// the system keys or the emoji panel are drawn; below the screen while hidden.
    public func keyboardFrame(at now: SimInstant? = nil) -> Rect { inputBar.keyboardFrame(at: now ?? clock.now) }
    /// The list's frame: from the navigation bar down to the input bar (which rides the keyboard).
    public func listFrame(at now: SimInstant? = nil) -> Rect {
        let top = navigationBarFrame.maxY
        return Rect(x: 0, y: top, width: profile.size.width, height: max(0, inputBarFrame(at: now).minY - top))
    }

    /// The keyboard drawn in the keyboard frame now (`Keyboard.shownKind`: during a
    /// switch the incoming one, while hiding the outgoing one).
    public var shownKeyboard: KeyboardKind { inputBar.keyboard.shownKind }

    // MARK: frames

    /// One display-link frame: input bar and keyboard animations post what arrived,
    /// the list's visible height follows the keyboard, the list scrolls, GIFs advance.
    private func frame(at t: SimInstant) {
        pump(at: t) { bar throws(InputBarError) in try InputBar().reduce(into: &bar, .tick, at: t) }
        sendList(.setViewportHeight(listFrame(at: t).height), at: t)
        sendList(.tick, at: t)
        listModel.performFrame(in: list, at: t)
        if let after = panelFramesAfter, t > after {
            sendPanel(.tick)
            if !panelModel.needsFrames(panel, at: t) { panelFramesAfter = nil }
        }
    }

    /// Brings the list's visible height to the keyboard's position now, as UIKit's
    /// layout pass before a draw does (frames and actions do it; call it before drawing
    /// at an instant between frames while the keyboard moves).
    public func layoutIfNeeded() {
        sendList(.setViewportHeight(listFrame(at: clock.now).height))
    }

    /// Sends the list an action at `time` (default `clock.now`), records its events in
    /// the trace (source `list`) and performs them (the GIF players), in order.
    /// - Parameters:
    ///   - action: The list's input.
    ///   - time: Its instant; nil for the clock's.
    /// - Complexity: the list's transition, plus O(1) per event.
    public func sendList(_ action: BubbleList.Action, at time: SimInstant? = nil) {
        let now = time ?? clock.now
        performList(listModel.reduce(into: &list, action, at: now), at: now)
    }

    /// Records the list's events in the trace and performs them (the GIF players), in
    /// order: what every list transition, the opening one included, is followed by.
    private func performList(_ events: [BubbleListEvent], at now: SimInstant) {
        for e in events {
            trace.record(e.traceEvent(at: now))
            listModel.perform(e, in: list, at: now)
        }
    }

    // MARK: children's events

    /// Sends the panel an action at `clock.now` and performs what it returns, in order.
    public func sendPanel(_ action: EmojiPanel.Action) {
        let out = panelModel.reduce(into: &panel, action, at: clock.now)
        for e in out {
            switch e {
            case .trace(let line): trace.record(line)
            case .didSelect(let emoji): pump { [clock] bar throws(InputBarError) in try InputBar().reduce(into: &bar, .insertEmoji(emoji), at: clock.now) }
            case .didTapDelete: pump { [clock] bar throws(InputBarError) in try InputBar().reduce(into: &bar, .deleteFromPanel, at: clock.now) }
            case .inputClick: trace.record(clock.now, "screen", "inputClick")
            }
        }
        if panelModel.needsFrames(panel, at: clock.now) { if panelFramesAfter == nil { panelFramesAfter = clock.now } } else { panelFramesAfter = nil }
        syncDeadline()
    }

    /// Records the list gestures' events and acts on their transitions.
    private func performListGestures(_ events: [GestureArena.Event]) {
        for e in events {
            trace.record(e.traceEvent(source: listArena.source))
            if let u = e.update { listGesture(u) }
        }
        syncDeadline()
    }

    /// Keeps the one timer at the children's earliest deadline.
    private func syncDeadline() {
        var want = panelModel.nextDeadline(panel)
        if let d = listGestures.nextDeadline, want.map({ d < $0 }) ?? true { want = d }
        if let d = InputBar().nextDeadline(inputBar), want.map({ d < $0 }) ?? true { want = d }
        guard want != deadlineDue else { return }
        if let t = deadlineTimer { clock.cancel(t) }
        deadlineTimer = nil; deadlineDue = want
        if let due = want {
            deadlineTimer = clock.schedule(at: due) { [backref] now in backref.target?.deadlineFired(at: now) }
        }
    }

    private func deadlineFired(at now: SimInstant) {
        deadlineTimer = nil; deadlineDue = nil
        if let d = listGestures.nextDeadline, d <= now { performListGestures(listArena.reduce(into: &listGestures, .deadline, at: now)) }
        if let d = panelModel.nextDeadline(panel), d <= now { sendPanel(.deadline) }
        if let d = InputBar().nextDeadline(inputBar), d <= now { pump(at: now) { bar throws(InputBarError) in try InputBar().reduce(into: &bar, .tick, at: now) } }
        syncDeadline()
    }

    /// Runs an input-bar action, records its events in the trace and acts on what it
    /// sends out (a sent message goes into the list). Refusals are recorded in the trace
    /// and returned.
    @discardableResult
    private func pump(at time: SimInstant? = nil,
                      _ body: (inout InputBar.State) throws(InputBarError) -> [InputBarEvent]) -> InputBarError? {
        var failure: InputBarError?
        var events: [InputBarEvent] = []
        let now = time ?? clock.now
        do { events = try body(&inputBar) } catch { failure = error }
        for e in events { trace.record(e.traceEvent(at: now)) }
        for e in events {
            if case .didSend(let text) = e { appendMessage(sender: .me, text: text) }
        }
        sendList(.setViewportHeight(listFrame().height))
        if let failure { trace.record(clock.now, "screen", "refused", ("error", failure.description)) }
        // A held finger's loupe timer (a stale one fires into a no-op when the finger left).
        if let d = InputBar().nextDeadline(inputBar), d != deadlineDue { syncDeadline() }
        return failure
    }

    func performAction(_ action: InputBar.Action) throws(ChatScreenError) {
        if let e = pump({ [clock] bar throws(InputBarError) in try InputBar().reduce(into: &bar, action, at: clock.now) }) { throw .inputBar(e) }
    }

    private func appendMessage(sender: Message.Sender, text: String) {
        let m = Message(id: .init(nextMessageID), sender: sender, serverText: text, time: clock.now)
        nextMessageID += 1
        trace.record(clock.now, "screen", sender == .me ? "send" : "receive", ("message", m.id.description))
        sendList(.append(m))
    }

    // MARK: touches

    /// Which component a touch down at `p` (screen coordinates) lands on, by z-order:
    /// keyboard, input bar, list, navigation bar. Nil outside the screen, and on the
    /// input bar while an animation moves it and it does not allow user interaction
    /// (`InputBar.receivesTouches(at:)`): UIKit's hit test skips it and nothing behind
    /// it (the root view) takes touches.
    public func component(at p: Point) -> Component? {
        guard bounds.contains(p) else { return nil }
        let now = clock.now
        if inputBar.keyboard.kind != .none || inputBar.keyboard.isAnimating,
           keyboardFrame(at: now).contains(p) {
            return shownKeyboard == .emoji ? .emojiPanel : .systemKeyboard
        }
        if inputBarFrame(at: now).contains(p) { return inputBar.receivesTouches(at: now) ? .inputBar : nil }
        if listFrame(at: now).contains(p) { return .list }
        return .navigationBar
    }

    /// Delivers a raw touch in screen coordinates. The clock first advances to the
    /// touch's timestamp (frames in between run), then the touch goes to the component
    /// its finger went down on.
    public func handle(_ touch: TouchEvent) {
        let target: Component?
        if touch.phase == .began {
            target = component(at: touch.location)
            touchTargets[touch.id] = target
            if let target {
                trace.record(clock.now, "screen", "touchDown", ("component", target.rawValue), ("at", touch.location.description))
            } else if inputBarFrame(at: clock.now).contains(touch.location) {
                // The moving bar takes no touch and nothing behind it gets one (see
                // `component(at:)`); the bar says so itself: `inputBar touchIgnored
                // at=(x, y) reason=animating`. The finger stays nobody's until it lifts.
                pump(at: touch.timestamp) { bar throws(InputBarError) in try InputBar().reduce(into: &bar, .touch(touch), at: touch.timestamp) }
            }
        } else {
            target = touchTargets[touch.id]
        }
        if touch.phase.isFinal { touchTargets[touch.id] = nil }
        switch target {
        case .emojiPanel:
            let origin = keyboardFrame().origin
            var t = touch
            t.location = Point(x: touch.location.x - origin.x, y: touch.location.y - origin.y)
            sendPanel(.touch(t))
        case .inputBar:
            pump(at: touch.timestamp) { bar throws(InputBarError) in try InputBar().reduce(into: &bar, .touch(touch), at: touch.timestamp) }
        case .list:
            let origin = listFrame().origin
            var t = touch
            t.location = Point(x: touch.location.x - origin.x, y: touch.location.y - origin.y)
            if touch.phase == .began { listPanActive = false; sendList(.touchDown, at: touch.timestamp) }
            performListGestures(listArena.reduce(into: &listGestures, .touch(t), at: t.timestamp))
            if touch.phase.isFinal && !listPanActive { sendList(.touchUp, at: touch.timestamp) }
        case .systemKeyboard, .navigationBar, nil:
            break   // the system keyboard's keys are driven by `type`; the bar is inert
        }
    }

    /// Delivers touches at their timestamps through a `Tester` (the clock advances to each).
    public func handle(_ touches: [TouchEvent]) { Tester(self, timing: .manual).deliver(touches) }

    private func listGesture(_ u: GestureUpdate) {
        switch u.kind {
        case .pan:
            if u.state == .began { listPanActive = true }
            sendList(.pan(u))
        case .tap where u.state == .ended:
            if let m = list.markerFrame, m.contains(u.location) {
                trace.record(clock.now, "screen", "markerTapped", ("count", String(list.newMessagesCount)))
                sendList(.clearMarker)
                sendList(.scrollToBottom(animated: true))
            } else if inputBar.responder.isFirstResponder {
                pump { [clock] bar throws(InputBarError) in try InputBar().reduce(into: &bar, .tapOutside, at: clock.now) }
            }
        default:
            break
        }
    }

    // MARK: messages and system events

    /// A message from the other side arrives (the scripts' `receive`).
    public func receive(_ serverText: String) { appendMessage(sender: .other, text: serverText) }

    /// Purges the shared frame cache; visible players keep animating and decode their
    /// current frames again on the next frame.
    public func simulateMemoryWarning() {
        let bytes = frameCache.statistics.bytesHeld
        frameCache.purge()
        trace.record(clock.now, "screen", "memoryWarning", ("purgedBytes", String(bytes)))
        sendList(.memoryWarning(purgedBytes: bytes))
    }
}

extension ChatScreen {
    /// The screen in the coordinates of the emoji panel at rest (its bottom on the
    /// screen's): where the panel's preview may go.
    static func previewBounds(size: Size, panelHeight: Double) -> Rect {
        Rect(x: 0, y: panelHeight - size.height, width: size.width, height: size.height)
    }
}

extension ChatScreen {
    /// Puts plain text on the input bar's pasteboard, as another app's copy would (a
    /// script's `paste "text"`). Here because `inputBar`'s setter is private to this file.
    public func setPasteboard(_ text: String?) {
        pump { [clock] bar throws(InputBarError) in try InputBar().reduce(into: &bar, .setPasteboard(text), at: clock.now) }
    }
}

extension ChatScreen {
    /// A new screen size (rotation, split view, a resizable window): the bar and the
    /// keyboards take the new width (the keyboard animates to its new frame), the panel
    /// keeps the page that shows the same first emoji, and the list re-lays out keeping
    /// its top visible message anchored (or stays at the bottom).
    public func resize(to size: Size) throws(ChatScreenError) {
        try performAction(.resize(size))
        profile.size = size
        sendPanel(.resize(width: size.width))
        sendPanel(.setPreviewBounds(Self.previewBounds(size: size, panelHeight: panel.configuration.height)))
        sendList(.setWidth(size.width))
        sendList(.setViewportHeight(listFrame().height))
        trace.record(clock.now, "screen", "resize", ("size", "\(size)"))
    }
}
