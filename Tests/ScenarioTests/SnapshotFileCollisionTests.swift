import Testing
import SimCore
@testable import Scenario

/// Issue 47, item 7: two snapshot lines with different names that write the same file
/// (`a styled` and `a.styled ascii` both write `a.styled.txt`) made a run record "2/2
/// snapshots" and then fail forever. They are refused at parse, as a repeated name is.
@Suite struct SnapshotFileCollisionTests {
    private func errors(_ s: String) -> [String] {
        do {
            _ = try ScriptParser.parse(s, name: "c.scenario")
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func aStyledAndADottedAsciiSnapshotCollide() {
        #expect(errors("conversation empty\nsnapshot a styled\nwait 1s\nsnapshot a.styled ascii\n") == [
            "c.scenario:4:10: error: snapshot 'a.styled' ascii writes a.styled.txt, which snapshot 'a' styled on line 2 also writes (rename one of them)",
        ])
    }

    @Test func aTreeAndADottedAsciiSnapshotCollide() {
        #expect(errors("snapshot a.tree ascii\nsnapshot a tree\n") == [
            "c.scenario:2:10: error: snapshot 'a' tree writes a.tree.txt, which snapshot 'a.tree' ascii on line 1 also writes (rename one of them)",
        ])
        // `all` includes tree: the collision is found through it too.
        #expect(errors("snapshot a all\nsnapshot a.tree input\n").count == 1)
    }

    @Test func namesThatWriteDifferentFilesStillParse() throws {
        // a.txt a.png | a.styled.txt a.styled.png | b.styled.txt | b.tree.png: all distinct.
        let script = try ScriptParser.parse("snapshot a\nsnapshot a.styled\nsnapshot b styled\nsnapshot b.tree png\n", name: "ok.scenario")
        #expect(script.commands.count == 4)
    }

    /// Issue 47, item 20: a script's file name is printed in every error line; a carriage
    /// return or an escape sequence in it must not reach a terminal raw.
    @Test func anErrorLineEscapesTheFileName() {
        let name = "x\r\u{1B}[32mPASS all 12 scripts\u{1B}[0m\n.scenario"
        do {
            _ = try ScriptParser.parse("expect keybord none\n", name: name)
            Issue.record("the script must not parse")
        } catch {
            let line = error.description
            #expect(!line.unicodeScalars.contains { isEscapedForDisplay($0) }, "\(line.debugDescription)")
            #expect(line.hasPrefix("x\\u{D}\\u{1B}[32mPASS all 12 scripts\\u{1B}[0m\\u{A}.scenario:1:8: error: "))
        }
        let warning = ScriptWarning(file: name, line: 2, column: 1, message: "m")
        #expect(warning.description == "x\\u{D}\\u{1B}[32mPASS all 12 scripts\\u{1B}[0m\\u{A}.scenario:2:1: warning: m")
    }
}
