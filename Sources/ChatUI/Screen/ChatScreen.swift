import SimCore
import EmojiText
import Imaging
import Interaction
import Raster

/// The composed chat screen: navigation bar, bubble list, input bar and the two
/// keyboards (the system one, drawn as a plain key area, and the EmojiPanel), in a
/// device profile with its safe area: one `Reducer` whose `State` holds its children's
/// states and whose `Action` embeds theirs, run by one `Host<ChatScreen>`.
///
/// The wiring between the children is fed-back actions a `TestStore` sees: a panel pick
/// (`.panel(.didSelect(e))`) feeds back `.inputBar(.insertEmoji(e))`, the delete key
/// `.inputBar(.deleteFromPanel)`, a message the bar sends (`.outgoing(text)`, after the
/// bar's own events) `.send(text)`, which appends it to the list. Everything else a
/// child's event causes (the list's visible height following the bar, a list tap
/// resigning the input) happens inside the action, in the order UIKit would do it.
///
/// ## Driving it
///
/// Through a `Tester` (module Tester) over its host, aimed by finders, as a script is:
///
///     let screen = Host<ChatScreen>(profile: .iphone14, messages: DemoConversation.messages())
///     let tester = Tester(screen)             // auto timing: idle before every action
///     try tester.tap(.input)                  // system keyboard slides up
///     try screen.type("hello [微笑]")
///     try tester.tap(.send)                   // the list scrolls to the bottom, animated
///     screen.receive("[哈哈] 好的")
///     try tester.swipe(.list, .down, by: 300, at: 2500)
///     try tester.pumpUntilIdle()              // until nothing moves (GIF loops aside)
///     screen.displayList()                    // one DisplayList for the whole screen
///
/// - Touches (`.touch`, which the Tester's touches become) are routed on touch down by
///   hit testing, in z-order: keyboard (panel or system keys), input bar, list,
///   navigation bar; the rest of that finger's touches go to the same component.
/// - One display link (the host's) sends `.frame` while anything animates or a GIF
///   plays: input bar and keyboard animation (posting their `did*`), keyboard avoidance
///   (the list's visible height follows the keyboard at every frame), list scrolling,
///   then the panel while it needs frames; the host then advances the GIF players
///   (`performFrame`). The one timer sends `.deadline` at the children's earliest deadline.
/// - Queries (`displayList(_:at:)`, `drawing(_:at:)`, a `Drawable`, the finders) are pure. `.layout` brings the list's
///   visible height to the keyboard's position at an instant between frames; a driver
///   sends it before reading what is drawn (`Testable.layout(for:)`).
/// - Every event is a line of the host's trace (sources `screen`, `list`, `inputBar`,
///   `keyboard`, `panel`, `list.gestures`), made in one place: `trace(_:at:)`.
public struct ChatScreen: Reducer {
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


    /// The device the screen was made for: `initialState` opens on it (the state's own
    /// `profile` then follows `.resize`).
    public let profile: DeviceProfile
    /// The configuration the screen was made with.
    public let configuration: Configuration
    /// The emoji the panel offers and the input and bubbles resolve placeholders with.
    public let catalog: EmojiCatalog
    /// The images of the catalog's emoji (static and animated) the panel and the
    /// bubbles draw; an emoji without one draws its placeholder.
    public let images: ImageLibrary
    /// The frame cache shared by every GIF player of the list (a runtime object: a
    /// memory warning purges it when the host performs `.memoryWarning`).
    public let frameCache: FrameCache
    /// Lays out bubbles (text, inline and big emoji) with the catalog, the list's
    /// metrics and `configuration.locale`; the list asks it for each new row.
    public let layoutEngine: BubbleLayoutEngine
    /// The bubble list reducer, with the layout engine and the GIF players (the host
    /// performs the list's player events with them and advances them at frames).
    public let listModel: BubbleList
    /// The emoji keyboard's reducer: the catalog's groups, search and variants, and the
    /// images for the preview's animation; its height is the device's emoji keyboard's.
    public let panelModel: EmojiPanel
    /// The list's gesture arena (its pan and tap), traced as `list.gestures`.
    public let listArena = GestureArena(source: "list.gestures")

