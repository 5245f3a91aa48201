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
/// Kinds: what any drawn subject has (`label`, `view`, `text`, `point`), and `target`,
/// a kind its subject defines (the chat screen's `input`, `panel.emoji`...: ChatHarness
/// registers them in a `FinderVocabulary` and adds static constructors such as
/// `Finder.emoji(_:)`, exactly as a user's own screen adds its own). Modifiers (`first`,
/// `nth`, `within`) narrow another finder; they nest.
public indirect enum Finder: Hashable, Sendable, CustomStringConvertible {
    /// `label "…"`: drawn items with this accessibility label (topmost first touched).
    case label(String)
    /// `view NAME`: what the view with this name and its subviews (`NAME.*`) draw.
    case view(String)
    /// `text "…"`: drawn text whose whole content is this (emoji as `[code]`).
    case text(String)
    /// `X,Y`: a point in the subject's coordinates.
    case point(Point)
    /// A kind the subject defines and resolves (`panel.emoji 笑哭`, `list.row 3`).
    case target(FinderTarget)
    /// `T first`: the first match of `T` in paint order.
    case first(Finder)
    /// `T nth N`: match N (0-based) of `T` in paint order.
    case nth(Finder, Int)
    /// `T within C`: the matches of `T` whose centre lies inside what `C` finds (in
    /// scripts `C` is a finder without modifiers).
    case within(Finder, Finder)

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
        if case .target(let t) = self { return t.isRegion }
        return false
    }

    /// The script spelling: what the parser reads back to this value.
    public var description: String {
        switch self {
        case .label(let l): return "label " + quotedLiteral(l)
        case .view(let v): return "view " + (Finder.isViewName(v) ? v : quotedLiteral(v))
        case .text(let t): return "text " + quotedLiteral(t)
        case .point(let p): return plainDecimal(p.x) + "," + plainDecimal(p.y)
        case .target(let t): return t.description
        case .first(let f): return f.description + " first"
        case .nth(let f, let n): return f.description + " nth \(n)"
        case .within(let f, let c):
            // Scripts read modifiers left to right and `within` takes a plain finder,
            // so `label "a" within panel nth 1` is nth(within(label, panel), 1).
            return f.description + " within " + c.description
        }
    }

    /// True when the script lexer reads `s` back as one bare word (no whitespace, `"`,
    /// `#` or control characters), so a word argument (`panel.emoji 哈哈`) prints as written.
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
