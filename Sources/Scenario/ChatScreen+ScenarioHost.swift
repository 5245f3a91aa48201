import SimCore
import EmojiText
import Imaging
import Interaction
import Raster
import ChatUI
import Tester

/// The real screen as a scenario host: targets map to ChatScreen's named points,
/// editing actions to InputBar actions, queries to its models.
extension ChatScreen: ScenarioHost {
    public var size: Size { profile.size }

    /// Targets resolve against the models' geometry at this instant (the same
    /// geometry the display list is drawn from); finders (`label`, `view`) against the
    /// display list itself. A hit also passes the screen's hit test: the component a
    /// touch at the point goes to must be the target's, and nothing of the panel (its
    /// preview or skin-tone picker) may lie over a panel target.
    public func lookup(_ target: Target) -> TargetLookup {
        let now = clock.now
        let bar = inputBarFrame(at: now)
        let l = inputBar.layout(at: now)
        let kb = keyboardFrame(at: now)
        func inBar(_ r: Rect) -> Rect { r.offsetBy(dx: bar.minX, dy: bar.minY) }
        func inPanel(_ r: Rect) -> Rect { r.offsetBy(dx: kb.minX, dy: kb.minY) }
        var panelShown: String? {
            shownKeyboard == .emoji ? nil : "the emoji keyboard is not shown (keyboard: \(shownKeyboard.rawValue))"
        }
        let frame: Rect
        let component: Component
        switch target {
        case .point(let p):
            frame = Rect(origin: p, size: Size(width: 0, height: 0))
            return .hit(frame, at: p)
        case .input: frame = inBar(l.textViewFrame); component = .inputBar
        case .inputAt, .inputHandle: return textViewLookup(target)
        case .toggle: frame = inBar(l.toggleFrame); component = .inputBar
        case .send:
            frame = inBar(l.sendFrame); component = .inputBar
            if !isSendEnabled { return .disabled(sendDisabledReason, frame: frame, at: frame.center) }
        case .list, .outside: frame = listFrame(at: now); component = .list
        case .panel:
            if let why = panelShown { return .missing(why) }
            frame = kb; component = .emojiPanel
        case .panelDelete:
            if let why = panelShown { return .missing(why) }
            guard let d = panel.state.layout.deleteFrame(page: panel.state.currentPage) else {
                return .missing("the panel has no delete key")
            }
            frame = inPanel(panel.panelFrame(d)); component = .emojiPanel
        case .panelEmoji(let code):
            if let why = panelShown { return .missing(why) }
            switch emojiFrame(code) {
            case .success(let f): frame = inPanel(f); component = .emojiPanel
            case .failure(let miss): return miss.lookup
            }
        case .panelCell(let row, let column):
            if let why = panelShown { return .missing(why) }
            let c = panel.state.configuration
            guard row < c.rows, column < c.columns else {
                return .missing("the panel has \(c.rows) rows and \(c.columns) columns (cells 0 0 to \(c.rows - 1) \(c.columns - 1))")
            }
            let cell = panel.state.layout.cellFrame(page: panel.state.currentPage, row: row, column: column)
            frame = inPanel(panel.panelFrame(cell)); component = .emojiPanel
        case .panelTab(let ref):
            if let why = panelShown { return .missing(why) }
            let i: Int
            switch ref {
            case .index(let k):
                guard k < panel.state.sections.count else {
                    return .missing("the category bar has \(panel.state.sections.count) tabs (0 to \(panel.state.sections.count - 1))")
                }
                i = k
            case .name(let n):
                guard let k = panel.tabIndex(named: n) else {
                    return .missing("no tab named \(quotedLiteral(n)) (tabs: \(panel.state.sections.map { quotedLiteral($0.name) }.joined(separator: ", ")))")
                }
                i = k
            }
            frame = inPanel(panel.state.layout.tabFrame(i)); component = .emojiPanel
        case .listRow(let r):
            guard r < list.count else {
                if list.count == 0 { return .missing("the list has no messages") }
                let rows = list.count == 1 ? "row 0" : "rows 0 to \(list.count - 1)"
                return .missing("the list has \(list.count) message\(list.count == 1 ? "" : "s") (\(rows))")
            }
            let shown = list.displayedRows
            guard shown.contains(r) else {
                return .missing(shown.isEmpty ? "no row is displayed" : "row \(r) is scrolled off (rows \(shown.lowerBound) to \(shown.upperBound - 1) are displayed)")
            }
            let f = listFrame(at: now)
            let b = list.layout(ofRow: r).bubbleFrame
            let top = list.rowFrameInViewport(r).minY
            frame = Rect(x: f.minX + b.minX, y: f.minY + top + b.minY, width: b.width, height: b.height)
            component = .list
        case .label(let text):
            layoutIfNeeded()
            let finder = DisplayListFinder(displayList())
            guard let item = finder.item(label: text) else {
                return .missing("nothing drawn has the accessibility label \(quotedLiteral(text))")
            }
            return finderHit(item.frame, view: item.view ?? "", finder)
        case .view(let name):
            layoutIfNeeded()
            let finder = DisplayListFinder(displayList())
            guard let f = finder.frame(view: name) else {
                let names = Set(finder.visible.compactMap({ $0.view })).sorted().prefix(12).joined(separator: ", ")
                return .missing("no view named '\(name)' is drawn (views: \(names))")
            }
            return finderHit(f, view: name, finder)
        }
        // On screen: the part of the frame inside the screen, aimed at its centre.
        guard let visible = frame.intersection(bounds), !visible.isEmpty else {
            return .missing("it is off screen (at \(frame))")
        }
        let p = visible.center
        if component == .inputBar && !inputBar.receivesTouches(at: now) {
            return .disabled(Self.movingBar, frame: visible, at: p)
        }
        if let other = self.component(at: p), other != component {
            return .covered(by: "the \(other.rawValue)", frame: visible)
        }
        if component == .emojiPanel {
            let q = Point(x: p.x - kb.minX, y: p.y - kb.minY)
            if let pv = panel.state.preview, pv.placement.frame.contains(q), target != .panel {
                return .covered(by: "the preview", frame: visible)
            }
            if let k = panel.state.skinPicker, k.frame.contains(q), target != .panel {
                return .covered(by: "the skin-tone picker", frame: visible)
            }
        }
        return .hit(visible, at: p)
    }

