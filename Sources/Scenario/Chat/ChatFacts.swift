import SimCore
import Tester
import ChatUI
import ChatHarness

/// A scenario host whose facts are the chat screen's: `check(_:)` and
/// `stateExpectations` come from `facts` (`Host<ChatScreen>`, the runner's test hosts),
/// and the monkey's choices from them too (Chat/ChatMonkey.swift).
public protocol ChatScenarioHost: MonkeyHost {
    /// What the chat screen's expectations read, now.
    var facts: ScenarioFacts { get }
}

extension ChatScenarioHost {
    /// The chat fact, checked against `facts`.
    /// - Parameter fact: A fact of `ScriptVocabulary.chatScreen`.
    /// - Returns: The check in the script's words.
    public func check(_ fact: ScriptPhrase) -> ScenarioFactCheck { facts.check(fact) }
    /// `facts.expectations`.
    public var stateExpectations: [Script.Expectation] { facts.expectations }
}

extension ScenarioDriver where Host: ChatScenarioHost {
    /// The current state of the screen.
    public var facts: ScenarioFacts { host.facts }
}

/// Everything a script's expectation can read of a scenario host, at one moment.
public struct ScenarioFacts: Hashable, Sendable {
    /// The keyboard shown.
    public var keyboard: KeyboardKind
    /// Whether the send button is enabled.
    public var sendEnabled: Bool
    /// The text in the input's view, exactly: emoji as their placeholders (`[笑哭]`),
    /// untrimmed, marked (IME) text included. What `expect input` reads.
    public var input: String
    /// What tapping send would transmit now (the server text: trimmed, Unicode emoji as
    /// hex codes when the catalog's server wants them); nil when send would send nothing
    /// (it is disabled). What `expect outgoing` reads.
    public var outgoing: String?
    /// Caret position in units (an emoji is one unit).
    public var caret: Int
    /// Page within the current group.
    public var panelPage: Int
    /// The current group's page count.
    public var panelPageCount: Int
    /// The current group's index (its tab's).
    public var panelGroupIndex: Int
    /// The current group's catalog name.
    public var panelGroupName: String
    /// What the current group's tab shows (its title for the locale, else its name):
    /// `expect panel.group "动图"` matches either.
    public var panelGroupLabel: String
    /// Number of tabs in the category bar.
    public var panelGroupCount: Int
    /// Code of the emoji previewed by a long press, if any.
    public var preview: String?
    /// Number of search results (0 when no search is active).
    public var panelResults: Int
    /// Messages in the list.
    public var listCount: Int
    /// Rows at least partly visible, nil when none.
    public var listVisible: ClosedRange<Int>?
    /// The last message's server text, nil when the list is empty.
    public var listLast: String?
    /// Running animation players (GIFs that animate now).
    public var animating: Int
    /// The pasteboard's text ("" when empty).
    public var pasteboard: String

    /// A state; every field defaults to an empty screen's (`panelGroupLabel` to
    /// `panelGroupName`). Test hosts set the fields they need.
    public init(keyboard: KeyboardKind = .none, sendEnabled: Bool = false, input: String = "", outgoing: String? = nil,
                caret: Int = 0,
                panelPage: Int = 0, panelPageCount: Int = 0, panelGroupIndex: Int = 0, panelGroupName: String = "",
                panelGroupCount: Int = 0, panelGroupLabel: String? = nil,
                preview: String? = nil, panelResults: Int = 0, listCount: Int = 0, listVisible: ClosedRange<Int>? = nil,
                listLast: String? = nil, animating: Int = 0, pasteboard: String = "") {
        self.keyboard = keyboard; self.sendEnabled = sendEnabled; self.input = input; self.outgoing = outgoing
        self.caret = caret
        self.panelPage = panelPage; self.panelPageCount = panelPageCount; self.panelGroupIndex = panelGroupIndex
        self.panelGroupName = panelGroupName; self.panelGroupLabel = panelGroupLabel ?? panelGroupName
        self.panelGroupCount = panelGroupCount; self.preview = preview; self.panelResults = panelResults
        self.listCount = listCount; self.listVisible = listVisible; self.listLast = listLast
        self.animating = animating; self.pasteboard = pasteboard
    }
}

extension ScenarioFacts {
    /// The state as the `expect` lines that hold now, in the canonical spelling: every
    /// value `expect` can check (the panel's only while the emoji keyboard shows).
    public var expectations: [Script.Expectation] {
        var out: [Script.Expectation] = [.keyboard(keyboard), .input(input), .outgoing(outgoing), .caret(caret),
                                  .sendEnabled(sendEnabled)]
        if keyboard == .emoji {
            out.append(.panelPage(panelPage, of: panelPageCount))
            out.append(.panelGroup(.name(panelGroupName)))
            out.append(.preview(preview))
            if panelResults > 0 { out.append(.panelResults(panelResults)) }
        }
        out.append(.listCount(listCount))
        if let listVisible { out.append(.listVisible(listVisible)) }
        if let listLast { out.append(.listLast(listLast)) }
        out.append(.animating(animating))
        if !pasteboard.isEmpty { out.append(.pasteboard(pasteboard)) }
        return out
    }
}


