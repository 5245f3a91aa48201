import SimCore

/// What a touch or an expectation is aimed at, as a value: the one vocabulary of
/// scripts (`tap panel.emoji 笑哭`) and Swift tests (`try tester.tap(.emoji("笑哭"))`),
/// as Flutter's `find.*` and Playwright's locators. A finder says nothing about where
/// the thing is; `Testable.resolve(_:)` answers that against what is drawn now.
///
/// `description` is the script spelling, so every failure names the finder exactly as
/// a script would write it (`panel.emoji 笑哭`, `label "微笑" nth 2`), and printing a
/// parsed finder reads back to the same value.
///
/// Kinds: what any drawn subject has (`label`, `view`, `text`, `point`), and the chat
/// screen's components (the rest), which the screen resolves from its models' geometry.
/// Modifiers (`first`, `nth`, `within`) narrow another finder; they nest.
public indirect enum Finder: Hashable, Sendable, CustomStringConvertible {
    /// `label "…"`: drawn items with this accessibility label (topmost first touched).
    case label(String)
    /// `view NAME`: what the view with this name and its subviews (`NAME.*`) draw.
    case view(String)
    /// `text "…"`: drawn text whose whole content is this (emoji as `[code]`).
    case text(String)
    /// `X,Y`: a point in the subject's coordinates.
    case point(Point)
    /// `input`: the input bar's text view.
    case input
    /// `input at N`: the caret boundary before unit N of the text view (an emoji is one
    /// unit; N may be the length, the end of the text).
    case inputAt(Int)
    /// `input.handle start|end`: a grab handle of the text view's selection.
    case selectionHandle(HandleEnd)
    /// `toggle`: the input bar's keyboard toggle.
    case toggle
    /// `send`: the input bar's send button.
    case send
    /// `list`: the message list (a region: swipes start wherever they fit).
    case list
    /// `outside`: the list, tapped to dismiss the keyboard.
    case outside
    /// `panel`: the emoji panel (a region).
    case panel
    /// `panel.delete`: the panel's delete key.
    case delete
    /// `panel.emoji CODE`: the key of an emoji on the panel's current page, by code or
    /// by its characters.
    case emoji(String)
    /// `panel.cell R C`: a cell of the panel's current page, by row and column.
    case cell(row: Int, column: Int)
    /// `panel.tab N|"name"`: a tab of the category bar, by index, name or title.
    case tab(Tab)
    /// `panel.dot N`: the panel's page dot N of the current group.
    case pageDot(Int)
    /// `panel.skin-tone N`: item N of the skin-tone picker (0: the base emoji); in the
    /// two-row picker of a two-person emoji, tone cell N (0-4 the first person's
    /// light to dark, 5-9 the second's).
    case skinTone(Int)
    /// `panel.search`: the panel's search field.
    case searchField
    /// `list.row N`: the bubble of message N (0: the oldest).
    case row(Int)
    /// `T first`: the first match of `T` in paint order.
    case first(Finder)
    /// `T nth N`: match N (0-based) of `T` in paint order.
    case nth(Finder, Int)
    /// `T within C`: the matches of `T` whose centre lies inside what `C` finds (in
    /// scripts `C` is a finder without modifiers).
    case within(Finder, Finder)

    /// A tab of the category bar.
    public enum Tab: Hashable, Sendable {
        /// By position, 0 first.
        case index(Int)
        /// By name or title (`"经典"`, `"动图"`).
        case name(String)
    }

    /// An end of the selection (its grab handle).
    public enum HandleEnd: String, Hashable, Sendable, CaseIterable {
        /// The handle before the first selected unit.
        case start
        /// The handle after the last selected unit.
        case end
    }

    /// The finder a modifier narrows, recursively; the finder itself when it has none.
    public var base: Finder {
        switch self {
        case .first(let f), .nth(let f, _), .within(let f, _): return f.base
        default: return self
        }
    }

    /// True for kinds resolved from the display list alone (`label`, `view`, `text`),
    /// whatever the subject.
    public var isDrawnKind: Bool {
        switch base {
        case .label, .view, .text: return true
        default: return false
        }
    }

    /// True for regions (the panel, the list): a swipe or drag on one starts wherever
    /// its whole path stays on screen; other finders start at their point.
    public var isRegion: Bool {
        switch self {
        case .panel, .list: return true
        default: return false
        }
    }

    /// The script spelling: what the parser reads back to this value.
    public var description: String {
        switch self {
        case .label(let l): return "label " + quotedLiteral(l)
        case .view(let v): return "view " + (Finder.isViewName(v) ? v : quotedLiteral(v))
        case .text(let t): return "text " + quotedLiteral(t)
        case .point(let p): return plainDecimal(p.x) + "," + plainDecimal(p.y)
        case .input: return "input"
        case .inputAt(let n): return "input at \(n)"
        case .selectionHandle(let e): return "input.handle " + e.rawValue
        case .toggle: return "toggle"
        case .send: return "send"
        case .list: return "list"
        case .outside: return "outside"
        case .panel: return "panel"
        case .delete: return "panel.delete"
        case .emoji(let e): return "panel.emoji " + (Finder.lexesAsWord(e) ? e : quotedLiteral(e))
        case .cell(let r, let c): return "panel.cell \(r) \(c)"
        case .tab(.index(let i)): return "panel.tab \(i)"
        case .tab(.name(let n)): return "panel.tab " + quotedLiteral(n)
        case .pageDot(let i): return "panel.dot \(i)"
        case .skinTone(let i): return "panel.skin-tone \(i)"
        case .searchField: return "panel.search"
        case .row(let r): return "list.row \(r)"
        case .first(let f): return f.description + " first"
        case .nth(let f, let n): return f.description + " nth \(n)"
        case .within(let f, let c):
            // Scripts read modifiers left to right and `within` takes a plain finder,
            // so `label "a" within panel nth 1` is nth(within(label, panel), 1).
            return f.description + " within " + c.description
        }
    }

    /// True when the script lexer reads `s` back as one bare word (no whitespace, `"`,
    /// `#` or control characters), so `panel.emoji 哈哈` prints as written.
    public static func lexesAsWord(_ s: String) -> Bool {
        !s.isEmpty && s.unicodeScalars.allSatisfy {
            $0.value > 0x20 && $0.value != 0x7F && $0 != "\"" && $0 != "#" && !$0.properties.isWhitespace
        }
    }

    /// True when `s` prints bare after `view` (ASCII letters, digits, `_`, `-`, `.`).
    public static func isViewName(_ s: String) -> Bool {
        !s.isEmpty && s.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" || $0 == ".")
        }
    }
}
