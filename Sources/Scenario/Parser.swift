import SimCore
import Raster
import Tester

/// Parses scenario scripts. Reports every error of a script (one per bad line) before
/// anything runs. Linear in the script length.
///
/// Limits on untrusted scripts: at most `maxBytes` bytes and `maxLines` lines; strings
/// at most 10,000 characters; durations at most an hour of virtual time; counts at most
/// 10,000. Anything past them is an error naming the line, never an allocation.
public enum ScriptParser {
    /// The longest script, in UTF-8 bytes (4 MiB).
    public static let maxBytes = 4 << 20
    /// The most lines a script may have.
    public static let maxLines = 100_000
    static let maxDuration = SimDuration.seconds(3600)
    static let maxCount = 10_000

    /// Parses a whole script.
    ///
    /// - Parameters:
    ///   - source: The script's text.
    ///   - name: The name errors and references use (usually the file name).
    ///   - vocabulary: The subject's own words (its target kinds).
    /// - Returns: The script, its commands in order.
    /// - Throws: `ScriptParseErrors` with every error of the script (one per bad line),
    ///   each at its line and column.
    /// - Complexity: O(source length).
    public static func parse(_ source: String, name: String = "<script>",
                             vocabulary: ScriptVocabulary = .chatScreen) throws(ScriptParseErrors) -> Script {
        if source.utf8.count > maxBytes {
            throw ScriptParseErrors([ScriptError(file: name, line: 1, column: 1,
                message: "script is \(source.utf8.count) bytes; the limit is \(maxBytes)")])
        }
        var commands: [Script.Located<Script.Command>] = []
        var errors: [ScriptError] = []
        var firstNonSetupLine: Int?
        // A snapshot name is one reference file per format: a second line with the same
        // name would compare two moments with each other.
        var snapshotLines: [String: Int] = [:]
        // Names differ but files may not: `a styled` and `a.styled ascii` both write
        // a.styled.txt, and the second run would compare one with the other forever.
        var snapshotFiles: [String: (line: Int, name: String, format: Script.SnapshotFormat)] = [:]
        var lineNumber = 0
        // Split on scalars, not Characters: "\r\n" is one Character and would hide the break.
        for rawLine in source.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            // A final newline ends the last line; it does not start line maxLines + 1.
            if lineNumber > maxLines, !(rawLine.isEmpty && rawLine.startIndex == source.unicodeScalars.endIndex) {
                errors.append(ScriptError(file: name, line: lineNumber, column: 1,
                                          message: "script has more than \(maxLines) lines"))
                break
            }
            let tokens: [Token]
            switch Lexer.tokenize(rawLine, lineNumber: lineNumber, file: name) {
            case .success(let t): tokens = t
            case .failure(let e): errors.append(e); continue
            }
            guard let first = tokens.first else { continue }
            var line = LineParser(tokens: tokens, line: lineNumber, file: name, vocabulary: vocabulary)
            do throws(ScriptError) {
                let command = try line.parseCommand()
                try line.expectEnd()
                if case .setup = command {
                    if let at = firstNonSetupLine {
                        throw line.error(first, "setup line '\(first.text)' must come before the first action (line \(at))")
                    }
                } else if firstNonSetupLine == nil {
                    firstNonSetupLine = lineNumber
                }
                if case .snapshot(let request) = command {
                    if let earlier = snapshotLines[request.name] {
                        throw line.error(tokens.count > 1 ? tokens[1] : first,
                                         "snapshot name '\(request.name)' is already used on line \(earlier) (each snapshot needs its own name)")
                    }
                    for format in request.formats {
                        let file = request.name + "." + format.fileExtension
                        if let earlier = snapshotFiles[file] {
                            throw line.error(tokens.count > 1 ? tokens[1] : first,
                                             "snapshot '\(request.name)' \(format.rawValue) writes \(file), which snapshot '\(earlier.name)' \(earlier.format.rawValue) on line \(earlier.line) also writes (rename one of them)")
                        }
                    }
                    snapshotLines[request.name] = lineNumber
                    for format in request.formats {
                        snapshotFiles[request.name + "." + format.fileExtension] = (lineNumber, request.name, format)
                    }
                }
                commands.append(Script.Located(command, line: lineNumber, column: first.column))
            } catch {
                errors.append(error)
            }
        }
        if !errors.isEmpty { throw ScriptParseErrors(errors) }
        return Script(name: name, commands: commands)
    }
}

