@testable import emojisim
import EmojiSimIO
@testable import EmojiSimTestingCore
import Foundation
import Scenario
import Testing

/// Issue 45, item 8: the HTML report and the trace viewer's header.
@Suite struct ReportPageTests {
    @Test func textDiffsSideBySideAndColoured() throws {
        let table = HTMLReport.sideBySide(reference: "a\nb\nc\n", actual: "a\nB\nc\nd\n")
        #expect(table.contains("<td class=\"ln\">2</td><td class=\"del\">b</td><td class=\"ln\">2</td><td class=\"ins\">B</td>"))
        #expect(table.contains("<td class=\"ln\"></td><td></td><td class=\"ln\">4</td><td class=\"ins\">d</td>"))
        #expect(table.contains("<td class=\"ln\">1</td><td>a</td><td class=\"ln\">1</td><td>a</td>"))
        // Bounded: the rest is counted.
        let big = HTMLReport.sideBySide(reference: "", actual: (0..<50).map(String.init).joined(separator: "\n"), maxRows: 10)
        #expect(big.contains("… 40 more lines"))
        // Escaped like everything else on the page.
        #expect(HTMLReport.sideBySide(reference: "<b>", actual: "<script>x</script>").contains("&lt;script&gt;x&lt;/script&gt;"))
        let coloured = HTMLReport.colouredDiff("f:1:1: error: x\n--- reference\n+++ actual\n@@ -1 +1 @@\n-<old>\n+new")
        #expect(coloured.contains("<span class=\"del\">-&lt;old&gt;</span>\n<span class=\"ins\">+new</span>"))
        #expect(coloured.contains("<span class=\"err\">f:1:1: error: x</span>"))
    }

    /// A failing script's snapshots without references are one line, not an entry and
    /// a section each; the page has a filter, a search and, for images of one size, a
    /// slider over reference and actual.
    @Test func reportFilterSearchSliderAndNoNotRecordedNoise() throws {
        let pkg = try RunCommandTests.Package()
        let pic = try pkg.file("a-pic.scenario", "device 120x200@1\nconversation empty\nsnapshot p screen png\nsnapshot t screen ascii\n")
        _ = try pkg.run([pic], pkg.options())
        // The image changes (a pending PNG); a second script fails with two new snapshots.
        try pkg.file("a-pic.scenario", "device 120x200@1\nconversation demo\nsnapshot p screen png\nsnapshot t screen ascii\n")
        let failing = try pkg.file("b-<img src=x onerror=alert(1)>.scenario",
                                   "conversation empty\ntap input\nexpect keyboard emoji\nsnapshot one input ascii\nsnapshot two input ascii\n")
        let report = pkg.root.appendingPathComponent("report.html")
        _ = try pkg.run([pic, failing], pkg.options(report: report, record: .pending))
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(!html.contains(": not-recorded</a>"), "no Needs-attention entry per unrecorded snapshot")
        #expect(html.contains("not recorded, the script having failed (no reference yet): one.txt, two.txt"))
        #expect(!html.contains("one.txt: no reference, and none recorded"), "nor a problem block each")
        #expect(html.contains("<input type=\"search\" id=\"search\"") && html.contains("value=\"failed\""))
        #expect(html.contains("<section class=\"script\" data-passed=\"false\">"))
        #expect(html.contains("class=\"compare\" data-ref=\"") && html.contains("-ref\" alt=\"reference\""))
        #expect(html.contains("<table class=\"sbs\">"))
        // The hostile name is text everywhere; the page's one script builds no markup.
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!HTMLReport.script.contains("innerHTML") && !HTMLReport.script.contains("insertAdjacentHTML"))
        #expect(html.components(separatedBy: "<script").count == 2, "one script element")
        // A Content-Security-Policy lets only that script and the page's style run, by hash.
        #expect(html.contains("<script>" + HTMLReport.script + "</script>") && html.contains("<style>" + HTMLReport.style + "</style>"))
        #expect(html.contains("content=\"default-src 'none'; script-src '\(TraceViewer.hash(HTMLReport.script))'"))
    }

    @Test func viewerHeaderCollapsesWhenLong() throws {
        #expect(TraceViewer.headerOpen(["a", "b\nc"]))
        #expect(!TraceViewer.headerOpen([(0..<40).map(String.init).joined(separator: "\n")]))
        #expect(TraceViewer.headerSummary(problems: 2, warnings: 1) == "2 problems, 1 warning, notes")
        let pkg = try RunCommandTests.Package()
        let bad = try pkg.file("b.scenario", "conversation empty\ntap input\nexpect keyboard emoji\n")
        var options = pkg.options()
        options.viewer = pkg.root.appendingPathComponent("viewers")
        _ = try pkg.run([bad], options)
        let page = try String(contentsOf: pkg.root.appendingPathComponent("viewers/b.html"), encoding: .utf8)
        #expect(page.contains("<details id=\"header-details\" open><summary>1 problem, notes</summary>"))
    }
}
