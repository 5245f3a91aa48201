import SimCore
import Raster

extension BubbleList {
    /// What the list draws at `now` alone, its visible rect at the origin, with this
    /// reducer's players' frames. Pure.
    ///
    /// - Parameters:
    ///   - state: The list's state.
    ///   - now: The instant drawn.
    /// - Returns: A display list of the list's size.
    /// - Complexity: O(*v*) for *v* displayed rows.
    public func displayList(_ state: State, at now: SimInstant) -> DisplayList {
        var dl = DisplayList(width: state.width, height: state.viewportHeight)
        draw(state, into: &dl, in: Rect(x: 0, y: 0, width: state.width, height: state.viewportHeight), at: now)
        return dl
    }

    /// Draws `state` into `list` at `frame` with this reducer's players' frames (see
    /// `State.draw(into:in:at:players:)`). Pure.
    ///
    /// - Parameters:
    ///   - state: The list's state.
    ///   - list: The display list drawn into.
    ///   - frame: Where the list's visible rect goes (screen coordinates); clipped to it.
    ///   - now: The instant drawn.
    /// - Complexity: O(*v*) for *v* displayed rows.
    public func draw(_ state: State, into list: inout DisplayList, in frame: Rect, at now: SimInstant) {
        state.draw(into: &list, in: frame, at: now, players: players)
    }
}

extension BubbleList.State {
    /// Draws the displayed rows into `list`, the list's visible rect placed at `rect`
    /// (screen coordinates), clipped to it. Only displayed rows are drawn. GIFs
    /// show the frames their players reached at the last `tick` (at most one frame
    /// before `now` on a display-link host). Pure.
    ///
    /// Each bubble carries its accessibility label (text with emoji meanings). An
    /// animated emoji draws its player's current frame over the text's still glyph
    /// (a fill in the bubble's colour first, so no pixel of the still shows through).
    /// `players` gives the frame each running GIF shows (the host runs them; the
    /// reducer's `draw(_:into:in:at:)` passes its own); nil draws every GIF's still.
    /// - Complexity: O(*v*) for *v* displayed rows, whatever the number of messages.
    public func draw(into list: inout DisplayList, in frame: Rect, at now: SimInstant, players: BubbleListPlayers?) {
        list.clipped(to: frame, view: "list") { dl in
            dl.fill(frame, .background, view: "list")
            for row in displayedRows {
                guard let cell = cell(forRow: row), let layout = cell.layout else { continue }
                let y = frame.minY + rowTop(row) - contentOffset
                drawRow(layout, cell: cell, row: row, dx: frame.minX, dy: y, players: players, into: &dl)
            }
            if let m = markerFrame {
                let r = m.offsetBy(dx: frame.minX, dy: frame.minY)
                let label = newMessagesCount == 1 ? "1 new message" : "\(newMessagesCount) new messages"
                dl.roundedRect(r, radius: r.height / 2, .accent, label: label, view: "list.marker")
                let text = TextLayout(label)
                let origin = Point(x: (r.midX - text.size.width / 2).rounded(.down), y: r.minY + (r.height - 16) / 2)
                dl.text(text, at: origin, .accentText, view: "list.marker")
            }
        }
    }

    private func drawRow(_ l: BubbleLayout, cell: BubbleCell, row: Int, dx: Double, dy: Double, players: BubbleListPlayers?,
                         into dl: inout DisplayList) {
        func at(_ r: Rect) -> Rect { r.offsetBy(dx: dx, dy: dy) }
        let view = "list.row\(row)"
        switch l.style {
        case .bigEmoji:
            for (i, placed) in l.bigEmoji.enumerated() {
                let e = placed.emoji
                var frameIndex: Int? = nil
                if let slot = cell.playerItems.firstIndex(where: { $0.frame == placed.frame }) {
                    frameIndex = players?.frameIndex(cell.playerKey(slot))
                }
                let ref = ImageRef(name: e.imageName ?? "", frameIndex: frameIndex, glyph: e.glyph, code: e.code)
                // The content box leaves 3 pt around each emoji: slots are laid out edge to
                // edge, and emoji are fitted by their trimmed content, so without it
                // neighbours would touch.
                dl.image(ref, in: at(placed.frame).insetBy(dx: 3, dy: 3), label: i == 0 ? l.accessibilityLabel : nil,
                         view: view)
            }
        case .bubble:
            let me = l.sender == .me
            let fill: ColorRole = me ? .bubbleOutgoing : .bubbleIncoming
            let ink: ColorRole = me ? .bubbleOutgoingText : .bubbleIncomingText
            let b = at(l.bubbleFrame)
            // The tail: a curved shape reaching `tailWidth` out of the bubble near its
            // top (WeChat's place), starting under the bubble so the two join in one
            // outline; the bubble is drawn over its root in the same colour.
            let tw = configuration.metrics.tailWidth, root = 4.0
            let tailHeight = min(14, max(0, b.height - 12))
            if tw > 0 && tailHeight > 0 {
                let tail = Rect(x: l.tail == .right ? b.maxX - root : b.minX - tw, y: b.minY + 6,
                                width: tw + root, height: tailHeight)
                dl.icon(l.tail == .right ? .tailRight : .tailLeft, in: tail, fill, view: view)
            }
            dl.roundedRect(b, radius: 8, fill, label: l.accessibilityLabel, view: view)
            if let text = l.text {
                dl.text(text, at: at(l.contentFrame).origin, ink, view: view)
            }
            for (slot, item) in cell.playerItems.enumerated() {
                guard let frameIndex = players?.frameIndex(cell.playerKey(slot)) else { continue }
                let r = at(item.frame)
                dl.fill(r, fill, view: view)
                dl.image(ImageRef(name: item.imageName, frameIndex: frameIndex,
                                  code: item.code), in: r, view: view)
            }
        }
    }
}
