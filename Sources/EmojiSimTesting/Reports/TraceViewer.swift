import Foundation
import SimCore
import Imaging
import Interaction
import Raster
import Scenario
import EmojiSimIO

/// Renders a run's step-log frames (display lists) at 1x into PNG files' bytes, with the
/// run's images. Kept by a `Verification` whose run recorded a step log, so a viewer can
/// be written after the run (only when one is asked for: `assertScenario` writes one
/// only when the script fails). Used from one thread at a time.
public final class ViewerFrameRenderer: @unchecked Sendable {
    let font: BitmapFont
    let images: ImageProvider
    let theme: Theme

    /// A renderer with the run's font, images and theme.
    public init(font: BitmapFont, images: ImageProvider, theme: Theme) {
        self.font = font; self.images = images; self.theme = theme
    }

    /// `list` at 1x, as PNG bytes (level 6: a viewer of hundreds of frames is written in
    /// seconds; the files are a few percent larger than at level 9).
    public func png(_ list: DisplayList) -> [UInt8] {
        let image = SnapshotRenderer(scale: 1, theme: theme, font: font, images: images).image(list)
        return PNGEncoder(colorMode: .rgb, compressionLevel: 6).encode(image)
    }
}

/// The trace viewer: one self-contained HTML page per script run (docs/SCENARIOS.md,
/// "The trace viewer"). It works from `file://` with no network: every frame is a data
/// URI, and its Content-Security-Policy allows nothing but its own inline script and
/// style (by their SHA-256) and `data:` images.
///
/// The page lists the script's steps (one per line after the setup, each an `<li
/// class="step" data-line="N">` with its virtual time, a thumbnail of the screen after
/// it and its line), shows the selected step's frame with its touches drawn over it
/// (the path, where the finger went down and lifted, the finder's rectangle when the
/// touch was aimed and, in manual timing, where the target was when it ended), its
/// trace lines, the state after it as `expect` lines, and its result; a scrubber runs
/// over the run's virtual time showing the timeline's frames. The failing step is
/// selected when the page opens. The page is at most `pageByteBudget` bytes: past the
/// step budget each run of steps left out is one `<li class="elided">` row that says
/// so (`planSteps`). The data is one JSON block (`<script
/// type="application/json" id="emojisim-trace">`) with the script's text, which the
/// playground imports (drop the page on it).
public enum TraceViewer {
    /// A run without a step log (parse errors, a host that could not be built).
    public struct MissingLog: Error, CustomStringConvertible {
        /// What went wrong, for messages.
        public var description: String { "the run recorded no step log (ScenarioRunner.logsSteps)" }
    }

    /// The viewer's file for a script, under `folder`: the script's path from its
    /// package root (or its file name outside a package) with `.html`, so two scripts of
    /// the same name in different folders get different pages.
    public static func url(for v: ScenarioVerifier.Verification, in folder: URL) -> URL {
        var name = v.displayName
        if name.hasPrefix("/") { name = URL(fileURLWithPath: name).lastPathComponent }
        if name.hasSuffix(".scenario") { name = String(name.dropLast(".scenario".count)) }
        let parts = name.split(separator: "/").map(String.init).filter { $0 != ".." && $0 != "." && !$0.isEmpty }
        var url = folder
        for p in parts.dropLast() { url = url.appendingPathComponent(p) }
        return url.appendingPathComponent((parts.last ?? "script") + ".html")
    }

    /// Writes the viewer of `v` to `url` (atomically; inside `root` when given, no folder
    /// on the way being a symlink).
    ///
    /// - Parameter focusLine: The script line the page opens on, its neighbours kept in
    ///   full (`emojisim run --viewer-at LINE`: how to see steps a page left out); nil:
    ///   the first failing step.
    /// - Returns: the page's size in bytes.
    /// - Throws: `MissingLog` when the run recorded no step log; when the file cannot be
    ///   written.
    @discardableResult
    public static func write(_ v: ScenarioVerifier.Verification, to url: URL, within root: URL? = nil,
                             focusLine: Int? = nil) throws -> Int {
        let html = try page(v, focusLine: focusLine)
        let bytes = Array(html.utf8)
        try SnapshotFiles.writeAtomically(bytes, to: url, within: root)
        return bytes.count
    }

    /// The page of `v`, as HTML text, at most `pageByteBudget` bytes: the steps past
    /// the step budget are left out (`planSteps`), then the frames get what is left.
    /// - Parameter focusLine: The script line to open on (the first step at or after
    ///   it; the last step past the end); nil: the first failing step, else the last.
    /// - Complexity: O(steps + trace lines + the frames' pixels) (frames are embedded
    ///   as encoded images).
    public static func page(_ v: ScenarioVerifier.Verification, focusLine: Int? = nil) throws -> String {
        guard let log = v.result.steps, let renderer = v.viewerFrames else { throw MissingLog() }
        let source = (try? String(contentsOf: v.script, encoding: .utf8)) ?? ""
        let plan = planSteps(v, log: log, source: source, focusLine: focusLine)
        // The page without frames first: the frames get what is left of the budget, less
        // what their indices add (a frame number where the bare page has none, and the
        // timeline's entries).
        let none = (uris: [String](), index: [Int](repeating: -1, count: log.frames.count), dropped: log.frames.count)
        let bare = page(v, log: log, source: source, frameData: none, plan: plan).utf8.count
        let slack = 1_024 + 40 * (log.timeline.count + 1) + 12 * plan.kept.count
        let room = max(0, pageByteBudget - bare - slack)
        let frames = renderFrames(log, renderer, budget: min(frameByteBudget, room / 4 * 3),
                                  steps: plan.kept)
        return page(v, log: log, source: source, frameData: frames, plan: plan)
    }

