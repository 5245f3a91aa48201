import SimCore
import EmojiText
import Raster

/// Drawing: the bar emits display-list commands in colour roles (so one list renders
/// light or dark), with view names (`InputBar`, `InputBar.toggle`, `InputBar.textView`,
/// `InputBar.send`), accessibility labels and button states for the style layer.
extension InputBar {
    /// The bar at one instant, as a `Drawable`: its state and the instant its
    /// animations (height, keyboard switch, handles) are read at. The bar *clips* to its
    /// area: it draws at its presented size (`layout(at:)`) from the area's origin and
    /// a smaller area cuts it (an area that holds the bar adds no clip). The loupe is
    /// not part of it: it floats above the bar, a `LoupeDrawing` drawn after it.
    public struct Drawing: Drawable {
        /// The bar's state.
        public var state: State
        /// The instant drawn.
        public var now: SimInstant

        /// The bar's `state` at `now`.
        /// - Parameters:
        ///   - state: The bar's state.
        ///   - now: The instant its animations are read at.
        public init(state: State, at now: SimInstant) {
            self.state = state
            self.now = now
        }

        /// The bar's presented size at `now` (width x height).
        public var size: Size {
            let l = state.layout(at: now)
            return Size(width: l.width, height: l.height)
        }

        /// Draws the bar with its top-left at `area`'s origin (a screen passes
        /// `state.frame(at: now)`), clipped to `area` when the bar is larger. Pure.
        ///
        /// Order: background; toggle; text view (fill, then clipped to its text container:
        /// selection, text or placeholder, marked-text underline, caret); send; the top
        /// separator; the selection handles.
        /// - Parameters:
        ///   - list: The display list appended to.
        ///   - area: Where the bar goes, in `list`'s coordinates: its origin is the bar's
        ///     top-left.
        /// - Complexity: O(text length).
        public func draw(into list: inout DisplayList, in area: Rect) {
            let s = state, now = now
            list.clipped(to: area, beyond: Rect(origin: area.origin, size: size), view: "InputBar") { list in
                s.drawBar(into: &list, origin: area.origin, at: now)
            }
        }
    }

    /// The loupe at one instant, as a `Drawable` of its own: an overlay anchored to the
    /// bar (`barOrigin`, where the bar's top-left is drawn) that rises above it, over
    /// whatever is there, so a host draws it after everything the bar covers. It
    /// *clips* to its area, the region it may cover (the screen, in a screen): an area
    /// that holds the capsule adds no clip (its soft shadow may spill up to its blur
    /// beyond, as every drop shadow of the seam does). Draws nothing while no finger
    /// shows the loupe.
    public struct LoupeDrawing: Drawable {
        /// The bar's state.
        public var state: State
        /// Where the bar's top-left is drawn (the loupe's anchor), in the list's coordinates.
        public var barOrigin: Point
        /// The instant drawn.
        public var now: SimInstant

        /// The loupe of `state` at `now`, for a bar drawn with its top-left at `barOrigin`.
        /// - Parameters:
        ///   - state: The bar's state (its tracking finger shows the loupe).
        ///   - barOrigin: Where the bar's top-left is drawn.
        ///   - now: The instant drawn.
        public init(state: State, barOrigin: Point, at now: SimInstant) {
            self.state = state
            self.barOrigin = barOrigin
            self.now = now
        }

        /// Draws the loupe (a bordered capsule above the finger with the caret's
        /// neighbourhood) clipped to `area` where it reaches outside. Pure.
        /// - Parameters:
        ///   - list: The display list appended to.
        ///   - area: The region the loupe may cover, in `list`'s coordinates.
        /// - Complexity: O(line length).
        public func draw(into list: inout DisplayList, in area: Rect) {
            guard let loupe = state.tracking?.loupe else { return }
            let s = state, now = now, origin = barOrigin
            let frame = s.loupeFrame(loupe, origin: origin, at: now)
            list.clipped(to: area, beyond: frame, view: "InputBar.loupe") { list in
                s.drawLoupe(loupe, origin: origin, at: now, into: &list)
            }
        }
    }
}

