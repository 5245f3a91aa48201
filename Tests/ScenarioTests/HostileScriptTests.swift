import Testing
import Foundation
import SimCore
import EmojiSimIO
@testable import Scenario

/// Issue 18 items 1, 4, 9 and 16: hostile script text ends in a parse error naming the
/// line and column, never a trap, a hang or a flood of output.
@Suite struct HostileScriptTests {
    private func error(_ s: String) -> String? {
        do {
            _ = try ScriptParser.parse(s, name: "t.scenario")
            return nil
        } catch {
            return error.errors.map(\.description).joined(separator: "\n")
        }
    }

    @Test func hugeDurationsAreErrorsNotTraps() {
        #expect(error("wait 99999999999999999999s") == "t.scenario:1:6: error: duration 99999999999999999999s is longer than an hour")
        #expect(error("wait 66666666666660s") == "t.scenario:1:6: error: duration 66666666666660s is longer than an hour")
        #expect(error("wait 3600001ms") == "t.scenario:1:6: error: duration 3600001ms is longer than an hour")
        #expect(error("wait 3600s") == nil)
        #expect(error("long-press input for 1" + String(repeating: "0", count: 400) + "s")?.contains("longer than an hour") == true)
    }

    @Test func swipeLiteralsAreBounded() {
        #expect(error("swipe list up by 99999999999999999999999pt") == "t.scenario:1:18: error: distance must be at most 10000pt")
        #expect(error("swipe list up by 1000pt at 0.001pt/s") == "t.scenario:1:28: error: velocity must be between 1pt/s and 100000pt/s")
        #expect(error("swipe list up at 0pt/s") == "t.scenario:1:18: error: velocity must be between 1pt/s and 100000pt/s")
        #expect(error("swipe list up by 10000pt at 1pt/s") == "t.scenario:1:1: error: a swipe may last at most 60s (distance / velocity); this one lasts 10000s")
        #expect(error("swipe list up by 60pt at 1pt/s") == nil)
        #expect(error("swipe list up by 300pt at 100000pt/s") == nil)
    }

    @Test func hostileTokensAreCutAndEscapedInMessages() throws {
        let nul = try #require(error("tap a\u{0}b"))
        #expect(nul.contains("a\\u{0}b"))
        #expect(!nul.unicodeScalars.contains("\u{0}"))
        let long = try #require(error("wait " + String(repeating: "9", count: 200_000)))
        #expect(long == "t.scenario:1:6: error: word longer than 4096 characters")
        let string = try #require(error("type \"" + String(repeating: "y", count: 10_001) + "\""))
        #expect(string == "t.scenario:1:6: error: string longer than 10000 characters")
        // A 4096-character word is still echoed, but cut.
        let word = try #require(error("tap " + String(repeating: "z", count: 4096)))
        #expect(word.unicodeScalars.count < 500)
        #expect(word.contains("characters cut"))
    }

    /// Long strings lex in linear time (the length used to be recounted per scalar).
    @Test func longStringsParse() throws {
        let line = "type \"" + String(repeating: "é", count: 10_000) + "\"\n"
        let script = try ScriptParser.parse(String(repeating: line, count: 40), name: "t")
        #expect(script.commands.count == 40)
    }

    @Test func aFinalNewlineIsNotAnotherLine() throws {
        let full = String(repeating: "# c\n", count: ScriptParser.maxLines)
        #expect(error(full) == nil)
        #expect(error(full + "# one more") == "t.scenario:100001:1: error: script has more than 100000 lines")
    }

    /// Values of 1e15 and more print as plain decimals, which the parser reads back.
    @Test func printedScriptsReparse() throws {
        let text = "tap 100000000000000000000000,5\ntap -25000000000000000,0.5\ndrag list by -9999.5,0.5 over 3599.9995s\n"
        let script = try ScriptParser.parse(text, name: "t")
        let printed = ScriptPrinter.print(script)
        #expect(!printed.contains("e+"))
        let again = try ScriptParser.parse(printed, name: "t")
        #expect(again.commands.map(\.value) == script.commands.map(\.value))
    }

    /// Found by the scenario fuzzer (Tools/fuzz, target scenario): control bytes inside
    /// a line must either fail to parse or survive print -> parse unchanged.
    @Test func fuzzerFoundControlBytesRoundTrip() throws {
        let text = "# Found by `emojisim monkey` (seed 28), shrunk and kept: a long press that catches the\n# panel while it bounces back from a fling pashe nextpanel still bounces.\ntiming manual\ntap toggle\nsettle\nswipe panel right by 204pt at 2640pt/s\nlong-press panel.cell 1 2 for \u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{17}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0} \u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}289ms\nsettle\nexpect panel.page 0\nexpect preview none\n"
        let script: Script
        do { script = try ScriptParser.parse(text, name: "f") } catch {
            for e in error.errors {
                #expect(e.line >= 1 && e.column >= 1)
                #expect(e.message.unicodeScalars.count < 1000, "message not cut")
            }
            return
        }
        let printed = ScriptPrinter.print(script)
        let again = try ScriptParser.parse(printed, name: "f")
        #expect(again.commands.map { $0.value } == script.commands.map { $0.value })
        #expect(ScriptPrinter.print(again) == printed)
    }

    /// Item 15: a script's catalog paths stay in its folder tree unless the runner widens it.
    @Test func catalogPathsAreConfinedToTheScriptFolder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-confine-\(getpid())")
        let scripts = dir.appendingPathComponent("scripts")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outside = dir.appendingPathComponent("emoji-test.txt")
        try Data("# group: G\n1F600 ; fully-qualified # 😀 E1.0 grinning face\n".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(atPath: scripts.appendingPathComponent("link.txt").path, withDestinationPath: outside.path)
        for path in ["../../../../etc/passwd", "../emoji-test.txt", "link.txt", "/etc/passwd"] {
            do {
                _ = try ScenarioAssets.load(.unicode(path: path), relativeTo: scripts)
                Issue.record("\(path) was read")
            } catch {
                #expect(error.message.contains("outside"), "\(path): \(error)")
            }
        }
        // Allowed when the runner widens the root.
        let assets = try ScenarioAssets.load(.unicode(path: "../emoji-test.txt"), relativeTo: scripts, confinedTo: dir)
        #expect(assets.catalog.count == 1)
    }
}
