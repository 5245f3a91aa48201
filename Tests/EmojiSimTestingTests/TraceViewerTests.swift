import Testing
import Foundation
import SimCore
@testable import Scenario
import EmojiSimIO
@testable import EmojiSimTesting
@testable import EmojiSimTestingCore

/// The trace viewer page (EmojiSimTesting/Reports/TraceViewer.swift).
@Suite struct TraceViewerTests {
    static let root = SnapshotFiles.packageRoot(from: #filePath)!
    static let missedTap = root.appendingPathComponent("Tests/Fixtures/viewer/missed-tap.scenario")

    static func verify(_ url: URL) throws -> ScenarioVerifier.Verification {
        var runner = ScenarioRunner(font: try BundledFont.unifont())
        runner.logsSteps = true
        let verifier = ScenarioVerifier(references: .none, record: .never, isCI: true, runner: runner,
                                        makeHost: { try ScenarioHosting.makeHost($0, scriptFolder: $1, catalogRoot: root) })
        let text = try String(contentsOf: url, encoding: .utf8)
        return try verifier.verify(try ScriptParser.parse(text, name: url.lastPathComponent), at: url)
    }

    /// The data block, as the page's script reads it.
    static func data(_ html: String) throws -> [String: Any] {
        let open = try #require(html.range(of: "<script type=\"application/json\" id=\"emojisim-trace\">"))
        let close = try #require(html.range(of: "</script>", range: open.upperBound..<html.endIndex))
        let json = try JSONSerialization.jsonObject(with: Data(html[open.upperBound..<close.lowerBound].utf8))
        return try #require(json as? [String: Any])
    }

    @Test func sha256KnownVectors() {
        func hex(_ s: String) -> String { SHA256.digest(Array(s.utf8)).map { String(format: "%02x", $0) }.joined() }
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(String(repeating: "a", count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    /// The acceptance test of issue 29: given only the viewer of the failing run, a
    /// newcomer can say which touch missed and why. The page says it in words (the
    /// warning at the top, linked to its step, and on the step), and draws it: the
    /// finger went down inside the key's rectangle when the touch was aimed, and the key
    /// had moved up out from under it when the touch ended.
    @Test func theViewerOfAMissedTapSaysWhichTouchMissedAndWhy() throws {
        let v = try Self.verify(Self.missedTap)
        #expect(!v.passed)
        let html = try TraceViewer.page(v)
        // One step per line after the setup, each with its script line; the failing one selected.
        for line in [7, 8, 9, 10, 11] { #expect(html.contains("data-line=\"\(line)\"")) }
        #expect(html.components(separatedBy: "<li id=\"step-").count - 1 == 5)
        #expect(html.contains("data-failing-line=\"11\""))
        #expect(html.contains("class=\"step expect fail selected\" data-line=\"11\""))
        // Which touch and why, at the top of the page and linked to the step.
        #expect(html.contains("line 10</a>: warning: tap panel.emoji 笑哭 (line 10): the panel.emoji 笑哭 moved 43 pt under the finger and the touch ended outside it"))
        #expect(html.contains("expected input &quot;[笑哭]&quot;, found input &quot;&quot;"))
        let d = try Self.data(html)
        let steps = try #require(d["steps"] as? [[String: Any]])
        #expect(d["selected"] as? Int == 4)
        let tap = steps[3]
        #expect(tap["text"] as? String == "tap panel.emoji 笑哭")
        let touches = try #require(tap["touches"] as? [[Any]])
        #expect(touches.map { $0[2] as? String } == ["began", "ended"])
        let down = (touches[0][3] as! Double, touches[0][4] as! Double)
        let aim = try #require((tap["aims"] as? [[String: Any]])?.first)
        #expect(aim["target"] as? String == "panel.emoji 笑哭")
        let r = try #require(aim["rect"] as? [Double]), after = try #require(tap["after"] as? [Double])
        func inside(_ p: (Double, Double), _ r: [Double]) -> Bool { p.0 >= r[0] && p.0 <= r[0] + r[2] && p.1 >= r[1] && p.1 <= r[1] + r[3] }
        #expect(inside(down, r), "the finger went down on the key")
        #expect(!inside(down, after), "the key was elsewhere when the finger lifted")
        #expect(after[1] < r[1] - 40, "it slid up by 43 pt")
        #expect((tap["warnings"] as? [String])?.first?.contains("moved 43 pt under the finger") == true)
        #expect((tap["trace"] as? [String])?.contains { $0.contains("tester warning line=10") } == true)
        // The frame at touch down and after differ (the keyboard moved).
        #expect(tap["touchFrame"] as? Int != nil && tap["touchFrame"] as? Int != tap["frame"] as? Int)
        let failing = steps[4]
        #expect((failing["problems"] as? [String]) == ["expected input \"[笑哭]\", found input \"\""])
        #expect((failing["state"] as? [String])?.contains("expect input \"\"") == true)
    }

    @Test func thePageIsSelfContainedUnderAStrictPolicy() throws {
        let v = try Self.verify(Self.missedTap)
        let html = try TraceViewer.page(v)
        let csp = try #require(html.range(of: "content=\"default-src 'none'; script-src 'sha256-"))
        #expect(!html[csp.lowerBound...].prefix(300).contains("unsafe"))
        // Nothing is loaded from anywhere: no src= or href= but data URIs and anchors.
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("<link"))
        // The hashes are those of the page's one script and one style.
        let script = TraceViewer.viewerScript, style = TraceViewer.viewerStyle
        #expect(html.contains("<script>\(script)</script>") && html.contains("<style>\(style)</style>"))
        #expect(html.contains("script-src '\(TraceViewer.hash(script))'"))
        #expect(html.contains("style-src '\(TraceViewer.hash(style))'"))
        let d = try Self.data(html)
        let frames = try #require(d["frames"] as? [String])
        #expect(!frames.isEmpty && frames.allSatisfy { $0.hasPrefix("data:image/png;base64,") })
        #expect(Set(frames).count == frames.count, "each picture once")
        #expect(d["source"] as? String == (try String(contentsOf: Self.missedTap, encoding: .utf8)))
        #expect(html.utf8.count < 1_000_000)
    }

    @Test func theDataBlockCannotCloseItsElement() {
        var out = ""
        JSONWriter.quote("</script><b>&\u{2028}\u{1}", into: &out)
        #expect(out == "\"\\u003c/script\\u003e\\u003cb\\u003e\\u0026\\u2028\\u0001\"")
    }

    @Test func viewerFilesFollowTheScriptsPath() {
        let base = URL(fileURLWithPath: "/out")
        var v = ScenarioVerifier.Verification(script: URL(fileURLWithPath: "/p/Tests/Scenarios/a.scenario"),
                                              displayName: "Tests/Scenarios/a.scenario",
                                              result: ScenarioResult(script: "a"), snapshots: [])
        #expect(TraceViewer.url(for: v, in: base).path == "/out/Tests/Scenarios/a.html")
        v.displayName = "/tmp/x/b.scenario"
        #expect(TraceViewer.url(for: v, in: base).path == "/out/b.html")
        v.displayName = "../../etc/c.scenario"
        #expect(TraceViewer.url(for: v, in: base).path == "/out/etc/c.html")
    }

    /// A failing `assertScenario` writes the run's viewer and names it in every issue.
    @Test func aFailingAssertScenarioWritesItsViewer() throws {
        let page = SnapshotFiles.artifactsFolder(root: Self.root)
            .appendingPathComponent("trace-viewers/Tests/Fixtures/viewer/missed-tap.html")
        try? FileManager.default.removeItem(at: page)
        var v: ScenarioVerifier.Verification?
        withKnownIssue {
            v = assertScenario("Tests/Fixtures/viewer/missed-tap.scenario")
        } matching: { issue in
            issue.description.contains("trace viewer: \(page.path)")
        }
        #expect(v?.passed == false)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("data-failing-line=\"11\""))
    }

    /// Past the byte budget frames are left out, the failing step's first.
    @Test func framesPastTheByteBudgetAreLeftOutFailingStepFirst() throws {
        let v = try Self.verify(Self.missedTap)
        let log = try #require(v.result.steps)
        let renderer = try #require(v.viewerFrames)
        let all = TraceViewer.renderFrames(log, renderer)
        #expect(all.dropped == 0 && all.index.allSatisfy { $0 >= 0 })
        // A budget of exactly the failing step's picture keeps that one and no other
        // (a frame that would pass the budget is left out: the page's bound is strict).
        let failing = try #require(log.firstFailingStep)
        let failingFrame = try #require(log.steps[failing].frame)
        let failingPNG = renderer.png(log.frames[failingFrame])
        let one = TraceViewer.renderFrames(log, renderer, budget: failingPNG.count)
        #expect(one.uris.count == 1)
        #expect(TraceViewer.renderFrames(log, renderer, budget: failingPNG.count - 1).uris.isEmpty)
        #expect(one.index[try #require(log.steps[failing].frame)] == 0)
        #expect(one.dropped > 0)
        let html = TraceViewer.page(v, log: log, source: "", frameData: one)
        #expect(html.contains("frames are left out to keep the page small"))
    }

    // MARK: issue 47, item 9: the page is bounded, not only its images

    /// A run of `count` steps (no run: the log is built), step `failing` failed, each
    /// with `extra` characters of line, trace and state so that a step costs about what
    /// a hostile one does.
    static func syntheticRun(steps count: Int, failing: Int, extra: Int = 0) -> (ScenarioVerifier.Verification, StepLog, String) {
        var log = StepLog()
        var result = ScenarioResult(script: "many.scenario")
        var source = "device iphone8\n"
        let pad = String(repeating: "x", count: extra)
        for i in 0..<count {
            let line = i + 2
            let text = "wait 1s" + (extra > 0 ? " # " + pad : "")
            source += text + "\n"
            let t = SimInstant(ticks: Int64(i) * 720)
            var s = StepLog.Step(line: line, column: 1, kind: i == failing ? .expect : .action, text: "wait 1s",
                                 start: t, end: t + .milliseconds(1), state: ScenarioFacts(input: pad).expectations)
            s.trace = result.trace.count..<(result.trace.count + 1)
            result.trace.append("tester wait line=\(line) " + pad)
            if i == failing {
                s.expectation = ExpectationOutcome(line: line, column: 1, expectation: .input("a"), passed: false,
                                                   expected: "input \"a\"", actual: "input \"\"")
            }
            log.steps.append(s)
        }
        result.steps = log
        let v = ScenarioVerifier.Verification(script: URL(fileURLWithPath: "/tmp/many.scenario"), displayName: "many.scenario",
                                              result: result, snapshots: [])
        return (v, log, source)
    }

    static func budgetedPage(_ v: ScenarioVerifier.Verification, _ log: StepLog, _ source: String) -> String {
        let none = (uris: [String](), index: [Int](repeating: -1, count: log.frames.count), dropped: log.frames.count)
        return TraceViewer.page(v, log: log, source: source, frameData: none)
    }

    /// 100,000 steps, the 60,000th failing: before, the page was 74.5 MB with 900,000
    /// nodes (about 750 bytes a step). Now it keeps the first and last steps and the
    /// failing one's neighbourhood, one row says what was left out between, and the
    /// failing step is still the one selected.
    @Test func aHundredThousandStepPageStaysUnderTheBudgetWithTheFailingStepSelected() throws {
        let (v, log, source) = Self.syntheticRun(steps: 100_000, failing: 60_000)
        let html = Self.budgetedPage(v, log, source)
        #expect(html.utf8.count < TraceViewer.pageByteBudget, "\(html.utf8.count) bytes")
        let rows = html.components(separatedBy: "<li id=\"step-").count - 1
        let kept = TraceViewer.headSteps + TraceViewer.tailSteps + 2 * TraceViewer.neighbourSteps + 1
        #expect(rows == kept, "\(rows) step rows")
        #expect(html.components(separatedBy: "<li").count - 1 < 400, "a few hundred list items, not 100,000")
        // The failing step (line 60,002) is selected on open, and is the data's selected step.
        #expect(html.contains("data-failing-line=\"60002\""))
        #expect(html.contains("class=\"step expect fail selected\" data-line=\"60002\""))
        let d = try Self.data(html)
        let steps = try #require(d["steps"] as? [[String: Any]])
        let selected = try #require(d["selected"] as? Int)
        #expect(steps[selected]["line"] as? Int == 60_002 && steps[selected]["index"] as? Int == 60_000)
        #expect(d["stepCount"] as? Int == 100_000)
        // Two runs left out, each one row that says how many, which lines and how to see them.
        let gaps = try #require(d["stepsLeftOut"] as? [[String: Int]])
        #expect(gaps.count == 2)
        #expect(gaps[0]["fromStep"] == 100 && gaps[0]["toStep"] == 59_949)
        #expect(gaps[1]["fromStep"] == 60_051 && gaps[1]["toStep"] == 99_899)
        #expect(html.contains("<li class=\"elided\" data-from-line=\"102\" data-to-line=\"59951\" data-count=\"59850\">59850 steps left out (lines 102 to 59951"))
        #expect(html.contains("To see them, run the script again with --viewer-at LINE"))
        #expect(html.contains("99699 steps are left out to keep the page under 3 MB"))
        // 800 KB of script is within its budget: the playground can import the page.
        #expect((d["source"] as? String)?.isEmpty == false)
    }

    /// Steps a page left out could only be seen in the playground: `--viewer-at LINE`
    /// (`focusLine`) opens the page on that line with its neighbours in full, and the
    /// row that says what was left out names the option and the lines it takes.
    @Test func aFocusLineShowsTheStepsAroundIt() throws {
        let (v, log, source) = Self.syntheticRun(steps: 100_000, failing: 60_000)
        let none = (uris: [String](), index: [Int](repeating: -1, count: log.frames.count), dropped: log.frames.count)
        let plan = TraceViewer.planSteps(v, log: log, source: source, focusLine: 30_002)
        #expect(plan.selected == 30_000)
        #expect(plan.kept.contains(29_950) && plan.kept.contains(30_050) && !plan.kept.contains(60_000))
        let html = TraceViewer.page(v, log: log, source: source, frameData: none, plan: plan)
        #expect(html.utf8.count < TraceViewer.pageByteBudget)
        let d = try Self.data(html)
        let steps = try #require(d["steps"] as? [[String: Any]])
        let selected = try #require(d["selected"] as? Int)
        #expect(steps[selected]["line"] as? Int == 30_002)
        #expect(html.contains("run the script again with --viewer-at LINE (a line from 102 to 29951)"))
        // Past the last line: the last step; without a focus line: the failing one.
        #expect(TraceViewer.planSteps(v, log: log, source: source, focusLine: 500_000).selected == 99_999)
        #expect(TraceViewer.planSteps(v, log: log, source: source).selected == 60_000)
    }

    /// The page does not grow with the steps: 20,000 and 100,000 steps cost the same
    /// within a few bytes a kept step (the counts in the rows that say what was left out).
    @Test func thePageDoesNotGrowWithTheSteps() {
        let small = Self.syntheticRun(steps: 20_000, failing: 10_000)
        let large = Self.syntheticRun(steps: 100_000, failing: 50_000)
        let a = Self.budgetedPage(small.0, small.1, "").utf8.count
        let b = Self.budgetedPage(large.0, large.1, "").utf8.count
        #expect(abs(a - b) < 10_000, "\(a) vs \(b) bytes")
    }

    /// Hostile steps (5,000 characters of line, trace line and input each) are cut and
    /// fewer of them are kept: the page stays within its budget, the failing step kept,
    /// and a script past its own budget is left out of the page, which says so.
    @Test func longStepsAndALongScriptStayWithinThePageBudget() throws {
        let (v, log, source) = Self.syntheticRun(steps: 3_000, failing: 2_000, extra: 5_000)
        #expect(source.utf8.count > TraceViewer.sourceByteBudget)
        let html = Self.budgetedPage(v, log, source)
        #expect(html.utf8.count < TraceViewer.pageByteBudget, "\(html.utf8.count) bytes")
        #expect(html.contains("data-failing-line=\"2002\""))
        let d = try Self.data(html)
        #expect(d["source"] as? String == "" && d["sourceOmitted"] as? Int == source.utf8.count)
        #expect(html.contains("the script&#39;s text (\(source.utf8.count) bytes) is left out of the page")
                || html.contains("the script's text (\(source.utf8.count) bytes) is left out of the page"))
        let steps = try #require(d["steps"] as? [[String: Any]])
        #expect(steps.count <= 301)
        let text = try #require(steps.first?["text"] as? String)
        #expect(text.unicodeScalars.count < 400 && text.contains("more characters)"))
    }

    /// A real run of 400 lines through `TraceViewer.page`: frames and steps within
    /// the bound together, the failing step selected with its frame.
    @Test func aLongRunsPageWithFramesStaysUnderTheBudget() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("viewer-bound-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var lines = ["device iphone8", "conversation empty", "tap input"]
        for i in 0..<400 { lines.append(i % 2 == 0 ? "type \"a\"" : "backspace") }
        lines.insert("expect input \"zz\"", at: 250)
        let url = dir.appendingPathComponent("long.scenario")
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        let v = try Self.verify(url)
        #expect(!v.passed)
        let html = try TraceViewer.page(v)
        #expect(html.utf8.count < TraceViewer.pageByteBudget)
        #expect(html.contains("data-failing-line=\"251\""))
        let d = try Self.data(html)
        let steps = try #require(d["steps"] as? [[String: Any]])
        let position = try #require(d["selected"] as? Int)
        let frame = try #require(steps[position]["frame"] as? Int)
        #expect(frame >= 0 && frame < (d["frames"] as? [String])?.count ?? 0)
        #expect(steps.count == 301 && (d["stepsLeftOut"] as? [Any])?.isEmpty == false)
    }
}
