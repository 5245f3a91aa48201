import SimCore
import EmojiText
import Raster

// Where the screen's parts are in a state at an instant: pure functions of both, what
// routing, drawing and the finders read.
extension ChatScreen {
    /// The navigation bar's frame, the status bar's safe area included (it is drawn
    /// behind it).
    /// - Parameter s: The screen's state.
    /// - Returns: The frame in screen points.
    public func navigationBarFrame(_ s: State) -> Rect {
        Rect(x: 0, y: 0, width: s.profile.size.width, height: s.profile.safeArea.top + configuration.navigationBarHeight)
    }

    /// The input bar's frame at `now`: full width, its bottom on the keyboard's top edge
    /// (or the safe area), moving while either animates.
    /// - Parameters:
    ///   - s: The screen's state.
    ///   - now: The instant.
    /// - Returns: The frame in screen points.
    public func inputBarFrame(_ s: State, at now: SimInstant) -> Rect { s.inputBar.frame(at: now) }

    /// The keyboard's presentation frame at `now`: where the system keys or the emoji
    /// panel are drawn; below the screen while hidden.
    /// - Parameters:
    ///   - s: The screen's state.
    ///   - now: The instant.
    /// - Returns: The frame in screen points.
    public func keyboardFrame(_ s: State, at now: SimInstant) -> Rect { s.inputBar.keyboardFrame(at: now) }

    /// The list's frame at `now`: from the navigation bar down to the input bar (which
    /// rides the keyboard).
    /// - Parameters:
    ///   - s: The screen's state.
    ///   - now: The instant.
    /// - Returns: The frame in screen points.
    public func listFrame(_ s: State, at now: SimInstant) -> Rect {
        let top = navigationBarFrame(s).maxY
        return Rect(x: 0, y: top, width: s.profile.size.width, height: max(0, inputBarFrame(s, at: now).minY - top))
    }

    /// Which component a touch down at `p` (screen coordinates) lands on at `now`, by
    /// z-order: keyboard, input bar, list, navigation bar. Nil outside the screen, and on
    /// the input bar while an animation moves it and it does not allow user interaction
    /// (`InputBar.receivesTouches(at:)`): UIKit's hit test skips it and nothing behind
    /// it (the root view) takes touches.
    /// - Parameters:
    ///   - s: The screen's state.
    ///   - p: The touch's location in screen coordinates.
    ///   - now: The instant of the touch.
    /// - Returns: The component, or nil when none takes the touch.
    public func component(_ s: State, at p: Point, now: SimInstant) -> Component? {
        guard s.profile.bounds.contains(p) else { return nil }
        if s.inputBar.keyboard.kind != .none || s.inputBar.keyboard.isAnimating,
           keyboardFrame(s, at: now).contains(p) {
            return s.inputBar.keyboard.shownKind == .emoji ? .emojiPanel : .systemKeyboard
        }
        if inputBarFrame(s, at: now).contains(p) { return s.inputBar.receivesTouches(at: now) ? .inputBar : nil }
        if listFrame(s, at: now).contains(p) { return .list }
        return .navigationBar
    }
}

/// The screen at one instant: the reducer, a state and `now`, under the names drawing,
/// the finders and the checks read. Pure; made for one query and dropped.
struct ChatScreenMoment {
    let screen: ChatScreen
    let state: ChatScreen.State
    let now: SimInstant
    let inputBar: InputBar.State
    let panel: EmojiPanel.State
    let list: BubbleList.State

    init(_ screen: ChatScreen, _ state: ChatScreen.State, at now: SimInstant) {
        self.screen = screen
        self.state = state
        self.now = now
        inputBar = state.inputBar
        panel = state.panel
        list = state.list
    }

    var configuration: ChatScreen.Configuration { screen.configuration }
    var catalog: EmojiCatalog { screen.catalog }
    var listModel: BubbleList { screen.listModel }
    var profile: DeviceProfile { state.profile }
    var bounds: Rect { state.profile.bounds }
    var navigationBarFrame: Rect { screen.navigationBarFrame(state) }
    func inputBarFrame(at t: SimInstant? = nil) -> Rect { screen.inputBarFrame(state, at: t ?? now) }
    func keyboardFrame(at t: SimInstant? = nil) -> Rect { screen.keyboardFrame(state, at: t ?? now) }
    func listFrame(at t: SimInstant? = nil) -> Rect { screen.listFrame(state, at: t ?? now) }
    var shownKeyboard: KeyboardKind { inputBar.keyboard.shownKind }
    func component(at p: Point) -> ChatScreen.Component? { screen.component(state, at: p, now: now) }
    var isSendEnabled: Bool { inputBar.isSendEnabled }
}
