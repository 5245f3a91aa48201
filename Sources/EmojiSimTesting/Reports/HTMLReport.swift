import Foundation
import SimCore
import Imaging
import Raster
import Scenario
import EmojiSimIO

/// `emojisim run --report FILE`: one HTML page a browser opens with no server.
///
/// - A summary first: counts, then every failing script and every pending or failing
///   snapshot, each linked to its section; failing scripts come before passing ones.
/// - Per script: the run error, the expectations with their script line (number and
///   text), and per snapshot reference | actual | diff side by side with the command
///   that accepts the change.
/// - Images are shown as PNG (PPM snapshots are converted); text grids are shown next
///   to the grid rendered with the bundled 8x16 bitmap font, whose cells line up
///   exactly (a browser's monospace font does not keep CJK and emoji at two columns).
/// - Images up to `inlineLimit` bytes are inlined as data URIs; larger ones are written
///   to `FILE.files/` beside the report, so thousands of snapshots stay a small page.
/// - A few lines of script set `data-images`/`data-broken` on `<body>` after load, which
///   Tools/check-report.sh reads from headless Chromium.
public struct HTMLReport {
    /// The largest image, in bytes, inlined as a data URI; a larger one is written to
    /// `FILE.files/`. 48 KB keeps a typical phone-sized PNG inline.
    public static let inlineLimit = 48 * 1024

    let url: URL
    let font: BitmapFont
    /// The trace viewer page of each script (`Verification.script`), as a link relative
    /// to the report.
    var viewers: [URL: String] = [:]
    var filesWritten = 0
    var counter = 0

    /// Writes the report of `verifications` to `url` (and its large images to
    /// `url.files/`, which must be a real folder: a symlink there is refused).
    ///
    /// - Parameters:
    ///   - verifications: the scripts' results, in run order (the report puts failing
    ///     ones first).
    ///   - url: the HTML file to write.
    ///   - viewers: for each script (its `Verification.script`), the trace viewer page to
    ///     link from its heading and from "Needs attention", relative to the report.
    ///   - unrun: scripts that did not parse or could not start: listed first, as errors
    ///     at their lines.
    /// - Throws: when the page or one of its image files cannot be written.
    /// - Complexity: O(total size of the snapshots and traces).
    public static func write(_ verifications: [ScenarioVerifier.Verification], to url: URL,
                             viewers: [URL: String] = [:], unrun: [UnrunScript] = []) throws {
        var r = HTMLReport(url: url, font: (try? BundledFont.unifont()) ?? BitmapFont(), viewers: viewers)
        let html = try r.render(verifications, unrun: unrun)
        try SnapshotFiles.writeAtomically(Array(html.utf8), to: url)
    }

    func viewerLink(_ v: ScenarioVerifier.Verification) -> String {
        guard let href = viewers[v.script] ?? viewers[v.script.standardizedFileURL] else { return "" }
        return " <a class=\"viewer\" href=\"\(escape(href))\">trace viewer</a>"
    }

