import SimCore
import Raster

extension Keyboard.State {
    /// The one rule for which keyboard shows in the keyboard frame: at rest the
    /// requested one; during an animation the incoming one, or the outgoing one while
    /// hiding (it slides away visibly). The screen's hit testing and drawing both read it.
    public var shownKind: KeyboardKind {
        if let a = animation { return a.toKind != .none ? a.toKind : a.fromKind }
        return kind
    }
}

/// The system keyboard draws straight from its state: nothing in it depends on the
/// instant beyond what the state holds (`shownKind`); the host passes the keyboard's
/// presentation frame at that instant as the area.
extension Keyboard.State: Drawable {
    /// Draws the system keyboard into `area` (its presentation frame, screen
    /// coordinates; a host passes `frame(at: now)`): three rows of lower-case letter
    /// keys and a space bar on the keyboard plane, labelled `system keyboard` (it only
    /// takes room; typing is scripted with `type`). It *lays out* to the area's width
    /// (key widths and row centring follow it) and *clips* to the area: rows are 40 pt
    /// keys from the top, so a shorter area cuts the lower rows. Draws nothing unless
    /// the system keyboard shows (`shownKind`) and the area is not empty: the emoji
    /// keyboard is the EmojiPanel, drawn by its host. Pure.
    /// - Complexity: O(keys).
    /// - Parameters:
    ///   - list: The display list appended to.
    ///   - area: The keyboard's frame in `list`'s coordinates.
    public func draw(into list: inout DisplayList, in area: Rect) {
        guard shownKind == .system, !area.isEmpty else { return }
        let kb = area
        list.clipped(to: kb, view: "systemKeyboard") { d in
            d.fill(kb, .keyboardBackground, label: "system keyboard", view: "systemKeyboard")
            let rows = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
            let keyH = 40.0, gap = 8.0
            let keyW = ((kb.width - 11 * 4) / 10).rounded(.down)
            for (i, keys) in rows.enumerated() {
                let n = Double(keys.count)
                let rowW = n * keyW + (n - 1) * 4
                var x = ((kb.width - rowW) / 2).rounded(.down)
                let y = kb.minY + gap + Double(i) * (keyH + gap)
                for k in keys {
                    let r = Rect(x: kb.minX + x, y: y, width: keyW, height: keyH)
                    d.roundedRect(r, radius: 5, .key, view: "systemKeyboard")
                    d.text(TextLayout(String(k)), at: Point(x: (r.midX - 4).rounded(.down), y: r.minY + 12), .keyText,
                           view: "systemKeyboard")
                    x += keyW + 4
                }
            }
            let spaceY = kb.minY + gap + 3 * (keyH + gap)
            let space = Rect(x: kb.minX + (kb.width * 0.25).rounded(.down), y: spaceY, width: (kb.width * 0.5).rounded(.down),
                             height: keyH)
            d.roundedRect(space, radius: 5, .key, label: "space", view: "systemKeyboard")
        }
    }
}