/// Parses one line's tokens. `position` moves left to right; every error names the
/// token it is about (or the end of the line).
struct LineParser {
    let tokens: [Token]
    let line: Int
    let file: String
    let vocabulary: ScriptVocabulary
    var position = 0

    init(tokens: [Token], line: Int, file: String, vocabulary: ScriptVocabulary) {
        self.tokens = tokens; self.line = line; self.file = file; self.vocabulary = vocabulary
    }

    // MARK: token access

    func error(_ token: Token?, _ message: String) -> ScriptError {
        let column = token?.column ?? endColumn
        return ScriptError(file: file, line: line, column: column, message: message)
    }

    /// The column just past the last token, for "expected ... at the end of the line".
    var endColumn: Int {
        guard let last = tokens.last else { return 1 }
        let width = last.text.unicodeScalars.count + (last.kind == .string ? 2 : 0)
        return last.column + width
    }

    var peek: Token? { position < tokens.count ? tokens[position] : nil }

    mutating func next(_ what: String) throws(ScriptError) -> Token {
        guard let t = peek else { throw error(nil, "expected \(what) at the end of the line") }
        position += 1
        return t
    }

    mutating func word(_ what: String) throws(ScriptError) -> Token {
        let t = try next(what)
        guard t.kind == .word else { throw error(t, "expected \(what), found a string") }
        return t
    }

    mutating func string(_ what: String) throws(ScriptError) -> String {
        let t = try next(what)
        guard t.kind == .string else { throw error(t, "expected \(what) in double quotes, found '\(t.text)'") }
        return t.text
    }

    /// Consumes the next token if it is the bare word `w`.
    mutating func accept(_ w: String) -> Bool {
        if let t = peek, t.kind == .word, t.text == w { position += 1; return true }
        return false
    }

    func expectEnd() throws(ScriptError) {
        if let t = peek { throw error(t, "unexpected '\(t.text)' at the end of the command") }
    }

    mutating func oneOf<T>(_ what: String, _ options: [(String, T)]) throws(ScriptError) -> T {
        let t = try word(what)
        if let hit = options.first(where: { $0.0 == t.text }) { return hit.1 }
        throw error(t, "expected \(what) (\(options.map({ $0.0 }).joined(separator: ", "))), found '\(t.text)'")
    }

    mutating func duration() throws(ScriptError) -> SimDuration {
        let t = try word("a duration like 300ms or 1.5s")
        guard let d = Literals.duration(t.text) else {
            throw error(t, "expected a duration like 300ms or 1.5s, found '\(t.text)'")
        }
        guard d <= ScriptParser.maxDuration else { throw error(t, "duration \(t.text) is longer than an hour") }
        return d
    }

    mutating func count(_ what: String, min: Int = 0) throws(ScriptError) -> Int {
        let t = try word(what)
        guard let v = Literals.integer(Substring(t.text)) else {
            throw error(t, "expected \(what) (a whole number), found '\(t.text)'")
        }
        guard v >= min, v <= ScriptParser.maxCount else {
            throw error(t, "\(what) must be between \(min) and \(ScriptParser.maxCount), found \(v)")
        }
        return v
    }

    /// An optional `over D`.
    mutating func optionalOver() throws(ScriptError) -> SimDuration? {
        accept("over") ? try duration() : nil
    }

    // MARK: commands

    mutating func parseCommand() throws(ScriptError) -> Script.Command {
        let head = try word("a command")
        if let kind = vocabulary.setupLine(head.text) {
            return .setup(try phrase(kind) ?? ScriptPhrase(kind.words))
        }
        switch head.text {
        case "expect":
            return .expect(try expectation())
        case "snapshot":
            return .snapshot(try snapshot())
        default:
            return .action(try action(head))
        }
    }

