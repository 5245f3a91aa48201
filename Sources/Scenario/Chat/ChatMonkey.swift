import SimCore
import Tester
import ChatUI
import ChatHarness

/// The chat screen as the monkey's subject: its random actions and targets from its
/// facts, and the trace lines worth looking for.
extension ChatScenarioHost {
    /// A random action valid for the screen's facts now.
    /// - Parameter rng: The monkey's action stream.
    /// - Returns: The action.
    public func monkeyAction(_ rng: inout SeededRandom) -> Script.Action { MonkeyActions.choose(&rng, state: facts) }
    /// A target of the screen's, from its facts (sometimes one past the last, which is absent).
    /// - Parameter rng: The monkey's expectation stream.
    /// - Returns: The finder.
    public func monkeyTarget(_ rng: inout SeededRandom) -> Finder { MonkeyActions.target(&rng, state: facts) }
    /// `expect send enabled|disabled` is the send fact, another check.
    /// - Parameters:
    ///   - expectation: The finder expectation.
    ///   - target: Its target.
    /// - Returns: True for `enabled`/`disabled` on `send`.
    public func monkeyAvoids(_ expectation: FinderExpectation, on target: Finder) -> Bool {
        target == .send && (expectation == .enabled || expectation == .disabled)
    }
    /// The screen's trace lines the monkey looks for with `expect no trace`.
    public var monkeyTraceNames: [String] {
        ["inputBar didSend", "panel didSelect", "panel previewBegan", "panel deleteTapped",
         "inputBar textChanged", "list reload", "screen receive", "tester warning", "keyboard"]
    }
}

/// The monkey's choice of actions, by what the screen allows now.
enum MonkeyActions {
    /// A target of the screen's, from its state: a component, a row, tab, cell, page dot
    /// or skin-tone item (sometimes one past the last, which is absent), sometimes
    /// narrowed by a modifier.
    static func target(_ rng: inout SeededRandom, state s: ScenarioFacts) -> Finder {
        let base: Finder
        switch rng.int(in: 0..<12) {
        case 0: base = .input
        case 1: base = .send
        case 2: base = .toggle
        case 3: base = .list
        case 4: base = .panel
        case 5: base = .delete
        case 6: base = .searchField
        case 7: base = .row(rng.int(in: 0...s.listCount))
        case 8: base = .tab(.index(rng.bool() ? s.panelGroupIndex : rng.int(in: 0...s.panelGroupCount)))
        case 9: base = .cell(row: rng.int(in: 0...3), column: rng.int(in: 0...8))
        case 10: base = .pageDot(rng.bool() ? s.panelPage : rng.int(in: 0...s.panelPageCount))
        default: base = .skinTone(rng.int(in: 0...6))
        }
        switch rng.int(in: 0..<8) {
        case 0: return .first(base)
        case 1: return .nth(base, rng.int(in: 0...1))
        case 2: return .within(base, rng.bool() ? .panel : .list)
        default: return base
        }
    }

    static let words = ["你好", "hello", " ", "哈哈", "[微笑]", "[f056]", "😄", "👍🏽", "👨‍👩‍👧", "🇨🇳", "1️⃣", "ok", "\n", "[笑哭]", "[unknown]", "[[哈哈]]"]

    /// A random action valid for `state`.
    static func choose(_ rng: inout SeededRandom, state s: ScenarioFacts) -> Script.Action {
        var options: [Script.Action] = [
            .tap(.input), .tap(.toggle), .tap(.outside),
            .wait(.milliseconds(rng.int(in: 16...600))), .settle,
            .receive(randomText(&rng)),
            .swipe(.list, rng.bool() ? .up : .down, distance: Double(rng.int(in: 20...200)), velocity: Double(rng.int(in: 100...4000))),
            .drag(.list, dx: 0, dy: Double(rng.int(in: -200...200)), over: nil),
        ]
        if rng.bool(probability: 0.05) { options.append(.memoryWarning) }
        if rng.bool(probability: 0.03) { options.append(.resize(width: Double(rng.int(in: 320...430)), height: Double(rng.int(in: 568...926)))) }
        if s.sendEnabled { options.append(.tap(.send)) }
        if let v = s.listVisible { options.append(.tap(.row(rng.int(in: v)))) }
        switch s.keyboard {
        case .system:
            options += [
                .type(randomText(&rng)), .type(randomText(&rng)), .backspace(count: rng.int(in: 1...3)),
                .select(start: rng.int(in: 0...8), length: rng.int(in: 0...4)), .selectAll, .cut, .copy, .paste(nil),
                .paste(randomText(&rng)), .undo, .redo,
                .compose(marked: "ni", commit: rng.bool() ? "你" : nil),
                // Text view touches: caret taps, the loupe, handle drags (a position past
                // the text or a handle without a selection is a refusal, not a bug).
                .tap(.inputAt(rng.int(in: 0...8))), .doubleTap(.inputAt(rng.int(in: 0...8))),
                .longPress(.inputAt(rng.int(in: 0...8)), duration: .milliseconds(rng.int(in: 300...900))),
                .drag(.inputAt(rng.int(in: 0...8)), dx: Double(rng.int(in: -60...60)), dy: Double(rng.int(in: -8...8)),
                      over: .milliseconds(rng.int(in: 600...1200))),
                .drag(.selectionHandle(rng.bool() ? .start : .end), dx: Double(rng.int(in: -80...80)), dy: 0, over: nil),
            ]
        case .emoji:
            options += [
                .tap(.cell(row: rng.int(in: 0...2), column: rng.int(in: 0...6))),
                .tap(.cell(row: rng.int(in: 0...2), column: rng.int(in: 0...6))),
                .tap(.delete),
                .longPress(.cell(row: rng.int(in: 0...2), column: rng.int(in: 0...6)), duration: .milliseconds(rng.int(in: 100...900))),
                .swipe(.panel, rng.bool() ? .left : .right, distance: Double(rng.int(in: 20...250)), velocity: Double(rng.int(in: 50...3000))),
                .drag(.panel, dx: Double(rng.int(in: -300...300)), dy: 0, over: nil),
                rng.bool(probability: 0.3) ? .search(rng.bool() ? "smile" : "哈") : .searchClear,
            ]
            if s.panelGroupCount > 0 { options.append(.tap(.tab(.index(rng.int(in: 0..<s.panelGroupCount))))) }
        case .none:
            break
        }
        return options[rng.int(in: 0..<options.count)]
    }

    static func randomText(_ rng: inout SeededRandom) -> String {
        var s = ""
        for _ in 0..<rng.int(in: 1...4) { s += words[rng.int(in: 0..<words.count)] }
        return s
    }
}
