import Foundation
import Testing
@testable import Raster

/// UAX #14's own test file (Unicode 15.0, Tests/Fixtures/unicode/LineBreakTest.txt from
/// Debian's unicode-data, with its licence beside it), run through the breaker that
/// `TextLayout` uses. Prints the pass rate overall and for each class (a line counts
/// for every class among its code points).
@Suite struct LineBreakConformanceTests {
    struct Case {
        var line: Int
        var scalars: [UInt32]
        /// `breaks[i]`: the file's ÷ before scalar i (index 0 is the start, always ×).
        var breaks: [Bool]
    }

    static func cases() throws -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/unicode/LineBreakTest.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        var out: [Case] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let data = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = data.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if tokens.isEmpty { continue }
            var scalars: [UInt32] = [], breaks: [Bool] = []
            var pending: Bool? = nil
            for t in tokens {
                if t == "÷" || t == "×" {
                    pending = t == "÷"
                } else if let v = UInt32(t, radix: 16), let p = pending {
                    scalars.append(v); breaks.append(p); pending = nil
                } else {
                    Issue.record("LineBreakTest.txt:\(n + 1): unexpected token \(t)")
                }
            }
            out.append(Case(line: n + 1, scalars: scalars, breaks: breaks))
        }
        return out
    }

    static func name(_ c: LineBreakClass) -> String {
        ["BK", "CR", "LF", "NL", "SP", "ZW", "ZWJ", "CM", "WJ", "GL", "BA", "HY", "NS", "BB", "B2", "CB",
         "CL", "CP", "CP(EA)", "OP", "OP(EA)", "QU", "EX", "IS", "SY", "IN", "PR", "PO", "NU", "AL", "HL",
         "ID", "ID(Cn pict)", "EB", "EM", "H2", "H3", "JL", "JV", "JT", "RI"][Int(c.rawValue)]
    }

    @Test func everyLineOfLineBreakTestPasses() throws {
        let cases = try Self.cases()
        #expect(cases.count == 7654)
        var passed = 0
        var perClass: [UInt8: (total: Int, passed: Int)] = [:]
        var failures: [String] = []
        for c in cases {
            let classes = c.scalars.map(LineBreakClass.of)
            let got = LineBreaker.opportunities(classes)
            // The file writes × at the start (LB2); the breaker's element 0 is that.
            let ok = got == c.breaks
            if ok { passed += 1 } else if failures.count < 20 {
                let hex = c.scalars.map { String($0, radix: 16, uppercase: true) }
                failures.append("line \(c.line): \(hex) expected \(c.breaks) got \(got)")
            }
            for k in Set(classes.map(\.rawValue)) {
                var e = perClass[k] ?? (0, 0)
                e.total += 1
                if ok { e.passed += 1 }
                perClass[k] = e
            }
        }
        func pct(_ p: Int, _ t: Int) -> String {
            let tenths = (p * 1000 + t / 2) / max(t, 1)
            return "\(tenths / 10).\(tenths % 10)%"
        }
        var report = "LineBreakTest.txt (Unicode 15.0): \(passed) of \(cases.count) lines pass (\(pct(passed, cases.count)))\n"
        for k in perClass.keys.sorted() {
            let e = perClass[k]!
            let n = Self.name(LineBreakClass(rawValue: k)!)
            report += "  \(n): \(e.passed) of \(e.total) (\(pct(e.passed, e.total)))\n"
        }
        print(report, terminator: "")
        for f in failures { Issue.record(Comment(rawValue: f)) }
        #expect(passed == cases.count)
    }

    /// The generated table agrees with LineBreak.txt's classes where the file names them
    /// (LB1 resolved): a few code points of each kind the rules single out.
    @Test func tableResolvesLB1() {
        #expect(LineBreakClass.of(0x20) == .sp)
        #expect(LineBreakClass.of(0x3041) == .ns)       // CJ small hiragana: NS (strict)
        #expect(LineBreakClass.of(0x30FB) == .ns)       // KATAKANA MIDDLE DOT
        #expect(LineBreakClass.of(0x3008) == .opEA)     // East Asian opening bracket
        #expect(LineBreakClass.of(0x28) == .op)
        #expect(LineBreakClass.of(0x0E01) == .al)       // SA letter (Thai)
        #expect(LineBreakClass.of(0x0E31) == .cm)       // SA mark (Mn)
        #expect(LineBreakClass.of(0x1F3FB) == .em)
        #expect(LineBreakClass.of(0x1F466) == .eb)
        #expect(LineBreakClass.of(0x1F02C) == .idCn)    // unassigned, Extended_Pictographic
        #expect(LineBreakClass.of(0x20000) == .id)
        #expect(LineBreakClass.of(0x10FFFF) == .al)     // XX
        #expect(LineBreakClass.of(0xAC00) == .h2)
        #expect(LineBreakClass.of(0xFFFC) == .cb)
    }
}