    /// The rest of the line as one of the subject's phrases; nil when the kind's reader
    /// says the line is not this phrase (the position is then where it was).
    mutating func phrase(_ kind: ScriptPhraseKind) throws(ScriptError) -> ScriptPhrase? {
        var reader = ScriptReader(self)
        guard let arguments = try kind.read(&reader) else { return nil }
        self = reader.parser
        return ScriptPhrase(kind.words, arguments)
    }

    /// The most modifiers (`first`, `nth N`, `within C`) one target may carry: finders
    /// nest, and a line of thousands of `first` would nest as deep.
    static let maxModifiers = 8

    /// Every target word, for the unknown-target message: the subject's kinds, then the
    /// generic ones.
    var targetWords: String {
        (vocabulary.targets.kinds.map { $0.help } + ["label \"text\", view NAME, text \"text\" or X,Y"]).joined(separator: ", ")
    }

    /// The first word of every target, for did-you-mean: the subject's kinds, then the
    /// generic ones.
    var targetHeads: [String] {
        var heads: [String] = []
        for k in vocabulary.targets.kinds where !heads.contains(String(k.head)) { heads.append(String(k.head)) }
        return heads + ["label", "view", "text"]
    }

    /// Every word that may start a line, for did-you-mean: the built-in actions,
    /// `expect`, `snapshot`, then the subject's setup lines and verbs.
    var commandWords: [String] {
        ["tap", "double-tap", "long-press", "press", "move", "release", "cancel", "swipe", "drag",
         "wait", "settle", "timing", "expect", "snapshot"]
            + vocabulary.setup.map { $0.words } + vocabulary.verbs.map { $0.words }
    }

    /// A target: a finder as `Finder.description` spells it, then its modifiers left to
    /// right (`label "a" within panel nth 1` is nth 1 of the labels within the panel).
    mutating func target() throws(ScriptError) -> Finder {
        var finder = try plainTarget()
        var modifiers = 0
        while let t = peek, t.kind == .word, t.text == "first" || t.text == "nth" || t.text == "within" {
            modifiers += 1
            guard modifiers <= LineParser.maxModifiers else {
                throw error(t, "a target takes at most \(LineParser.maxModifiers) modifiers (first, nth N, within T)")
            }
            position += 1
            switch t.text {
            case "first": finder = .first(finder)
            case "nth": finder = .nth(finder, try count("a match index"))
            default:
                guard peek != nil else { throw error(nil, "expected a target to look within at the end of the line") }
                finder = .within(finder, try plainTarget())
            }
        }
        return finder
    }

    /// A target without modifiers.
    mutating func plainTarget() throws(ScriptError) -> Finder {
        let t = try next("a target")
        guard t.kind == .word else { throw error(t, "expected a target, found a string") }
        switch t.text {
        case "label":
            return .label(try string("an accessibility label"))
        case "view":
            let v = try next("a view name like InputBar.send")
            return .view(v.text)
        case "text":
            return .text(try string("the drawn text"))
        default:
            if let f = try subjectTarget(t) { return f }
            if let (x, y) = Literals.pair(t.text) { return .point(Point(x: x, y: y)) }
            throw error(t, "unknown target '\(t.text)'" + Suggest.hint(t.text, among: targetHeads) + " (\(targetWords))")
        }
    }

    /// A target of a kind the subject's vocabulary defines whose head word is `t`, nil
    /// when none is; a kind of several words (`input at`) needs the rest of them next.
    mutating func subjectTarget(_ t: Token) throws(ScriptError) -> Finder? {
        for kind in vocabulary.targets.kinds(headed: t.text) {
            let rest = kind.kind.split(separator: " ").dropFirst()
            var at = position
            var matches = true
            for w in rest {
                guard at < tokens.count, tokens[at].kind == .word, tokens[at].text == w else { matches = false; break }
                at += 1
            }
            guard matches else { continue }
            position = at
            var arguments: [FinderArgument] = []
            for grammar in kind.arguments { arguments.append(try argument(grammar)) }
            return .target(FinderTarget(kind.kind, arguments, isRegion: kind.isRegion))
        }
        return nil
    }

