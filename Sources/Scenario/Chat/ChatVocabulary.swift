import SimCore
import EmojiText
import Raster
import Tester
import ChatUI
import ChatHarness

// The chat screen's words in the scenario language, in one place: its target kinds
// (ChatHarness's `FinderVocabulary.chatScreen`), its verbs, facts, setup lines and
// snapshot subjects, registered as a `ScriptVocabulary` exactly as a user's own screen
// registers its own. Each reader keeps the wording and the token of every error.

extension ScriptVocabulary {
    /// The chat screen's words (what scripts in Tests/Scenarios are written in).
    public static let chatScreen = ScriptVocabulary(
        targets: .chatScreen, verbs: ChatWords.verbs, facts: ChatWords.facts, setup: ChatWords.setup,
        snapshotSubjects: ["panel", "input", "list"])
}

/// The readers of the chat screen's phrases.
enum ChatWords {
    static let verbs: [ScriptPhraseKind] = [
        ScriptPhraseKind("type") { (r: inout ScriptReader) throws(ScriptError) in [.string(try r.string("the text to type"))] },
        ScriptPhraseKind("compose") { (r: inout ScriptReader) throws(ScriptError) in
            let marked = try r.string("the marked text")
            guard r.accept("commit") else { return [.string(marked)] }
            return [.string(marked), .word("commit"), .string(try r.string("the committed text"))]
        },
        ScriptPhraseKind("backspace") { (r: inout ScriptReader) throws(ScriptError) in
            // `backspace 1` is `backspace`: one spelling per value.
            let n = r.atEnd ? 1 : try r.count("a count", min: 1)
            return n == 1 ? [] : [.number(n)]
        },
        ScriptPhraseKind("select") { (r: inout ScriptReader) throws(ScriptError) in
            let s = try r.count("a start position")
            return [.number(s), .number(try r.count("a length"))]
        },
        ScriptPhraseKind("select-all"), ScriptPhraseKind("cut"), ScriptPhraseKind("copy"),
        ScriptPhraseKind("paste") { (r: inout ScriptReader) throws(ScriptError) in r.atEnd ? [] : [.string(try r.string("the text to paste"))] },
        ScriptPhraseKind("undo"), ScriptPhraseKind("redo"),
        ScriptPhraseKind("receive") { (r: inout ScriptReader) throws(ScriptError) in [.string(try r.string("the message text"))] },
        ScriptPhraseKind("search") { (r: inout ScriptReader) throws(ScriptError) in
            if r.accept("clear") { return [.word("clear")] }
            let q = try r.string("a query (or 'clear')")
            // A longer query would find nothing (EmojiCatalog.search): say so here.
            if q.utf8.count > EmojiCatalog.maxSearchQueryBytes {
                throw r.errorAtLast("a search query is at most \(EmojiCatalog.maxSearchQueryBytes) UTF-8 bytes (this one is \(q.utf8.count))")
            }
            return [.string(q)]
        },
        ScriptPhraseKind("memory-warning"),
        ScriptPhraseKind("resize") { (r: inout ScriptReader) throws(ScriptError) in
            let t = try r.word("a size WxH")
            guard let (w, h) = ScriptReader.dimensions(Substring(t)), (100...4096).contains(w), (100...4096).contains(h) else {
                throw r.errorAtLast("expected a size WxH like 390x844 (100-4096 points), found '\(t)'")
            }
            return [.size(w, h, scale: nil)]
        },
    ]

