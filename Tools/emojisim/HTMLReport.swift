import Foundation
import EmojiSimIO
import Scenario
import EmojiSimTesting

/// One self-contained HTML file (images inlined as data URIs) that a browser opens
/// with no server: per script, its expectations, each snapshot's reference, actual
/// and diff side by side, the text diffs, and the trace.
enum HTMLReport {
    static func write(_ verifications: [ScenarioVerifier.Verification], to url: URL) throws {
        try SafeFileWriter.write(Array(render(verifications).utf8), to: url)
    }

    static func render(_ vs: [ScenarioVerifier.Verification]) -> String {
        let passed = vs.filter(\.passed).count
        var h = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>EmojiSim report</title>
        <style>
        body { font: 14px -apple-system, system-ui, sans-serif; margin: 24px; color: #222; }
        h2 { margin-top: 32px; } .pass { color: #1a7f37; } .fail { color: #cf222e; }
        table { border-collapse: collapse; } td, th { border: 1px solid #ddd; padding: 4px 8px; text-align: left; vertical-align: top; }
        pre { background: #f6f8fa; padding: 8px; overflow: auto; font: 12px ui-monospace, monospace; line-height: 1.2; }
        .images { display: flex; gap: 16px; flex-wrap: wrap; } .images figure { margin: 0; }
        .images img { max-width: 420px; border: 1px solid #ccc; image-rendering: pixelated; }
        </style></head><body>
        <h1>EmojiSim report</h1>
        <p>\(passed) of \(vs.count) script\(vs.count == 1 ? "" : "s") passed.</p>

        """
        for v in vs {
            let name = escape(v.script.lastPathComponent)
            h += "<h2 class=\"\(v.passed ? "pass" : "fail")\">\(v.passed ? "✔" : "✘") \(name)</h2>\n"
            h += "<p>\(escape(v.result.duration.description)) of virtual time.</p>\n"
            if let f = v.result.failure { h += "<p class=\"fail\">\(escape(f.description))</p>\n" }
            if !v.result.expectations.isEmpty {
                h += "<table><tr><th>line</th><th></th><th>expected</th><th>actual</th></tr>\n"
                for e in v.result.expectations {
                    h += "<tr><td>\(e.line)</td><td class=\"\(e.passed ? "pass" : "fail")\">\(e.passed ? "pass" : "FAIL")</td>"
                    h += "<td>\(escape(e.expected))</td><td>\(escape(e.actual))</td></tr>\n"
                }
                h += "</table>\n"
            }
            for s in v.snapshots {
                let title = escape(s.output.fileName)
                switch s.status {
                case .unchecked: h += "<h3>\(title)</h3>\n"
                case .matched: h += "<h3 class=\"pass\">\(title): matches</h3>\n"
                case .recorded: h += "<h3>\(title): recorded</h3>\n"
                case .missing: h += "<h3 class=\"fail\">\(title): no reference</h3>\n"
                case .mismatch: h += "<h3 class=\"fail\">\(title): differs</h3>\n"
                }
                if s.output.format.isText {
                    if case .mismatch(let diff) = s.status {
                        h += "<pre>\(escape(diff))</pre>\n"
                    } else {
                        h += "<pre>\(escape(String(decoding: s.output.bytes, as: UTF8.self)))</pre>\n"
                    }
                } else {
                    let mime = s.output.format == .png ? "image/png" : "image/x-portable-pixmap"
                    h += "<div class=\"images\">"
                    if let ref = s.referenceBytes, s.status != .matched {
                        h += figure("reference", ref, mime)
                    }
                    h += figure("actual", s.output.bytes, mime)
                    if let d = s.diffImage { h += figure("diff", d, "image/png") }
                    if case .mismatch(let why) = s.status { h += "<pre>\(escape(why))</pre>" }
                    h += "</div>\n"
                }
            }
            h += "<details><summary>trace (\(v.result.trace.count) lines)</summary><pre>\(escape(v.result.trace.joined(separator: "\n")))</pre></details>\n"
        }
        return h + "</body></html>\n"
    }

    static func figure(_ caption: String, _ bytes: [UInt8], _ mime: String) -> String {
        "<figure><img alt=\"\(caption)\" src=\"data:\(mime);base64,\(Data(bytes).base64EncodedString())\"><figcaption>\(caption)</figcaption></figure>"
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }
}
