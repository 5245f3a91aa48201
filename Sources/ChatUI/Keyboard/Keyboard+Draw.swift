import SimCore
import Raster

extension Keyboard {
    /// The rows of the system keyboard's letter plane, as drawn.
    static let systemRows = ["QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM"]

    /// Draws the system keyboard at its presentation frame at `now` (screen
    /// coordinates): a keyboard-coloured plane with three rows of letter keys and a
    /// space bar, labelled `System keyboard`. Draws nothing for the emoji keyboard (the
    /// screen draws the EmojiPanel in `frame(at:)`) or when hidden. O(keys).
    public func draw(into list: inout DisplayList, at now: SimInstant) {
        let visibleKind: KeyboardKind
        if let a = animation { visibleKind = a.toKind == .none ? a.fromKind : a.toKind } else { visibleKind = kind }
        guard visibleKind == .system else { return }
        let f = frame(at: now)
        guard f.minY < profile.size.height else { return }
        let view = "Keyboard.system"
        list.fill(f, .keyboardBackground, label: "System keyboard", view: view)
        // Keys are 28 x 32 at a 32 pt pitch (four grid columns) inset from the top; rows
        // 48 pt apart (a simplified plane: enough to see that the system keyboard is up).
        let keyWidth = 28.0, gap = 4.0
        for (row, letters) in Keyboard.systemRows.enumerated() {
            let rowWidth = Double(letters.count) * keyWidth + Double(letters.count - 1) * gap
            var x = ((f.width - rowWidth) / 2 / 8).rounded(.down) * 8
            let y = f.minY + 8 + Double(row) * 48
            for ch in letters {
                let key = Rect(x: x, y: y, width: keyWidth, height: 32)
                list.fill(key, .key, view: view)
                let glyph = TextLayout(String(ch))
                list.text(glyph, at: Point(x: key.minX + 8, y: key.minY + 8), .keyText, view: view)
                x += keyWidth + gap
            }
        }
        let space = Rect(x: f.midX - 80, y: f.minY + 8 + 3 * 48, width: 160, height: 32)
        list.fill(space, .key, label: "space", view: view)
        let label = TextLayout("space")
        list.text(label, at: Point(x: (space.midX - label.size.width / 2).rounded(.down), y: space.minY + 8), .keyText, view: view)
    }
}
