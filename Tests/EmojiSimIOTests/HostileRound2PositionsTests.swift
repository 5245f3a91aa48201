import Foundation
import Testing
import SimCore
import Scenario
import ChatUI
@testable import EmojiSimIO

/// Issue 26 item 12 (a GIF cut short is reported by `catalog check` and in a run's
/// trace) and item 15 (errors with their place: JSON numbers and surrogates, a script's
/// bad UTF-8, a binary plist's bad length, a far drag, a NUL in a path).
@Suite struct HostileRound2PositionsTests {
    let dir: URL = {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("hostile2p-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        return d
    }()
    static let suiteGIF = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/gif-test-suite/gifs/animated_loop.gif")

    /// A JSON catalog with one animated entry drawn by `gif`.
    func catalog(gif: [UInt8]) throws -> URL {
        try Data(gif).write(to: dir.appendingPathComponent("a.gif"))
        let url = dir.appendingPathComponent("c.json")
        try Data(#"{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":[{"code":"a","kind":"animated","image":"a.gif"}]}]}"#.utf8).write(to: url)
        return url
    }

    @Test("item 12: catalog check warns of a GIF cut short, a clean one is silent")
    func checkReportsTruncation() throws {
        let full = [UInt8](try Data(contentsOf: Self.suiteGIF))
        let cut = try catalog(gif: Array(full.dropLast()))
        let lines = CatalogChecker.check(cut).map(\.description)
        #expect(lines.contains("warning: c.json: entry 0: code \"a\": image \"a.gif\": truncated after 4 frames: file ends before the trailer (0x3B) at byte 872"),
                "\(lines)")
        let clean = try catalog(gif: full)
        #expect(CatalogChecker.check(clean).isEmpty)
    }

    @Test("item 12: a run's trace names the image cut short; a clean catalog adds no line")
    func traceReportsTruncation() throws {
        let full = [UInt8](try Data(contentsOf: Self.suiteGIF))
        let cut = try catalog(gif: Array(full[0..<600]))
        let assets = try ScenarioAssets.load(.json(cut.path), relativeTo: dir)
        let screen = ScenarioHosting.makeScreen(ScenarioConfiguration(), assets: assets)
        #expect(screen.trace.lines.contains { $0.hasSuffix("images imageIssue image=\"a.gif\" message=truncated after 0 frames: file ends inside image data at byte 600") },
                "\(screen.trace.lines)")
        let clean = try ScenarioAssets.load(.json(try catalog(gif: full).path), relativeTo: dir)
        #expect(clean.imageIssues.isEmpty)
        #expect(!ScenarioHosting.makeScreen(ScenarioConfiguration(), assets: clean).trace.lines.contains { $0.contains("imageIssue") })
    }

