import SimCore
import Tester
import ChatUI

/// The chat screen's target kinds: their script spellings and argument grammar, in the
/// order the parser's unknown-target message lists them. The one place they are
/// spelled; a user's screen registers its own kinds the same way.
extension FinderVocabulary {
    /// The chat screen's kinds (`input`, `panel.emoji CODE`, `list.row N`...).
    public static let chatScreen = FinderVocabulary(ChatTarget.kinds)
}

/// A tab of the category bar (`panel.tab N|"name"`, `expect panel.group`).
public enum ChatTab: Hashable, Sendable {
    /// By position, 0 first.
    case index(Int)
    /// By name or title (`"经典"`, `"动图"`).
    case name(String)

    var argument: FinderArgument {
        switch self {
        case .index(let i): return .number(i)
        case .name(let n): return .string(n)
        }
    }
}

// The Swift spellings of the chat screen's targets: `try tester.tap(.emoji("笑哭"))`.
extension Finder {
    /// A tab of the category bar.
    public typealias Tab = ChatTab
    /// An end of the selection (its grab handle).
    public typealias HandleEnd = SelectionHandleEnd

    /// `input`: the input bar's text view.
    public static var input: Finder { ChatTarget.input.finder }
    /// `input at N`: the caret boundary before unit N of the text view (an emoji is one
    /// unit; N may be the length, the end of the text).
    public static func inputAt(_ n: Int) -> Finder { ChatTarget.inputAt(n).finder }
    /// `input.handle start|end`: a grab handle of the text view's selection.
    public static func selectionHandle(_ end: HandleEnd) -> Finder { ChatTarget.selectionHandle(end).finder }
    /// `toggle`: the input bar's keyboard toggle.
    public static var toggle: Finder { ChatTarget.toggle.finder }
    /// `send`: the input bar's send button.
    public static var send: Finder { ChatTarget.send.finder }
    /// `list`: the message list (a region: swipes start wherever they fit).
    public static var list: Finder { ChatTarget.list.finder }
    /// `outside`: the list, tapped to dismiss the keyboard.
    public static var outside: Finder { ChatTarget.outside.finder }
    /// `panel`: the emoji panel (a region).
    public static var panel: Finder { ChatTarget.panel.finder }
    /// `panel.delete`: the panel's delete key.
    public static var delete: Finder { ChatTarget.delete.finder }
    /// `panel.emoji CODE`: the key of an emoji on the panel's current page, by code or
    /// by its characters.
    public static func emoji(_ code: String) -> Finder { ChatTarget.emoji(code).finder }
    /// `panel.cell R C`: a cell of the panel's current page, by row and column.
    public static func cell(row: Int, column: Int) -> Finder { ChatTarget.cell(row: row, column: column).finder }
    /// `panel.tab N|"name"`: a tab of the category bar, by index, name or title.
    public static func tab(_ tab: Tab) -> Finder { ChatTarget.tab(tab).finder }
    /// `panel.dot N`: the panel's page dot N of the current group.
    public static func pageDot(_ n: Int) -> Finder { ChatTarget.pageDot(n).finder }
    /// `panel.skin-tone N`: item N of the skin-tone picker (0: the base emoji); in the
    /// two-row picker of a two-person emoji, tone cell N (0-4 the first person's
    /// light to dark, 5-9 the second's).
    public static func skinTone(_ n: Int) -> Finder { ChatTarget.skinTone(n).finder }
    /// `panel.search`: the panel's search field.
    public static var searchField: Finder { ChatTarget.searchField.finder }
    /// `list.row N`: the bubble of message N (0: the oldest).
    public static func row(_ n: Int) -> Finder { ChatTarget.row(n).finder }
}

/// A chat screen target decoded from its `FinderTarget`, for the screen's resolution.
enum ChatTarget: Hashable, Sendable {
    case input, inputAt(Int), selectionHandle(SelectionHandleEnd), toggle, send, list, outside, panel, delete
    case emoji(String), cell(row: Int, column: Int), tab(ChatTab), pageDot(Int), skinTone(Int), searchField, row(Int)