    var filesFolder: URL { url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".files") }

    func isProblem(_ s: ScenarioVerifier.ScenarioSnapshot) -> Bool { !s.passed && !Self.isUnrecordedNoise(s) }

    /// A snapshot with no reference that was not recorded because its script failed:
    /// nothing to review on its own (the script's failure is the problem), so it gets one
    /// line under its script instead of an entry and a section each (two failing scripts
    /// once made six "not-recorded" items).
    static func isUnrecordedNoise(_ s: ScenarioVerifier.ScenarioSnapshot) -> Bool {
        if case .notRecorded(let difference) = s.status { return difference.isEmpty }
        return false
    }

    mutating func render(_ vs: [ScenarioVerifier.Verification], unrun: [UnrunScript] = []) throws -> String {
        let ordered = vs.enumerated().sorted { a, b in
            if a.element.passed != b.element.passed { return !a.element.passed }
            return a.offset < b.offset
        }
        let passed = vs.filter(\.passed).count
        let scriptCount = vs.count + unrun.count
        let pendingCount = vs.reduce(0) { $0 + $1.snapshots.filter { if case .pending = $0.status { return true } else { return false } }.count }
        var h = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>EmojiSim report</title>
        <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
        <style>\(Self.style)</style></head><body>
        <h1>EmojiSim report</h1>
        <p>\(passed) of \(scriptCount) script\(scriptCount == 1 ? "" : "s") passed\(unrun.isEmpty ? "" : " (\(unrun.count) did not run)"); \(pendingCount) snapshot\(pendingCount == 1 ? "" : "s") pending review.</p>
        <div id="toolbar">show <label><input type="radio" name="show" value="failed"> failed</label>
        <label><input type="radio" name="show" value="all" checked> all</label>
        <input type="search" id="search" placeholder="search scripts, snapshots, messages" aria-label="search"><span id="shown"></span></div>

        """
        // Summary: everything that needs attention, each linked.
        var attention: [String] = []
        for (i, u) in unrun.enumerated() {
            attention.append("<li class=\"fail\"><a href=\"#u\(i)\">✘ \(escape(u.displayName))</a>: did not run</li>")
        }
        for (i, v) in ordered {
            if !v.passed { attention.append("<li class=\"fail\"><a href=\"#s\(i)\">✘ \(escape(v.displayName))</a>\(viewerLink(v))</li>") }
            for (k, s) in v.snapshots.enumerated() where isProblem(s) {
                let cls: String
                if case .pending = s.status { cls = "pending" } else { cls = "fail" }
                attention.append("<li class=\"\(cls)\"><a href=\"#s\(i)-\(k)\">\(escape(s.check.displayName)): \(s.status.label)</a></li>")
            }
        }
        if !attention.isEmpty { h += "<h3>Needs attention</h3>\n<ul class=\"summary\">\n" + attention.joined(separator: "\n") + "\n</ul>\n" }
        // Scripts that did not parse or start: first, each error at its line.
        for (i, u) in unrun.enumerated() {
            h += "<section class=\"script\" data-passed=\"false\">\n"
            h += "<h2 id=\"u\(i)\" class=\"fail\">✘ \(escape(u.displayName))</h2>\n<p>did not run:</p>\n"
            let text = u.errors.map { "\(u.displayName):\($0.line):\($0.column): error: \($0.message)" }.joined(separator: "\n")
            h += "<pre class=\"fail\">\(escape(text))</pre>\n</section>\n"
        }
        for (i, v) in ordered {
            h += "<section class=\"script\" data-passed=\"\(v.passed)\">\n"
            h += "<h2 id=\"s\(i)\" class=\"\(v.passed ? "pass" : "fail")\">\(v.passed ? "✔" : "✘") \(escape(v.displayName))</h2>\n"
            h += "<p>\(escape(v.result.duration.description)) of virtual time.\(viewerLink(v))</p>\n"
            // The unrecorded snapshots' own messages are the one line below, not a block each.
            let noiseMessages = Set(v.snapshots.filter(Self.isUnrecordedNoise).compactMap { s in
                s.check.message.map { "\(v.displayName):\(s.output.line):1: error: \($0)" }
            })
            for p in v.problems where !v.passed && !noiseMessages.contains(p) {
                h += "<pre class=\"problem\">\(Self.colouredDiff(p))</pre>\n"
            }
            if !v.result.expectations.isEmpty {
                h += "<table><tr><th>line</th><th>script</th><th></th><th>expected</th><th>actual</th></tr>\n"
                let sorted = v.result.expectations.enumerated().sorted { a, b in
                    if a.element.passed != b.element.passed { return !a.element.passed }
                    return a.offset < b.offset
                }
                for (_, e) in sorted {
                    h += "<tr><td>\(e.line)</td><td><code>\(escape(ScriptPrinter.line(.expect(e.expectation))))</code></td>"
                    h += "<td class=\"\(e.passed ? "pass" : "fail")\">\(e.passed ? "pass" : "FAIL")</td>"
                    h += "<td>\(escape(e.expected))</td><td>\(escape(e.actual))</td></tr>\n"
                }
                h += "</table>\n"
            }
            let snaps = v.snapshots.enumerated().sorted { a, b in
                if isProblem(a.element) != isProblem(b.element) { return isProblem(a.element) }
                return a.offset < b.offset
            }
            let noise = snaps.filter { Self.isUnrecordedNoise($0.element) }
            if !noise.isEmpty {
                h += "<p class=\"muted\">not recorded, the script having failed (no reference yet): "
                    + noise.map { escape($0.element.output.fileName) }.joined(separator: ", ") + "</p>\n"
            }
            for (k, s) in snaps where !Self.isUnrecordedNoise(s) { h += try snapshotSection(s, anchor: "s\(i)-\(k)") }
            h += "<details><summary>trace (\(v.result.trace.count) lines)</summary><pre>\(escape(v.result.trace.joined(separator: "\n")))</pre></details>\n"
            h += "</section>\n"
        }
        // Exactly the hashed text between the tags, or the policy blocks it.
        h += "<script>" + Self.script + "</script>\n</body></html>\n"
        return h
    }

    /// The page's style sheet (hashed into the Content-Security-Policy).
    static let style = """
    body { font: 14px system-ui, sans-serif; margin: 24px; color: #222; }
    h2 { margin-top: 32px; border-top: 1px solid #ddd; padding-top: 16px; }
    .pass { color: #1a7f37; } .fail { color: #cf222e; } .pending { color: #9a6700; }
    table { border-collapse: collapse; margin: 8px 0; }
    td, th { border: 1px solid #ddd; padding: 4px 8px; text-align: left; vertical-align: top; }
    pre { background: #f6f8fa; padding: 8px; overflow: auto; font: 12px ui-monospace, monospace; line-height: 1.25; margin: 0; }
    code.cmd { background: #fff8c5; padding: 2px 6px; display: inline-block; margin: 4px 0; }
    .row { display: flex; gap: 16px; flex-wrap: wrap; align-items: flex-start; }
    figure { margin: 0; } figcaption { font-size: 12px; color: #555; }
    img { border: 1px solid #ccc; image-rendering: pixelated; max-width: 480px; height: auto; }
    /* A rendered grid is 8x16 pixels a cell: shown 1:1 (never shrunk), scrolled when wider. */
    .grid { max-width: 100%; overflow-x: auto; }
    .grid img { max-width: none; }
    ul.legend { columns: 14em; margin: 4px 0; padding-left: 18px; font-size: 12px; }
    a.viewer { font-size: 13px; font-weight: normal; margin-left: 8px; }
    ul.summary li { margin: 2px 0; }
    #toolbar { position: sticky; top: 0; background: #fff; padding: 6px 0; border-bottom: 1px solid #ddd; z-index: 2; }
    #toolbar input[type=search] { width: 22em; margin-left: 12px; }
    #shown { color: #555; font-size: 12px; margin-left: 12px; }
    p.muted { color: #666; font-size: 12px; }
    pre.problem .err { color: #cf222e; } pre.problem .del { color: #82071e; background: #ffebe9; }
    pre.problem .ins { color: #116329; background: #dafbe1; } pre.problem .hunk { color: #0550ae; }
    pre.problem .hdr { font-weight: bold; }
    table.sbs { border-collapse: collapse; font: 12px ui-monospace, monospace; }
    table.sbs td { border: none; border-right: 1px solid #ddd; padding: 0 6px; white-space: pre; vertical-align: top; }
    table.sbs td.ln { color: #888; text-align: right; user-select: none; }
    table.sbs td.del { background: #ffebe9; color: #82071e; }
    table.sbs td.ins { background: #dafbe1; color: #116329; }
    table.sbs th { font: 12px system-ui, sans-serif; background: #f6f8fa; }
    .compare .stack { position: relative; display: inline-block; line-height: 0; }
    .compare .stack img.top { position: absolute; left: 0; top: 0; }
    .compare label { font-size: 12px; margin-left: 8px; }

    """

    /// Only the page's own script and style run (by their SHA-256), images from data
    /// URIs or beside the page, nothing else: even markup that slipped past escaping
    /// could not run a script or load anything.
    static let contentSecurityPolicy = "default-src 'none'; script-src '" + TraceViewer.hash(script) + "'; style-src '"
        + TraceViewer.hash(style) + "'; img-src * data:; base-uri 'none'; form-action 'none'"

    /// The page's only script. It reads the page and sets attributes, classes and
    /// `textContent`, never markup: nothing a script's name or a snapshot holds can
    /// become HTML or code.
    static let script = """
    (function () {
      var sections = document.querySelectorAll("section.script");
      var search = document.getElementById("search");
      var shown = document.getElementById("shown");
      function apply() {
        var which = document.querySelector("input[name=show]:checked");
        var onlyFailed = which && which.value === "failed";
        var q = search.value.toLowerCase();
        var n = 0;
        for (var i = 0; i < sections.length; i++) {
          var s = sections[i];
          var ok = (!onlyFailed || s.getAttribute("data-passed") === "false")
            && (q === "" || s.textContent.toLowerCase().indexOf(q) >= 0);
          s.hidden = !ok;
          if (ok) n++;
        }
        shown.textContent = n + " of " + sections.length + " scripts shown";
        document.body.setAttribute("data-shown", String(n));
      }
      search.addEventListener("input", apply);
      var radios = document.querySelectorAll("input[name=show]");
      for (var r = 0; r < radios.length; r++) radios[r].addEventListener("change", apply);
      // Reference and actual over each other: a slider uncovers one from the left, or
      // (overlay) sets the actual's opacity. The pictures are the figures' own.
      var compares = document.querySelectorAll(".compare");
      for (var c = 0; c < compares.length; c++) (function (box) {
        var ref = document.getElementById(box.getAttribute("data-ref"));
        var act = document.getElementById(box.getAttribute("data-act"));
        if (!ref || !act) return;
        var stack = box.querySelector(".stack");
        var a = document.createElement("img"), b = document.createElement("img");
        a.src = ref.src; a.alt = "reference"; a.width = ref.width; a.height = ref.height;
        b.src = act.src; b.alt = "actual"; b.width = act.width; b.height = act.height; b.className = "top";
        stack.appendChild(a); stack.appendChild(b);
        var slider = box.querySelector("input[type=range]");
        var overlay = box.querySelector("input[type=checkbox]");
        function show() {
          var v = Number(slider.value);
          if (overlay.checked) { b.style.clipPath = ""; b.style.opacity = String(v / 100); }
          else { b.style.opacity = ""; b.style.clipPath = "inset(0 0 0 " + v + "%)"; }
        }
        slider.addEventListener("input", show);
        overlay.addEventListener("change", show);
        show();
      })(compares[c]);
      apply();
      window.addEventListener("load", function () {
        var imgs = document.images, broken = 0;
        for (var i = 0; i < imgs.length; i++) { if (!imgs[i].complete || imgs[i].naturalWidth === 0) broken++; }
        document.body.setAttribute("data-images", String(imgs.length));
        document.body.setAttribute("data-broken", String(broken));
      });
    })();

    """

    /// A problem's text, escaped, its unified diff's lines coloured: removed red, added
    /// green, hunk headers blue, `error:` lines red (it was all red, + and - alike).
    static func colouredDiff(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let e = escape(String(line))
            if line.hasPrefix("+++ ") || line.hasPrefix("--- ") { return "<span class=\"hdr\">\(e)</span>" }
            if line.hasPrefix("@@") { return "<span class=\"hunk\">\(e)</span>" }
            if line.hasPrefix("+") { return "<span class=\"ins\">\(e)</span>" }
            if line.hasPrefix("-") { return "<span class=\"del\">\(e)</span>" }
            if line.contains(": error: ") { return "<span class=\"err\">\(e)</span>" }
            return e
        }.joined(separator: "\n")
    }

    /// Reference and actual text side by side, line against line: removed lines red on
    /// the left, added ones green on the right, unchanged ones on both. At most `maxRows`
    /// rows (the rest counted), so a 100,000-line text stays a page.
    static func sideBySide(reference: String, actual: String, maxRows: Int = 2000) -> String {
        var rows: [String] = []
        var left = 0, right = 0
        var removed: [String] = [], added: [String] = []
        var omitted = 0
        func cell(_ n: Int?, _ text: String?, _ cls: String) -> String {
            guard let n, let text else { return "<td class=\"ln\"></td><td></td>" }
            return "<td class=\"ln\">\(n)</td><td\(cls.isEmpty ? "" : " class=\"\(cls)\"")>\(escape(text))</td>"
        }
        func add(_ row: String) { if rows.count < maxRows { rows.append(row) } else { omitted += 1 } }
        func flush() {
            for k in 0..<max(removed.count, added.count) {
                let l = k < removed.count ? removed[k] : nil, r = k < added.count ? added[k] : nil
                if l != nil { left += 1 }
                if r != nil { right += 1 }
                add("<tr>" + cell(l == nil ? nil : left, l, "del") + cell(r == nil ? nil : right, r, "ins") + "</tr>")
            }
            removed.removeAll(); added.removeAll()
        }
        for op in TextDiff.lineOps(old: reference, new: actual) {
            switch op {
            case .removed(let t): removed.append(t)
            case .added(let t): added.append(t)
            case .same(let t):
                flush()
                left += 1; right += 1
                add("<tr>" + cell(left, t, "") + cell(right, t, "") + "</tr>")
            }
        }
        flush()
        var h = "<table class=\"sbs\"><tr><th colspan=\"2\">reference</th><th colspan=\"2\">actual</th></tr>\n"
        h += rows.joined(separator: "\n")
        if omitted > 0 { h += "\n<tr><td></td><td colspan=\"3\">… \(omitted) more lines</td></tr>" }
        return h + "</table>"
    }

    mutating func snapshotSection(_ s: ScenarioVerifier.ScenarioSnapshot, anchor: String) throws -> String {
        let title = escape(s.check.displayName)
        var h = "<h3 id=\"\(anchor)\" class=\"\(s.passed ? "pass" : (s.check.pendingFile != nil ? "pending" : "fail"))\">"
        h += "\(title) (line \(s.output.line), \(escape(s.output.subject.rawValue))): \(s.status.label)</h3>\n"
        if let m = s.check.message, !s.passed { h += "<pre class=\"problem\">\(Self.colouredDiff(m))</pre>\n" }
        if let pending = s.check.pendingFile {
            h += "<code class=\"cmd\">emojisim snapshots accept \(escape(Escaping.shellWord(relativeToCWD(pending))))</code>\n"
        }
        let showReference = !s.passed && s.check.expected != nil
        h += "<div class=\"row\">"
        switch s.check.actual {
        case .text(let actual)?:
            // Only what needs a look gets a rendered grid: a report of thousands of
            // passing snapshots stays text. Trees are not grids.
            let renders = !s.passed && s.output.format != .tree
            if showReference, let ref = s.check.expected?.text {
                h += "<figure>\(Self.sideBySide(reference: ref, actual: actual))<figcaption>reference | actual</figcaption></figure>"
                if renders {
                    h += try gridFigure("reference (rendered)", ref)
                    h += try gridFigure("actual (rendered)", actual)
                }
            } else {
                h += "<figure><pre>\(escape(actual))</pre><figcaption>actual</figcaption></figure>"
                if renders { h += try gridFigure("actual (rendered)", actual) }
            }
        case .image(let actual, _)?:
            let reference = showReference ? s.check.expected?.image : nil
            if let ref = reference { h += try figure("reference", ref, id: anchor + "-ref") }
            h += try figure("actual", actual, id: anchor + "-act")
            if let d = s.check.diffImage { h += try figure("diff", d) }
            if let ref = reference, ref.width == actual.width, ref.height == actual.height {
                h += "<figure class=\"compare\" data-ref=\"\(anchor)-ref\" data-act=\"\(anchor)-act\"><div class=\"stack\"></div>"
                h += "<figcaption>reference | actual: <input type=\"range\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"reference or actual\">"
                h += "<label><input type=\"checkbox\"> overlay</label></figcaption></figure>"
            }
        case nil:
            h += "<p>(no preview)</p>"
        }
        h += "</div>\n"
        return h
    }

    /// A CharGrid snapshot's text in its parts: the grid rows, the legend's entries
    /// (`k3=微笑`, ...), and the style layer's lines (empty without one).
    static func gridParts(_ text: String) -> (rows: [String], legend: [String], style: [String]) {
        var rows: [String] = [], legend: [String] = [], style: [String] = []
        var inStyle = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if inStyle { style.append(line); continue }
            if line == "-- style --" { inStyle = true; style.append(line); continue }
            if line.hasPrefix("legend: ") { legend += legendEntries(String(line.dropFirst(8))); continue }
            rows.append(line)
        }
        while rows.last == "" { rows.removeLast() }
        while style.last == "" { style.removeLast() }
        return (rows, legend, style)
    }

    /// `A4=尴尬 Q1=f056 "动图"` as `["A4=尴尬", "Q1=f056 \"动图\""]`: an entry starts at a
    /// word with `=`; a quoted label (which may hold spaces) belongs to the entry before.
    static func legendEntries(_ s: String) -> [String] {
        var out: [String] = []
        var current = "", inQuote = false, escaped = false
        for ch in s {
            if ch == " " && !inQuote {
                if !current.isEmpty { out.append(current); current = "" }
                continue
            }
            if ch == "\"" && !escaped { inQuote.toggle() }
            escaped = ch == "\\" && !escaped
            if current.isEmpty, ch == "\"", let last = out.popLast() { current = last + " " }
            current.append(ch)
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    /// The grid rows drawn with the bitmap font at 1:1 (so a 375-point screen is 375
    /// pixels wide and readable), its legend as a list under it rather than as one long
    /// pixel line (a 200-character legend would make the picture 1,600 pixels wide).
    mutating func gridFigure(_ caption: String, _ text: String) throws -> String {
        let parts = Self.gridParts(text)
        let image = gridImage(parts.rows.joined(separator: "\n"))
        let legend = parts.legend.isEmpty ? ""
            : "<ul class=\"legend\">" + parts.legend.map { "<li>\(escape($0))</li>" }.joined() + "</ul>"
        return try figure(caption, image, className: "grid", below: legend)
    }

    /// A text grid drawn with the bitmap font, one cell 8x16 (wide characters 16x16),
    /// so it lines up whatever fonts the browser has.
    func gridImage(_ text: String) -> Image {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let columns = min(400, lines.map { TextLayout($0).size.width }.max().map { Int($0 / 8) } ?? 1)
        let rows = min(400, lines.count)
        var list = DisplayList(width: Double(max(1, columns) * 8), height: Double(max(1, rows) * 16))
        list.fill(list.bounds, .background)
        for (r, line) in lines.prefix(rows).enumerated() {
            list.text(TextLayout(line), at: Point(x: 0, y: Double(r * 16)), .text)
        }
        return SnapshotRenderer(scale: 1, theme: .light, font: font).image(list)
    }

    /// An image as a `<figure>`: inlined when small, else a file in `FILE.files/`;
    /// `below` is HTML placed under the caption.
    mutating func figure(_ caption: String, _ image: Image, className: String? = nil, below: String = "", id: String? = nil) throws -> String {
        let png = SnapshotImageCodec.encodePNG(image)
        let src: String
        if png.count <= Self.inlineLimit {
            src = "data:image/png;base64," + Data(png).base64EncodedString()
        } else {
            counter += 1
            let name = "image-\(counter).png"
            // Confined from the report's folder: `FILE.files` itself may not be a symlink.
            try SnapshotFiles.writeAtomically(png, to: filesFolder.appendingPathComponent(name), within: url.deletingLastPathComponent())
            filesWritten += 1
            // `r#1.html.files/...` unencoded is `r` plus a fragment: no image.
            src = escape(Escaping.urlPath(url.lastPathComponent + ".files/" + name))
        }
        let cls = className.map { " class=\"\($0)\"" } ?? ""
        let ident = id.map { " id=\"\(escape($0))\"" } ?? ""
        return "<figure\(cls)><img\(ident) alt=\"\(escape(caption))\" width=\"\(image.width)\" height=\"\(image.height)\" src=\"\(src)\"><figcaption>\(escape(caption)) \(image.width)x\(image.height)</figcaption>\(below)</figure>"
    }

    func relativeToCWD(_ u: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        return u.path.hasPrefix(cwd + "/") ? String(u.path.dropFirst(cwd.count + 1)) : u.path
    }

    static func escape(_ s: String) -> String { Escaping.markup(s) }
    func escape(_ s: String) -> String { Self.escape(s) }
}
