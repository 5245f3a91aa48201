import SimCore
import EmojiText
import Raster
import Tester
import ChatUI

/// The screen's finders: its components resolve against the models' geometry at this
/// instant (the geometry the display list is drawn from); the drawn kinds (`label`,
/// `view`, `text`) and the modifiers through `FinderResolution`. A hit also passes the
/// screen's hit test: the component a touch at the point goes to must be the target's,
/// and nothing of the panel (its preview or skin-tone picker) may lie over a panel
/// target. Every refusal states its facts; scripts print them after the line.
extension ChatScreen {
    /// Where `finder`'s target is in `state` at `now` and whether a touch there reaches
    /// it, or why not. Pure: a driver sends `.layout` first when it reads at an instant
    /// between frames (`layoutAction(for:in:)`), as UIKit lays out before a draw.
    /// - Complexity: O(drawn items) for drawn kinds, O(page) for panel keys.
    /// - Parameters:
    ///   - finder: What to find.
    ///   - state: The screen's state.
    ///   - now: The instant the geometry is read at.
    /// - Returns: The target's frame and hit point, or the refusal with its facts.
    public func resolve(_ finder: Finder, in state: State, at now: SimInstant) -> FinderResult {
        let m = FinderMoment(self, state, at: now)
        return FinderResolution.resolve(finder, drawn: { displayList(state, at: now) }, components: { m.component($0) })
    }

    /// The moving bar takes no touches (UIKit's animations without `.allowUserInteraction`).
    public static let movingBar = "the input bar is animating and takes no touches until it stops"
}

/// The screen at one instant under the names the finders read, restated over
/// ChatUI's public geometry (ChatUI's own moment is internal to it). Made for one
/// resolution and dropped.
private struct FinderMoment {
    typealias Component = ChatScreen.Component

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

    var catalog: EmojiCatalog { screen.catalog }
    var listModel: BubbleList { screen.listModel }
    var bounds: Rect { state.profile.bounds }
    func inputBarFrame(at t: SimInstant) -> Rect { screen.inputBarFrame(state, at: t) }
    func keyboardFrame(at t: SimInstant) -> Rect { screen.keyboardFrame(state, at: t) }
    func listFrame(at t: SimInstant) -> Rect { screen.listFrame(state, at: t) }
    var shownKeyboard: KeyboardKind { inputBar.keyboard.shownKind }
    func component(at p: Point) -> Component? { screen.component(state, at: p, now: now) }
    var isSendEnabled: Bool { inputBar.isSendEnabled }

