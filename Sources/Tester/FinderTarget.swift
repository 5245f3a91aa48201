import SimCore

/// A finder kind its subject defines, as a value: the kind's script spelling and its
/// arguments (`panel.emoji 笑哭` is kind `panel.emoji`, argument `笑哭`; `input at 3` is
/// kind `input at`, argument 3). The Tester never looks inside: the subject's
/// `resolve(_:)` decodes it, and `description` spells it the way a script writes it,
/// so failures name it exactly. A subject lists its kinds in a `FinderVocabulary`,
/// which the script parser reads them with.
public struct FinderTarget: Hashable, Sendable, CustomStringConvertible {
    /// The kind's words as a script writes them before the arguments (`panel.emoji`,
    /// `input at`).
    public var kind: String
    /// The arguments after the kind, in order.
    public var arguments: [FinderArgument]
    /// True for a region (the chat screen's panel and list): a swipe or drag on it starts
    /// wherever its whole path stays on screen; other targets start at their point.
    public var isRegion: Bool

    /// A target of a subject-defined kind.
    ///
    /// - Parameters:
    ///   - kind: The kind's script words.
    ///   - arguments: Its arguments.
    ///   - isRegion: Whether gestures on it start anywhere inside it.
    public init(_ kind: String, _ arguments: [FinderArgument] = [], isRegion: Bool = false) {
        self.kind = kind
        self.arguments = arguments
        self.isRegion = isRegion
    }

    /// The script spelling: the kind, then each argument after a space.
    public var description: String {
        arguments.reduce(kind) { $0 + " " + $1.description }
    }

    /// Argument `i` when it is a number, nil otherwise (or when there is none).
    public func number(_ i: Int) -> Int? { arguments.indices.contains(i) ? arguments[i].number : nil }

    /// Argument `i` when it is a word, a string or a name, nil otherwise (or when there is none).
    public func text(_ i: Int) -> String? { arguments.indices.contains(i) ? arguments[i].text : nil }
}

/// One argument of a `FinderTarget` or of a subject's script phrase (a verb, a fact, a
/// setup line), typed by how it is written, so that a value prints itself the way the
/// parser reads it back.
public enum FinderArgument: Hashable, Sendable, CustomStringConvertible {
    /// A whole number, written in decimal (`list.row 3`).
    case number(Int)
    /// A word: written bare when the lexer reads it back as one word, else quoted
    /// (`panel.emoji 笑哭`, `input.handle start`).
    case word(String)
    /// A string, always quoted (`panel.tab "动图"`).
    case string(String)
    /// A name written bare when it is ASCII letters, digits, `_` and `-` only and not
    /// `none` (which reads back as the keyword), else quoted (`expect preview 001`).
    case name(String)
    /// A range of whole numbers, `A..B`.
    case range(Int, Int)
    /// A size `WxH`, with a scale `WxH@S` when it has one.
    case size(Double, Double, scale: Int?)
    /// A duration in milliseconds (`300ms`, `0.5ms`).
    case duration(SimDuration)

    /// The script spelling.
    public var description: String {
        switch self {
        case .number(let n): return "\(n)"
        case .word(let w): return Finder.lexesAsWord(w) ? w : quotedLiteral(w)
        case .string(let s): return quotedLiteral(s)
        case .name(let n): return FinderArgument.isBareName(n) && n != "none" ? n : quotedLiteral(n)
        case .range(let a, let b): return "\(a)..\(b)"
        case .size(let w, let h, let scale): return plainDecimal(w) + "x" + plainDecimal(h) + (scale.map { "@\($0)" } ?? "")
        case .duration(let d): return FinderArgument.spell(d)
        }
    }

    /// True for ASCII letters, digits, `_` and `-` only (not empty).
    public static func isBareName(_ s: String) -> Bool {
        !s.isEmpty && s.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
    }

    /// A duration as scripts write it: whole milliseconds when it is, else the shortest
    /// decimal of milliseconds (`300ms`, `0.5ms`).
    public static func spell(_ d: SimDuration) -> String {
        let perMs = ticksPerSecond / 1000
        if d.ticks % perMs == 0 { return "\(d.ticks / perMs)ms" }
        return plainDecimal(d.milliseconds) + "ms"
    }

    /// The number, nil for another kind.
    public var number: Int? { if case .number(let n) = self { return n }; return nil }
    /// The text of a word, string or name, nil for another kind.
    public var text: String? {
        switch self {
        case .word(let t), .string(let t), .name(let t): return t
        default: return nil
        }
    }
}

/// How one argument of a target kind is written, and the words its parse errors use.
public enum FinderArgumentGrammar: Hashable, Sendable {
    /// A whole number from 0 to the parser's count limit; `what` names it in errors
    /// ("a row").
    case count(String)
    /// Any one token, word or string, kept as a `.word` (an emoji code: `笑哭` or
    /// `"笑哭"`).
    case token(String)
    /// A quoted string.
    case string(String)
    /// One of the words listed in the second string, separated by `|` (`start|end`):
    /// one string, so a kind is a value of literals only.
    case choice(String, String)
    /// A quoted name (`.string`) or an index of 0 or more (`.number`) (`panel.tab`).
    case indexOrName(String)
}

/// One target kind of a subject: its spelling, argument grammar and whether it is a
/// region, as the parser reads it and the printer writes it.
public struct FinderKind: Hashable, Sendable {
    /// The kind's words (`panel.emoji`; `input at`: the head word, then literal words).
    public var kind: String
    /// Its arguments, in order.
    public var arguments: [FinderArgumentGrammar]
    /// Whether gestures on it start anywhere inside it (`FinderTarget.isRegion`).
    public var isRegion: Bool
    /// How the parser's unknown-target message lists it (`input at N`, `panel.emoji`).
    public var help: String

    /// A kind.
    ///
    /// - Parameters:
    ///   - kind: Its words.
    ///   - arguments: Its argument grammar.
    ///   - isRegion: Whether it is a region.
    ///   - help: Its listing in the unknown-target message (default: `kind`).
    public init(_ kind: String, _ arguments: [FinderArgumentGrammar] = [], isRegion: Bool = false, help: String? = nil) {
        self.kind = kind
        self.arguments = arguments
        self.isRegion = isRegion
        self.help = help ?? kind
    }

    /// The kind's first word (what a script line's target starts with).
    public var head: Substring { kind.split(separator: " ").first ?? Substring(kind) }

    /// A target of this kind with `arguments` (`isRegion` from the kind).
    public func callAsFunction(_ arguments: FinderArgument...) -> Finder {
        .target(FinderTarget(kind, arguments, isRegion: isRegion))
    }
}

/// The target kinds a subject adds to the generic finders (`label`, `view`, `text`, a
/// point), in the order the parser's messages list them. A value: a subject registers
/// its vocabulary by passing it where scripts are read.
public struct FinderVocabulary: Hashable, Sendable {
    /// The kinds, in listing order.
    public var kinds: [FinderKind]

    /// A vocabulary of these kinds.
    /// - Parameter kinds: The kinds, in listing order.
    public init(_ kinds: [FinderKind] = []) { self.kinds = kinds }

    /// No kinds of its own: the generic finders only.
    public static let generic = FinderVocabulary()

    /// The kinds whose first word is `head`, longest spelling first (so `input at`
    /// is tried before `input`).
    public func kinds(headed head: String) -> [FinderKind] {
        kinds.filter { $0.head == head }.sorted { $0.kind.count > $1.kind.count }
    }
}