    static let facts: [ScriptPhraseKind] = [
        ScriptPhraseKind("keyboard") { (r: inout ScriptReader) throws(ScriptError) in
            [.word(try r.oneOf("a keyboard", [("none", "none"), ("system", "system"), ("emoji", "emoji")]))]
        },
        ScriptPhraseKind("send") { (r: inout ScriptReader) throws(ScriptError) in
            // `expect send visible` is the send button's finder expectation.
            guard let w = r.peekWord, w == "enabled" || w == "disabled" else { return nil }
            return [.word(try r.oneOf("enabled or disabled", [("enabled", "enabled"), ("disabled", "disabled")]))]
        },
        ScriptPhraseKind("input", quotesText: true) { (r: inout ScriptReader) throws(ScriptError) in
            // `expect input visible`, `expect input at 3 visible`: the text view's finders.
            if r.peekWord != nil { return nil }
            return [.string(try r.string("the expected text of the input"))]
        },
        ScriptPhraseKind("outgoing") { (r: inout ScriptReader) throws(ScriptError) in
            let t = try r.next("the text send would transmit in double quotes, or none")
            if t.isString { return [.string(t.text)] }
            guard t.text == "none" else {
                throw r.errorAtLast("expected the text send would transmit in double quotes, or none, found '\(t.text)'")
            }
            return [.word("none")]
        },
        ScriptPhraseKind("caret") { (r: inout ScriptReader) throws(ScriptError) in [.number(try r.count("a caret position"))] },
        ScriptPhraseKind("panel.page") { (r: inout ScriptReader) throws(ScriptError) in
            let n = try r.count("a page index")
            guard r.accept("of") else { return [.number(n)] }
            return [.number(n), .word("of"), .number(try r.count("a page count", min: 1))]
        },
        ScriptPhraseKind("panel.group") { (r: inout ScriptReader) throws(ScriptError) in [try r.indexOrName("a group \"name\" or index")] },
        ScriptPhraseKind("preview") { (r: inout ScriptReader) throws(ScriptError) in
            let t = try r.next("none or an emoji code")
            return !t.isString && t.text == "none" ? [.word("none")] : [.name(t.text)]
        },
        ScriptPhraseKind("panel.results") { (r: inout ScriptReader) throws(ScriptError) in [.number(try r.count("a result count"))] },
        ScriptPhraseKind("list.count") { (r: inout ScriptReader) throws(ScriptError) in [.number(try r.count("a message count"))] },
        ScriptPhraseKind("list.visible") { (r: inout ScriptReader) throws(ScriptError) in
            let t = try r.word("a row range A..B")
            guard let (a, b) = ScriptReader.range(t), a >= 0, b >= a else {
                throw r.errorAtLast("expected a row range A..B like 3..9, found '\(t)'")
            }
            return [.range(a, b)]
        },
        ScriptPhraseKind("list.last") { (r: inout ScriptReader) throws(ScriptError) in [.string(try r.string("the expected server text"))] },
        ScriptPhraseKind("animating") { (r: inout ScriptReader) throws(ScriptError) in [.number(try r.count("a player count"))] },
        ScriptPhraseKind("pasteboard") { (r: inout ScriptReader) throws(ScriptError) in [.string(try r.string("the expected pasteboard text"))] },
    ]

    static let setup: [ScriptPhraseKind] = [
        ScriptPhraseKind("device") { (r: inout ScriptReader) throws(ScriptError) in
            let t = try r.word("a device (iphone8, iphone14 or WxH@S)")
            if t == "iphone8" || t == "iphone14" { return [.word(t)] }
            let parts = t.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, let (w, h) = ScriptReader.dimensions(parts[0]), let s = ScriptReader.integer(parts[1]) else {
                throw r.errorAtLast("expected a device (iphone8, iphone14 or WxH@S like 320x568@2), found '\(t)'")
            }
            guard (100...4096).contains(w), (100...4096).contains(h) else {
                throw r.errorAtLast("device size must be between 100 and 4096 points on each side")
            }
            guard (1...3).contains(s) else { throw r.errorAtLast("device scale must be 1, 2 or 3") }
            // A size that is a built-in profile prints (and so reads) as its name.
            let d = DeviceProfile.custom(width: w, height: h, scale: s)
            if DeviceProfile.builtIn.contains(d) { return [.word(d.name)] }
            return [.size(w, h, scale: s)]
        },
        ScriptPhraseKind("theme") { (r: inout ScriptReader) throws(ScriptError) in
            [.word(try r.oneOf("a theme", [("light", "light"), ("dark", "dark")]))]
        },
        ScriptPhraseKind("catalog") { (r: inout ScriptReader) throws(ScriptError) in
            let kind = try r.word("a catalog source (demo, plist, unicode, folder, json)")
            switch kind {
            case "demo": return [.word(kind)]
            case "plist":
                let a = try r.string("the emtions.plist path")
                return [.word(kind), .string(a), .string(try r.string("the emtionMeans.plist path"))]
            case "unicode":
                return r.peekIsString ? [.word(kind), .string(try r.string("a path"))] : [.word(kind)]
            case "folder": return [.word(kind), .string(try r.string("a folder path"))]
            case "json": return [.word(kind), .string(try r.string("a JSON catalog path"))]
            default:
                throw r.errorAtLast("expected a catalog source (demo, plist, unicode, folder, json), found '\(kind)'")
            }
        },
        ScriptPhraseKind("conversation") { (r: inout ScriptReader) throws(ScriptError) in
            [.word(try r.oneOf("a conversation", [("demo", "demo"), ("empty", "empty")]))]
        },
        ScriptPhraseKind("set") { (r: inout ScriptReader) throws(ScriptError) in
            let key = try r.word("a setting key")
            switch key {
            case "panel.layout":
                let t = try r.word("a layout like 8x3")
                guard let (c, rows) = ScriptReader.dimensions(Substring(t)), c == c.rounded(), rows == rows.rounded(),
                      (1...20).contains(c), (1...10).contains(rows) else {
                    throw r.errorAtLast("expected a layout COLUMNSxROWS like 8x3 (1-20 columns, 1-10 rows), found '\(t)'")
                }
                return [.word(key), .size(c, rows, scale: nil)]
            case "panel.snap":
                return [.word(key), .word(try r.oneOf("a snap policy", PanelSnapPolicy.allCases.map { ($0.scriptName, $0.scriptName) }))]
            case "panel.preview-inserts":
                return [.word(key), .word(try r.oneOf("true or false", [("true", "true"), ("false", "false")]))]
            case "longpress.duration":
                return [.word(key), .duration(try r.duration())]
            case "input.max-lines":
                return [.word(key), .number(try r.count("a line count", min: 1))]
            case "input.max-length":
                return [.word(key), .number(try r.count("a length", min: 1))]
            case "touch.rate":
                return [.word(key), .number(try r.oneOf("a touch rate", [("60", 60), ("120", 120)]))]
            case "panel.default-skin-tone":
                let names = ["none"] + SkinTone.allCases.map { $0.scriptName }
                return [.word(key), .word(try r.oneOf("a skin tone", names.map { ($0, $0) }))]
            case "panel.recents":
                let names = PanelConfiguration.RecentsOrder.allCases.map { $0.rawValue }
                return [.word(key), .word(try r.oneOf("recent or frequent", names.map { ($0, $0) }))]
            default:
                throw r.errorAtLast("unknown setting '\(key)'" + Suggest.hint(key, among: Script.Setting.keys)
                    + " (known: \(Script.Setting.keys.joined(separator: ", ")))")
            }
        },
    ]
}

