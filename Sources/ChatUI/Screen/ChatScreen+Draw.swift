import SimCore
import Raster

// Drawing: every component is a `Drawable` (Raster) drawn into its frame; the screen
// gathers them at one instant into a `ChatScreen.Drawing`, a value.
extension ChatScreen {
    /// The view name of the keyboard slot while it shows the emoji panel: the panel's own
    /// (`EmojiPanel`, whose parts are `EmojiPanel.pages`, `EmojiPanel.page.<n>`...), so
    /// `view EmojiPanel` is the slot with everything in it, and no two views of the
    /// screen differ only by case (the slot was `emojiPanel`, which its own content
    /// covered).
    public static let emojiPanelView = "EmojiPanel"

    /// The whole screen of `state` as one display list at `now`. Pure: it changes nothing
    /// (the list's height between frames is the `.layout` action's).
    /// - Complexity: O(visible items): displayed rows, visible panel keys, the input's text.
    /// - Parameters:
    ///   - state: The screen's state.
    ///   - now: The instant drawn.
    /// - Returns: A display list the screen's size.
    public func displayList(_ state: State, at now: SimInstant) -> DisplayList {
        var dl = DisplayList(size: state.profile.size)
        drawing(state, at: now).draw(into: &dl, in: dl.bounds)
        return dl
    }

    /// The screen of `state` at `now` as a `Drawable`: each component's drawing and its
    /// frame then.
    /// - Complexity: O(*p*) in the displayed rows' GIF slots (their frames are taken).
    /// - Parameters:
    ///   - state: The screen's state.
    ///   - now: The instant drawn.
    /// - Returns: The screen's drawable.
    public func drawing(_ state: State, at now: SimInstant) -> Drawing {
        let bar = inputBarFrame(state, at: now)
        let kb = keyboardFrame(state, at: now)
        return Drawing(size: state.profile.size, title: configuration.title,
                       navigationBarHeight: configuration.navigationBarHeight,
                       navigationBarFrame: navigationBarFrame(state),
                       list: listModel.drawing(state.list), listFrame: listFrame(state, at: now),
                       inputBar: state.inputBar.drawing(at: now), inputBarFrame: bar,
                       loupe: state.inputBar.loupeDrawing(barOrigin: bar.origin, at: now),
                       keyboardFrame: kb, shownKeyboard: state.inputBar.keyboard.shownKind,
                       panel: state.panel, panelOverlays: state.panel.overlayDrawing(panelOrigin: kb.origin, at: now),
                       keyboard: state.inputBar.keyboard)
    }

    /// The screen at one instant: its components' drawings and their frames, taken from
    /// the screen when it is made. The screen *clips* to its area: it draws at its own
    /// size from the area's origin (an area that holds it adds no clip). Back to front:
    /// background, navigation bar, list, input bar and its loupe (rising above the bar,
    /// clipped to the screen), then the keyboard frame: the panel clipped to it with its
    /// overlays (preview, skin-tone picker) over everything, clipped to the screen (a
    /// preview rises over the input bar), or the system keyboard, as
    /// `Keyboard.shownKind` decides.
    public struct Drawing: Drawable {
        /// The screen's size.
        public var size: Size
        /// The navigation bar's title.
        public var title: String
        /// The navigation bar's height below the safe area.
        public var navigationBarHeight: Double
        /// The navigation bar's frame (the safe area's top included).
        public var navigationBarFrame: Rect
        /// The bubble list and its frame.
        public var list: BubbleList.Drawing, listFrame: Rect
        /// The input bar and its frame.
        public var inputBar: InputBar.Drawing, inputBarFrame: Rect
        /// The input bar's loupe (anchored to the bar).
        public var loupe: InputBar.LoupeDrawing
        /// The keyboard's presentation frame and which keyboard shows in it.
        public var keyboardFrame: Rect, shownKeyboard: KeyboardKind
        /// The emoji panel and its overlays (anchored to the keyboard frame).
        public var panel: EmojiPanel.State, panelOverlays: EmojiPanel.OverlayDrawing
        /// The system keyboard.
        public var keyboard: Keyboard.State