extension InputBar.State {
    /// The bar at `now` as a `Drawable` (without the loupe: `loupeDrawing(barOrigin:at:)`).
    /// - Parameter now: The instant drawn.
    /// - Returns: The bar's drawable.
    public func drawing(at now: SimInstant) -> InputBar.Drawing { InputBar.Drawing(state: self, at: now) }

    /// The loupe at `now` as a `Drawable`, for a bar drawn with its top-left at `barOrigin`.
    /// - Parameters:
    ///   - barOrigin: Where the bar's top-left is drawn.
    ///   - now: The instant drawn.
    /// - Returns: The loupe's drawable (draws nothing while no finger shows it).
    public func loupeDrawing(barOrigin: Point, at now: SimInstant) -> InputBar.LoupeDrawing {
        InputBar.LoupeDrawing(state: self, barOrigin: barOrigin, at: now)
    }

    /// The bar alone, in its own coordinates (width x presented height) at `now`, with
    /// its loupe (cut at the bar's top edge: the list is the bar's size).
    /// - Parameter now: The instant drawn.
    /// - Returns: A display list the bar's presented size.
    /// - Complexity: O(text length).
    public func displayList(at now: SimInstant) -> DisplayList {
        let bar = drawing(at: now)
        var list = DisplayList(size: bar.size)
        bar.draw(into: &list, in: list.bounds)
        loupeDrawing(barOrigin: .zero, at: now).draw(into: &list, in: list.bounds)
        return list
    }

    /// The bar's commands with its top-left at `origin`, at its presented size.
    func drawBar(into list: inout DisplayList, origin: Point, at now: SimInstant) {
        let s = self
        let c = s.configuration
        let l = layout(at: now)
        func at(_ r: Rect) -> Rect { r.offsetBy(dx: origin.x, dy: origin.y) }
        let view = "InputBar"

        list.fill(at(Rect(x: 0, y: 0, width: l.width, height: l.height)), .inputBackground, view: view)

        // Toggle: the emoji face while the system keyboard (or none) is up, the
        // keyboard glyph while the emoji keyboard is up. Parts are plain fills, not
        // outlined boxes: a 32 pt part is two grid rows, and an outline there would
        // cover the text row.
        let showsKeyboard = toggleShowsKeyboardIcon
        let toggleState: ItemState = s.highlighted == .toggle ? .highlighted : []
        list.fill(at(l.toggleFrame), .surface, label: showsKeyboard ? "Keyboard" : "Emoji",
                  view: "InputBar.toggle", state: toggleState)
        // Vector icons (a face, a keyboard): the grid prints ☺ / ⌨ (`:)` / `Aa` in ASCII).
        let tf = at(l.toggleFrame)
        let side = (min(tf.width, tf.height) * 0.8).rounded()
        list.icon(showsKeyboard ? .keyboard : .emoji,
                  in: Rect(x: tf.midX - side / 2, y: tf.midY - side / 2, width: side, height: side),
                  .secondaryText, view: "InputBar.toggle", state: toggleState)

        // Text view. The text is clipped to the text container (inside the insets) so
        // a scrolled line never shows half in pixels and whole in the grid.
        let tv = at(l.textViewFrame)
        list.fill(tv, .surface, view: "InputBar.textView")
        let container = tv.inset(by: Insets(top: c.textInsets.top, left: 0, bottom: c.textInsets.bottom, right: 0))
        let textOrigin = Point(x: tv.minX + c.lineFragmentPadding, y: tv.minY + c.textInsets.top - s.scrollOffset)
        let text = InputBar.textLayout(s)
        let selection = selectedRange
        list.clipped(to: container, view: "InputBar.textView") { list in
            if s.responder.isFirstResponder {
                for r in text.selectionRects(for: selection) {
                    list.append(.selection(r.offsetBy(dx: textOrigin.x, dy: textOrigin.y), .selection),
                                view: "InputBar.textView")
                }
            }
            if length == 0, let placeholder = c.placeholder {
                let p = TextLayout(placeholder, maxWidth: l.textContainerWidth, maxLines: 1)
                list.text(p, at: textOrigin, .placeholderText, label: placeholder, view: "InputBar.placeholder")
            } else {
                list.text(text, at: textOrigin, .text, label: accessibilityText, view: "InputBar.textView")
            }
            if let marked = markedRange {
                drawMarkedText(marked, layout: text, origin: textOrigin, into: &list)
            }
            if s.responder.isFirstResponder && selection.isEmpty {
                let caret = text.caretRect(at: selection.upperBound)
                list.append(.caret(caret.offsetBy(dx: textOrigin.x, dy: textOrigin.y), .caret), view: "InputBar.caret")
            }
        }

        // Send: accent when enabled, grey when disabled; highlighted while pressed. A
        // paper plane before the title when the button has room for both.
        var sendState: ItemState = s.isSendEnabled ? [] : .disabled
        if s.highlighted == .send { sendState.insert(.highlighted) }
        let sf = at(l.sendFrame)
        list.fill(sf, s.isSendEnabled ? .accent : .disabled, label: c.sendTitle, view: "InputBar.send", state: sendState)
        if s.highlighted == .send { list.fill(sf, .highlight, view: "InputBar.send", state: sendState) }
        let title = TextLayout(c.sendTitle)
        let iconSide = 14.0, gap = 2.0
        if title.size.width + iconSide + gap <= sf.width - 4 {
            let x = (sf.midX - (title.size.width + iconSide + gap) / 2).rounded(.down)
            list.icon(.send, in: Rect(x: x, y: (sf.midY - iconSide / 2).rounded(.down), width: iconSide, height: iconSide),
                      .accentText, view: "InputBar.send", state: sendState)
            list.text(title, at: Point(x: x + iconSide + gap, y: (sf.midY - title.size.height / 2).rounded(.down)),
                      .accentText, view: "InputBar.send", state: sendState)
        } else {
            list.text(title, at: centered(title.size, in: sf), .accentText, view: "InputBar.send", state: sendState)
        }

        // The hairline on top, last: in the grid it owns the first row.
        list.line(from: Point(x: origin.x, y: origin.y), to: Point(x: origin.x + l.width, y: origin.y),
                  width: 1, .separator, view: view)

        // Handles after the hairline: in the grid the start knob sits on its row.
        drawSelectionHandles(origin: origin, at: now, into: &list)
    }

