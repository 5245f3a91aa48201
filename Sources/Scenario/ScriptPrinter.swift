import SimCore
import Raster
import ChatUI
import Tester
import ChatHarness

/// Writes scripts back as text, in the canonical spelling the parser reads:
/// `parse(print(script))` gives the same commands. Used to save shrunk monkey scripts.
public enum ScriptPrinter {
    /// The whole script, one line per command, after `header` as `#` comment lines.
    ///
    /// - Parameters:
    ///   - script: The script.
    ///   - header: Comment lines to put first (without the `# `).
    /// - Complexity: O(script length).
    public static func print(_ script: Script, header: [String] = []) -> String {
        var lines = header.map { "# " + $0 }
        for c in script.commands { lines.append(line(c.value)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One command as the line the parser reads back to it (`tap panel.emoji 笑哭`,
    /// `expect panel.dot 1 selected`).
    public static func line(_ c: Script.Command) -> String {
        switch c {
        case .setup(let s): return setup(s)
        case .action(let a): return action(a)
        case .expect(let e): return "expect " + expectation(e)
        case .snapshot(let s):
            var out = "snapshot \(s.name) \(s.subject.rawValue)"
            if s.formats == Script.SnapshotFormat.allCases { out += " all" }
            else if s.formats.count == 1 { out += " \(s.formats[0].rawValue)" }
            return out
        }
    }

    static func quote(_ s: String) -> String { quotedLiteral(s) }

    static func num(_ v: Double) -> String {
        // The shortest decimal the parser reads back to the same Double, never with an
        // exponent (the parser takes plain decimals only): 1e23 prints in full.
        plainDecimal(v)
    }

    static func duration(_ d: SimDuration) -> String {
        let perMs = ticksPerSecond / 1000
        if d.ticks % perMs == 0 { return "\(d.ticks / perMs)ms" }
        return num(d.milliseconds) + "ms"
    }

    static func setup(_ s: Script.Setup) -> String {
        switch s {
        case .device(let d):
            // The parser's words: a built-in profile's name, else the size and scale.
            if DeviceProfile.builtIn.contains(d) { return "device \(d.name)" }
            return "device \(num(d.size.width))x\(num(d.size.height))@\(d.scale)"
        case .theme(let t): return "theme \(t.name)"
        case .catalog(.demo): return "catalog demo"
        case .catalog(.plist(let a, let b)): return "catalog plist \(quote(a)) \(quote(b))"
        case .catalog(.unicode(let p)): return "catalog unicode" + (p.map { " " + quote($0) } ?? "")
        case .catalog(.folder(let p)): return "catalog folder \(quote(p))"
        case .catalog(.json(let p)): return "catalog json \(quote(p))"
        case .conversation(let c): return "conversation \(c.rawValue)"
        case .set(let setting):
            switch setting {
            case .panelLayout(let c, let r): return "set panel.layout \(c)x\(r)"
            case .panelSnap(let p): return "set panel.snap \(p.scriptName)"
            case .panelPreviewInserts(let b): return "set panel.preview-inserts \(b)"
            case .longPressDuration(let d): return "set longpress.duration \(duration(d))"
            case .inputMaxLines(let n): return "set input.max-lines \(n)"
            case .inputMaxLength(let n): return "set input.max-length \(n)"
            case .touchRate(let r): return "set touch.rate \(r)"
            case .panelDefaultSkinTone(let t): return "set panel.default-skin-tone \(t?.scriptName ?? "none")"
            case .panelRecents(let o): return "set panel.recents \(o.rawValue)"
            }
        }
    }

    static func isBareWord(_ s: String) -> Bool {
        !s.isEmpty && s.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
    }

    static func action(_ a: Script.Action) -> String {
        switch a {
        case .tap(let t): return "tap \(t)"
        case .doubleTap(let t): return "double-tap \(t)"
        case .longPress(let t, let d): return "long-press \(t) for \(duration(d))"
        case .press(let t): return "press \(t)"
        case .move(let t, let d): return "move \(t)" + (d.map { " over \(duration($0))" } ?? "")
        case .release: return "release"
        case .cancel: return "cancel"
        case .swipe(let t, let dir, let dist, let v):
            var s = "swipe \(t) \(dir.rawValue)"
            if let dist { s += " by \(num(dist))pt" }
            if let v { s += " at \(num(v))pt/s" }
            return s
        case .drag(let t, let dx, let dy, let d):
            return "drag \(t) by \(num(dx)),\(num(dy))" + (d.map { " over \(duration($0))" } ?? "")
        case .type(let s): return "type \(quote(s))"
        case .compose(let m, let c): return "compose \(quote(m))" + (c.map { " commit \(quote($0))" } ?? "")
        case .backspace(let n): return n == 1 ? "backspace" : "backspace \(n)"
        case .select(let s, let l): return "select \(s) \(l)"
        case .selectAll: return "select-all"
        case .cut: return "cut"
        case .copy: return "copy"
        case .paste(let s): return "paste" + (s.map { " " + quote($0) } ?? "")
        case .undo: return "undo"
        case .redo: return "redo"
        case .receive(let s): return "receive \(quote(s))"
        case .search(let q): return "search \(quote(q))"
        case .searchClear: return "search clear"
        case .wait(let d): return "wait \(duration(d))"
        case .settle: return "settle"
        case .timing(let m): return "timing \(m.rawValue)"
        case .memoryWarning: return "memory-warning"
        case .resize(let w, let h): return "resize \(num(w))x\(num(h))"
        }
    }

    static func expectation(_ e: Script.Expectation) -> String {
        switch e {
        case .keyboard(let k): return "keyboard \(k.rawValue)"
        case .sendEnabled(let b): return "send \(b ? "enabled" : "disabled")"
        case .input(let s): return "input \(quote(s))"
        case .outgoing(let s): return "outgoing " + (s.map(quote) ?? "none")
        case .caret(let n): return "caret \(n)"
        case .panelPage(let n, let of): return "panel.page \(n)" + (of.map { " of \($0)" } ?? "")
        case .panelGroup(.index(let i)): return "panel.group \(i)"
        case .panelGroup(.name(let n)): return "panel.group \(quote(n))"
        case .preview(let p): return "preview " + (p.map { isBareWord($0) && $0 != "none" ? $0 : quote($0) } ?? "none")
        case .panelResults(let n): return "panel.results \(n)"
        case .listCount(let n): return "list.count \(n)"
        case .listVisible(let r): return "list.visible \(r.lowerBound)..\(r.upperBound)"
        case .listLast(let s): return "list.last \(quote(s))"
        case .animating(let n): return "animating \(n)"
        case .pasteboard(let s): return "pasteboard \(quote(s))"
        case .trace(let s): return "trace \(quote(s))"
        case .noTrace(let s): return "no trace \(quote(s))"
        case .traceCount(let s, let n): return "trace \(quote(s)) count \(n)"
        case .finder(let f, let x): return "\(f) \(x)"
        }
    }
}