extension Script {
    /// A `set <key> <value>` line of the chat screen, typed by key (its Swift spelling:
    /// `.set(.panelSnap(.none))`).
    public enum Setting: Hashable, Sendable {
        /// `set panel.layout CxR`: keys per page row and rows per page.
        case panelLayout(columns: Int, rows: Int)
        /// `set panel.snap uikit|round|projected|none` (names: `PanelSnapPolicy.scriptName`).
        case panelSnap(PanelSnapPolicy)
        /// `set panel.preview-inserts true|false`: whether lifting from a long-press preview
        /// inserts the emoji.
        case panelPreviewInserts(Bool)
        /// `set longpress.duration D`: the panel's long-press recognizer threshold.
        case longPressDuration(SimDuration)
        /// `set input.max-lines N`: lines the text view grows to before it scrolls.
        case inputMaxLines(Int)
        /// `set input.max-length N`: the most units the input takes.
        case inputMaxLength(Int)
        /// `set touch.rate 60|120`: touch samples per second.
        case touchRate(Int)
        /// `set panel.default-skin-tone none|light|medium-light|medium|medium-dark|dark`:
        /// the tone every emoji with variants shows (`PanelConfiguration.defaultSkinTone`).
        case panelDefaultSkinTone(SkinTone?)
        /// `set panel.recents recent|frequent`: what the first group lists
        /// (`PanelConfiguration.recentsOrder`).
        case panelRecents(PanelConfiguration.RecentsOrder)

        /// The setting's key and value, as the parser makes them.
        public var arguments: [FinderArgument] {
            switch self {
            case .panelLayout(let c, let r): return [.word("panel.layout"), .size(Double(c), Double(r), scale: nil)]
            case .panelSnap(let p): return [.word("panel.snap"), .word(p.scriptName)]
            case .panelPreviewInserts(let b): return [.word("panel.preview-inserts"), .word(b ? "true" : "false")]
            case .longPressDuration(let d): return [.word("longpress.duration"), .duration(d)]
            case .inputMaxLines(let n): return [.word("input.max-lines"), .number(n)]
            case .inputMaxLength(let n): return [.word("input.max-length"), .number(n)]
            case .touchRate(let r): return [.word("touch.rate"), .number(r)]
            case .panelDefaultSkinTone(let t): return [.word("panel.default-skin-tone"), .word(t?.scriptName ?? "none")]
            case .panelRecents(let o): return [.word("panel.recents"), .word(o.rawValue)]
            }
        }