        /// A screen drawing from its parts (``ChatScreen/drawing(_:at:)`` makes it).
        /// - Parameters:
        ///   - size: The screen's size.
        ///   - title: The navigation bar's title.
        ///   - navigationBarHeight: The navigation bar's height below the status bar.
        ///   - navigationBarFrame: The navigation bar's frame, the status bar included.
        ///   - list: The list's drawing, placed at `listFrame`.
        ///   - listFrame: The list's frame.
        ///   - inputBar: The input bar's drawing, placed at `inputBarFrame`.
        ///   - inputBarFrame: The input bar's frame.
        ///   - loupe: The loupe, drawn over everything but the panel's overlays.
        ///   - keyboardFrame: The keyboard's presentation frame.
        ///   - shownKeyboard: Which keyboard shows in it.
        ///   - panel: The emoji panel's state, drawn in the keyboard frame when it shows.
        ///   - panelOverlays: The panel's preview and skin-tone picker, drawn last.
        ///   - keyboard: The system keyboard's state.
        public init(size: Size, title: String, navigationBarHeight: Double, navigationBarFrame: Rect,
                    list: BubbleList.Drawing, listFrame: Rect, inputBar: InputBar.Drawing, inputBarFrame: Rect,
                    loupe: InputBar.LoupeDrawing, keyboardFrame: Rect, shownKeyboard: KeyboardKind,
                    panel: EmojiPanel.State, panelOverlays: EmojiPanel.OverlayDrawing, keyboard: Keyboard.State) {
            self.size = size; self.title = title; self.navigationBarHeight = navigationBarHeight
            self.navigationBarFrame = navigationBarFrame
            self.list = list; self.listFrame = listFrame
            self.inputBar = inputBar; self.inputBarFrame = inputBarFrame; self.loupe = loupe
            self.keyboardFrame = keyboardFrame; self.shownKeyboard = shownKeyboard
            self.panel = panel; self.panelOverlays = panelOverlays; self.keyboard = keyboard
        }

        /// Draws the screen with its top-left at `area`'s origin, clipped to `area` when
        /// the screen is larger. Pure.
        /// - Complexity: O(visible items): displayed rows, visible panel keys, the input's text.
        /// - Parameters:
        ///   - dl: The display list appended to.
        ///   - area: Where the screen goes, in `dl`'s coordinates: its origin is the
        ///     screen's top-left.
        public func draw(into dl: inout DisplayList, in area: Rect) {
            let bounds = Rect(origin: .zero, size: size)
            dl.clipped(to: area, beyond: Rect(origin: area.origin, size: size), view: "screen") { dl in
                guard area.origin != .zero else { drawContent(into: &dl, in: bounds); return }
                var local = DisplayList(size: size)
                drawContent(into: &local, in: bounds)
                dl.append(contentsOf: local, at: area.origin)
            }
        }

        private func drawContent(into dl: inout DisplayList, in bounds: Rect) {
            dl.fill(bounds, .background, view: "screen")
            let nav = navigationBarFrame
            dl.fill(nav, .surface, view: "navigationBar")
            let title = TextLayout(title)
            let titleOrigin = Point(x: ((nav.width - title.size.width) / 2).rounded(.down),
                                    y: nav.maxY - navigationBarHeight + ((navigationBarHeight - 16) / 2).rounded(.down))
            dl.text(title, at: titleOrigin, .text, label: self.title, view: "navigationBar")
            dl.line(from: Point(x: 0, y: nav.maxY - 0.5), to: Point(x: nav.width, y: nav.maxY - 0.5), width: 1, .separator,
                    view: "navigationBar")
            list.draw(into: &dl, in: listFrame)
            inputBar.draw(into: &dl, in: inputBarFrame)
            loupe.draw(into: &dl, in: bounds)
            let kb = keyboardFrame
            guard kb.minY < size.height else { return }
            switch shownKeyboard {
            case .emoji:
                dl.clipped(to: kb, view: ChatScreen.emojiPanelView) { d in
                    d.fill(kb, .panelBackground, view: ChatScreen.emojiPanelView)
                    panel.draw(into: &d, in: kb)
                }
                panelOverlays.draw(into: &dl, in: bounds)
            case .system:
                keyboard.draw(into: &dl, in: kb)
            case .none:
                break
            }
        }
    }
}