    func component(_ finder: Finder) -> FinderResult {
        let bar = inputBarFrame(at: now)
        let l = inputBar.layout(at: now)
        let kb = keyboardFrame(at: now)
        func inBar(_ r: Rect) -> Rect { r.offsetBy(dx: bar.minX, dy: bar.minY) }
        func inPanel(_ r: Rect) -> Rect { r.offsetBy(dx: kb.minX, dy: kb.minY) }
        var panelShown: String? {
            shownKeyboard == .emoji ? nil : "the emoji keyboard is not shown (keyboard: \(shownKeyboard.rawValue))"
        }
        var frame: Rect
        let component: Component
        var selected: Bool?
        var text: String?
        // What the target is drawn inside besides the screen (the panel's pages, the
        // list's viewport) and its name: only the part inside is visible or touched.
        var clip: (frame: Rect, name: String)?
        let pages = (frame: inPanel(panel.layout.scrollFrame), name: "the panel's pages")
        guard let target = ChatTarget(finder) else { return .missing("\(finder) is not part of the chat screen") }
        switch target {
        case .input: frame = inBar(l.textViewFrame); component = .inputBar; text = inputBar.text
        case .inputAt, .selectionHandle: return textViewResolve(finder)
        case .toggle: frame = inBar(l.toggleFrame); component = .inputBar
        case .send:
            frame = inBar(l.sendFrame); component = .inputBar
            if !isSendEnabled { return .disabled(screen.sendDisabledReason(state), FinderHit(frame: frame)) }
        case .list, .outside: frame = listFrame(at: now); component = .list
        case .panel:
            if let why = panelShown { return .missing(why) }
            frame = kb; component = .emojiPanel
        case .delete:
            if let why = panelShown { return .missing(why) }
            guard let d = panel.layout.deleteFrame(page: panel.currentPage) else {
                return .missing("the panel has no delete key")
            }
            frame = inPanel(panel.panelFrame(d)); component = .emojiPanel; clip = pages
        case .emoji(let code):
            if let why = panelShown { return .missing(why) }
            switch emojiFrame(code) {
            case .success(let f): frame = inPanel(f); component = .emojiPanel; clip = pages
            case .failure(let miss): return miss.result
            }
        case .cell(let row, let column):
            if let why = panelShown { return .missing(why) }
            let c = panel.configuration
            guard row < c.rows, column < c.columns else {
                return .missing("the panel has \(c.rows) rows and \(c.columns) columns (cells 0 0 to \(c.rows - 1) \(c.columns - 1))")
            }
            let cell = panel.layout.cellFrame(page: panel.currentPage, row: row, column: column)
            frame = inPanel(panel.panelFrame(cell)); component = .emojiPanel; clip = pages
        case .tab(let ref):
            if let why = panelShown { return .missing(why) }
            let i: Int
            switch ref {
            case .index(let k):
                guard k < panel.sections.count else {
                    return .missing("the category bar has \(panel.sections.count) tabs (0 to \(panel.sections.count - 1))")
                }
                i = k
            case .name(let n):
                guard let k = panel.tabIndex(named: n) else {
                    return .missing("no tab named \(boundedQuotedLiteral(n)) (tabs: \(panel.sections.map { boundedQuotedLiteral($0.name) }.joined(separator: ", ")))")
                }
                i = k
            }
            frame = inPanel(panel.layout.tabFrame(i)); component = .emojiPanel
            selected = i == panel.currentSection
        case .skinTone(let i):
            if let why = panelShown { return .missing(why) }
            guard let k = panel.skinPicker else {
                return .missing("no skin-tone picker is open (long-press an emoji with skin tones)")
            }
            guard i < k.targetCount else {
                return .missing("the skin-tone picker has \(k.targetCount) items (0 to \(k.targetCount - 1))")
            }
            // The picker lies over the panel; it is what a touch there reaches.
            let f = inPanel(k.frame(ofTarget: i))
            guard let visible = f.intersection(bounds), !visible.isEmpty else { return .offScreen("it is off screen (at \(f))", frame: f) }
            return .hit(FinderHit(frame: visible, isSelected: k.isTargetSelected(i), text: k.emoji(ofTarget: i).code))
        case .row(let r):
            guard r < list.count else {
                if list.count == 0 { return .missing("the list has no messages") }
                let rows = list.count == 1 ? "row 0" : "rows 0 to \(list.count - 1)"
                return .missing("the list has \(list.count) message\(list.count == 1 ? "" : "s") (\(rows))")
            }
            let shown = list.displayedRows
            guard shown.contains(r) else {
                return .offScreen(shown.isEmpty ? "no row is displayed" : "row \(r) is scrolled off (rows \(shown.lowerBound) to \(shown.upperBound - 1) are displayed)", frame: nil)
            }
            let f = listFrame(at: now)
            let b = listModel.layout(ofRow: r, in: list).bubbleFrame
            let top = list.rowFrameInViewport(r).minY
            frame = Rect(x: f.minX + b.minX, y: f.minY + top + b.minY, width: b.width, height: b.height)
            component = .list; clip = (f, "the list")
            // The message as sent and as `expect list.last` reads it (emoji as `[code]`).
            text = list.messages[r].serverText
        case .searchField:
            // The field is where the panel draws it (a bar above the pages, or beside the
            // results tab), so it resolves over the drawn view.
            if let why = panelShown { return .missing(why) }
            let r = FinderResolution.resolve(.view("EmojiPanel.search"), drawn: { screen.displayList(state, at: now) },
                                             components: { _ in .missing("") })
            switch r {
            case .hit(var h): h.text = panel.query ?? ""; return .hit(h)
            case .missing, .notInCatalog, .offScreen: return .missing("the panel draws no search field")
            default: return r
            }
        case .pageDot(let i):
            if let why = panelShown { return .missing(why) }
            let st = panel
            guard let dots = PageDots(st) else {
                return .missing("the panel draws no page dots (group \(st.currentGroupName) has \(st.pagesInGroup) page\(st.pagesInGroup == 1 ? "" : "s"))")
            }
            guard i < dots.pages else {
                return .missing("group \(st.currentGroupName) has \(dots.pages) pages (dots 0 to \(dots.pages - 1))")
            }
            guard let f = dots.frame(ofPage: i) else {
                return .offScreen("dot \(i) is outside the dots drawn (pages \(dots.first) to \(dots.first + dots.shown - 1))", frame: nil)
            }
            // A tap on it turns one page towards it (UIPageControl), so it is a target
            // like any other of the panel.
            frame = inPanel(f); component = .emojiPanel
            selected = i == dots.current
        }
        if let clip {
            guard let inside = frame.intersection(clip.frame), !inside.isEmpty else {
                return .offScreen("it is clipped away (at \(frame), outside \(clip.name) at \(clip.frame))", frame: frame)
            }
            frame = inside
        }
        // On screen: the part of the frame inside the screen, aimed at its centre.
        guard let visible = frame.intersection(bounds), !visible.isEmpty else {
            return .offScreen("it is off screen (at \(frame))", frame: frame)
        }
        frame = visible
        let hit = FinderHit(frame: visible, isSelected: selected, text: text)
        let p = hit.point
        if component == .inputBar && !inputBar.receivesTouches(at: now) {
            return .disabled(ChatScreen.movingBar, hit)
        }
        if let other = self.component(at: p), other != component {
            return .covered(by: "the \(other.rawValue)", hit)
        }
        if component == .emojiPanel && finder != .panel {
            let q = Point(x: p.x - kb.minX, y: p.y - kb.minY)
            if let pv = panel.preview, pv.placement.frame.contains(q) { return .covered(by: "the preview", hit) }
            if let k = panel.skinPicker, k.frame.contains(q) { return .covered(by: "the skin-tone picker", hit) }
        }
        return .hit(hit)
    }

