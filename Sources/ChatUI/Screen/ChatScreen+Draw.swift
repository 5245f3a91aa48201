import SimCore
import Raster

// Drawing, with the contract every component follows: drawing appends the component to
// a list in a rect at an instant and changes nothing.
extension ChatScreen {
    /// The whole screen as one display list of `state` at `now`. Pure: it changes
    /// nothing (the list's height between frames is the `.layout` action's).
    /// - Complexity: O(visible items).
    public func displayList(_ state: State, at now: SimInstant) -> DisplayList {
        var dl = DisplayList(size: state.profile.size)
        ChatScreenMoment(self, state, at: now).drawContent(into: &dl, at: now)
        return dl
    }

    /// Draws the screen of `state` into `rect` (its bounds, normally; the screen draws at
    /// its own size from `rect`'s origin) at `now`, back to front: background, navigation
    /// bar, list, input bar, then the keyboard frame: the panel clipped to it with its
    /// preview unclipped on top (a preview rises over the input bar), or the system
    /// keyboard (`Keyboard.shownKind` decides).
    /// - Complexity: O(visible items): displayed rows, visible panel keys, the input's text.
    public func draw(_ state: State, into dl: inout DisplayList, in rect: Rect, at now: SimInstant) {
        let m = ChatScreenMoment(self, state, at: now)
        guard rect.origin != .zero else { m.drawContent(into: &dl, at: now); return }
        var local = DisplayList(size: state.profile.size)
        m.drawContent(into: &local, at: now)
        dl.append(contentsOf: local, at: rect.origin)
    }
}

extension ChatScreenMoment {
    func drawContent(into dl: inout DisplayList, at now: SimInstant) {
        dl.fill(bounds, .background, view: "screen")
        let nav = navigationBarFrame
        dl.fill(nav, .surface, view: "navigationBar")
        let title = TextLayout(configuration.title)
        let titleOrigin = Point(x: ((nav.width - title.size.width) / 2).rounded(.down),
                                y: nav.maxY - configuration.navigationBarHeight + ((configuration.navigationBarHeight - 16) / 2).rounded(.down))
        dl.text(title, at: titleOrigin, .text, label: configuration.title, view: "navigationBar")
        dl.line(from: Point(x: 0, y: nav.maxY - 0.5), to: Point(x: nav.width, y: nav.maxY - 0.5), width: 1, .separator,
                view: "navigationBar")
        listModel.draw(list, into: &dl, in: listFrame(at: now), at: now)
        inputBar.draw(into: &dl, in: inputBarFrame(at: now), at: now)
        let kb = keyboardFrame(at: now)
        guard kb.minY < profile.size.height else { return }
        switch shownKeyboard {
        case .emoji:
            dl.clipped(to: kb, view: "emojiPanel") { d in
                d.fill(kb, .panelBackground, view: "emojiPanel")
                panel.draw(into: &d, in: kb, at: now, overlays: false)
            }
            panel.drawOverlays(into: &dl, in: kb, at: now)
        case .system:
            inputBar.keyboard.draw(into: &dl, in: kb, at: now)
        case .none:
            break
        }
    }
}