        /// Every key the language accepts, for error messages and docs.
        public static let keys = [
            "panel.layout", "panel.snap", "panel.preview-inserts", "longpress.duration",
            "input.max-lines", "input.max-length", "touch.rate",
            "panel.default-skin-tone", "panel.recents",
        ]
    }

    /// Where the emoji catalog comes from. Paths are as written, relative to the script.
    public enum CatalogSource: Hashable, Sendable {
        /// `catalog demo`: the built-in demo catalog (`DemoCatalog`).
        case demo
        /// `catalog plist "emtions.plist" "emtionMeans.plist"`: the original app's two plists.
        case plist(emotions: String, meanings: String)
        /// `catalog unicode ["emoji-test.txt"]`: Unicode emoji, from the bundled or the given
        /// emoji-test.txt.
        case unicode(path: String?)
        /// `catalog folder "path"`: image files named by code point.
        case folder(String)
        /// `catalog json "path"`: a JSON catalog (`emojisim catalog` writes them).
        case json(String)

        /// The source a `catalog` line names, nil for another line.
        /// - Parameter line: A setup line.
        public init?(_ line: Setup) {
            guard line.words == "catalog", let kind = line.text(0) else { return nil }
            switch kind {
            case "demo": self = .demo
            case "plist": self = .plist(emotions: line.text(1) ?? "", meanings: line.text(2) ?? "")
            case "unicode": self = .unicode(path: line.text(1))
            case "folder": self = .folder(line.text(1) ?? "")
            case "json": self = .json(line.text(1) ?? "")
            default: return nil
            }
        }
    }

    /// The messages the list starts with.
    public enum ConversationSource: String, Hashable, Sendable {
        /// `conversation demo`: the demo conversation (twelve messages, scrolled to the end).
        case demo
        /// `conversation empty`: no messages.
        case empty
    }
}

// The Swift spellings of the chat screen's phrases, the values the parser makes.
extension Script.Setup {
    /// `device NAME|WxH@S`.
    public static func device(_ d: DeviceProfile) -> Self {
        DeviceProfile.builtIn.contains(d) ? Self("device", [.word(d.name)])
            : Self("device", [.size(d.size.width, d.size.height, scale: d.scale)])
    }
    /// `theme light|dark`.
    public static func theme(_ t: Theme) -> Self { Self("theme", [.word(t.name)]) }
    /// `catalog …`.
    public static func catalog(_ c: Script.CatalogSource) -> Self {
        switch c {
        case .demo: return Self("catalog", [.word("demo")])
        case .plist(let a, let b): return Self("catalog", [.word("plist"), .string(a), .string(b)])
        case .unicode(let p): return Self("catalog", [.word("unicode")] + (p.map { [.string($0)] } ?? []))
        case .folder(let p): return Self("catalog", [.word("folder"), .string(p)])
        case .json(let p): return Self("catalog", [.word("json"), .string(p)])
        }
    }
    /// `set KEY VALUE`.
    public static func set(_ s: Script.Setting) -> Self { Self("set", s.arguments) }
    /// `conversation demo|empty`.
    public static func conversation(_ c: Script.ConversationSource) -> Self { Self("conversation", [.word(c.rawValue)]) }
}

extension Script.Action {
    /// `type "…"`: the system keyboard types the text (needs it up).
    public static func type(_ s: String) -> Self { .verb(ScriptPhrase("type", [.string(s)])) }
    /// `compose "marked" [commit "text"]`: IME marked text, optionally committed.
    public static func compose(marked: String, commit: String?) -> Self {
        .verb(ScriptPhrase("compose", [.string(marked)] + (commit.map { [.word("commit"), .string($0)] } ?? [])))
    }
    /// `backspace [N]`: N presses of the keyboard's delete key (an emoji goes whole).
    public static func backspace(count: Int) -> Self { .verb(ScriptPhrase("backspace", count == 1 ? [] : [.number(count)])) }
    /// `select S L`: selects L units from unit S.
    public static func select(start: Int, length: Int) -> Self { .verb(ScriptPhrase("select", [.number(start), .number(length)])) }
    /// `select-all`: the edit menu's Select All.
    public static var selectAll: Self { .verb(ScriptPhrase("select-all")) }
    /// `cut`: the edit menu's Cut.
    public static var cut: Self { .verb(ScriptPhrase("cut")) }
    /// `copy`: the edit menu's Copy.
    public static var copy: Self { .verb(ScriptPhrase("copy")) }
    /// `paste ["text"]`: the edit menu's Paste (of `text`, put on the pasteboard first).
    public static func paste(_ s: String?) -> Self { .verb(ScriptPhrase("paste", s.map { [.string($0)] } ?? [])) }
    /// `undo`: the text view's undo.
    public static var undo: Self { .verb(ScriptPhrase("undo")) }
    /// `redo`: the text view's redo.
    public static var redo: Self { .verb(ScriptPhrase("redo")) }
    /// `receive "…"`: a message arrives from the other side.
    public static func receive(_ s: String) -> Self { .verb(ScriptPhrase("receive", [.string(s)])) }
    /// `search "query"`: the panel's search field gets this query.
    public static func search(_ q: String) -> Self { .verb(ScriptPhrase("search", [.string(q)])) }
    /// `search clear`: the panel's search ends.
    public static var searchClear: Self { .verb(ScriptPhrase("search", [.word("clear")])) }
    /// `memory-warning`: the system's memory warning (caches are purged).
    public static var memoryWarning: Self { .verb(ScriptPhrase("memory-warning")) }
    /// `resize WxH`: the screen takes a new size (rotation, split view).
    public static func resize(width: Double, height: Double) -> Self {
        .verb(ScriptPhrase("resize", [.size(width, height, scale: nil)]))
    }
}