    /// Everything the screen remembers: its children's states and the routing between them.
    public struct State: Equatable {
        /// The device: screen size, scale and safe area (`.resize` changes its size).
        public var profile: DeviceProfile
        /// The theme hosts render the screen's display lists with (`configuration.theme`
        /// at first). Changing it changes nothing else and traces nothing: display lists
        /// name colour roles, which a renderer resolves with the theme it is given.
        public var theme: Theme
        /// The input bar's state: text, selection, keyboard, the bar's frames.
        public var inputBar: InputBar.State
        /// The emoji keyboard's state.
        public var panel: EmojiPanel.State
        /// The message list's state (its scroll, rows, cells and the new-messages marker).
        public var list: BubbleList.State
        /// The list's recognizers (pan and tap).
        public var listGestures: GestureArena.State
        /// Fingers down, by touch id, with the component each went down on.
        public var touchTargets: [Int: Component] = [:]
        /// Whether the list's pan began during the current touch (then its lift is the
        /// pan's end, not a `touchUp`).
        public var listPanActive = false
        /// The id the next message gets.
        public var nextMessageID: Int
        /// Set while the panel needs frames: the instant it began to (it ticks at frames
        /// strictly after it, as a display link started then would).
        public var panelFramesAfter: SimInstant?
    }

    /// What the screen is told: its children's actions, embedded, and its own.
    public enum Action: Equatable {
        /// An input-bar action (typing, editing, the panel's insert and delete, ...).
        case inputBar(InputBar.Action)
        /// An emoji-panel action (search, scrolling, ...; touches come as `.touch`).
        case panel(EmojiPanel.Action)
        /// A bubble-list action.
        case list(BubbleList.Action)
        /// A raw touch in screen coordinates, routed by the component its finger went down on.
        /// Send it at its `timestamp` (a host whose clock is at that instant, as the Tester
        /// and `Host.handle(_:)` do): the recognizers measure by the timestamp and the
        /// timers they start are due after it, so a touch sent late starts a long press
        /// whose deadline has already passed and traces it after lines that followed it.
        case touch(TouchEvent)
        /// A display-link frame (`frameAction`).
        case frame
        /// The children's earliest deadline came (`deadlineAction`).
        case deadline
        /// The user's message goes into the list (fed back from the bar's send).
        case send(String)
        /// A message from the other side arrives (the scripts' `receive`).
        case receive(String)
        /// The system's memory warning: the shared frame cache is purged.
        case memoryWarning
        /// A new screen size (rotation, split view, a resizable window).
        case resize(Size)
        /// UIKit's layout pass before a draw between frames: the list's visible height
        /// follows the keyboard's position now.
        case layout
        /// The theme display lists are rendered with.
        case setTheme(Theme)
    }

    /// What happened, in one vocabulary: the children's events lifted, and the screen's own.
    public enum Event: Equatable {
        /// An input-bar event (source `inputBar`, or `keyboard` for notifications).
        case inputBar(InputBarEvent)
        /// An emoji-panel event: its lines (source `panel`), its picks and deletes (fed
        /// back to the bar) and its key click (`screen inputClick`).
        case panel(PanelEvent)
        /// A bubble-list event (source `list`); its player events start and stop players.
        case list(BubbleListEvent)
        /// A transition of the list's recognizers (source `list.gestures`).
        case listGestures(GestureArena.Event)
        /// A finger went down on a component (`screen touchDown`).
        case touchDown(Component, at: Point)
        /// The bar sent this text; fed back as `.send(text)`. Not a line.
        case outgoing(String)
        /// The user's message went into the list (`screen send`).
        case sent(Message.ID)
        /// A message from the other side went into the list (`screen receive`).
        case received(Message.ID)
        /// The new-messages marker was tapped while counting this many (`screen markerTapped`).
        case markerTapped(count: Int)
        /// A memory warning; performing it purges the frame cache (`screen memoryWarning`).
        case memoryWarning(purgedBytes: Int)
        /// The screen took a new size (`screen resize`).
        case resized(Size)
        /// The input bar refused an action (`screen refused`).
        case refused(InputBarError)
    }

    /// The screen refuses nothing: an input-bar refusal is an event (`.refused`), traced
    /// after the list followed the bar, as the screen did before it was a reducer.
    public typealias Failure = Never

