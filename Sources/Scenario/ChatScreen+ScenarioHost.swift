import SimCore
import EmojiText
import Imaging
import Interaction
import Raster
import ChatUI

/// The real screen as a scenario host: targets map to ChatScreen's named points,
/// editing actions to InputBar actions, queries to its models.
extension ChatScreen: ScenarioHost {
    public var size: Size { profile.size }

    public func location(of target: Target) -> Point? {
        let name: String
        switch target {
        case .point(let p): return p
        case .input: name = "textView"
        case .toggle: name = "toggle"
        case .send: name = "send"
        case .list: name = "list"
        case .outside: name = "outside"
        case .panel:
            guard shownKeyboard == .emoji else { return nil }
            return keyboardFrame().center
        case .panelDelete: name = "delete"
        case .panelEmoji(let code): name = "emoji:" + code
        case .panelCell(let row, let column):
            guard shownKeyboard == .emoji, row < panel.state.configuration.rows, column < panel.state.configuration.columns else { return nil }
            let p = panel.location(row: row, column: column)
            let kb = keyboardFrame().origin
            return Point(x: kb.x + p.x, y: kb.y + p.y)
        case .panelTab(.index(let i)): name = "tab:\(i)"
        case .panelTab(.name(let n)):
            guard let i = panel.state.sections.firstIndex(where: { $0.name == n }) else { return nil }
            name = "tab:\(i)"
        case .listRow(let r): name = "row:\(r)"
        }
        do throws(ChatScreenError) { return try point(of: name) } catch { return nil }
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
            case .search(let q): panel.search(q)
            case .searchClear: panel.clearSearch()
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
        let kb: KeyboardName
        switch keyboard {
        case .none: kb = .none
        case .system: kb = .system
        case .emoji: kb = .emoji
        }
        return HostState(
            keyboard: kb, sendEnabled: isSendEnabled, input: inputServerText, caret: caret.upperBound,
            panelPage: p.pageInGroup, panelPageCount: p.pagesInGroup, panelGroupIndex: p.currentSection,
            panelGroupName: p.currentGroupName, panelGroupCount: p.sections.count,
            preview: panelPreview?.code,
            panelResults: p.query == nil ? 0 : p.sections.reduce(0) { $0 + $1.emoji.count },
            listCount: messageCount,
            listVisible: visible.isEmpty ? nil : visible.lowerBound...(visible.upperBound - 1),
            listLast: lastMessageText, animating: animatingPlayerCount, pasteboard: pasteboard ?? "")
    }

    /// Only the component's own items, drawn at the origin: a panel tree holds no list
    /// rows or navigation bar, so it changes only when the panel does. Nil when the
    /// component is not on screen (the panel without the emoji keyboard, the list with
    /// no height, a bar pushed below the screen). O(component items).
    public func displayList(of subject: SnapshotSubject) -> DisplayList? {
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
            list.setViewportHeight(frame.height)
            var part = DisplayList(size: frame.size)
            list.draw(into: &part, frame: Rect(origin: .zero, size: frame.size))
            return part
        case .input:
            let frame = inputBarFrame(at: now)
            guard onScreen(frame) else { return nil }
            var part = DisplayList(size: frame.size)
            part.clipped(to: Rect(origin: .zero, size: frame.size), view: "InputBar") {
                inputBar.draw(into: &$0, at: now, origin: .zero)
            }
            return part
        case .panel:
            let frame = keyboardFrame(at: now)
            guard shownKeyboard == .emoji, onScreen(frame) else { return nil }
            let bounds = Rect(origin: .zero, size: frame.size)
            var part = DisplayList(size: frame.size)
            part.clipped(to: bounds, view: "emojiPanel") { d in
                d.fill(bounds, .panelBackground, view: "emojiPanel")
                panel.draw(into: &d, at: .zero)
            }
            return part
        }
    }

    public var imageProvider: ImageProvider {
        let library = images
        let cache = frameCache
        return ImageProvider { name, index in
            guard let image = try? library.image(named: name) else { return nil }
            return try? cache.frame(of: image, at: min(max(0, index), image.frameCount - 1))
        }
    }

    public func invariantViolations() -> [String] {
        var out = list.invariantViolations()
        let editor = inputBar.editor
        let sel = caret
        if sel.lowerBound < 0 || sel.upperBound > editor.unitCount {
            out.append("input selection \(sel) outside 0...\(editor.unitCount)")
        }
        // No unit is ever split: the units spell the plain text exactly, and the plain
        // text scans back to the same units.
        if editor.units.map(\.plainText).joined() != editor.plainText {
            out.append("input units do not spell the plain text")
        }
        let reparsed = RichText(parsing: editor.plainText, catalog: catalog)
        if reparsed.plainText != editor.plainText || reparsed.unitCount != editor.unitCount {
            out.append("input plain -> rich -> plain is not the identity for \(editor.plainText.debugDescription)")
        }
        let offset = panel.state.offset, maxOffset = panel.state.layout.maxOffset
        if !panel.state.isScrolling && (offset < -0.5 || offset > maxOffset + 0.5) {
            out.append("panel offset \(formatPoints(offset)) outside 0...\(formatPoints(maxOffset)) at rest")
        }
        return out
    }
}
