import SimCore

/// The keyboard model: which keyboard is the input view (none / system / emoji) and
/// where its frame is at any instant, animating show, hide and switch over
/// `duration` (0.25 s) with curve 7, as UIKit does.
///
/// A reducer: `State` is the requested keyboard and its animation, actions (`show`,
/// `hide`, `resize`, `tick`) happen at the instant `reduce` is given and return the
/// notifications to post; `State.frame(at:)` is a pure function of the state and the
/// instant.
///
/// Frames are in screen coordinates. A shown keyboard sits at the bottom of the
/// screen, `height = keyboard height + safe-area bottom` (the home indicator area is
/// part of the keyboard, as in UIKit). A hidden keyboard sits just below the screen
/// (`minY == screen height`) with the height of the last keyboard shown; a show from
/// hidden begins below the screen with the size of the keyboard coming up (UIKit's
/// begin frame), so the frame only moves, it never resizes, while it slides in.
///
/// Invariants: `frame(at:)` is continuous in time, including across a retarget (a new
/// request while animating starts from the current presentation frame, so there is no
/// jump); at rest `frame(at:) == restingFrame(for: kind)`; a `did*` notification is
/// posted only by the animation that arrives (an interrupted one posts none).
public struct Keyboard: Reducer {
    /// The nominal keyboard animation, as in UIKit's notifications.
    public static let defaultDuration = SimDuration.milliseconds(250)

    /// One show, hide, switch or resize in flight: the frame moves from `fromFrame` to
    /// `toFrame` over `duration` from `start`, along curve 7.
    public struct Animation: Hashable, Sendable {
        /// The presentation frame when it began (UIKit's begin frame).
        public var fromFrame: Rect
        /// The resting frame it arrives at (UIKit's end frame).
        public var toFrame: Rect
        /// The keyboard on screen when it began.
        public var fromKind: KeyboardKind
        /// The keyboard it brings up (`.none` for a hide).
        public var toKind: KeyboardKind
        /// When it began.
        public var start: SimInstant
        /// How long it runs.
        public var duration: SimDuration
        /// When it arrives: `start + duration`.
        public var end: SimInstant { start + duration }

        /// Progress 0...1 of the animated value at `now` (curve 7 applied).
        ///
        /// - Parameter now: Any instant; before `start` gives 0, after `end` gives 1.
        /// - Returns: The eased progress; 1 for a zero-length animation.
        public func progress(at now: SimInstant) -> Double {
            guard duration.ticks > 0 else { return 1 }
            let t = Double((now - start).ticks) / Double(duration.ticks)
            return KeyboardCurve.value(at: t)
        }

        /// The frame at `now`: each edge interpolated by ``progress(at:)``.
        ///
        /// - Parameter now: Any instant.
        /// - Returns: `toFrame` once arrived, else the interpolated frame.
        public func frame(at now: SimInstant) -> Rect {
            let p = progress(at: now)
            if p >= 1 { return toFrame }
            func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
            return Rect(x: lerp(fromFrame.minX, toFrame.minX), y: lerp(fromFrame.minY, toFrame.minY),
                        width: lerp(fromFrame.width, toFrame.width), height: lerp(fromFrame.height, toFrame.height))
        }
    }

    /// Which keyboard is requested and where its frame is: the whole model's state.
    public struct State: Hashable, Sendable {
        /// The device the keyboard belongs to (its screen size changes on `resize`).
        public internal(set) var profile: DeviceProfile
        /// Length of every show, hide and switch animation.
        public internal(set) var duration: SimDuration
        /// The requested keyboard: the one that is up, or that the running animation
        /// brings up (`.none` while hiding).
        public internal(set) var kind: KeyboardKind = .none
        /// The running animation, nil at rest.
        public internal(set) var animation: Animation?
        /// Height of the last keyboard shown, so that a hidden frame keeps its size.
        public internal(set) var lastShownHeight: Double

        /// A hidden keyboard on `profile`.
        ///
        /// - Parameters:
        ///   - profile: The device; its system keyboard's height is the hidden frame's.
        ///   - duration: The length of every animation; zero makes them instant.
        public init(profile: DeviceProfile, duration: SimDuration = Keyboard.defaultDuration) {
            self.profile = profile
            self.duration = duration
            self.lastShownHeight = profile.systemKeyboardHeight + profile.safeArea.bottom
        }