    /// A screen for `profile`: the reducer (its dependencies); `initialState` opens it.
    ///
    /// - Parameters:
    ///   - profile: The device (the panel's height is its emoji keyboard's).
    ///   - catalog: The emoji of the panel and of placeholders in the input and bubbles.
    ///   - images: The emoji's images (panel cells, bubbles, GIF players).
    ///   - configuration: The screen's parts (see `Configuration`).
    public init(profile: DeviceProfile = .iphone14, catalog: EmojiCatalog = .demo, images: ImageLibrary = ImageLibrary(),
                configuration: Configuration = Configuration()) {
        self.profile = profile
        self.configuration = configuration
        self.catalog = catalog
        self.images = images
        let cache = FrameCache(byteBudget: configuration.frameCacheBudget, library: images)
        frameCache = cache
        var engine = BubbleLayoutEngine(catalog: catalog, metrics: configuration.list.metrics, locale: configuration.locale)
        engine.metrics = configuration.list.metrics
        layoutEngine = engine
        var panelConfig = configuration.panel
        panelConfig.height = profile.emojiKeyboardHeight
        panelModel = EmojiPanel(catalog: catalog, configuration: panelConfig, images: images)
        listModel = BubbleList(layout: { engine.layout($0, listWidth: $1) },
                               playable: GIFBubblePlayer.playable(library: images),
                               players: BubbleListPlayers(factory: GIFBubblePlayer.factory(library: images, cache: cache)))
    }

    /// The screen at rest at `now`: keyboard down, list scrolled to the bottom, panel on
    /// its first page; and the events of the list's opening pass (cells created,
    /// willDisplay, players started) for the host to record and perform.
    ///
    /// - Parameters:
    ///   - messages: The conversation already there, oldest first; new messages get ids
    ///     above the largest given.
    ///   - now: The instant the screen opens.
    /// - Returns: The opened state and the opening pass's events, in order.
    /// - Complexity: O(*n*) in the messages (the list's row heights, estimated), plus
    ///   laying out the rows shown and the panel's pages, O(emoji in the catalog).
    public func initialState(messages: [Message] = [], at now: SimInstant = .zero)
        -> (state: State, events: [Event]) {
        let inputBar = InputBar.State(profile: profile, catalog: catalog, configuration: configuration.inputBar)
        var panel = panelModel.initialState(width: profile.size.width, at: now)
        _ = panelModel.reduce(into: &panel, .setPreviewBounds(Self.previewBounds(size: profile.size, panelHeight: panelModel.configuration.height)),
                              at: now)
        let navBottom = profile.safeArea.top + configuration.navigationBarHeight
        let barTop = inputBar.frame(at: now).minY
        let opened = listModel.open(messages: messages, width: profile.size.width, viewportHeight: barTop - navBottom,
                                    configuration: configuration.list, at: now)
        var gestures = GestureArena.State()
        gestures.add(PanRecognizer(name: "pan"))
        gestures.add(TapRecognizer(name: "tap"))
        let state = State(profile: profile, theme: configuration.theme, inputBar: inputBar, panel: panel, list: opened.state,
                          listGestures: gestures, nextMessageID: (messages.map({ $0.id.raw }).max() ?? -1) + 1)
        return (state, opened.events.map(Event.list))
    }

    // MARK: the reducer

    /// Applies `action` at `now` and returns the events in the order the screen's
    /// children produced them (see the type's documentation for the wiring).
    /// - Complexity: the children's transitions it runs, plus O(1) per event.
    /// - Parameters:
    ///   - state: The screen's state, changed in place.
    ///   - action: What happened.
    ///   - now: The instant it happened.
    /// - Returns: The events, each to be traced (`trace(_:at:)`), performed
    ///   (`perform(_:in:at:)`) and fed back (`feedback(_:)`) by the host.
    public func reduce(into state: inout State, _ action: Action, at now: SimInstant) -> [Event] {
        var out: [Event] = []
        switch action {
        case .inputBar(let a): bar(a, &state, now, &out)
        case .panel(let a): panel(a, &state, now, &out)
        case .list(let a): list(a, &state, now, &out)
        case .touch(let t): touch(t, &state, now, &out)
        case .frame: frame(&state, now, &out)
        case .deadline: deadline(&state, now, &out)
        case .send(let text):
            // After the append, the list follows the bar that just changed (as after
            // every bar action without a send).
            append(.me, text, &state, now, &out)
            list(.setViewportHeight(listFrame(state, at: now).height), &state, now, &out)
        case .receive(let text): append(.other, text, &state, now, &out)
        case .memoryWarning:
            let bytes = frameCache.statistics.bytesHeld
            out.append(.memoryWarning(purgedBytes: bytes))
            list(.memoryWarning(purgedBytes: bytes), &state, now, &out)
        case .resize(let size): resize(size, &state, now, &out)
        case .layout: list(.setViewportHeight(listFrame(state, at: now).height), &state, now, &out)
        case .setTheme(let theme): state.theme = theme
        }
        return out
    }

