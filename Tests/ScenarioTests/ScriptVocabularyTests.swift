import Testing
import SimCore
import Tester
@testable import Scenario

/// A subject's own words, registered as the chat screen registers its own: a target
/// kind, a verb, a fact, a setup line and a snapshot subject of a made-up "board"
/// screen parse, print back to the same bytes, and appear in the parser's messages; the
/// generic language alone knows none of the chat screen's words.
@Suite struct ScriptVocabularyTests {
    static let board = ScriptVocabulary(
        targets: FinderVocabulary([
            FinderKind("board.key", [.count("a key index")]),
            FinderKind("board.key at", [.token("a key name")], help: "board.key at NAME"),
            FinderKind("board", isRegion: true),
        ]),
        verbs: [ScriptPhraseKind("beep") { (r: inout ScriptReader) throws(ScriptError) in
            r.atEnd ? [] : [.number(try r.count("a beep count", min: 1))]
        }],
        facts: [ScriptPhraseKind("beeps") { (r: inout ScriptReader) throws(ScriptError) in
            [.number(try r.count("a beep count"))]
        }],
        setup: [ScriptPhraseKind("board") { (r: inout ScriptReader) throws(ScriptError) in
            [.word(try r.oneOf("a board size", [("small", "small"), ("large", "large")]))]
        }],
        snapshotSubjects: ["keys"])

    @Test func aSubjectsOwnWordsParseAndPrintBack() throws {
        let source = """
        board large
        tap board.key 3
        tap board.key at 笑 within board
        swipe board left
        beep 2
        expect beeps 2
        expect board.key 1 visible
        snapshot k keys ascii

        """
        let script = try ScriptParser.parse(source, name: "b", vocabulary: Self.board)
        #expect(script.commands[0].value == .setup(ScriptPhrase("board", [.word("large")])))
        #expect(script.commands[1].value == .action(.tap(.target(FinderTarget("board.key", [.number(3)])))))
        #expect(script.commands[2].value == .action(.tap(.within(.target(FinderTarget("board.key at", [.word("笑")])),
                                                                 .target(FinderTarget("board", isRegion: true))))))
        #expect(script.commands[4].value == .action(.verb(ScriptPhrase("beep", [.number(2)]))))
        #expect(script.commands[5].value == .expect(.fact(ScriptPhrase("beeps", [.number(2)]))))
        #expect(script.commands[7].value == .snapshot(Script.SnapshotRequest(name: "k", subject: Script.SnapshotSubject(rawValue: "keys"), formats: [.ascii])))
        #expect(ScriptPrinter.print(script) == source)
    }

    @Test func errorsNameTheSubjectsWordsAtTheirPlace() {
        func error(_ line: String) -> String {
            do { _ = try ScriptParser.parse(line, name: "b", vocabulary: Self.board); return "" } catch {
                return error.description
            }
        }
        #expect(error("tap widget") == "b:1:5: error: unknown target 'widget' (board.key, board.key at NAME, board, label \"text\", view NAME, text \"text\" or X,Y)")
        #expect(error("tap board.key x") == "b:1:15: error: expected a key index (a whole number), found 'x'")
        #expect(error("expect bleep 1") == "b:1:8: error: unknown expectation 'bleep' (beeps, trace, no trace, or a target: TARGET visible|hidden|exists|absent|enabled|disabled|selected, count N or text \"…\")")
        #expect(error("beep 0") == "b:1:6: error: a beep count must be between 1 and 10000, found 0")
        #expect(error("snapshot a panel") == "b:1:12: error: expected a snapshot subject (screen, keys) or format (ascii, styled, png, ppm, tree, all), found 'panel'")
    }

    @Test func theGenericLanguageKnowsNoChatWord() {
        for line in ["tap panel.emoji 笑哭", "type \"hi\"", "expect keyboard emoji", "device iphone8"] {
            #expect(throws: ScriptParseErrors.self) { try ScriptParser.parse(line, name: "g", vocabulary: .generic) }
        }
        // The generic parts need no vocabulary.
        let s = try? ScriptParser.parse("tap label \"a\" nth 1\nwait 1s\nexpect trace \"x\"\nsnapshot s\n", name: "g",
                                        vocabulary: .generic)
        #expect(s?.commands.count == 4)
    }
}
