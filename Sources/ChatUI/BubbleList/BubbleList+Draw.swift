import SimCore
import Raster

/// The frames a list's running GIF players show at one instant, as a value: what a
/// `BubbleList.Drawing` reads instead of reaching into the players (a reference the
/// host keeps ticking).
public struct BubblePlayerFrames: Hashable, Sendable {
    private var frames: [BubblePlayerKey: Int] = [:]

    /// No player runs: every GIF draws its still.
    public init() {}

    /// The frames `players` show now for the slots of `cells` (nil players: none).
    ///
    /// - Parameters:
    ///   - players: The running players.
    ///   - cells: The displayed cells.
    /// - Complexity: O(*p*) in the cells' player slots.
    public init(_ players: BubbleListPlayers?, cells: [BubbleCell]) {
        guard let players else { return }
        for cell in cells {
            for slot in cell.playerItems.indices {
                let key = cell.playerKey(slot)
                if let f = players.frameIndex(key) { frames[key] = f }
            }
        }
    }

    /// The frame the player of `key` shows, or nil when none runs there (its still).
    /// - Parameter key: A GIF slot of a displayed cell.
    /// - Returns: The frame index, or nil for the still.
    public subscript(key: BubblePlayerKey) -> Int? { frames[key] }
}

extension BubbleList {
    /// The list at one instant, as a `Drawable`: its state and the frames its players
    /// show (a value, taken when the drawing is made). The list *clips* to its area:
    /// the visible rect is placed at the area's origin, the background fills the area,
    /// and rows (laid out for `state.width`) are cut at its edges.
    public struct Drawing: Drawable {
        /// The list's state.
        public var state: State
        /// The frames the running GIFs show.
        public var frames: BubblePlayerFrames

        /// Draws `state` with the GIF frames `frames`.
        /// - Parameters:
        ///   - state: The list's state.
        ///   - frames: The frames the running players show (default: none runs, every GIF
        ///     draws its still).
        public init(state: State, frames: BubblePlayerFrames = BubblePlayerFrames()) {
            self.state = state
            self.frames = frames
        }

        /// Draws the displayed rows into `list`, the list's visible rect placed at `area`
        /// (screen coordinates), clipped to it. Only displayed rows are drawn. GIFs
        /// show the frames their players reached at the last `tick` (at most one frame
        /// before the instant on a display-link host). Pure.
        ///
        /// Each bubble carries its accessibility label (text with emoji meanings). An
        /// animated emoji draws its player's current frame over the text's still glyph
        /// (a fill in the bubble's colour first, so no pixel of the still shows through).
        /// - Complexity: O(*v*) for *v* displayed rows, whatever the number of messages.
        /// - Parameters:
        ///   - list: The display list appended to.
        ///   - area: Where the list's visible rect goes, in `list`'s coordinates.
        public func draw(into list: inout DisplayList, in area: Rect) {
            list.clipped(to: area, view: "list") { dl in
                dl.fill(area, .background, view: "list")
                for row in state.displayedRows {
                    guard let cell = state.cell(forRow: row), let layout = cell.layout else { continue }
                    let y = area.minY + state.rowTop(row) - state.contentOffset
                    drawRow(layout, cell: cell, row: row, dx: area.minX, dy: y, into: &dl)
                }
                if let m = state.markerFrame {
                    let r = m.offsetBy(dx: area.minX, dy: area.minY)
                    let label = state.newMessagesCount == 1 ? "1 new message" : "\(state.newMessagesCount) new messages"
                    dl.roundedRect(r, radius: r.height / 2, .accent, label: label, view: "list.marker")
                    let text = TextLayout(label)
                    let origin = Point(x: (r.midX - text.size.width / 2).rounded(.down), y: r.minY + (r.height - 16) / 2)
                    dl.text(text, at: origin, .accentText, view: "list.marker")
                }
            }
        }
    }

    /// `state` as a `Drawable`, with the frames this reducer's players show now.
    ///
    /// - Parameter state: The list's state.
    /// - Returns: The drawing.
    /// - Complexity: O(*p*) in the displayed cells' player slots.
    public func drawing(_ state: State) -> Drawing {
        Drawing(state: state, frames: BubblePlayerFrames(players, cells: state.displayedCells))
    }

    /// What the list draws at `now` alone, its visible rect at the origin, with this
    /// reducer's players' frames. Pure.
    ///
    /// - Parameters:
    ///   - state: The list's state.
    ///   - now: The instant drawn (the players' frames are those of the last tick).
    /// - Returns: A display list of the list's size.
    /// - Complexity: O(*v*) for *v* displayed rows.
    public func displayList(_ state: State, at now: SimInstant) -> DisplayList {
        var dl = DisplayList(width: state.width, height: state.viewportHeight)
        drawing(state).draw(into: &dl, in: dl.bounds)
        return dl
    }
}

extension BubbleList.Drawing {
    private func drawRow(_ l: BubbleLayout, cell: BubbleCell, row: Int, dx: Double, dy: Double, into dl: inout DisplayList) {
        func at(_ r: Rect) -> Rect { r.offsetBy(dx: dx, dy: dy) }
        let view = "list.row\(row)"
        switch l.style {
        case .bigEmoji:
            for (i, placed) in l.bigEmoji.enumerated() {
                let e = placed.emoji
                var frameIndex: Int? = nil
                if let slot = cell.playerItems.firstIndex(where: { $0.frame == placed.frame }) {
                    frameIndex = frames[cell.playerKey(slot)]
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
            let tw = state.configuration.metrics.tailWidth, root = 4.0
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
                guard let frameIndex = frames[cell.playerKey(slot)] else { continue }
                let r = at(item.frame)
                dl.fill(r, fill, view: view)
                dl.image(ImageRef(name: item.imageName, frameIndex: frameIndex,
                                  code: item.code), in: r, view: view)
            }
        }
    }
}