    /// An input-bar action, then what the screen does after every one: a sent message is
    /// handed on (`.outgoing`, after all the bar's events; its `.send` lays the list
    /// out), else the list's visible height follows the bar; a refusal is an event last.
    func bar(_ a: InputBar.Action, _ s: inout State, _ now: SimInstant, _ out: inout [Event]) {
        var failure: InputBarError?
        do throws(InputBarError) {
            let events = try InputBar().reduce(into: &s.inputBar, a, at: now)
            var sent = false
            for e in events { out.append(.inputBar(e)) }
            for e in events { if case .didSend(let text) = e { out.append(.outgoing(text)); sent = true } }
            if sent { return }
        } catch {
            failure = error
        }
        list(.setViewportHeight(listFrame(s, at: now).height), &s, now, &out)
        if let failure { out.append(.refused(failure)) }
    }

    /// A panel action; the panel's frames follow whether it needs them now.
    func panel(_ a: EmojiPanel.Action, _ s: inout State, _ now: SimInstant, _ out: inout [Event]) {
        for e in panelModel.reduce(into: &s.panel, a, at: now) { out.append(.panel(e)) }
        if panelModel.needsFrames(s.panel, at: now) {
            if s.panelFramesAfter == nil { s.panelFramesAfter = now }
        } else {
            s.panelFramesAfter = nil
        }
    }

    func list(_ a: BubbleList.Action, _ s: inout State, _ now: SimInstant, _ out: inout [Event]) {
        for e in listModel.reduce(into: &s.list, a, at: now) { out.append(.list(e)) }
    }

    func append(_ sender: Message.Sender, _ text: String, _ s: inout State, _ now: SimInstant, _ out: inout [Event]) {
        let m = Message(id: .init(s.nextMessageID), sender: sender, serverText: text, time: now)
        s.nextMessageID += 1
        out.append(sender == .me ? .sent(m.id) : .received(m.id))
        list(.append(m), &s, now, &out)
    }

    /// One display-link frame: input bar and keyboard animations post what arrived,
    /// the list's visible height follows the keyboard, the list scrolls, then the panel
    /// at frames strictly after it began to need them. (The host then advances the GIF
    /// players: `performFrame`.)
    func frame(_ s: inout State, _ t: SimInstant, _ out: inout [Event]) {
        bar(.tick, &s, t, &out)
        list(.setViewportHeight(listFrame(s, at: t).height), &s, t, &out)
        list(.tick, &s, t, &out)
        if let after = s.panelFramesAfter, t > after {
            panel(.tick, &s, t, &out)
            if !panelModel.needsFrames(s.panel, at: t) { s.panelFramesAfter = nil }
        }
    }

    /// Fires each child whose deadline is due: the list's gestures, the panel, the bar's loupe.
    func deadline(_ s: inout State, _ now: SimInstant, _ out: inout [Event]) {
        if let d = s.listGestures.nextDeadline, d <= now {
            listGestures(listArena.reduce(into: &s.listGestures, .deadline, at: now), &s, now, &out)
        }
        if let d = panelModel.nextDeadline(s.panel), d <= now { panel(.deadline, &s, now, &out) }
        if let d = InputBar().nextDeadline(s.inputBar), d <= now { bar(.tick, &s, now, &out) }
    }