extension Script.Expectation {
    /// `expect keyboard none|system|emoji`: the keyboard shown.
    public static func keyboard(_ k: KeyboardKind) -> Self { .fact(ScriptPhrase("keyboard", [.word(k.rawValue)])) }
    /// `expect send enabled|disabled`: the send button's state.
    public static func sendEnabled(_ b: Bool) -> Self { .fact(ScriptPhrase("send", [.word(b ? "enabled" : "disabled")])) }
    /// `expect input "…"`: the text in the input's view, exactly (placeholders, untrimmed).
    public static func input(_ s: String) -> Self { .fact(ScriptPhrase("input", [.string(s)])) }
    /// `expect outgoing "…"|none`: what tapping send would transmit now.
    public static func outgoing(_ s: String?) -> Self { .fact(ScriptPhrase("outgoing", [s.map { .string($0) } ?? .word("none")])) }
    /// `expect caret N`: the caret's position in units.
    public static func caret(_ n: Int) -> Self { .fact(ScriptPhrase("caret", [.number(n)])) }
    /// `expect panel.page N [of M]`: the page within the current group (and its page count).
    public static func panelPage(_ n: Int, of m: Int?) -> Self {
        .fact(ScriptPhrase("panel.page", [.number(n)] + (m.map { [.word("of"), .number($0)] } ?? [])))
    }
    /// `expect panel.group "name"|N`: the current group, by name, tab label or index.
    public static func panelGroup(_ g: Finder.Tab) -> Self {
        switch g {
        case .index(let i): return .fact(ScriptPhrase("panel.group", [.number(i)]))
        case .name(let n): return .fact(ScriptPhrase("panel.group", [.string(n)]))
        }
    }
    /// `expect preview none|CODE`: the emoji a long press previews; nil: no preview.
    public static func preview(_ p: String?) -> Self { .fact(ScriptPhrase("preview", [p.map { .name($0) } ?? .word("none")])) }
    /// `expect panel.results N`: how many emoji the search found.
    public static func panelResults(_ n: Int) -> Self { .fact(ScriptPhrase("panel.results", [.number(n)])) }
    /// `expect list.count N`: messages in the list.
    public static func listCount(_ n: Int) -> Self { .fact(ScriptPhrase("list.count", [.number(n)])) }
    /// `expect list.visible A..B`: the rows at least partly visible.
    public static func listVisible(_ r: ClosedRange<Int>) -> Self { .fact(ScriptPhrase("list.visible", [.range(r.lowerBound, r.upperBound)])) }
    /// `expect list.last "…"`: the last message's server text.
    public static func listLast(_ s: String) -> Self { .fact(ScriptPhrase("list.last", [.string(s)])) }
    /// `expect animating N`: running GIF players.
    public static func animating(_ n: Int) -> Self { .fact(ScriptPhrase("animating", [.number(n)])) }
    /// `expect pasteboard "…"`: the pasteboard's text.
    public static func pasteboard(_ s: String) -> Self { .fact(ScriptPhrase("pasteboard", [.string(s)])) }
}

extension Script.SnapshotSubject {
    /// The emoji panel (an error when it is not shown).
    public static let panel = Self(rawValue: "panel")
    /// The input bar.
    public static let input = Self(rawValue: "input")
    /// The message list.
    public static let list = Self(rawValue: "list")
    /// The chat screen's subjects in the order the wasm ABI numbers them.
    public static let chatScreen: [Self] = [.screen, .panel, .input, .list]
}