    @Test("item 15: JSON numbers out of range and lone surrogates: our text, with the place")
    func jsonPositions() {
        let cases: [(String, String)] = [
            (#"{"a": 1e999}"#, "line 1, column 7 (byte 6): a number too large for a 64-bit floating point value"),
            (#"{"a": -1e400}"#, "line 1, column 7 (byte 6): a number too large for a 64-bit floating point value"),
            ("{\"a\":\n \"\\ud800\"}", "line 2, column"),
            ("{\"a\": \"\\udc00x\"}", "a lone low surrogate \\udc00"),
        ]
        for (text, expected) in cases {
            #expect { _ = try PureJSON.parse(Array(text.utf8)) } throws: { e in
                "\(e)".contains(expected) || { print("\(text): \(e)"); return false }()
            }
        }
    }

    @Test("fuzz finding: a binary plist with a version other than 00 is refused before Foundation sees it")
    func binaryPlistOfAnotherVersion() throws {
        // Found by Tools/fuzz (plist, 2026-12-05): "bplist0" and a byte 0xB0 where the
        // version's second "0" belongs, with a set object (0xC2) inside an array. Foundation
        // reads it as binary (it checks seven bytes) and crashed bridging the set; the
        // bounds check used to test eight bytes, so it scanned the file as XML and let it by.
        var b = Array("bplist0".utf8) + [0xB0]
        b += [0xA1, 0x01]                 // object 0 at 8: an array of one reference, to 1
        b += [0xC1, 0x02]                 // object 1 at 10: a set of one reference, to 2
        b += [0x10, 0x07]                 // object 2 at 12: the integer 7
        let table = b.count
        b += [8, 10, 12]
        b += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 3] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        #expect { try PlistBounds.check(Data(b)) } throws: { e in
            "\((e as? PlistBounds.Violation)?.reason ?? "")" == "binary property list of an unknown version (bytes 6-7 are not \"00\")"
        }
        // The same file with the real magic reaches the walk, which refuses the set.
        b[7] = UInt8(ascii: "0")
        #expect { try PlistBounds.check(Data(b)) } throws: { e in
            "\((e as? PlistBounds.Violation)?.reason ?? "")" == "set object at byte 10: property lists hold no sets"
        }
        // Through the importer: an error naming the file, not a crash.
        let url = dir.appendingPathComponent("emtions.plist")
        b[7] = 0xB0
        try Data(b).write(to: url)
        try Data("<plist><dict/></plist>".utf8).write(to: dir.appendingPathComponent("emtionMeans.plist"))
        #expect { try SeedPlistImporter.load(emotions: url, meanings: dir.appendingPathComponent("emtionMeans.plist")) } throws: { e in
            "\(e)".contains("unknown version")
        }
    }

    @Test("item 15: a binary plist whose string length runs past its objects: refused with the byte")
    func binaryPlistLength() throws {
        // bplist00, one ASCII string object "ab" at byte 8, then the offset table and trailer.
        func plist(marker: [UInt8]) -> Data {
            var b = Array("bplist00".utf8) + marker + Array("ab".utf8)
            let table = b.count
            b.append(8)
            b += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
            return Data(b)
        }
        #expect(throws: Never.self) { try PlistBounds.check(plist(marker: [0x52])) }
        // Length 0x7F0 (via an int marker) and length 15 inline-extended: both past the table.
        #expect { try PlistBounds.check(plist(marker: [0x5F, 0x11, 0x07, 0xF0])) } throws: { e in
            "\((e as? PlistBounds.Violation)?.reason ?? "")" == "string at byte 8 declares 2032 bytes, past the end of the objects (byte 14)"
        }
        #expect { try PlistBounds.check(plist(marker: [0x5E])) } throws: { e in
            "\((e as? PlistBounds.Violation)?.reason ?? "")".hasPrefix("string at byte 8 declares 14 bytes, past the end of the objects")
        }
        // Through the importer: the place, not Foundation's "Unexpected character b at line 1".
        let url = dir.appendingPathComponent("emtions.plist")
        try plist(marker: [0x5E]).write(to: url)
        try Data("<plist><dict/></plist>".utf8).write(to: dir.appendingPathComponent("emtionMeans.plist"))
        #expect { try SeedPlistImporter.load(emotions: url, meanings: dir.appendingPathComponent("emtionMeans.plist")) } throws: { e in
            "\(e)".contains("string at byte 8 declares 14 bytes") && !"\(e)".contains("Unexpected character")
        }
    }

    @Test("item 15: a script's bad UTF-8 is reported at its line and column")
    func scriptUTF8() throws {
        let bytes = Array("tap input\ntype \"a".utf8) + [0xFF] + Array("b\"\n".utf8)
        #expect { _ = try ScriptParser.parse(utf8: bytes, name: "s.scenario") } throws: { e in
            "\(e)" == "s.scenario:2:8: error: the file is not valid UTF-8: byte 0xFF at byte offset 17"
        }
        // After multi-byte characters the column counts scalars.
        let wide = Array("type \"你好".utf8) + [0xC3, 0x28]
        #expect { _ = try ScriptParser.parse(utf8: wide, name: "w") } throws: { e in
            "\(e)".hasPrefix("w:1:9: error:")
        }
        // Valid bytes parse as the text does.
        #expect(try ScriptParser.parse(utf8: Array("tap input\n".utf8)) == (try ScriptParser.parse("tap input\n")))
    }

    @Test("item 15: a drag of 1e300 pt is refused at the offset, in points, not 'inf pt'")
    func farDrag() {
        let huge = "1" + String(repeating: "0", count: 300)
        #expect { _ = try ScriptParser.parse("drag list by \(huge),\(huge)\n", name: "d") } throws: { e in
            let s = "\(e)"
            return s.hasPrefix("d:1:14: error: a drag offset must be at most 10000pt each way") && !s.contains("inf")
        }
        #expect(throws: Never.self) { _ = try ScriptParser.parse("drag list by -10000,10000\n") }
    }

    @Test("item 15: a NUL in a path is called a NUL")
    func nulPaths() throws {
        #expect { _ = try ScenarioAssets.load(.json("a\u{0}/../../c.json"), relativeTo: dir) } throws: { e in
            "\(e)".contains("contains a NUL byte")
        }
        #expect { _ = try ConfinedOutput(root: dir).url(for: "a\u{0}b") } throws: { e in
            "\(e)".contains("a NUL byte in the path")
        }
    }
}
