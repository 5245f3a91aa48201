import Testing
import SimCore
@testable import Scenario

@Suite struct ScriptParserTests {
    private func parse(_ s: String) throws -> Script { try ScriptParser.parse(s, name: "t.scenario") }

    /// The single error of a one-error script, as printed.
    private func error(_ s: String) -> String? {
        do {
            _ = try ScriptParser.parse(s, name: "t.scenario")
            return nil
        } catch {
            return error.errors.map(\.description).joined(separator: "\n")
        }
    }

    @Test func parsesEveryCommandForm() throws {
        let script = try parse("""
        # setup
        device iphone14
        device 320x568@2
        theme dark
        catalog demo
        catalog plist "a/emtions.plist" "a/emtionMeans.plist"
        catalog unicode
        catalog unicode "emoji-test.txt"
        catalog folder "imgs"
        catalog json "c.json"
        conversation demo
        set panel.layout 7x3
        set panel.snap round
        set panel.preview-inserts true
        set longpress.duration 300ms
        set input.max-lines 5
        set input.max-length 140
        set touch.rate 120
        tap input   # a comment
        long-press panel.emoji f056 for 1.5s
        long-press panel.emoji "😄"
        press panel.cell 1 2
        move panel.cell 1 3 over 200ms
        move 10,20
        release
        cancel
        swipe panel left by 120pt at 1200pt/s
        swipe list up
        drag panel by -80,0 over 300ms
        drag list by 0,40
        type "你好\\n\\"x\\" \\u{1F600}"
        compose "ni" commit "你"
        compose "hao"
        backspace
        backspace 3
        select 2 4
        select-all
        cut
        copy
        paste
        paste "[f056]"
        undo
        redo
        receive "哈哈[笑哭]"
        search "smile"
        search clear
        wait 2s
        settle
        memory-warning
        resize 390x844
        tap panel.tab 2
        tap panel.tab "Emoji"
        tap panel.delete
        tap list.row 7
        tap outside
        expect keyboard emoji
        expect send disabled
        expect input "你好"
        expect caret 3
        expect panel.page 1 of 3
        expect panel.page 0
        expect panel.group "经典"
        expect panel.group 2
        expect preview none
        expect preview f056
        expect panel.results 4
        expect list.count 12
        expect list.visible 3..9
        expect list.last "ok"
        expect animating 2
        expect pasteboard "[f056]"
        expect trace "didSelect"
        snapshot first
        snapshot panel-open panel
        snapshot all.formats list all
        snapshot only-tree tree
        """)
        #expect(script.setup.count == 17)
        #expect(script.commands.count == 75)
        let values = script.commands.map(\.value)
        #expect(values[0] == .setup(.device(.iphone14)))
        #expect(values[1] == .setup(.device(.custom(width: 320, height: 568, scale: 2))))
        #expect(values[17] == .action(.tap(.input)))
        #expect(script.commands[17].line == 19 && script.commands[17].column == 1)
        #expect(values[18] == .action(.longPress(.emoji("f056"), duration: .milliseconds(1500))))
        #expect(values[19] == .action(.longPress(.emoji("😄"), duration: Script.Action.defaultLongPress)))
        #expect(values[22] == .action(.move(.point(Point(x: 10, y: 20)), over: nil)))
        #expect(values[25] == .action(.swipe(.panel, .left, distance: 120, velocity: 1200)))
        #expect(values[27] == .action(.drag(.panel, dx: -80, dy: 0, over: .milliseconds(300))))
        #expect(values[29] == .action(.type("你好\n\"x\" 😀")))
        #expect(values[30] == .action(.compose(marked: "ni", commit: "你")))
        #expect(values[31] == .action(.compose(marked: "hao", commit: nil)))
        #expect(values[32] == .action(.backspace(count: 1)))
        #expect(values[58] == .expect(.panelPage(1, of: 3)))
        #expect(values[63] == .expect(.preview("f056")))
        #expect(values[66] == .expect(.listVisible(3...9)))
        #expect(values[71] == .snapshot(Script.SnapshotRequest(name: "first")))
        #expect(values[72] == .snapshot(Script.SnapshotRequest(name: "panel-open", subject: .panel)))
        #expect(values[73] == .snapshot(Script.SnapshotRequest(name: "all.formats", subject: .list, formats: Script.SnapshotFormat.allCases)))
        #expect(values[74] == .snapshot(Script.SnapshotRequest(name: "only-tree", formats: [.tree])))
    }

    @Test func blankLinesCommentsAndCRLFAreIgnored() throws {
        let s = try parse("\n   \n# only a comment\r\ntap send\r\n\n")
        #expect(s.commands.map(\.value) == [.action(.tap(.send))])
        #expect(s.commands[0].line == 4)
    }