    /// One argument of a subject's target kind, by its grammar.
    mutating func argument(_ grammar: FinderArgumentGrammar) throws(ScriptError) -> FinderArgument {
        switch grammar {
        case .count(let what): return .number(try count(what))
        case .token(let what): return .word(try next(what).text)
        case .string(let what): return .string(try string(what))
        case .choice(let what, let words): return .word(try oneOf(what, words.split(separator: "|").map { (String($0), String($0)) }))
        case .indexOrName(let what): return try indexOrName(what)
        }
    }

    /// A quoted name or an index of 0 or more (`panel.tab`, `expect panel.group`).
    mutating func indexOrName(_ what: String) throws(ScriptError) -> FinderArgument {
        let e = try next(what)
        if e.kind == .string { return .string(e.text) }
        guard let i = Literals.integer(Substring(e.text)), i >= 0 else {
            throw error(e, "expected \(what), found '\(e.text)'")
        }
        return .number(i)
    }

    mutating func action(_ head: Token) throws(ScriptError) -> Script.Action {
        switch head.text {
        case "tap": return .tap(try target())
        case "double-tap": return .doubleTap(try target())
        case "long-press":
            let t = try target()
            return .longPress(t, duration: accept("for") ? try duration() : Script.Action.defaultLongPress)
        case "press": return .press(try target())
        case "move":
            let t = try target()
            return .move(t, over: try optionalOver())
        case "release": return .release
        case "cancel": return .cancel
        case "swipe":
            let t = try target()
            let dir = try oneOf("a direction", [("left", Direction.left), ("right", .right), ("up", .up), ("down", .down)])
            var distance: Double?, velocity: Double?
            if accept("by") {
                let d = try word("a distance like 80pt")
                guard let v = Literals.distance(d.text) else { throw error(d, "expected a distance like 80pt, found '\(d.text)'") }
                guard v <= Literals.maxDistance else { throw error(d, "distance must be at most 10000pt") }
                distance = v
            }
            if accept("at") {
                let d = try word("a velocity like 1200pt/s")
                guard let v = Literals.velocity(d.text) else { throw error(d, "expected a velocity like 1200pt/s, found '\(d.text)'") }
                guard Literals.velocityRange.contains(v) else { throw error(d, "velocity must be between 1pt/s and 100000pt/s") }
                velocity = v
            }
            let travel = (distance ?? TesterDefaults.swipeDistance) / (velocity ?? TesterDefaults.swipeVelocity)
            guard travel <= Literals.maxSwipeSeconds else {
                throw error(head, "a swipe may last at most 60s (distance / velocity); this one lasts \(plainDecimal(travel))s")
            }
            return .swipe(t, dir, distance: distance, velocity: velocity)
        case "drag":
            let t = try target()
            let by = try word("'by'")
            guard by.text == "by" else { throw error(by, "expected 'by DX,DY', found '\(by.text)'") }
            let d = try word("an offset DX,DY")
            guard let (dx, dy) = Literals.pair(d.text) else { throw error(d, "expected an offset DX,DY like -120,0, found '\(d.text)'") }
            guard abs(dx) <= Literals.maxDistance, abs(dy) <= Literals.maxDistance else {
                throw error(d, "a drag offset must be at most 10000pt each way, found \(echoLiteral(d.text))")
            }
            return .drag(t, dx: dx, dy: dy, over: try optionalOver())
        case "wait": return .wait(try duration())
        case "settle": return .settle
        case "timing": return .timing(try oneOf("a timing mode", TimingMode.allCases.map { ($0.rawValue, $0) }))
        default:
            if let kind = vocabulary.verb(head.text), let p = try phrase(kind) { return .verb(p) }
            throw error(head, "unknown command '\(head.text)'" + Suggest.hint(head.text, among: commandWords))
        }
    }