    /// Bytes a viewer page takes at most, whatever the run: the steps, the script's
    /// text and the frames are each kept within a budget of their own, and the frames
    /// get what the rest leaves (docs/SCENARIOS.md, "The trace viewer").
    public static let pageByteBudget = 3_000_000
    /// Steps kept in full from the start of the run (when the page has room).
    public static let headSteps = 100
    /// Steps kept in full at the end of the run.
    public static let tailSteps = 100
    /// Steps kept in full on each side of the selected (failing) step.
    public static let neighbourSteps = 50
    /// Bytes the kept steps may take in all (their list rows and their data); past it
    /// no more are kept, the selected step always is.
    public static let stepByteBudget = 600_000
    /// Bytes the script's text may take in the data block (escaped); a longer script is
    /// left out of the page, which then says so (the playground cannot import it).
    public static let sourceByteBudget = 1_000_000
    /// Unicode scalars a step's line, state line, trace line or warning shows at most.
    static let textCut = 300
    /// Unicode scalars a problem (expected and found) shows at most.
    static let problemCut = 2_000
    /// Trace lines a step shows at most.
    static let traceLinesShown = 60
    /// Touches a step shows at most (the rest evenly thinned).
    static let touchesShown = 240
    /// Warnings a step shows at most.
    static let warningsShown = 10
    /// Problems the top of the page lists at most.
    static let problemsShown = 50

    /// Which steps a page shows in full: `kept` (step indices, ascending), with
    /// `selected` (a step index: the first failing step, else the last) among them.
    struct StepPlan: Equatable {
        var kept: [Int]
        var selected: Int
    }

    /// The steps a page keeps, in order of need until their rows and data reach
    /// `budget` bytes or the counts run out: the selected step (the first at or after
    /// `focusLine` when given, else the first failing one), its neighbours (nearest
    /// first, `neighbourSteps` each side), the first `headSteps`, the last `tailSteps`.
    /// At most three runs of steps, so at most two rows say what was left out.
    /// - Complexity: O(steps) plus the kept steps' rendering.
    static func planSteps(_ v: ScenarioVerifier.Verification, log: StepLog, source: String,
                          budget: Int = stepByteBudget, focusLine: Int? = nil) -> StepPlan {
        let n = log.steps.count
        guard n > 0 else { return StepPlan(kept: [], selected: 0) }
        let w = StepWriter(v, log: log, source: source, frameData: ([], [], 0))
        var selected = w.selected
        if let line = focusLine { selected = log.steps.firstIndex { $0.line >= line } ?? n - 1 }
        var order: [Int] = [selected]
        for d in 1...neighbourSteps {
            if selected - d >= 0 { order.append(selected - d) }
            if selected + d < n { order.append(selected + d) }
        }
        order += Array(0..<min(n, headSteps))
        order += Array((max(0, n - tailSteps)..<n).reversed())
        var kept = Set<Int>(), bytes = 0
        for i in order where !kept.contains(i) {
            // A frame number where the bare step has none: a few bytes more.
            let cost = w.json(i).utf8.count + w.row(i, position: i).utf8.count + w.warnings(i, position: i).utf8.count + 16
            if !kept.isEmpty && bytes + cost > budget { break }
            kept.insert(i)
            bytes += cost
        }
        return StepPlan(kept: kept.sorted(), selected: selected)
    }

    /// PNG bytes a page's frames may take in all, less when the rest of the page leaves
    /// less of `pageByteBudget` (the frames are base64, 4 bytes for 3).
    /// Frames are kept in order of need until it is reached: the failing step's, then
    /// each step's screen after its line, then at touch down, then the timeline's, evenly
    /// thinned (every 2^k-th entry first); the page says what it left out.
    public static let frameByteBudget = 2_000_000

    /// Each frame of the log as a data URI, within `budget`; equal pictures share one
    /// string (two lists that draw the same pixels cost one image). `index[k]` is the
    /// URI of log frame k, -1 when it was left out; `dropped` counts those. `steps` are
    /// the steps the page shows (nil: all); the frames of the others are not needed.
    /// A frame that would pass the budget is left out, and so is every frame after it.
    static func renderFrames(_ log: StepLog, _ renderer: ViewerFrameRenderer,
                             budget: Int = frameByteBudget, steps: [Int]? = nil) -> (uris: [String], index: [Int], dropped: Int) {
        var order: [Int] = []
        var queued = Set<Int>()
        func want(_ k: Int?) { if let k, k < log.frames.count, queued.insert(k).inserted { order.append(k) } }
        let shown = steps.map { $0.filter { $0 >= 0 && $0 < log.steps.count } } ?? Array(log.steps.indices)
        if let f = log.firstFailingStep { want(log.steps[f].frame); want(log.steps[f].touchFrame) }
        for i in shown { want(log.steps[i].frame) }
        for i in shown { want(log.steps[i].touchFrame) }
        var stride = 1
        while stride < log.timeline.count { stride *= 2 }
        while stride >= 1 {
            for (i, e) in log.timeline.enumerated() where i % stride == 0 { want(e.frame) }
            stride /= 2
        }
        var uris: [String] = []
        var index = [Int](repeating: -1, count: log.frames.count)
        var seen: [[UInt8]: Int] = [:]
        var bytes = 0
        for k in order {
            let png = renderer.png(log.frames[k])
            if let u = seen[png] { index[k] = u; continue }
            if bytes + png.count > budget { break }
            seen[png] = uris.count
            index[k] = uris.count
            bytes += png.count
            uris.append("data:image/png;base64," + Data(png).base64EncodedString())
        }
        return (uris, index, index.filter { $0 < 0 }.count)
    }

