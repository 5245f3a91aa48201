import SimCore
import Raster
import Tester

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
        case .setup(let s): return s.description
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

    static func duration(_ d: SimDuration) -> String { FinderArgument.spell(d) }

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
        case .verb(let p): return p.description
        case .wait(let d): return "wait \(duration(d))"
        case .settle: return "settle"
        case .timing(let m): return "timing \(m.rawValue)"
        }
    }

    static func expectation(_ e: Script.Expectation) -> String {
        switch e {
        case .fact(let p): return p.description
        case .trace(let s): return "trace \(quote(s))"
        case .noTrace(let s): return "no trace \(quote(s))"
        case .traceCount(let s, let n): return "trace \(quote(s)) count \(n)"
        case .finder(let f, let x): return "\(f) \(x)"
        }
    }
}