    /// Why send is disabled, in the user's words: empty, blank, or the bar's rule.
    var sendDisabledReason: String {
        let text = inputBar.text
        if text.isEmpty { return "the input is empty" }
        if text.allSatisfy({ $0 == " " }) { return "the input is blank (only spaces)" }
        if text.allSatisfy({ $0.isWhitespace }) { return "the input is blank (only spaces and line breaks)" }
        return "the input bar disables it"
    }

    /// The moving bar takes no touches (UIKit's animations without `.allowUserInteraction`).
    static let movingBar = "the input bar is animating and takes no touches until it stops"

    private func finderHit(_ f: Rect, view: String, _ finder: DisplayListFinder) -> TargetLookup {
        let p = f.center
        if let top = finder.topmost(at: p), !DisplayListFinder.belongs(top.view, to: view),
           !DisplayListFinder.belongs(view, to: top.view ?? "") {
            return .covered(by: top.view ?? "another view", frame: f)
        }
        return .hit(f, at: p)
    }

    /// Why a panel emoji cannot be aimed at, as a lookup answer.
    struct EmojiMiss: Error { var lookup: TargetLookup }

    /// The frame (panel coordinates) of the key showing `code` on the current page, or
    /// where it is instead.
    private func emojiFrame(_ code: String) -> Result<Rect, EmojiMiss> {
        let st = panel.state
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
                return .failure(EmojiMiss(lookup: .missing("it is on page \(pg) of group \(sec.name); \(here)")))
            }
        }
        if catalog.emoji(forCode: code) == nil {
            // The wire form `[笑哭]` is what people see in messages, so it is the first
            // thing they try; say how to write it rather than only that it is unknown.
            if code.hasPrefix("["), code.hasSuffix("]"), code.count > 2 {
                let bare = String(code.dropFirst().dropLast())
                if catalog.emoji(forCode: bare) != nil {
                    return .failure(EmojiMiss(lookup: .missing(
                        "no emoji with code '\(code)'; codes are written without the brackets: panel.emoji \(bare)")))
                }
            }
            return .failure(EmojiMiss(lookup: .unknownEmoji(code)))
        }
        if st.query != nil { return .failure(EmojiMiss(lookup: .missing("it is not among the search results"))) }
        return .failure(EmojiMiss(lookup: .missing("it is in the catalog but on none of the panel's pages")))
    }

    public func perform(_ action: Action) throws(HostError) {
        do throws(ChatScreenError) {
            func bar(_ a: InputBar.Action) throws(ChatScreenError) { try perform(a) }
            switch action {
            case .type(let s): try bar(.type(s))
            case .compose(let marked, let commit):
                try bar(.compose(marked))
                if let commit {
                    // The IME replaces the marked text by its conversion, then commits.
                    try bar(.compose(commit))
                    try bar(.commitComposition)
                }
            case .backspace(let n): for _ in 0..<n { try bar(.backspace) }
            case .select(let start, let length): try bar(.select(location: start, length: length))
            case .selectAll: try bar(.selectAll)
            case .cut: try bar(.cut)
            case .copy: try bar(.copy)
            case .paste(let text):
                if let text { setPasteboard(text) }
                try bar(.paste)
            case .undo: try bar(.undo)
            case .redo: try bar(.redo)
            case .receive(let text): receive(text)
            case .search(let q): sendPanel(.search(q))
            case .searchClear: sendPanel(.clearSearch)
            case .memoryWarning: simulateMemoryWarning()
            case .resize(let w, let h): try resize(to: Size(width: w, height: h))
            default: return // touches, waits and settles are the runner's
            }
        } catch {
            throw HostError(error.description)
        }
    }

    public var state: HostState {
        let p = panel.state
        let visible = visibleRows
        let kb: KeyboardKind
        switch keyboard {
        case .none: kb = .none
        case .system: kb = .system
        case .emoji: kb = .emoji
        }
        return HostState(
            keyboard: kb, sendEnabled: isSendEnabled, input: inputText,
            outgoing: isSendEnabled ? inputServerText : nil, caret: caret.upperBound,
            panelPage: p.pageInGroup, panelPageCount: p.pagesInGroup, panelGroupIndex: p.currentSection,
            panelGroupName: p.currentGroupName, panelGroupCount: p.sections.count,
            panelGroupLabel: p.sections.indices.contains(p.currentSection)
                ? (p.sections[p.currentSection].title ?? p.currentGroupName) : p.currentGroupName,
            preview: panelPreview?.code,
            panelResults: p.query == nil ? 0 : p.sections.reduce(0) { $0 + $1.emoji.count },
            listCount: messageCount,
            listVisible: visible.isEmpty ? nil : visible.lowerBound...(visible.upperBound - 1),
            listLast: lastMessageText, animating: animatingPlayerCount, pasteboard: pasteboard ?? "")
    }

    /// Only the component's own items, drawn at the origin: a panel tree holds no list
    /// rows or navigation bar, so it changes only when the panel does. Nil when the
    /// component is not on screen (the panel without the emoji keyboard, the list with
    /// no height, a bar pushed below the screen). Lays the screen out first
    /// (`layoutIfNeeded()`), as UIKit does before a snapshot. O(component items).
    public func displayList(of subject: SnapshotSubject) -> DisplayList? {
        layoutIfNeeded()
        let now = clock.now
        let screen = Rect(origin: .zero, size: profile.size)
        func onScreen(_ r: Rect) -> Bool {
            r.width > 0 && r.height > 0 && r.minY < screen.maxY && r.maxY > screen.minY
        }
        switch subject {
        case .screen:
            return displayList()
        case .list:
            let frame = listFrame(at: now)
            guard onScreen(frame) else { return nil }
            var part = DisplayList(size: frame.size)
            list.draw(into: &part, in: Rect(origin: .zero, size: frame.size), at: now)
            return part
        case .input:
            let frame = inputBarFrame(at: now)
            guard onScreen(frame) else { return nil }
            var part = DisplayList(size: frame.size)
            part.clipped(to: Rect(origin: .zero, size: frame.size), view: "InputBar") {
                inputBar.draw(into: &$0, in: Rect(origin: .zero, size: frame.size), at: now)
            }
            return part
        case .panel:
            let frame = keyboardFrame(at: now)
            guard shownKeyboard == .emoji, onScreen(frame) else { return nil }
            let bounds = Rect(origin: .zero, size: frame.size)
            var part = DisplayList(size: frame.size)
            part.clipped(to: bounds, view: "emojiPanel") { d in
                d.fill(bounds, .panelBackground, view: "emojiPanel")
                panel.draw(into: &d, in: bounds, at: now)
            }
            return part
        }
    }

    public var imageProvider: ImageProvider {
        let library = images
        let cache = frameCache
        return ImageProvider({ name, index in
            guard let image = try? library.image(named: name) else { return nil }
            return try? cache.frame(of: image, at: min(max(0, index), image.frameCount - 1))
        }, contentBounds: { library.contentBounds(named: $0) })
    }
}