    /// Routes a touch: a touch down goes to the component under it (`component(_:at:now:)`)
    /// and every later touch of that finger to the same one.
    func touch(_ touch: TouchEvent, _ s: inout State, _ now: SimInstant, _ out: inout [Event]) {
        let target: Component?
        if touch.phase == .began {
            target = component(s, at: touch.location, now: now)
            s.touchTargets[touch.id] = target
            if let target {
                out.append(.touchDown(target, at: touch.location))
            } else if inputBarFrame(s, at: now).contains(touch.location) {
                // The moving bar takes no touch and nothing behind it gets one (see
                // `component(_:at:now:)`); the bar says so itself: `inputBar touchIgnored
                // at=(x, y) reason=animating`. The finger stays nobody's until it lifts.
                bar(.touch(touch), &s, touch.timestamp, &out)
            }
        } else {
            target = s.touchTargets[touch.id]
        }
        if touch.phase.isFinal { s.touchTargets[touch.id] = nil }
        switch target {
        case .emojiPanel:
            let origin = keyboardFrame(s, at: now).origin
            var t = touch
            t.location = Point(x: touch.location.x - origin.x, y: touch.location.y - origin.y)
            panel(.touch(t), &s, now, &out)
        case .inputBar:
            bar(.touch(touch), &s, touch.timestamp, &out)
        case .list:
            let origin = listFrame(s, at: now).origin
            var t = touch
            t.location = Point(x: touch.location.x - origin.x, y: touch.location.y - origin.y)
            if touch.phase == .began { s.listPanActive = false; list(.touchDown, &s, touch.timestamp, &out) }
            listGestures(listArena.reduce(into: &s.listGestures, .touch(t), at: t.timestamp), &s, now, &out)
            if touch.phase.isFinal && !s.listPanActive { list(.touchUp, &s, touch.timestamp, &out) }
        case .systemKeyboard, .navigationBar, nil:
            break   // the system keyboard's keys are driven by typing; the bar is inert
        }
    }

    /// The list's recognizers' events, each followed by what it does: a pan scrolls the
    /// list, a tap on the marker jumps to the bottom, any other tap resigns the input.
    func listGestures(_ events: [GestureArena.Event], _ s: inout State, _ now: SimInstant, _ out: inout [Event]) {
        for e in events {
            out.append(.listGestures(e))
            guard let u = e.update else { continue }
            switch u.kind {
            case .pan:
                if u.state == .began { s.listPanActive = true }
                list(.pan(u), &s, now, &out)
            case .tap where u.state == .ended:
                if let m = s.list.markerFrame, m.contains(u.location) {
                    out.append(.markerTapped(count: s.list.newMessagesCount))
                    list(.clearMarker, &s, now, &out)
                    list(.scrollToBottom(animated: true), &s, now, &out)
                } else if s.inputBar.responder.isFirstResponder {
                    bar(.tapOutside, &s, now, &out)
                }
            default:
                break
            }
        }
    }

    /// The bar and the keyboards take the new width (the keyboard animates to its new
    /// frame), the panel keeps the page that shows the same first emoji, and the list
    /// re-lays out keeping its top visible message anchored (or stays at the bottom).
    /// Nothing but the bar's refusal happens when the bar refuses.
    func resize(_ size: Size, _ s: inout State, _ now: SimInstant, _ out: inout [Event]) {
        bar(.resize(size), &s, now, &out)
        if case .refused? = out.last { return }
        s.profile.size = size
        panel(.resize(width: size.width), &s, now, &out)
        panel(.setPreviewBounds(Self.previewBounds(size: size, panelHeight: s.panel.configuration.height)), &s, now, &out)
        list(.setWidth(size.width), &s, now, &out)
        list(.setViewportHeight(listFrame(s, at: now).height), &s, now, &out)
        out.append(.resized(size))
    }

    // MARK: the host's side

    /// Earliest of the list's gestures, the panel's (long press, delete repeat) and the
    /// input bar's loupe.
    /// - Parameter state: The screen's state.
    /// - Returns: When the host should send `.deadline`, or nil when nothing waits.
    public func nextDeadline(_ state: State) -> SimInstant? {
        earliest(earliest(panelModel.nextDeadline(state.panel), state.listGestures.nextDeadline),
                 InputBar().nextDeadline(state.inputBar))
    }

    /// While the bar or keyboard animates or a finger is on the bar, the list moves or
    /// plays GIFs, or the panel moves or plays its preview. Outside it a `.frame`
    /// changes nothing.
    /// - Parameters:
    ///   - state: The screen's state.
    ///   - now: The instant asked about.
    /// - Returns: Whether the host's display link must run.
    public func needsFrames(_ state: State, at now: SimInstant) -> Bool {
        InputBar().needsFrames(state.inputBar, at: now) || listModel.needsFrames(state.list, at: now)
            || state.panelFramesAfter != nil
    }

