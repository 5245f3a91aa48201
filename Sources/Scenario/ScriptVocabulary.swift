import SimCore
import Tester

/// A subject's own line of a script, as a value: its words and arguments (`type "你好"`,
/// `expect panel.page 1 of 3`'s `panel.page 1 of 3`, `set touch.rate 120`'s `set
/// touch.rate 120`). It prints itself the way the parser reads it back; the subject's
/// host gives it meaning (`ScenarioHost.perform(_:)`, `check(_:)`, its setup).
public struct ScriptPhrase: Hashable, Sendable, CustomStringConvertible {
    /// The phrase's word (`type`, `panel.page`, `set`).
    public var words: String
    /// What follows it, in order (a keyword such as `of` or `commit` is a `.word`).
    public var arguments: [FinderArgument]

    /// A phrase.
    ///
    /// - Parameters:
    ///   - words: Its word.
    ///   - arguments: Its arguments.
    public init(_ words: String, _ arguments: [FinderArgument] = []) {
        self.words = words
        self.arguments = arguments
    }

    /// The script spelling: the word, then each argument after a space.
    public var description: String { arguments.reduce(words) { $0 + " " + $1.description } }

    /// Argument `i` when it is a number.
    public func number(_ i: Int) -> Int? { arguments.indices.contains(i) ? arguments[i].number : nil }
    /// Argument `i` when it is a word, a string or a name.
    public func text(_ i: Int) -> String? { arguments.indices.contains(i) ? arguments[i].text : nil }
}

/// How one of a subject's phrases is read: its word, and a function that reads the
/// rest of the line with a `ScriptReader` and returns the arguments, or nil when the
/// line is not this phrase after all (`expect send visible` is a finder expectation,
/// `expect send enabled` the send fact). Errors keep their place and wording: the
/// reader's `error` names the token.
public struct ScriptPhraseKind: Sendable {
    /// The first word of the line (after `expect` for a fact).
    public var words: String
    /// Reads the arguments.
    public var read: @Sendable (inout ScriptReader) throws(ScriptError) -> [FinderArgument]?
    /// True for a fact whose value is quoted text and whose word is also a target's
    /// (`expect input "…"`): an unquoted word after it gets a hint to quote it.
    public var quotesText: Bool

    /// A phrase kind.
    ///
    /// - Parameters:
    ///   - words: Its word.
    ///   - quotesText: Whether its value is quoted text (see ``quotesText``).
    ///   - read: Reads its arguments (nil: not this phrase, for facts whose word is
    ///     also a target's).
    public init(_ words: String, quotesText: Bool = false,
                read: @escaping @Sendable (inout ScriptReader) throws(ScriptError) -> [FinderArgument]?) {
        self.words = words
        self.quotesText = quotesText
        self.read = read
    }

    /// A phrase with no arguments.
    public init(_ words: String) {
        self.init(words) { (_: inout ScriptReader) throws(ScriptError) in [] }
    }
}

/// A subject's own words in the scenario language, as a value the parser reads and the
/// host answers: its target kinds, its non-touch verbs, the facts its expectations
/// read, its setup lines and its snapshot subjects. The generic language (the
/// gestures, `wait`, `settle`, `timing`, the finders `label`, `view`, `text` and
/// points with their modifiers, the finder and trace expectations, `snapshot`) needs
/// none of it. A subject registers its words by passing its vocabulary where scripts
/// are parsed (`ScriptParser.parse(_:name:vocabulary:)`).
public struct ScriptVocabulary: Sendable {
    /// The subject's target kinds.
    public var targets: FinderVocabulary
    /// Its non-touch actions (`type`, `receive`), in the order messages list them.
    public var verbs: [ScriptPhraseKind]
    /// Its facts (`expect keyboard emoji`), in the order messages list them.
    public var facts: [ScriptPhraseKind]
    /// Its setup lines (`device`, `set`), which must come before the first action.
    public var setup: [ScriptPhraseKind]
    /// What a snapshot may draw besides `screen` (`panel`, `input`, `list`).
    public var snapshotSubjects: [String]

