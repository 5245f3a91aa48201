import SimCore
import EmojiText
import Raster
import ChatUI
import Tester
import ChatHarness

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
        switch head.text {
        case "device", "theme", "catalog", "conversation", "set":
            return .setup(try setup(head))
        case "expect":
            return .expect(try expectation())
        case "snapshot":
            return .snapshot(try snapshot())
        default:
            return .action(try action(head))
        }
    }

    mutating func setup(_ head: Token) throws(ScriptError) -> Script.Setup {
        switch head.text {
        case "device":
            let t = try word("a device (iphone8, iphone14 or WxH@S)")
            switch t.text {
            case "iphone8": return .device(.iphone8)
            case "iphone14": return .device(.iphone14)
            default:
                let parts = t.text.split(separator: "@", omittingEmptySubsequences: false)
                guard parts.count == 2, let (w, h) = Literals.dimensions(parts[0]),
                      let s = Literals.integer(parts[1]) else {
                    throw error(t, "expected a device (iphone8, iphone14 or WxH@S like 320x568@2), found '\(t.text)'")
                }
                guard (100...4096).contains(w), (100...4096).contains(h) else {
                    throw error(t, "device size must be between 100 and 4096 points on each side")
                }
                guard (1...3).contains(s) else { throw error(t, "device scale must be 1, 2 or 3") }
                return .device(.custom(width: w, height: h, scale: s))
            }
        case "theme":
            return .theme(try oneOf("a theme", [("light", Theme.light), ("dark", Theme.dark)]))
        case "catalog":
            let kind = try word("a catalog source (demo, plist, unicode, folder, json)")
            switch kind.text {
            case "demo": return .catalog(.demo)
            case "plist":
                let a = try string("the emtions.plist path")
                let b = try string("the emtionMeans.plist path")
                return .catalog(.plist(emotions: a, meanings: b))
            case "unicode":
                if let t = peek, t.kind == .string { position += 1; return .catalog(.unicode(path: t.text)) }
                return .catalog(.unicode(path: nil))
            case "folder": return .catalog(.folder(try string("a folder path")))
            case "json": return .catalog(.json(try string("a JSON catalog path")))
            default:
                throw error(kind, "expected a catalog source (demo, plist, unicode, folder, json), found '\(kind.text)'")
            }
        case "conversation":
            return .conversation(try oneOf("a conversation", [("demo", Script.ConversationSource.demo), ("empty", .empty)]))
        default: // "set"
            return .set(try setting())
        }
    }

    mutating func setting() throws(ScriptError) -> Script.Setting {
        let key = try word("a setting key")
        switch key.text {
        case "panel.layout":
            let t = try word("a layout like 8x3")
            guard let (c, r) = Literals.dimensions(Substring(t.text)), c == c.rounded(), r == r.rounded(),
                  (1...20).contains(c), (1...10).contains(r) else {
                throw error(t, "expected a layout COLUMNSxROWS like 8x3 (1-20 columns, 1-10 rows), found '\(t.text)'")
            }
            return .panelLayout(columns: Int(c), rows: Int(r))
        case "panel.snap":
            return .panelSnap(try oneOf("a snap policy", PanelSnapPolicy.allCases.map { ($0.scriptName, $0) }))
        case "panel.preview-inserts":
            return .panelPreviewInserts(try oneOf("true or false", [("true", true), ("false", false)]))
        case "longpress.duration":
            return .longPressDuration(try duration())
        case "input.max-lines":
            let v = try count("a line count", min: 1)
            return .inputMaxLines(v)
        case "input.max-length":
            return .inputMaxLength(try count("a length", min: 1))
        case "touch.rate":
            return .touchRate(try oneOf("a touch rate", [("60", 60), ("120", 120)]))
        default:
            throw error(key, "unknown setting '\(key.text)' (known: \(Script.Setting.keys.joined(separator: ", ")))")
        }
    }

    /// The most modifiers (`first`, `nth N`, `within C`) one target may carry: finders
    /// nest, and a line of thousands of `first` would nest as deep.
    static let maxModifiers = 8

    /// Every target word, for the unknown-target message: the subject's kinds, then the
    /// generic ones.
    var targetWords: String {
        (vocabulary.targets.kinds.map { $0.help } + ["label \"text\", view NAME, text \"text\" or X,Y"]).joined(separator: ", ")
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
            throw error(t, "unknown target '\(t.text)' (\(targetWords))")
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
        case .choice(let what, let words): return .word(try oneOf(what, words.map { ($0, $0) }))
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
        case "type": return .type(try string("the text to type"))
        case "compose":
            let marked = try string("the marked text")
            var commit: String?
            if accept("commit") { commit = try string("the committed text") }
            return .compose(marked: marked, commit: commit)
        case "backspace":
            return .backspace(count: peek == nil ? 1 : try count("a count", min: 1))
        case "select":
            let s = try count("a start position")
            let l = try count("a length")
            return .select(start: s, length: l)
        case "select-all": return .selectAll
        case "cut": return .cut
        case "copy": return .copy
        case "paste":
            if peek == nil { return .paste(nil) }
            return .paste(try string("the text to paste"))
        case "undo": return .undo
        case "redo": return .redo
        case "receive": return .receive(try string("the message text"))
        case "search":
            if accept("clear") { return .searchClear }
            guard let t = peek, t.kind == .string else { return .search(try string("a query (or 'clear')")) }
            let q = try string("a query (or 'clear')")
            // A longer query would find nothing (EmojiCatalog.search): say so here.
            if q.utf8.count > EmojiCatalog.maxSearchQueryBytes {
                throw error(t, "a search query is at most \(EmojiCatalog.maxSearchQueryBytes) UTF-8 bytes (this one is \(q.utf8.count))")
            }
            return .search(q)
        case "wait": return .wait(try duration())
        case "settle": return .settle
        case "timing": return .timing(try oneOf("a timing mode", TimingMode.allCases.map { ($0.rawValue, $0) }))
        case "memory-warning": return .memoryWarning
        case "resize":
            let t = try word("a size WxH")
            guard let (w, h) = Literals.dimensions(Substring(t.text)), (100...4096).contains(w), (100...4096).contains(h) else {
                throw error(t, "expected a size WxH like 390x844 (100-4096 points), found '\(t.text)'")
            }
            return .resize(width: w, height: h)
        default:
            throw error(head, "unknown command '\(head.text)'")
        }
    }

    mutating func expectation() throws(ScriptError) -> Script.Expectation {
        let what = try word("what to expect")
        switch what.text {
        case "keyboard":
            return .keyboard(try oneOf("a keyboard", [("none", KeyboardKind.none), ("system", .system), ("emoji", .emoji)]))
        case "send":
            if let t = peek, t.kind == .word, t.text == "enabled" || t.text == "disabled" {
                return .sendEnabled(try oneOf("enabled or disabled", [("enabled", true), ("disabled", false)]))
            }
            return try finderExpectation()
        case "input":
            if let t = peek, t.kind == .word { return try finderExpectation() }
            return .input(try string("the expected text of the input"))
        case "outgoing":
            let t = try next("the text send would transmit in double quotes, or none")
            if t.kind == .string { return .outgoing(t.text) }
            guard t.text == "none" else {
                throw error(t, "expected the text send would transmit in double quotes, or none, found '\(t.text)'")
            }
            return .outgoing(nil)
        case "caret": return .caret(try count("a caret position"))
        case "panel.page":
            let n = try count("a page index")
            var of: Int?
            if accept("of") { of = try count("a page count", min: 1) }
            return .panelPage(n, of: of)
        case "panel.group":
            switch try indexOrName("a group \"name\" or index") {
            case .number(let i): return .panelGroup(.index(i))
            case let a: return .panelGroup(.name(a.text ?? ""))
            }
        case "preview":
            let t = try next("none or an emoji code")
            if t.kind == .word && t.text == "none" { return .preview(nil) }
            return .preview(t.text)
        case "panel.results": return .panelResults(try count("a result count"))
        case "list.count": return .listCount(try count("a message count"))
        case "list.visible":
            let t = try word("a row range A..B")
            guard let (a, b) = Literals.range(t.text), a >= 0, b >= a else {
                throw error(t, "expected a row range A..B like 3..9, found '\(t.text)'")
            }
            return .listVisible(a...b)
        case "list.last": return .listLast(try string("the expected server text"))
        case "animating": return .animating(try count("a player count"))
        case "pasteboard": return .pasteboard(try string("the expected pasteboard text"))
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
            throw error(what, "unknown expectation '\(what.text)' (keyboard, send, input, outgoing, caret, panel.page, panel.group, preview, panel.results, list.count, list.visible, list.last, animating, pasteboard, trace, no trace, or a target: TARGET \(LineParser.finderExpectationWords))")
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
        let finder = try target()
        let what = "\(LineParser.finderExpectationWords) after the target"
        let t = try next(what)
        guard t.kind == .word else { throw error(t, "expected \(what), found a string") }
        if let e = FinderExpectation(word: t.text) { return .finder(finder, e) }
        switch t.text {
        case "count": return .finder(finder, .count(try count("a match count")))
        case "text": return .finder(finder, .text(try string("the expected text")))
        default: throw error(t, "expected \(what), found '\(t.text)'")
        }
    }

    mutating func snapshot() throws(ScriptError) -> Script.SnapshotRequest {
        let nameToken = try next("a snapshot name")
        let name = nameToken.text
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ isNameScalar($0) }) else {
            throw error(nameToken, "snapshot names use letters, digits, '-', '_' and '.' only (they become file names), found '\(name)'")
        }
        var request = Script.SnapshotRequest(name: name)
        if let t = peek, t.kind == .word, let s = Script.SnapshotSubject(rawValue: t.text) {
            position += 1
            request.subject = s
        }
        if let t = peek {
            guard t.kind == .word else { throw error(t, "expected a snapshot format, found a string") }
            position += 1
            if t.text == "all" {
                request.formats = Script.SnapshotFormat.allCases
            } else if let f = Script.SnapshotFormat(rawValue: t.text) {
                request.formats = [f]
            } else {
                throw error(t, "expected a snapshot subject (screen, panel, input, list) or format (ascii, styled, png, ppm, tree, all), found '\(t.text)'")
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