    /// Every malformed line form we could think of, with the exact message and place.
    @Test(arguments: [
        ("tapp input", "t.scenario:1:1: error: unknown command 'tapp' (did you mean 'tap'?)"),
        ("tap input at", "t.scenario:1:13: error: expected a unit position at the end of the line"),
        ("tap input at -1", "t.scenario:1:14: error: a unit position must be between 0 and 10000, found -1"),
        ("tap input.handle middle", "t.scenario:1:18: error: expected a handle (start, end), found 'middle'"),
        ("tap", "t.scenario:1:4: error: expected a target at the end of the line"),
        ("tap nowhere", "t.scenario:1:5: error: unknown target 'nowhere' (input, input at N, input.handle start|end, toggle, send, list, outside, panel, panel.delete, panel.emoji, panel.cell, panel.tab, panel.dot, panel.skin-tone, panel.search, list.row, label \"text\", view NAME, text \"text\" or X,Y)"),
        ("tap \"input\"", "t.scenario:1:5: error: expected a target, found a string"),
        ("tap input now", "t.scenario:1:11: error: unexpected 'now' at the end of the command"),
        ("tap 10,", "t.scenario:1:5: error: unknown target '10,' (input, input at N, input.handle start|end, toggle, send, list, outside, panel, panel.delete, panel.emoji, panel.cell, panel.tab, panel.dot, panel.skin-tone, panel.search, list.row, label \"text\", view NAME, text \"text\" or X,Y)"),
        ("wait", "t.scenario:1:5: error: expected a duration like 300ms or 1.5s at the end of the line"),
        ("wait 3", "t.scenario:1:6: error: expected a duration like 300ms or 1.5s, found '3'"),
        ("wait -3s", "t.scenario:1:6: error: expected a duration like 300ms or 1.5s, found '-3s'"),
        ("wait 1e3ms", "t.scenario:1:6: error: expected a duration like 300ms or 1.5s, found '1e3ms'"),
        ("wait 2h", "t.scenario:1:6: error: expected a duration like 300ms or 1.5s, found '2h'"),
        ("wait 4000s", "t.scenario:1:6: error: duration 4000s is longer than an hour"),
        ("long-press input for", "t.scenario:1:21: error: expected a duration like 300ms or 1.5s at the end of the line"),
        ("swipe panel sideways", "t.scenario:1:13: error: expected a direction (left, right, up, down), found 'sideways'"),
        ("swipe panel left at 1200", "t.scenario:1:21: error: expected a velocity like 1200pt/s, found '1200'"),
        ("swipe panel left by 12", "t.scenario:1:21: error: expected a distance like 80pt, found '12'"),
        ("drag panel 10,0", "t.scenario:1:12: error: expected 'by DX,DY', found '10,0'"),
        ("drag panel by 10", "t.scenario:1:15: error: expected an offset DX,DY like -120,0, found '10'"),
        ("type hello", "t.scenario:1:6: error: expected the text to type in double quotes, found 'hello'"),
        ("type \"abc", "t.scenario:1:6: error: unterminated string (missing closing \")"),
        ("type \"a\\qb\"", "t.scenario:1:8: error: unknown escape '\\q' (use \\\" \\\\ \\n \\t \\r or \\u{...})"),
        ("type \"\\u{110000}\"", "t.scenario:1:7: error: \\u{110000} is not a Unicode scalar"),
        ("type \"\\u{zz}\"", "t.scenario:1:10: error: 'z' is not a hex digit in \\u{...}"),
        ("type \"\\u1F600\"", "t.scenario:1:7: error: expected '{' after \\u (write \\u{1F600})"),
        ("type \"\\u{1F600\"", "t.scenario:1:15: error: '\"' is not a hex digit in \\u{...}"),
        ("type x\"y\"", "t.scenario:1:7: error: unexpected '\"' inside a word (put a space before the string)"),
        ("backspace 0", "t.scenario:1:11: error: a count must be between 1 and 10000, found 0"),
        ("backspace many", "t.scenario:1:11: error: expected a count (a whole number), found 'many'"),
        ("select 1", "t.scenario:1:9: error: expected a length at the end of the line"),
        ("resize 10x10", "t.scenario:1:8: error: expected a size WxH like 390x844 (100-4096 points), found '10x10'"),
        ("search", "t.scenario:1:7: error: expected a query (or 'clear') at the end of the line"),
        ("expect", "t.scenario:1:7: error: expected what to expect at the end of the line"),
        ("expect keyboard emojis", "t.scenario:1:17: error: expected a keyboard (none, system, emoji), found 'emojis'"),
        ("expect send on", "t.scenario:1:13: error: expected visible|hidden|exists|absent|enabled|disabled|selected, count N or text \"…\" after the target, found 'on'"),
        ("expect list.visible 9..3", "t.scenario:1:21: error: expected a row range A..B like 3..9, found '9..3'"),
        ("expect panel.page 1 of 0", "t.scenario:1:24: error: a page count must be between 1 and 10000, found 0"),
        ("expect colour red", "t.scenario:1:8: error: unknown expectation 'colour' (keyboard, send, input, outgoing, caret, panel.page, panel.group, preview, panel.results, list.count, list.visible, list.last, animating, pasteboard, trace, no trace, or a target: TARGET visible|hidden|exists|absent|enabled|disabled|selected, count N or text \"…\")"),
        ("snapshot", "t.scenario:1:9: error: expected a snapshot name at the end of the line"),
        ("snapshot a/b", "t.scenario:1:10: error: snapshot names use letters, digits, '-', '_' and '.' only (they become file names), found 'a/b'"),
        ("snapshot x gif", "t.scenario:1:12: error: expected a snapshot subject (screen, panel, input, list) or format (ascii, styled, png, ppm, tree, all), found 'gif'"),
        ("snapshot x panel png extra", "t.scenario:1:22: error: unexpected 'extra' at the end of the command"),
        ("device iphone99", "t.scenario:1:8: error: expected a device (iphone8, iphone14 or WxH@S like 320x568@2), found 'iphone99'"),
        ("device 320x568@4", "t.scenario:1:8: error: device scale must be 1, 2 or 3"),
        ("device 320x568@", "t.scenario:1:8: error: expected a device (iphone8, iphone14 or WxH@S like 320x568@2), found '320x568@'"),
        ("theme sepia", "t.scenario:1:7: error: expected a theme (light, dark), found 'sepia'"),
        ("catalog zip \"x\"", "t.scenario:1:9: error: expected a catalog source (demo, plist, unicode, folder, json), found 'zip'"),
        ("catalog plist \"a\"", "t.scenario:1:18: error: expected the emtionMeans.plist path at the end of the line"),
        ("set panel.layout 8by3", "t.scenario:1:18: error: expected a layout COLUMNSxROWS like 8x3 (1-20 columns, 1-10 rows), found '8by3'"),
        ("set panel.layout 0x3", "t.scenario:1:18: error: expected a layout COLUMNSxROWS like 8x3 (1-20 columns, 1-10 rows), found '0x3'"),
        ("set panel.snap fast", "t.scenario:1:16: error: expected a snap policy (uikit, round, projected, none), found 'fast'"),
        ("set touch.rate 90", "t.scenario:1:16: error: expected a touch rate (60, 120), found '90'"),
        ("set speed 2", "t.scenario:1:5: error: unknown setting 'speed' (known: panel.layout, panel.snap, panel.preview-inserts, longpress.duration, input.max-lines, input.max-length, touch.rate, panel.default-skin-tone, panel.recents)"),
        ("tap panel.tab -1", "t.scenario:1:15: error: expected a tab index or \"name\", found '-1'"),
        ("tap panel.cell 1", "t.scenario:1:17: error: expected a column at the end of the line"),
        ("\"string first\"", "t.scenario:1:1: error: expected a command, found a string"),
    ])
    func malformedLinesGivePreciseErrors(line: String, expected: String) {
        #expect(error(line) == expected)
    }