    mutating func expectation() throws(ScriptError) -> Script.Expectation {
        let what = try word("what to expect")
        if let kind = vocabulary.fact(what.text), let p = try phrase(kind) { return .fact(p) }
        switch what.text {
        case "trace":
            let needle = try string("a substring of a trace line")
            if accept("count") { return .traceCount(needle, try count("a line count")) }
            return .trace(needle)
        case "no":
            let t = try word("'trace'")
            guard t.text == "trace" else {
                throw error(t, "expected 'trace' after 'expect no' (expect no trace \"substring\"), found '\(t.text)'")
            }
            let at = peek
            let needle = try string("a substring no trace line may contain")
            // Every line contains the empty string: the line could never hold.
            guard !needle.isEmpty else { throw error(at, "expect no trace \"\" can never hold (every line contains the empty string)") }
            return .noTrace(needle)
        default:
            if isTargetHead(what.text) || Literals.pair(what.text) != nil {
                return try finderExpectation()
            }
            let facts = vocabulary.facts.map { $0.words + ", " }.joined()
            let near = Suggest.hint(what.text, among: vocabulary.facts.map { $0.words } + ["trace", "no"] + targetHeads)
            throw error(what, "unknown expectation '\(what.text)'" + near
                + " (\(facts)trace, no trace, or a target: TARGET \(LineParser.finderExpectationWords))")
        }
    }

    /// True when `word` begins a target (a point `X,Y` aside): a generic kind or one of
    /// the subject's.
    func isTargetHead(_ word: String) -> Bool {
        word == "label" || word == "view" || word == "text" || !vocabulary.targets.kinds(headed: word).isEmpty
    }

    /// What may follow the target of `expect TARGET ...`.
    static let finderExpectationWords = FinderExpectation.words.joined(separator: "|") + ", count N or text \"…\""

    /// `expect TARGET visible|…|count N|text "…"`, from the target's first token (the
    /// one `expectation()` read as its head).
    mutating func finderExpectation() throws(ScriptError) -> Script.Expectation {
        position -= 1
        let head = peek?.text ?? ""
        let finder = try target()
        let what = "\(LineParser.finderExpectationWords) after the target"
        let t = try next(what)
        guard t.kind == .word else { throw error(t, "expected \(what), found a string") }
        if let e = FinderExpectation(word: t.text) { return .finder(finder, e) }
        switch t.text {
        case "count": return .finder(finder, .count(try count("a match count")))
        case "text": return .finder(finder, .text(try string("the expected text")))
        default:
            // A mistyped state gets its nearest word; a bare word after a target that is
            // also a fact reading text (`expect input 你好`) was meant as that text.
            var hint = Suggest.hint(t.text, among: FinderExpectation.words + ["count", "text"])
            if hint.isEmpty, vocabulary.fact(head)?.quotesText == true, finder.description == head {
                hint = " (text is quoted: expect \(head) \"\(t.text)\")"
            }
            throw error(t, "expected \(what), found '\(t.text)'" + hint)
        }
    }

    mutating func snapshot() throws(ScriptError) -> Script.SnapshotRequest {
        let nameToken = try next("a snapshot name")
        let name = nameToken.text
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ isNameScalar($0) }) else {
            throw error(nameToken, "snapshot names use letters, digits, '-', '_' and '.' only (they become file names), found '\(name)'")
        }
        var request = Script.SnapshotRequest(name: name)
        if let t = peek, t.kind == .word, t.text == "screen" || vocabulary.snapshotSubjects.contains(t.text) {
            position += 1
            request.subject = Script.SnapshotSubject(rawValue: t.text)
        }
        if let t = peek {
            guard t.kind == .word else { throw error(t, "expected a snapshot format, found a string") }
            position += 1
            if t.text == "all" {
                request.formats = Script.SnapshotFormat.allCases
            } else if let f = Script.SnapshotFormat(rawValue: t.text) {
                request.formats = [f]
            } else {
                throw error(t, "expected a snapshot subject (\((["screen"] + vocabulary.snapshotSubjects).joined(separator: ", "))) or format (ascii, styled, png, ppm, tree, all), found '\(t.text)'")
            }
        }
        return request
    }

    private func isNameScalar(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return s == "-" || s == "_" || s == "."
        }
    }
}