    /// Marked (IME) text: underlined, as UIKit draws it, and redrawn in the accent
    /// colour so it shows in the grid's style layer too (an underline alone only shows
    /// in the gaps between glyphs there). One overlay per line the range touches.
    func drawMarkedText(_ marked: Range<Int>, layout: TextLayout, origin: Point, into list: inout DisplayList) {
        let units = self.editor.units
        for li in layout.lines.indices {
            let line = layout.lines[li]
            let a = max(marked.lowerBound, line.range.lowerBound), b = min(marked.upperBound, line.range.upperBound)
            guard a < b, b <= units.count else { continue }
            let x = layout.caretRect(at: a).minX
            let y = origin.y + line.frame.minY
            let overlay = TextLayout(InputBar.runs(of: units[a..<b]))
            let width = overlay.size.width
            list.line(from: Point(x: origin.x + x, y: y + line.frame.height - 1),
                      to: Point(x: origin.x + x + width, y: y + line.frame.height - 1),
                      width: 1, .accent, view: "InputBar.marked")
            list.text(overlay, at: Point(x: origin.x + x, y: y), .accent, label: self.editor.markedText,
                      view: "InputBar.marked")
        }
    }

    /// What a screen reader speaks for the text: emoji by meaning, not by placeholder.
    var accessibilityText: String {
        var out = ""
        for run in InputBar.editorRuns(self) {
            switch run {
            case let .text(t): out += t
            case let .emoji(e): out += "[" + e.label + "]"
            }
        }
        return out
    }

    /// The top-left that centres `size` in `rect`, snapped to whole points so the
    /// character grid and the pixels agree.
    func centered(_ size: Size, in rect: Rect) -> Point {
        Point(x: (rect.midX - size.width / 2).rounded(.down), y: (rect.midY - size.height / 2).rounded(.down))
    }
}