extension ScenarioFacts {
    /// Whether `fact` holds, with the expected and found values in the script's words
    /// (the one-off mistakes get a hint: a trimmed or wire-form guess, a bracketed code).
    /// - Parameter fact: A fact of `ScriptVocabulary.chatScreen`.
    /// - Returns: The check; an unknown fact fails and says so.
    public func check(_ fact: ScriptPhrase) -> ScenarioFactCheck {
        let s = self
        func outcome(_ ok: Bool, _ expected: String, _ actual: String) -> ScenarioFactCheck {
            ScenarioFactCheck(ok, expected: expected, found: actual)
        }
        // Bounded: a message quotes at most the two ends of a long text (20,000 failing
        // `expect input` lines each quoting an 80 KB input made gigabytes), and says
        // where two texts part when that is past the quoted head.
        func quoted(_ x: String) -> String { boundedQuotedLiteral(x) }
        func parting(_ want: String, _ have: String) -> String { ScenarioFactCheck.parting(want, have) }
        let a0 = fact.arguments.first
        switch fact.words {
        case "keyboard":
            let k = a0?.text ?? ""
            return outcome(s.keyboard.rawValue == k, "keyboard \(k)", "keyboard \(s.keyboard.rawValue)")
        case "send":
            let b = a0?.text == "enabled"
            return outcome(s.sendEnabled == b, "send \(b ? "enabled" : "disabled")", "send \(s.sendEnabled ? "enabled" : "disabled")")
        case "input":
            let t = a0?.text ?? ""
            // Exact, so the one-off mistakes get a hint: a trimmed or wire-form guess.
            var found = "input \(quoted(s.input))" + (s.input == t ? "" : parting(t, s.input))
            if let out = s.outgoing, out == t, out != s.input {
                found += " (\(quoted(t)) is what send would transmit: expect outgoing \(quoted(t)))"
            }
            return outcome(s.input == t, "input \(quoted(t))", found)
        case "outgoing":
            let t: String? = a0 == .word("none") ? nil : a0?.text
            func show(_ x: String?) -> String { x.map(quoted) ?? "none" }
            var found = "outgoing \(show(s.outgoing))"
            if let out = s.outgoing, let t, out != t { found += parting(t, out) }
            if s.outgoing == nil { found += " (send is disabled: \(s.input.isEmpty ? "the input is empty" : "the input is blank"))" }
            return outcome(s.outgoing == t, "outgoing \(show(t))", found)
        case "caret":
            let n = fact.number(0) ?? 0
            return outcome(s.caret == n, "caret \(n)", "caret \(s.caret)")
        case "panel.page":
            let n = fact.number(0) ?? 0, of = fact.number(2)
            let ok = s.panelPage == n && (of == nil || of == s.panelPageCount)
            let exp = of.map { "panel.page \(n) of \($0)" } ?? "panel.page \(n)"
            return outcome(ok, exp, "panel.page \(s.panelPage) of \(s.panelPageCount)")
        case "panel.group" where fact.number(0) != nil:
            let i = fact.number(0) ?? 0
            return outcome(s.panelGroupIndex == i, "panel.group \(i)", "panel.group \(s.panelGroupIndex) (\(quoted(s.panelGroupName)))")
        case "panel.group":
            let n = a0?.text ?? ""
            // A group is named by its catalog name or its tab's title: the actual names
            // both when they differ, so a pass by title reads as one.
            let titled = s.panelGroupLabel != s.panelGroupName ? " titled \(quoted(s.panelGroupLabel))" : ""
            return outcome(s.panelGroupName == n || s.panelGroupLabel == n, "panel.group \(quoted(n))",
                           "panel.group \(quoted(s.panelGroupName))\(titled)")
        case "preview":
            let p: String? = a0 == .word("none") ? nil : a0?.text
            var found = "preview \(s.preview ?? "none")"
            if let p, let shown = s.preview, p == "[" + shown + "]" {
                found += " (codes are written without the brackets: expect preview \(shown))"
            }
            return outcome(s.preview == p, "preview \(p ?? "none")", found)
        case "panel.results":
            let n = fact.number(0) ?? 0
            return outcome(s.panelResults == n, "panel.results \(n)", "panel.results \(s.panelResults)")
        case "list.count":
            let n = fact.number(0) ?? 0
            return outcome(s.listCount == n, "list.count \(n)", "list.count \(s.listCount)")
        case "list.visible":
            guard case .range(let lo, let hi)? = a0 else { return outcome(false, fact.description, "no range") }
            let r = lo...hi
            let actual = s.listVisible.map { "\($0.lowerBound)..\($0.upperBound)" } ?? "none"
            return outcome(s.listVisible == r, "list.visible \(r.lowerBound)..\(r.upperBound)", "list.visible \(actual)")
        case "list.last":
            let t = a0?.text ?? ""
            let parted = s.listLast.map { $0 == t ? "" : parting(t, $0) } ?? ""
            return outcome(s.listLast == t, "list.last \(quoted(t))", "list.last \(s.listLast.map(quoted) ?? "none")" + parted)
        case "animating":
            let n = fact.number(0) ?? 0
            return outcome(s.animating == n, "animating \(n)", "animating \(s.animating)")
        case "pasteboard":
            let t = a0?.text ?? ""
            return outcome(s.pasteboard == t, "pasteboard \(quoted(t))",
                           "pasteboard \(quoted(s.pasteboard))" + (s.pasteboard == t ? "" : parting(t, s.pasteboard)))
        default:
            return outcome(false, fact.description, "no such fact of the chat screen")
        }
    }
}