    /// What still moves, one phrase each; empty when idle. Looping GIFs and fingers
    /// that are down do not count (a finger resting on the panel holds its motion).
    /// - Parameters:
    ///   - state: The screen's state.
    ///   - now: The instant asked about.
    /// - Returns: The phrases, for a settle timeout's message; empty when idle.
    public func motion(_ state: State, at now: SimInstant) -> [String] {
        var out: [String] = []
        if let a = state.inputBar.keyboard.animation {
            out.append("the keyboard slides (\(a.fromKind.rawValue) -> \(a.toKind.rawValue))")
        }
        if state.inputBar.height.isAnimating(at: now) { out.append("the input bar changes height") }
        out += state.panel.motion
        out += listModel.motion(state.list, at: now)
        return out
    }

    /// The wiring: the panel's pick and delete key go to the input bar, the bar's sent
    /// text into the list.
    /// - Parameter event: An event the screen returned.
    /// - Returns: The action the host sends next, or nil.
    public func feedback(_ event: Event) -> Action? {
        switch event {
        case .panel(.didSelect(let e)): return .inputBar(.insertEmoji(e))
        case .panel(.didTapDelete): return .inputBar(.deleteFromPanel)
        case .outgoing(let text): return .send(text)
        default: return nil
        }
    }

    /// The one place the screen's events become lines: its own here, its children's by
    /// their reducers' `trace(_:at:)`.
    /// - Parameters:
    ///   - event: An event the screen returned.
    ///   - now: The instant it happened.
    /// - Returns: Its trace line, or nil for an event that is not traced (`.outgoing`:
    ///   its `screen send` line comes with `.sent`).
    public func trace(_ event: Event, at now: SimInstant) -> TraceEvent? {
        func screen(_ name: String, _ fields: [TraceEvent.Field] = []) -> TraceEvent {
            TraceEvent(time: now, source: "screen", name: name, fields: fields)
        }
        switch event {
        case .inputBar(let e): return InputBar().trace(e, at: now)
        case .panel(.inputClick): return screen("inputClick")
        case .panel(let e): return panelModel.trace(e, at: now)
        case .list(let e): return listModel.trace(e, at: now)
        case .listGestures(let e): return listArena.trace(e, at: now)
        case let .touchDown(c, p): return screen("touchDown", [.init("component", c.rawValue), .init("at", p.description)])
        case .outgoing: return nil
        case .sent(let id): return screen("send", [.init("message", id.description)])
        case .received(let id): return screen("receive", [.init("message", id.description)])
        case .markerTapped(let n): return screen("markerTapped", [.init("count", String(n))])
        case .memoryWarning(let bytes): return screen("memoryWarning", [.init("purgedBytes", String(bytes))])
        case .resized(let size): return screen("resize", [.init("size", "\(size)")])
        case .refused(let e): return screen("refused", [.init("error", e.description)])
        }
    }

    /// Starts and stops the list's GIF players; a memory warning purges the frame cache.
    /// - Parameters:
    ///   - event: An event the screen returned.
    ///   - state: The state after the action.
    ///   - now: The instant it happened.
    public func perform(_ event: Event, in state: State, at now: SimInstant) {
        switch event {
        case .list(let e): listModel.perform(e, in: state.list, at: now)
        case .memoryWarning: frameCache.purge()
        default: break
        }
    }

    /// Advances the displayed rows' GIF players to the frame's instant.
    /// - Parameters:
    ///   - state: The state after the frame.
    ///   - now: The frame's instant.
    public func performFrame(in state: State, at now: SimInstant) {
        listModel.performFrame(in: state.list, at: now)
    }

    /// A display-link frame.
    public static var frameAction: Action? { .frame }
    /// The children's deadlines.
    public static var deadlineAction: Action? { .deadline }
}

extension ChatScreen {
    /// The screen in the coordinates of the emoji panel at rest (its bottom on the
    /// screen's): where the panel's preview may go.
    static func previewBounds(size: Size, panelHeight: Double) -> Rect {
        Rect(x: 0, y: panelHeight - size.height, width: size.width, height: size.height)
    }
}