    /// The text view's own finders: `input at N` (the caret boundary before unit N) and
    /// `input.handle start|end`. They aim at a point inside the text, not at the view's
    /// centre, and every miss says which fact is missing.
    private func textViewResolve(_ finder: Finder) -> FinderResult {
        let bar = inputBarFrame(at: now)
        let tv = inputBar.layout(at: now).textViewFrame.offsetBy(dx: bar.minX, dy: bar.minY)
        guard let visible = tv.intersection(bounds), !visible.isEmpty else {
            return .offScreen("the text view is not on screen (at \(tv))", frame: tv)
        }
        let frame: Rect
        let point: Point
        switch ChatTarget(finder) {
        case .inputAt(let n):
            let length = inputBar.length
            guard n <= length else {
                return .missing("the input has \(length) units (positions 0 to \(length); an emoji is one unit)")
            }
            guard let p = inputBar.caretPoint(before: n, at: now) else {
                return .offScreen("position \(n) is on a line scrolled out of the text view", frame: nil)
            }
            point = p
            frame = Rect(x: p.x - 4, y: p.y - 8, width: 8, height: 16)
        case .selectionHandle(let which):
            let end: SelectionHandleEnd = which == .start ? .start : .end
            guard inputBar.responder.isFirstResponder else {
                return .missing("the text view is not first responder, so nothing is selected and there is no handle")
            }
            let sel = inputBar.selectedRange
            guard !sel.isEmpty else {
                return .missing("nothing is selected (the caret is at \(sel.lowerBound)), so there is no handle")
            }
            guard let h = inputBar.selectionHandles(at: now).first(where: { $0.end == end }) else {
                return .offScreen("the selection's \(end.rawValue) (position \(end == .start ? sel.lowerBound : sel.upperBound)) is on a line scrolled out of the text view", frame: nil)
            }
            point = h.stem.center
            frame = h.hitArea
        default:
            return .missing("not a text view finder")
        }
        guard bounds.contains(point) else { return .offScreen("it is off screen (at \(point))", frame: frame) }
        let hit = FinderHit(frame: frame, point: point)
        if !inputBar.receivesTouches(at: now) { return .disabled(ChatScreen.movingBar, hit) }
        if let other = component(at: point), other != .inputBar {
            return .covered(by: "the \(other.rawValue)", hit)
        }
        return .hit(hit)
    }

    /// Why a panel emoji cannot be aimed at, as a resolution.
    private struct EmojiMiss: Error { var result: FinderResult }

    /// The frame (panel coordinates) of the key showing `code` on the current page, or
    /// where it is instead.
    private func emojiFrame(_ code: String) -> Result<Rect, EmojiMiss> {
        let st = panel
        let s = st.currentSection
        if st.sections.indices.contains(s) {
            for i in st.layout.emojiRange(ofPage: st.currentPage) {
                let e = st.sections[s].emoji[i]
                if e.code == code || st.shown(section: s, index: i)?.code == code,
                   let f = st.layout.itemFrame(section: s, index: i) {
                    return .success(panel.panelFrame(f))
                }
            }
        }
        let shows = "the panel shows page \(st.pageInGroup) of group \(st.currentGroupName)"
        for (si, sec) in st.sections.enumerated() {
            if let i = sec.emoji.firstIndex(where: { $0.code == code }), let g = st.layout.page(section: si, index: i),
               let pg = st.layout.pageInSection(g) {
                let here = si == s ? "the panel shows page \(st.pageInGroup)" : shows
                return .failure(EmojiMiss(result: .offScreen("it is on page \(pg) of group \(sec.name); \(here)", frame: nil)))
            }
        }
        if catalog.emoji(forCode: code) == nil {
            // The wire form `[笑哭]` is what people see in messages, so it is the first
            // thing they try; say how to write it rather than only that it is unknown.
            if code.hasPrefix("["), code.hasSuffix("]"), code.count > 2 {
                let bare = String(code.dropFirst().dropLast())
                if catalog.emoji(forCode: bare) != nil {
                    return .failure(EmojiMiss(result: .missing(
                        "no emoji with code '\(code)'; codes are written without the brackets: panel.emoji \(bare)")))
                }
            }
            return .failure(EmojiMiss(result: .notInCatalog(code)))
        }
        if st.query != nil { return .failure(EmojiMiss(result: .missing("it is not among the search results"))) }
        return .failure(EmojiMiss(result: .missing("it is in the catalog but on none of the panel's pages")))
    }
}
