import SimCore
import EmojiText
import Imaging
import Interaction
import Raster
import ChatUI
import Tester
import ChatHarness

/// The real screen's host as a scenario host: targets are finders the screen resolves
/// (`ChatScreen.resolve(_:in:at:)`, ChatHarness/ChatScreen+Finders.swift), editing actions map to
/// the screen's actions, queries to its state.
extension Host: ScenarioHost, ChatScenarioHost, MonkeyHost where R == ChatScreen {
    /// The device's screen size in points.
    public var size: Size { profile.size }

    /// Typing and editing through the input bar, `receive` into the list, `search` on
    /// the panel, memory warnings and resizes (`ScriptVocabulary.chatScreen`'s verbs);
    /// touches and time are the runner's.
    /// - Parameter verb: A script line's non-touch action.
    /// - Throws: `ScenarioHostError` with the input bar's refusal (or a resize's) in
    ///   its words (what a script prints after the refused line).
    public func perform(_ verb: ScriptPhrase) throws(ScenarioHostError) {
        guard ChatWords.verbs.contains(where: { $0.words == verb.words }) else {
            throw ScenarioHostError("the chat screen has no verb '\(verb.words)'")
        }
        do throws(ChatScreenError) {
            func bar(_ a: InputBar.Action) throws(ChatScreenError) { try perform(a) }
            switch verb.words {
            case "type": try bar(.type(verb.text(0) ?? ""))
            case "compose":
                try bar(.compose(verb.text(0) ?? ""))
                if let commit = verb.text(2) {
                    // The IME replaces the marked text by its conversion, then commits.
                    try bar(.compose(commit))
                    try bar(.commitComposition)
                }
            case "backspace": for _ in 0..<(verb.number(0) ?? 1) { try bar(.backspace) }
            case "select": try bar(.select(location: verb.number(0) ?? 0, length: verb.number(1) ?? 0))
            case "select-all": try bar(.selectAll)
            case "cut": try bar(.cut)
            case "copy": try bar(.copy)
            case "paste":
                if let text = verb.text(0) { setPasteboard(text) }
                try bar(.paste)
            case "undo": try bar(.undo)
            case "redo": try bar(.redo)
            case "receive": receive(verb.text(0) ?? "")
            case "search":
                if verb.arguments == [.word("clear")] { sendPanel(.clearSearch) } else { sendPanel(.search(verb.text(0) ?? "")) }
            case "memory-warning": simulateMemoryWarning()
            case "resize":
                guard case .size(let w, let h, _)? = verb.arguments.first else { break }
                try resize(to: Size(width: w, height: h))
            default: break
            }
        } catch {
            throw ScenarioHostError(error.description)
        }
    }

    /// The host's `revision` while nothing moves, no GIF plays and no finger is down:
    /// the screen then draws from the state alone (every change of it is an action the
    /// revision counts); nil otherwise, as the screen then changes with time.
    /// - Complexity: O(the reducer's `motion`).
    public var screenRevision: UInt64? {
        guard animatingPlayerCount == 0, !hasFingerDown, motion.isEmpty else { return nil }
        return revision
    }

    /// The facts expectations read, from the state now.
    /// - Complexity: O(the input's text + the panel's groups).
    public var facts: ScenarioFacts {
        let p = panel
        let visible = visibleRows
        let kb: KeyboardKind
        switch keyboard {
        case .none: kb = .none
        case .system: kb = .system
        case .emoji: kb = .emoji
        }
        return ScenarioFacts(
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
    /// no height, a bar pushed below the screen). Pure: the driver lays the screen out
    /// first (`layout(for: nil)` sends `.layout`), as UIKit does before a snapshot.
    /// - Complexity: O(the component's drawn items).
    public func displayList(of subject: Script.SnapshotSubject) -> DisplayList? {
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
            listModel.drawing(list).draw(into: &part, in: part.bounds)
            return part
        case .input:
            let frame = inputBarFrame(at: now)
            guard onScreen(frame) else { return nil }
            var part = DisplayList(size: frame.size)
            // The loupe may cover the screen, which lies at minus the frame's origin here.
            let screenArea = screen.offsetBy(dx: -frame.minX, dy: -frame.minY)
            let bounds = part.bounds
            part.clipped(to: bounds, view: "InputBar") {
                inputBar.drawing(at: now).draw(into: &$0, in: bounds)
                inputBar.loupeDrawing(barOrigin: .zero, at: now).draw(into: &$0, in: screenArea)
            }
            return part
        default:
            guard subject == .panel else { return nil }
            let frame = keyboardFrame(at: now)
            guard shownKeyboard == .emoji, onScreen(frame) else { return nil }
            let bounds = Rect(origin: .zero, size: frame.size)
            var part = DisplayList(size: frame.size)
            // The overlays may cover the screen, which lies at minus the frame's origin here.
            let screenArea = screen.offsetBy(dx: -frame.minX, dy: -frame.minY)
            part.clipped(to: bounds, view: ChatScreen.emojiPanelView) { d in
                d.fill(bounds, .panelBackground, view: ChatScreen.emojiPanelView)
                panel.draw(into: &d, in: bounds)
                panel.overlayDrawing(panelOrigin: .zero, at: now).draw(into: &d, in: screenArea)
            }
            return part
        }
    }
}