        /// Full height of a keyboard's frame (keys plus the safe-area bottom).
        ///
        /// - Parameter kind: A keyboard.
        /// - Returns: The height in points; 0 for `.none`.
        public func height(of kind: KeyboardKind) -> Double {
            switch kind {
            case .none: return 0
            case .system: return profile.systemKeyboardHeight + profile.safeArea.bottom
            case .emoji: return profile.emojiKeyboardHeight + profile.safeArea.bottom
            }
        }

        /// Where the keyboard rests once `kind` is up (or hidden, for `.none`).
        ///
        /// - Parameter kind: A keyboard.
        /// - Returns: A frame at the screen's bottom, or just below the screen for `.none`.
        public func restingFrame(for kind: KeyboardKind) -> Rect {
            let screen = profile.size
            switch kind {
            case .none:
                return Rect(x: 0, y: screen.height, width: screen.width, height: lastShownHeight)
            case .system, .emoji:
                let h = height(of: kind)
                return Rect(x: 0, y: screen.height - h, width: screen.width, height: h)
            }
        }

        /// The presentation frame at `now`.
        ///
        /// - Parameter now: Any instant.
        /// - Returns: The animated frame, or the resting frame of ``kind``.
        public func frame(at now: SimInstant) -> Rect {
            if let a = animation { return a.frame(at: now) }
            return restingFrame(for: kind)
        }

        /// How much of the screen the keyboard covers at `now` (0 when hidden).
        ///
        /// - Parameter now: Any instant.
        /// - Returns: The covered height in points.
        public func overlap(at now: SimInstant) -> Double {
            max(0, profile.size.height - frame(at: now).minY)
        }

        /// The y the input bar's bottom edge rides on: the keyboard's top edge, but never
        /// below the safe area (a hidden keyboard leaves the bar above the home indicator).
        ///
        /// - Parameter now: Any instant.
        /// - Returns: The y in screen points.
        public func barBottom(at now: SimInstant) -> Double {
            min(profile.size.height - profile.safeArea.bottom, frame(at: now).minY)
        }

        /// Whether an animation is running (until the tick that posts its `did*`).
        public var isAnimating: Bool { animation != nil }

        /// The instant the running animation arrives, if any (a driver can schedule a
        /// clock timer there so `did*` is posted exactly on time).
        public var arrival: SimInstant? { animation?.end }

        /// Requests `newKind` at `now`: show (from none), hide (to none) or switch (between
        /// system and emoji). Starts from the current presentation frame. Returns the
        /// `will*` notifications, or nothing when `newKind` is already requested.
        fileprivate mutating func set(_ newKind: KeyboardKind, at now: SimInstant) -> [KeyboardNotification] {
            var posted = tick(at: now)  // an animation that arrived before `now` posts its did* first
            guard newKind != kind else { return posted }
            // The keyboard on screen now: while hiding it is the one sliding away.
            let fromKind = animation.map { $0.toKind == .none ? $0.fromKind : $0.toKind } ?? kind
            let fromRest = animation == nil && kind == .none
            if newKind != .none { lastShownHeight = height(of: newKind) }
            let end = restingFrame(for: newKind)
            // Shown from hidden (at rest), UIKit's begin frame is the end frame moved just
            // below the screen: same size, so the keyboard slides in without resizing. A
            // retarget mid-animation starts from the presentation frame instead.
            let begin = fromRest ? Rect(x: end.minX, y: profile.size.height, width: end.width, height: end.height)
                                 : frame(at: now)
            kind = newKind
            animation = Animation(fromFrame: begin, toFrame: end, fromKind: fromKind, toKind: newKind,
                                  start: now, duration: duration)
            let d = duration
            let note = { (name: KeyboardNotification.Name) in
                KeyboardNotification(name: name, beginFrame: begin, endFrame: end, duration: d,
                                     curve: KeyboardCurve.code, fromKind: fromKind, toKind: newKind)
            }
            posted.append(note(.willChangeFrame))
            posted.append(note(newKind == .none ? .willHide : .willShow))
            if duration.ticks <= 0 { posted += tick(at: now) }
            return posted
        }