    @Test func setupAfterAnActionIsAnError() {
        #expect(error("tap input\ntheme dark") == "t.scenario:2:1: error: setup line 'theme' must come before the first action (line 1)")
    }

    @Test func allErrorsOfAFileAreReportedTogether() {
        do {
            _ = try ScriptParser.parse("tap input\nbogus\nwait 1\n\ntype x", name: "f")
            Issue.record("expected errors")
        } catch {
            #expect(error.errors.map(\.line) == [2, 3, 5])
        }
    }

    @Test func columnsCountUnicodeScalars() {
        #expect(error("type \"你好\" extra") == "t.scenario:1:11: error: unexpected 'extra' at the end of the command")
    }

    @Test func oversizedScriptsAreRejectedUpFront() {
        let big = String(repeating: "wait 1s\n", count: ScriptParser.maxBytes / 8 + 1)
        #expect(error(big)?.hasPrefix("t.scenario:1:1: error: script is ") == true)
        let long = String(repeating: "a", count: 10_001)
        #expect(error("type \"\(long)\"") == "t.scenario:1:6: error: string longer than 10000 characters")
    }

    @Test func randomBytesNeverCrashTheParser() {
        var rng = SeededRandom(seed: 99)
        let alphabet: [Character] = ["t", "a", "p", " ", "\"", "\\", "u", "{", "}", "#", "\n", "1", ",", ".", "x", "@", "s", "m", "你", "😀", "-"]
        for _ in 0..<2_000 {
            var s = ""
            for _ in 0..<rng.int(in: 0...60) { s.append(alphabet[rng.int(in: 0..<alphabet.count)]) }
            do {
                let script = try ScriptParser.parse(s)
                #expect(script.commands.count <= s.count)
            } catch {
                #expect(!error.errors.isEmpty)
                for e in error.errors { #expect(e.line >= 1 && e.column >= 1) }
            }
        }
    }
}