    static let input_ = FinderKind("input")
    static let inputAt_ = FinderKind("input at", [.count("a unit position")], help: "input at N")
    // The words as one literal (`FinderArgumentGrammar.choice`): an array built in this
    // global's initializer showed as a leak under ASan in the -O fuzz build (its pointer
    // sits in an enum payload), and an array literal here crashed the Embedded compiler.
    static let handle_ = FinderKind("input.handle", [.choice("a handle", "start|end")],
                                    help: "input.handle start|end")
    static let toggle_ = FinderKind("toggle")
    static let send_ = FinderKind("send")
    static let list_ = FinderKind("list", isRegion: true)
    static let outside_ = FinderKind("outside")
    static let panel_ = FinderKind("panel", isRegion: true)
    static let delete_ = FinderKind("panel.delete")
    static let emoji_ = FinderKind("panel.emoji", [.token("an emoji code or \"emoji\"")])
    static let cell_ = FinderKind("panel.cell", [.count("a row"), .count("a column")])
    static let tab_ = FinderKind("panel.tab", [.indexOrName("a tab index or \"name\"")])
    static let dot_ = FinderKind("panel.dot", [.count("a page dot index")])
    static let skin_ = FinderKind("panel.skin-tone", [.count("a skin-tone item index")])
    static let search_ = FinderKind("panel.search")
    static let row_ = FinderKind("list.row", [.count("a row index")])

    /// In the order the unknown-target message has always listed them.
    static let kinds = [input_, inputAt_, handle_, toggle_, send_, list_, outside_, panel_, delete_, emoji_, cell_,
                        tab_, dot_, skin_, search_, row_]

    var finder: Finder {
        switch self {
        case .input: return ChatTarget.input_()
        case .inputAt(let n): return ChatTarget.inputAt_(.number(n))
        case .selectionHandle(let e): return ChatTarget.handle_(.word(e.rawValue))
        case .toggle: return ChatTarget.toggle_()
        case .send: return ChatTarget.send_()
        case .list: return ChatTarget.list_()
        case .outside: return ChatTarget.outside_()
        case .panel: return ChatTarget.panel_()
        case .delete: return ChatTarget.delete_()
        case .emoji(let c): return ChatTarget.emoji_(.word(c))
        case .cell(let r, let c): return ChatTarget.cell_(.number(r), .number(c))
        case .tab(let t): return ChatTarget.tab_(t.argument)
        case .pageDot(let n): return ChatTarget.dot_(.number(n))
        case .skinTone(let n): return ChatTarget.skin_(.number(n))
        case .searchField: return ChatTarget.search_()
        case .row(let n): return ChatTarget.row_(.number(n))
        }
    }

    /// The chat target `finder` names, nil for a generic finder, a modifier, or another
    /// subject's kind (or a chat kind with arguments its grammar does not make).
    init?(_ finder: Finder) {
        guard case .target(let t) = finder else { return nil }
        let a = t.arguments
        switch (t.kind, a.count) {
        case ("input", 0): self = .input
        case ("input at", 1): guard let n = t.number(0) else { return nil }; self = .inputAt(n)
        case ("input.handle", 1):
            guard let w = t.text(0), let e = SelectionHandleEnd(rawValue: w) else { return nil }
            self = .selectionHandle(e)
        case ("toggle", 0): self = .toggle
        case ("send", 0): self = .send
        case ("list", 0): self = .list
        case ("outside", 0): self = .outside
        case ("panel", 0): self = .panel
        case ("panel.delete", 0): self = .delete
        case ("panel.emoji", 1): guard let c = t.text(0) else { return nil }; self = .emoji(c)
        case ("panel.cell", 2):
            guard let r = t.number(0), let c = t.number(1) else { return nil }
            self = .cell(row: r, column: c)
        case ("panel.tab", 1):
            if let i = t.number(0) { self = .tab(.index(i)) } else if let n = t.text(0) { self = .tab(.name(n)) } else { return nil }
        case ("panel.dot", 1): guard let n = t.number(0) else { return nil }; self = .pageDot(n)
        case ("panel.skin-tone", 1): guard let n = t.number(0) else { return nil }; self = .skinTone(n)
        case ("panel.search", 0): self = .searchField
        case ("list.row", 1): guard let n = t.number(0) else { return nil }; self = .row(n)
        default: return nil
        }
    }
}