    /// A vocabulary.
    ///
    /// - Parameters:
    ///   - targets: The target kinds.
    ///   - verbs: The non-touch actions.
    ///   - facts: The facts expectations read.
    ///   - setup: The setup lines.
    ///   - snapshotSubjects: The snapshot subjects besides `screen`.
    public init(targets: FinderVocabulary = .generic, verbs: [ScriptPhraseKind] = [], facts: [ScriptPhraseKind] = [],
                setup: [ScriptPhraseKind] = [], snapshotSubjects: [String] = []) {
        self.targets = targets
        self.verbs = verbs
        self.facts = facts
        self.setup = setup
        self.snapshotSubjects = snapshotSubjects
    }

    /// The generic language only.
    public static let generic = ScriptVocabulary()

    func verb(_ w: String) -> ScriptPhraseKind? { verbs.first { $0.words == w } }
    func fact(_ w: String) -> ScriptPhraseKind? { facts.first { $0.words == w } }
    func setupLine(_ w: String) -> ScriptPhraseKind? { setup.first { $0.words == w } }
}

/// The rest of a script line, read left to right by a subject's `ScriptPhraseKind`.
/// Every error names the token it is about (or the end of the line), in the parser's
/// words (`expected a row (a whole number), found 'x'`).
public struct ScriptReader {
    var parser: LineParser

    init(_ parser: LineParser) { self.parser = parser }

    /// True when the line has no more tokens.
    public var atEnd: Bool { parser.peek == nil }
    /// The next token's text when it is a bare word (not consumed), nil otherwise.
    public var peekWord: String? {
        guard let t = parser.peek, t.kind == .word else { return nil }
        return t.text
    }
    /// True when the next token is a quoted string.
    public var peekIsString: Bool { parser.peek?.kind == .string }

    /// The next token, word or string; an error at the end of the line names `what`.
    public mutating func next(_ what: String) throws(ScriptError) -> (text: String, isString: Bool) {
        let t = try parser.next(what)
        return (t.text, t.kind == .string)
    }
    /// The next token, which must be a bare word.
    public mutating func word(_ what: String) throws(ScriptError) -> String { try parser.word(what).text }
    /// The next token, which must be a quoted string.
    public mutating func string(_ what: String) throws(ScriptError) -> String { try parser.string(what) }
    /// Consumes the next token when it is the bare word `w`.
    public mutating func accept(_ w: String) -> Bool { parser.accept(w) }
    /// A whole number from `min` to the parser's count limit.
    public mutating func count(_ what: String, min: Int = 0) throws(ScriptError) -> Int { try parser.count(what, min: min) }
    /// A duration (`300ms`, `1.5s`) of at most an hour.
    public mutating func duration() throws(ScriptError) -> SimDuration { try parser.duration() }
    /// One of the listed words; the error lists them.
    public mutating func oneOf<T>(_ what: String, _ options: [(String, T)]) throws(ScriptError) -> T {
        try parser.oneOf(what, options)
    }
    /// A quoted name (`.string`) or an index of 0 or more (`.number`).
    public mutating func indexOrName(_ what: String) throws(ScriptError) -> FinderArgument { try parser.indexOrName(what) }
    /// An error at the token read last.
    public func errorAtLast(_ message: String) -> ScriptError {
        parser.error(parser.position > 0 ? parser.tokens[parser.position - 1] : nil, message)
    }
    /// An error at the next token (the end of the line when there is none).
    public func errorAtNext(_ message: String) -> ScriptError { parser.error(parser.peek, message) }

    /// `W` and `H` of `WxH` (decimals), nil for another shape.
    public static func dimensions(_ s: Substring) -> (Double, Double)? { Literals.dimensions(s) }
    /// A whole decimal number, nil for anything else.
    public static func integer(_ s: Substring) -> Int? { Literals.integer(s) }
    /// `A` and `B` of `A..B`, nil for another shape.
    public static func range(_ s: String) -> (Int, Int)? { Literals.range(s) }
}