        /// The screen changed size (rotation, split view, a scenario's `resize`): a shown
        /// keyboard animates from where it is to its resting frame on the new screen and
        /// posts `willChangeFrame`/`willShow` (as UIKit does on rotation); a hidden one just
        /// moves below the new screen. Same size: nothing.
        fileprivate mutating func resize(to size: Size, at now: SimInstant) -> [KeyboardNotification] {
            var posted = tick(at: now)
            guard size != profile.size else { return posted }
            let begin = frame(at: now)
            let fromKind = animation.map { $0.toKind == .none ? $0.fromKind : $0.toKind } ?? kind
            profile.size = size
            guard kind != .none else {
                animation = nil
                return posted
            }
            let end = restingFrame(for: kind)
            animation = Animation(fromFrame: begin, toFrame: end, fromKind: fromKind, toKind: kind, start: now, duration: duration)
            for name in [KeyboardNotification.Name.willChangeFrame, .willShow] {
                posted.append(KeyboardNotification(name: name, beginFrame: begin, endFrame: end, duration: duration,
                                                   curve: KeyboardCurve.code, fromKind: fromKind, toKind: kind))
            }
            if duration.ticks <= 0 { posted += tick(at: now) }
            return posted
        }

        /// Advances to `now`: when the running animation has arrived, ends it and returns
        /// `didChangeFrame` then `didShow`/`didHide`. O(1).
        fileprivate mutating func tick(at now: SimInstant) -> [KeyboardNotification] {
            guard let a = animation, now >= a.end else { return [] }
            animation = nil
            let note = { (name: KeyboardNotification.Name) in
                KeyboardNotification(name: name, beginFrame: a.fromFrame, endFrame: a.toFrame, duration: a.duration,
                                     curve: KeyboardCurve.code, fromKind: a.fromKind, toKind: a.toKind)
            }
            return [note(.didChangeFrame), note(a.toKind == .none ? .didHide : .didShow)]
        }
    }

    /// Every input of the keyboard model, each at the instant `reduce` is given.
    public enum Action: Hashable, Sendable {
        /// Shows (or switches to) a keyboard; `.none` hides.
        case show(KeyboardKind)
        /// Hides the keyboard; the same as `show(.none)`.
        case hide
        /// The screen changed size.
        case resize(Size)
        /// A display-link frame: an animation that arrived posts its `did*`.
        case tick
    }

    /// The notifications to post, in UIKit's order.
    public typealias Event = KeyboardNotification

    /// The reducer (it has no dependencies).
    public init() {}

    /// Runs one action at `now`; returns the notifications to post.
    ///
    /// - Parameters:
    ///   - state: The keyboard's state.
    ///   - action: The action.
    ///   - now: The instant it happens.
    /// - Returns: The notifications, in UIKit's order (`did*` of an arrived animation
    ///   first, then `willChangeFrame`, then `willShow`/`willHide`).
    public func reduce(into state: inout State, _ action: Action, at now: SimInstant) -> [KeyboardNotification] {
        switch action {
        case let .show(kind): return state.set(kind, at: now)
        case .hide: return state.set(.none, at: now)
        case let .resize(size): return state.resize(to: size, at: now)
        case .tick: return state.tick(at: now)
        }
    }

    /// When the running animation arrives (its `did*` is posted by the first tick at or
    /// after it).
    ///
    /// - Parameter state: The keyboard's state.
    /// - Returns: ``State/arrival``.
    public func nextDeadline(_ state: State) -> SimInstant? { state.arrival }

    /// While an animation runs (until the tick that posts its `did*`).
    ///
    /// - Parameters:
    ///   - state: The keyboard's state.
    ///   - now: The current instant (unused: the state alone decides).
    /// - Returns: ``State/isAnimating``.
    public func needsFrames(_ state: State, at now: SimInstant) -> Bool { state.isAnimating }

    /// "the keyboard slides" while animating.
    ///
    /// - Parameters:
    ///   - state: The keyboard's state.
    ///   - now: The current instant (unused).
    /// - Returns: One phrase while animating, else none.
    public func motion(_ state: State, at now: SimInstant) -> [String] {
        state.isAnimating ? ["the keyboard slides"] : []
    }

    /// Each frame ticks.
    public static var frameAction: Action? { .tick }
    /// The arrival is a tick too.
    public static var deadlineAction: Action? { .tick }
}