    /// The snapshot problems of `v`, by script line.
    static func snapshotProblems(_ v: ScenarioVerifier.Verification) -> [Int: [String]] {
        var out: [Int: [String]] = [:]
        for s in v.snapshots where !s.passed {
            out[s.output.line, default: []].append("\(s.output.fileName): \(s.check.message ?? s.status.label)")
        }
        return out
    }

    static func page(_ v: ScenarioVerifier.Verification, log: StepLog, source: String,
                     frameData: (uris: [String], index: [Int], dropped: Int), plan: StepPlan? = nil) -> String {
        let plan = plan ?? planSteps(v, log: log, source: source)
        let w = StepWriter(v, log: log, source: source, frameData: frameData)
        let kept = plan.kept
        let selected = kept.firstIndex(of: plan.selected) ?? max(0, kept.count - 1)
        // The runs of steps left out, each as (first, last) step index.
        var gaps: [(first: Int, last: Int)] = []
        var next = 0
        for i in kept + [log.steps.count] {
            if i > next { gaps.append((next, i - 1)) }
            next = i + 1
        }
        func gapAfter(_ position: Int?) -> [(first: Int, last: Int)] {
            let from = position.map { kept[$0] + 1 } ?? 0
            return gaps.filter { $0.first == from }
        }

        // The timeline with the frames kept: a left-out frame extends the one before.
        var timeline: [StepLog.TimelineEntry] = []
        for e in log.timeline {
            guard let f = w.frame(e.frame), timeline.last?.frame != f else { continue }
            timeline.append(StepLog.TimelineEntry(time: e.time, frame: f))
        }
        var sourceText = ""
        JSONWriter.quote(source, into: &sourceText)
        let sourceKept = sourceText.utf8.count <= sourceByteBudget
        let allProblems = v.problems
        var problemLines = allProblems.prefix(problemsShown).map { cutScalars($0, problemCut) }
        if allProblems.count > problemsShown { problemLines.append("… and \(allProblems.count - problemsShown) more problems") }
        // The data block.
        let j = JSONWriter()
        j.object {
            j.field("version") { j.int(1) }
            j.field("script") { j.string(v.displayName) }
            // Past its budget the script is left out; the playground says so on import.
            j.field("source") { sourceKept ? j.raw(sourceText) : j.string("") }
            if !sourceKept { j.field("sourceOmitted") { j.int(source.utf8.count) } }
            j.field("passed") { j.bool(v.passed) }
            j.field("ticksPerSecond") { j.int(Int(ticksPerSecond)) }
            j.field("start") { j.int(Int(log.start.ticks)) }
            j.field("end") { j.int(Int(log.end.ticks)) }
            j.field("width") { j.number(log.frames.first?.size.width ?? 0) }
            j.field("height") { j.number(log.frames.first?.size.height ?? 0) }
            j.field("captureInterval") { j.int(Int(log.captureInterval.ticks)) }
            j.field("sampled") { j.bool(log.isSampled || frameData.dropped > 0) }
            j.field("stepFramesDropped") { j.int(log.stepFramesDropped) }
            j.field("selected") { j.int(selected) }
            j.field("stepCount") { j.int(log.steps.count) }
            j.field("stepsLeftOut") {
                j.array(gaps) { g in
                    j.raw("{\"fromStep\":\(g.first),\"toStep\":\(g.last),\"fromLine\":\(log.steps[g.first].line),\"toLine\":\(log.steps[g.last].line)}")
                }
            }
            j.field("problems") { j.array(problemLines) { j.string($0) } }
            j.field("frames") { j.array(frameData.uris) { j.string($0) } }
            j.field("timeline") {
                j.array(timeline) { e in j.raw("[\(e.time.ticks),\(e.frame)]") }
            }
            j.field("steps") { j.array(kept) { j.raw(w.json($0)) } }
        }
        let data = j.text

        // The steps list, rendered here so that tools find `data-line` without running
        // it; a run of steps left out is one row that says so.
        var list = ""
        for g in gapAfter(nil) { list += w.gapRow(g.first, g.last) }
        for (position, i) in kept.enumerated() {
            list += w.row(i, position: position, selected: position == selected)
            for g in gapAfter(position) { list += w.gapRow(g.first, g.last) }
        }
        var notes: [String] = []
        notes.append("\(log.steps.count) steps over \(escape((log.end - log.start).description)) of virtual time; \(frameData.uris.count) distinct frames, rendered at 1x")
        if kept.count < log.steps.count {
            notes.append("\(log.steps.count - kept.count) steps are left out to keep the page under \(pageByteBudget / 1_000_000) MB (the rows that say so)")
        }
        if !sourceKept {
            notes.append("the script's text (\(source.utf8.count) bytes) is left out of the page: the playground cannot import it")
        }
        if log.isSampled {
            notes.append("the timeline is sampled: past \(log.budget.timelineFrames) distinct frames the scrubber shows the screen every \(escape(log.captureInterval.description)) instead of every frame at 30 frames a second")
        }
        if frameData.dropped > 0 {
            notes.append("\(frameData.dropped) of \(log.frames.count) frames are left out to keep the page small (\(frameByteBudget / 1_000_000) MB of images at most): steps keep theirs first, the scrubber shows the frame before a left-out one")
        }
        if log.stepFramesDropped > 0 {
            notes.append("\(log.stepFramesDropped) steps show no frame: past the budget of \(log.budget.stepFrames) distinct step frames")
        }
        let problems = problemLines.map { "<li>\(escape($0))</li>" }.joined()
        // Touches that missed (manual timing) are often why a later line fails: listed
        // at the top, each a link to its step (the kept steps').
        var warnings = ""
        for (position, i) in kept.enumerated() { warnings += w.warnings(i, position: position) }
        let warned = log.steps.reduce(0) { $0 + $1.warnings.count }
        let listed = kept.reduce(0) { $0 + min(warningsShown, log.steps[$1].warnings.count) }
        if warned > listed { warnings += "<li>… and \(warned - listed) more warnings in steps not shown</li>" }
        let stepFailed = w.failed
        let title = "\(v.passed ? "✔" : "✘") \(v.displayName)"
        let failing = selected < kept.count && stepFailed(log.steps[kept[selected]]) ? String(log.steps[kept[selected]].line) : ""
        let body = """
        <header>
        <h1 class="\(v.passed ? "pass" : "fail")">\(escape(title)) <small>trace viewer</small></h1>
        <details id="header-details"\(Self.headerOpen(problemLines) ? " open" : "")><summary>\(Self.headerSummary(problems: problemLines.count, warnings: warned))</summary>
        \(problems.isEmpty ? "" : "<ul class=\"problems\">\(problems)</ul>")
        \(warnings.isEmpty ? "" : "<ul class=\"warnings\">\(warnings)</ul>")
        <p class="notes">\(notes.joined(separator: "; ")).</p>
        </details>
        </header>
        <div id="main">
        <ol id="steps">
        \(list)</ol>
        <section id="detail">
        <div id="scrubber"><input type="range" id="scrub" min="\(log.start.ticks)" max="\(max(log.end.ticks, log.start.ticks + 1))" step="1" value="\(log.start.ticks)" aria-label="virtual time"><span id="clock"></span></div>
        <div id="view">
        <div id="stage"><img id="frame" alt="the screen"><svg id="overlay" xmlns="http://www.w3.org/2000/svg"></svg></div>
        <div id="info">
        <p id="d-head"></p>
        <p class="which"><button id="show-after" class="on">screen after the line</button> <button id="show-touch">at touch down</button></p>
        <ul id="d-problems"></ul>
        <ul id="d-warnings"></ul>
        <h3>Touches</h3><div id="d-touches"></div>
        <h3>Trace lines</h3><pre id="d-trace"></pre>
        <h3>State after the line</h3><pre id="d-state"></pre>
        </div>
        </div>
        </section>
        </div>
        """
        let script = viewerScript
        let style = viewerStyle
        let csp = "default-src 'none'; script-src '\(hash(script))'; style-src '\(hash(style))'; img-src data:; base-uri 'none'; form-action 'none'"
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(csp)">
        <title>\(escape(v.displayName)): EmojiSim trace viewer</title>
        <style>\(style)</style></head>
        <body data-script="\(escape(v.displayName))" data-passed="\(v.passed)" data-steps="\(log.steps.count)" data-steps-shown="\(kept.count)" data-failing-line="\(failing)">
        \(body)
        <script type="application/json" id="emojisim-trace">\(data)</script>
        <script>\(script)</script>
        </body></html>

        """
    }

    static func clamped(_ r: Range<Int>, _ count: Int) -> Range<Int> {
        let lo = min(max(0, r.lowerBound), count), hi = min(max(lo, r.upperBound), count)
        return lo..<hi
    }

    static func rect(_ j: JSONWriter, _ r: Rect) {
        j.raw("[\(formatPoints(r.minX)),\(formatPoints(r.minY)),\(formatPoints(r.width)),\(formatPoints(r.height))]")
    }

    /// Whether the header's problems start shown: a few short lines stay in view; a long
    /// text diff (hundreds of lines) starts collapsed, so the steps and the screen are
    /// above the fold. Either way the summary line opens and closes it.
    static func headerOpen(_ problemLines: [String]) -> Bool {
        problemLines.reduce(0) { $0 + $1.split(separator: "\n", omittingEmptySubsequences: false).count } <= 12
    }

    /// The header's summary line: what opening it shows.
    static func headerSummary(problems: Int, warnings: Int) -> String {
        var parts: [String] = []
        if problems > 0 { parts.append("\(problems) problem\(problems == 1 ? "" : "s")") }
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        parts.append("notes")
        return parts.joined(separator: ", ")
    }

    /// `'sha256-BASE64'` of `text`, as a CSP source.
    static func hash(_ text: String) -> String {
        "sha256-" + Data(SHA256.digest(Array(text.utf8))).base64EncodedString()
    }

    static func escape(_ s: String) -> String { HTMLReport.escape(s) }

    static let viewerStyle = """
    body { font: 13px system-ui, sans-serif; margin: 0; color: #222; }
    header { padding: 8px 16px; border-bottom: 1px solid #ddd; }
    header summary { cursor: pointer; color: #555; font-size: 12px; }
    header ul.problems, header ul.warnings { max-height: 30vh; overflow: auto; }
    h1 { font-size: 18px; margin: 4px 0; } h1 small { font-weight: normal; color: #666; font-size: 13px; }
    .pass { color: #1a7f37; } .fail { color: #cf222e; }
    ul.problems { margin: 4px 0; padding-left: 18px; color: #cf222e; font: 12px ui-monospace, monospace; white-space: pre-wrap; }
    ul.warnings { margin: 4px 0; padding-left: 18px; color: #9a6700; font: 12px ui-monospace, monospace; white-space: pre-wrap; }
    p.notes { color: #555; font-size: 12px; margin: 4px 0; }
    #main { display: flex; align-items: flex-start; }
    #steps { list-style: none; margin: 0; padding: 0; width: 380px; flex: none; max-height: calc(100vh - 90px); overflow-y: auto; border-right: 1px solid #ddd; }
    li.step { display: flex; align-items: center; gap: 6px; padding: 3px 6px; border-bottom: 1px solid #eee; cursor: pointer; }
    li.step:hover { background: #f3f6fa; }
    li.step.selected { background: #dbeafe; }
    li.step.fail { box-shadow: inset 4px 0 #cf222e; }
    li.step.warn { box-shadow: inset 4px 0 #d4a72c; }
    li.step.fail.warn { box-shadow: inset 4px 0 #cf222e; }
    li.step.at { outline: 1px dashed #888; }
    li.elided { padding: 6px; border-bottom: 1px solid #eee; background: #f6f8fa; color: #555; font-size: 12px; }
    li.step code { flex: 1; font: 12px ui-monospace, monospace; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    img.thumb { width: 36px; height: 64px; object-fit: contain; border: 1px solid #ccc; background: #fff; flex: none; }
    .time { color: #555; font: 11px ui-monospace, monospace; width: 52px; flex: none; }
    .ln { color: #888; font: 11px ui-monospace, monospace; width: 26px; text-align: right; flex: none; }
    .mark { color: #cf222e; } .mark.w { color: #9a6700; }
    .touches { color: #555; font-size: 11px; flex: none; }
    #detail { flex: 1; padding: 8px 16px; min-width: 0; }
    #scrubber { display: flex; gap: 8px; align-items: center; }
    #scrub { flex: 1; }
    #clock { font: 12px ui-monospace, monospace; width: 150px; }
    #view { display: flex; gap: 16px; align-items: flex-start; margin-top: 8px; }
    #stage { position: relative; flex: none; border: 1px solid #999; line-height: 0; }
    #frame { display: block; image-rendering: pixelated; }
    #overlay { position: absolute; left: 0; top: 0; width: 100%; height: 100%; pointer-events: none; }
    #info { flex: 1; min-width: 0; }
    #info h3 { font-size: 13px; margin: 10px 0 4px; }
    #d-head { font: 13px ui-monospace, monospace; margin: 0; }
    #d-problems { color: #cf222e; font: 12px ui-monospace, monospace; padding-left: 18px; white-space: pre-wrap; }
    #d-warnings { color: #9a6700; font: 12px ui-monospace, monospace; padding-left: 18px; white-space: pre-wrap; }
    #d-touches { font: 12px ui-monospace, monospace; white-space: pre-wrap; }
    pre { background: #f6f8fa; padding: 6px; font: 12px ui-monospace, monospace; max-height: 260px; overflow: auto; margin: 0; white-space: pre-wrap; }
    button.on { background: #dbeafe; }
    .legend-aim { color: #0969da; } .legend-after { color: #cf222e; } .legend-path { color: #8250df; }
    """

    static let viewerScript = #"""
    (function () {
      "use strict";
      var data = JSON.parse(document.getElementById("emojisim-trace").textContent);
      var TPS = data.ticksPerSecond, steps = data.steps, frames = data.frames;
      var items = Array.prototype.slice.call(document.querySelectorAll("#steps li.step"));
      var img = document.getElementById("frame"), overlay = document.getElementById("overlay");
      var scrub = document.getElementById("scrub"), clock = document.getElementById("clock");
      var NS = "http://www.w3.org/2000/svg";
      var selected = -1, which = "after";
      function sec(t) { return ((t - 0) / TPS).toFixed(3) + "s"; }
      function $(id) { return document.getElementById(id); }
      // One frame pixel is one point (frames are rendered at 1x): the overlay draws in points.
      overlay.setAttribute("viewBox", "0 0 " + data.width + " " + data.height);
      img.addEventListener("load", function () { overlay.setAttribute("viewBox", "0 0 " + img.naturalWidth + " " + img.naturalHeight); });
      function setFrame(k) {
        if (k === null || k === undefined || k < 0 || !frames[k]) { img.removeAttribute("src"); img.setAttribute("data-frame", ""); return; }
        img.src = frames[k]; img.setAttribute("data-frame", String(k));
      }
      function shape(name, attrs, text) {
        var e = document.createElementNS(NS, name);
        for (var k in attrs) e.setAttribute(k, attrs[k]);
        if (text) e.textContent = text;
        overlay.appendChild(e);
        return e;
      }
      function box(r, colour, dash, label) {
        shape("rect", { x: r[0], y: r[1], width: Math.max(r[2], 1), height: Math.max(r[3], 1), fill: "none", stroke: colour,
                        "stroke-width": 1.5, "stroke-dasharray": dash, "class": "box" });
        if (label) shape("text", { x: r[0], y: Math.max(10, r[1] - 3), fill: colour, "font-size": 10, "font-family": "sans-serif" }, label);
      }
      function drawOverlay(s, upTo) {
        overlay.textContent = "";
        if (!s) return;
        s.aims.forEach(function (a) { box(a.rect, "#0969da", "4 2", "aimed: " + a.target); });
        if (s.after) box(s.after, "#cf222e", "", "when the touch ended");
        var byId = {};
        s.touches.forEach(function (t) { if (upTo === undefined || t[0] <= upTo) (byId[t[1]] = byId[t[1]] || []).push(t); });
        Object.keys(byId).forEach(function (id) {
          var ts = byId[id];
          if (ts.length > 1) shape("polyline", { points: ts.map(function (t) { return t[3] + "," + t[4]; }).join(" "),
                                               fill: "none", stroke: "#8250df", "stroke-width": 2, "class": "path" });
          ts.forEach(function (t) {
            if (t[2] === "began") shape("circle", { cx: t[3], cy: t[4], r: 6, fill: "rgba(130,80,223,0.35)", stroke: "#8250df", "stroke-width": 1.5, "class": "down" });
            if (t[2] === "ended" || t[2] === "cancelled") shape("circle", { cx: t[3], cy: t[4], r: 3, fill: "#8250df", "class": "up" });
          });
        });
      }
      function describeTouches(s) {
        if (!s.touches.length) return "none";
        var out = [], ids = {};
        s.touches.forEach(function (t) { (ids[t[1]] = ids[t[1]] || []).push(t); });
        Object.keys(ids).forEach(function (id) {
          var ts = ids[id], a = ts[0], b = ts[ts.length - 1];
          out.push("touch " + id + ": " + a[2] + " at (" + a[3] + ", " + a[4] + ") " + sec(a[0]) + ", " + (ts.length - 2 > 0 ? (ts.length - 2) + " moves, " : "") +
                   b[2] + " at (" + b[3] + ", " + b[4] + ") " + sec(b[0]));
        });
        s.aims.forEach(function (a) {
          out.push("aimed at " + a.target + ": (" + a.point[0] + ", " + a.point[1] + ") in [" + a.rect.join(", ") + "] (blue)");
        });
        if (s.after) out.push("the target when the touch ended: [" + s.after.join(", ") + "] (red)" +
                             (s.aims.length && !inside(s.aims[0].point, s.after) ? ": the touch point is outside it" : ""));
        if (s.touchesDropped) out.push(s.touchesDropped + " more touches not kept");
        return out.join("\n");
      }
      function inside(p, r) { return p[0] >= r[0] - 0.5 && p[1] >= r[1] - 0.5 && p[0] <= r[0] + r[2] + 0.5 && p[1] <= r[1] + r[3] + 0.5; }
      function list(el, lines) {
        el.textContent = "";
        lines.forEach(function (l) { var li = document.createElement("li"); li.textContent = l; el.appendChild(li); });
      }
      function show(s) {
        var k = which === "touch" && s.touchFrame !== null ? s.touchFrame : s.frame;
        setFrame(k);
        drawOverlay(s);
      }
      function select(i, scroll) {
        if (i < 0 || i >= steps.length) return;
        selected = i;
        var s = steps[i];
        items.forEach(function (li) {
          var on = +li.getAttribute("data-step") === i;
          li.classList.toggle("selected", on);
          li.setAttribute("aria-selected", on ? "true" : "false");
          if (on && scroll) li.scrollIntoView({ block: "nearest" });
        });
        document.body.setAttribute("data-selected-line", String(s.line));
        document.body.setAttribute("data-selected-step", String(i));
        $("d-head").textContent = "line " + s.line + ": " + s.text + "  (" + sec(s.start) + " to " + sec(s.end) + ")";
        list($("d-problems"), s.problems);
        list($("d-warnings"), s.warnings.map(function (w) { return "warning: " + w; }));
        $("d-touches").textContent = describeTouches(s);
        $("d-trace").textContent = s.trace.length ? s.trace.join("\n") : "(no trace lines)";
        $("d-state").textContent = s.state.join("\n");
        $("show-touch").disabled = s.touchFrame === null;
        show(s);
        scrub.value = String(s.end);
        clock.textContent = "t = " + sec(s.end);
        items.forEach(function (li) { li.classList.remove("at"); });
      }
      function frameAt(t) {
        var k = -1;
        for (var i = 0; i < data.timeline.length && data.timeline[i][0] <= t; i++) k = data.timeline[i][1];
        return k;
      }
      scrub.addEventListener("input", function () {
        var t = +scrub.value;
        setFrame(frameAt(t));
        clock.textContent = "t = " + sec(t) + (data.sampled ? " (sampled)" : "");
        var at = -1;
        for (var i = 0; i < steps.length; i++) if (steps[i].start <= t && t <= steps[i].end) at = i;
        items.forEach(function (li) { li.classList.toggle("at", +li.getAttribute("data-step") === at); });
        drawOverlay(at >= 0 ? steps[at] : null, t);
      });
      items.forEach(function (li) {
        li.addEventListener("click", function () { select(+li.getAttribute("data-step"), false); });
        li.addEventListener("keydown", function (e) {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            var n = selected + (e.key === "ArrowDown" ? 1 : -1);
            select(n, true);
            if (items[n]) items[n].focus();
          }
        });
        var k = li.getAttribute("data-frame");
        if (k !== "" && frames[+k]) li.querySelector("img.thumb").src = frames[+k];
      });
      Array.prototype.forEach.call(document.querySelectorAll("a[data-goto]"), function (a) {
        a.addEventListener("click", function (e) { e.preventDefault(); select(+a.getAttribute("data-goto"), true); });
      });
      $("show-after").addEventListener("click", function () { which = "after"; $("show-after").classList.add("on"); $("show-touch").classList.remove("on"); if (selected >= 0) show(steps[selected]); });
      $("show-touch").addEventListener("click", function () { which = "touch"; $("show-touch").classList.add("on"); $("show-after").classList.remove("on"); if (selected >= 0) show(steps[selected]); });
      select(data.selected, true);
      // Every frame decodes: the page says so on <body> (Tools/check-viewer.sh reads it).
      var loaded = 0, broken = 0;
      function done() {
        if (loaded + broken < frames.length) return;
        document.body.setAttribute("data-frames", String(frames.length));
        document.body.setAttribute("data-frames-loaded", String(loaded));
        document.body.setAttribute("data-frames-broken", String(broken));
        document.body.setAttribute("data-ready", "1");
      }
      frames.forEach(function (src) {
        var im = new Image();
        im.onload = function () { if (im.naturalWidth > 0) loaded++; else broken++; done(); };
        im.onerror = function () { broken++; done(); };
        im.src = src;
      });
      done();
    })();
    """#
}

/// One step of a viewer page: its list row, its entry in the data block and its
/// warnings at the top of the page, each cut to the page's bounds (a line, a state
/// line, a trace line or a warning at `TraceViewer.textCut` scalars, at most
/// `traceLinesShown` trace lines and `touchesShown` touches), so that one step costs a
/// bounded number of bytes whatever the script.
struct StepWriter {
    let v: ScenarioVerifier.Verification
    let log: StepLog
    let sourceLines: [Substring]
    let frameData: (uris: [String], index: [Int], dropped: Int)
    let snapshotProblems: [Int: [String]]
    /// The first failing step, else the last (0 without steps).
    let selected: Int

    init(_ v: ScenarioVerifier.Verification, log: StepLog, source: String,
         frameData: (uris: [String], index: [Int], dropped: Int)) {
        self.v = v; self.log = log; self.frameData = frameData
        sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let problems = TraceViewer.snapshotProblems(v)
        snapshotProblems = problems
        func failed(_ s: StepLog.Step) -> Bool { s.failed || (s.kind == .snapshot && problems[s.line] != nil) }
        selected = log.steps.firstIndex(where: failed) ?? max(0, log.steps.count - 1)
    }

    func failed(_ s: StepLog.Step) -> Bool { s.failed || (s.kind == .snapshot && snapshotProblems[s.line] != nil) }

    func frame(_ k: Int?) -> Int? { k.flatMap { $0 < frameData.index.count && frameData.index[$0] >= 0 ? frameData.index[$0] : nil } }

    /// The line as written in the script (its canonical spelling when the source has no
    /// such line), cut.
    func lineText(_ s: StepLog.Step) -> String {
        guard s.line >= 1, s.line <= sourceLines.count else { return cutScalars(s.text, TraceViewer.textCut) }
        var line = sourceLines[s.line - 1]
        if line.hasSuffix("\r") { line = line.dropLast() }
        let t = String(line).trimmingCharacters(in: .whitespaces)
        return cutScalars(t.isEmpty ? s.text : t, TraceViewer.textCut)
    }

    func json(_ i: Int) -> String {
        let s = log.steps[i]
        let j = JSONWriter()
        let touches = Self.thinned(s.touches, to: TraceViewer.touchesShown)
        let traceRange = TraceViewer.clamped(s.trace, v.result.trace.count)
        var trace = v.result.trace[traceRange.lowerBound..<min(traceRange.upperBound, traceRange.lowerBound + TraceViewer.traceLinesShown)]
            .map { cutScalars($0, TraceViewer.textCut) }
        if traceRange.count > TraceViewer.traceLinesShown {
            trace.append("… and \(traceRange.count - TraceViewer.traceLinesShown) more trace lines")
        }
        j.object {
            j.field("index") { j.int(i) }
            j.field("line") { j.int(s.line) }
            j.field("kind") { j.string(s.kind.rawValue) }
            j.field("text") { j.string(lineText(s)) }
            j.field("start") { j.int(Int(s.start.ticks)) }
            j.field("end") { j.int(Int(s.end.ticks)) }
            j.field("frame") { if let f = frame(s.frame) { j.int(f) } else { j.null() } }
            j.field("touchFrame") { if let f = frame(s.touchFrame) { j.int(f) } else { j.null() } }
            j.field("failed") { j.bool(failed(s)) }
            j.field("touches") {
                j.array(touches) { t in
                    j.raw("[\(t.timestamp.ticks),\(t.id),\"\(t.phase.description)\",\(formatPoints(t.location.x)),\(formatPoints(t.location.y))]")
                }
            }
            j.field("touchesDropped") { j.int(s.touchesDropped + s.touches.count - touches.count) }
            j.field("aims") {
                j.array(Array(s.aims.prefix(TraceViewer.warningsShown))) { a in
                    j.object {
                        j.field("target") { j.string(cutScalars(a.target, TraceViewer.textCut)) }
                        j.field("rect") { TraceViewer.rect(j, a.frame) }
                        j.field("point") { j.raw("[\(formatPoints(a.point.x)),\(formatPoints(a.point.y))]") }
                    }
                }
            }
            j.field("after") { if let r = s.targetAfter { TraceViewer.rect(j, r) } else { j.null() } }
            j.field("trace") { j.array(trace) { j.string($0) } }
            j.field("state") { j.array(s.state) { j.string(cutScalars(ScriptPrinter.line(.expect($0)), TraceViewer.textCut)) } }
            j.field("warnings") { j.array(Array(s.warnings.prefix(TraceViewer.warningsShown))) { j.string(cutScalars($0, TraceViewer.textCut)) } }
            var problems: [String] = []
            if let e = s.error { problems.append("error: " + e) }
            if let e = s.expectation, !e.passed { problems.append("expected \(e.expected), found \(e.actual)") }
            problems += snapshotProblems[s.line] ?? []
            j.field("problems") { j.array(Array(problems.prefix(TraceViewer.warningsShown))) { j.string(cutScalars($0, TraceViewer.problemCut)) } }
            if let e = s.expectation {
                j.field("expected") { j.string(cutScalars(e.expected, TraceViewer.problemCut)) }
                j.field("actual") { j.string(cutScalars(e.actual, TraceViewer.problemCut)) }
            }
        }
        return j.text
    }

    /// The step's row in the list; `position` is its place among the kept steps (what
    /// the page's script indexes its data by).
    func row(_ i: Int, position: Int, selected: Bool = false) -> String {
        let s = log.steps[i]
        let esc = TraceViewer.escape
        var cls = "step " + s.kind.rawValue
        if failed(s) { cls += " fail" }
        if !s.warnings.isEmpty { cls += " warn" }
        if selected { cls += " selected" }
        let f = frame(s.frame).map(String.init) ?? ""
        var out = "<li id=\"step-\(position)\" class=\"\(cls)\" data-line=\"\(s.line)\" data-step=\"\(position)\" data-frame=\"\(f)\" tabindex=\"0\">"
        out += "<img class=\"thumb\" alt=\"\" width=\"36\" height=\"64\">"
        out += "<span class=\"time\">\(esc(s.start.description))</span>"
        out += "<span class=\"ln\">\(s.line)</span><code>\(esc(lineText(s)))</code>"
        if failed(s) { out += "<span class=\"mark\" title=\"failed\">✘</span>" }
        if !s.warnings.isEmpty {
            let shown = s.warnings.prefix(TraceViewer.warningsShown).map { cutScalars($0, TraceViewer.textCut) }
            out += "<span class=\"mark w\" title=\"\(esc(shown.joined(separator: "\n")))\">⚠</span>"
        }
        if !s.touches.isEmpty { out += "<span class=\"touches\">\(s.touches.count + s.touchesDropped) touches</span>" }
        return out + "</li>\n"
    }

    /// The step's warnings as links at the top of the page.
    func warnings(_ i: Int, position: Int) -> String {
        let s = log.steps[i]
        return s.warnings.prefix(TraceViewer.warningsShown).map {
            "<li><a href=\"#step-\(position)\" data-goto=\"\(position)\">line \(s.line)</a>: warning: \(TraceViewer.escape(cutScalars($0, TraceViewer.textCut)))</li>"
        }.joined()
    }

    /// One row for the steps `first...last`, left out: how many, which lines, the
    /// virtual time they span, how many failed, and where to see them.
    func gapRow(_ first: Int, _ last: Int) -> String {
        let a = log.steps[first], b = log.steps[last]
        let count = last - first + 1
        let failures = log.steps[first...last].reduce(0) { $0 + (failed($1) ? 1 : 0) }
        var text = "\(count) step\(count == 1 ? "" : "s") left out (lines \(a.line) to \(b.line), \(a.start.description) to \(b.end.description))"
        if failures > 0 { text += ", \(failures) of them failed" }
        text += ": the page keeps the first \(TraceViewer.headSteps), the last \(TraceViewer.tailSteps) and \(TraceViewer.neighbourSteps) on each side of the selected step, within \(TraceViewer.stepByteBudget / 1_000) KB. "
        text += "To see them, run the script again with --viewer-at LINE (a line from \(a.line) to \(b.line)): the page then opens on that line with the steps around it in full. Or drop this page on emojisim playground and step through the script there."
        return "<li class=\"elided\" data-from-line=\"\(a.line)\" data-to-line=\"\(b.line)\" data-count=\"\(count)\">\(TraceViewer.escape(text))</li>\n"
    }

    /// At most `limit` touches: every touch that begins or ends a finger when those fit
    /// in half of it, the moves between evenly thinned; else all evenly thinned.
    static func thinned(_ ts: [TouchEvent], to limit: Int) -> [TouchEvent] {
        guard ts.count > limit else { return ts }
        let ends = ts.indices.filter { ts[$0].phase != .moved }
        var keep = Set<Int>()
        if ends.count <= limit / 2 { keep.formUnion(ends) }
        let room = limit - keep.count
        let step = (ts.count + room - 1) / room
        for k in Swift.stride(from: 0, to: ts.count, by: step) { keep.insert(k) }
        return keep.sorted().prefix(limit).map { ts[$0] }
    }
}

/// `s` with at most `limit` Unicode scalars: a longer text keeps its first `limit`
/// and says how many more there were (a grapheme of a million combining marks is cut
/// too, which a count of Characters would not).
func cutScalars(_ s: String, _ limit: Int) -> String {
    var n = 0
    var end = s.unicodeScalars.startIndex
    for i in s.unicodeScalars.indices {
        if n == limit { end = i; break }
        n += 1
        end = s.unicodeScalars.index(after: i)
    }
    guard end < s.unicodeScalars.endIndex else { return s }
    let rest = s.unicodeScalars[end...].count
    return String(s.unicodeScalars[..<end]) + "… (\(rest) more characters)"
}

/// A small JSON writer (a class: its nested closures all write to one text) with a fixed field order (the page's data block). Strings are
/// escaped so that the block cannot end its `<script>` element (`<` is `\u003c`).
final class JSONWriter {
    var text = ""
    private var needsComma: [Bool] = []

    func separator() {
        if let last = needsComma.last {
            if last { text += "," }
            needsComma[needsComma.count - 1] = true
        }
    }
    func object(_ body: () -> Void) {
        separator(); text += "{"; needsComma.append(false)
        body()
        needsComma.removeLast(); text += "}"
    }
    func field(_ key: String, _ value: () -> Void) {
        separator()
        Self.quote(key, into: &text)
        text += ":"
        needsComma.append(false)
        value()
        needsComma.removeLast()
    }
    func array<T>(_ items: [T], _ each: (T) -> Void) {
        separator(); text += "["; needsComma.append(false)
        for item in items { each(item) }
        needsComma.removeLast(); text += "]"
    }
    func string(_ s: String) { separator(); Self.quote(s, into: &text) }
    func int(_ v: Int) { separator(); text += String(v) }
    func number(_ v: Double) { separator(); text += formatPoints(v) }
    func bool(_ v: Bool) { separator(); text += v ? "true" : "false" }
    func null() { separator(); text += "null" }
    func raw(_ s: String) { separator(); text += s }

    static func quote(_ s: String, into out: inout String) { Escaping.scriptJSON(s, into: &out) }
}
