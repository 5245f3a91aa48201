import Testing
import Foundation

/// One path each in ChatUI (issue 42 item 4), checked on the source so a second path is
/// caught where it is written: an event becomes a trace line only inside a reducer's
/// `trace(_:at:)` (no `traceEvent` helpers, no line built in a transition), every
/// component draws through the one `Drawable` shape, and no event buffer is kept for a
/// host to drain. Comments aside. O(source bytes).
@Suite struct OnePathTests {
    static var chatUI: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ChatUI")
    }

    /// Every Swift file under Sources/ChatUI, as (path, code lines without comments).
    static func sources() throws -> [(path: String, lines: [Substring])] {
        let root = chatUI
        guard let walk = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var out: [(String, [Substring])] = []
        for case let rel as String in walk where rel.hasSuffix(".swift") {
            let text = try String(contentsOf: root.appendingPathComponent(rel), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            }
            out.append((rel, lines))
        }
        #expect(out.count > 50, "no sources under \(root.path)")
        return out.sorted { $0.0 < $1.0 }
    }

    /// `TraceEvent(` outside the body of a `func trace(_` is a second place lines are made.
    @Test func linesAreMadeOnlyInTheReducersTrace() throws {
        var found: [String] = []
        for (path, lines) in try Self.sources() {
            var depth = 0
            var inTrace = false
            for (n, line) in lines.enumerated() {
                if !inTrace && line.contains("func trace(_ ") { inTrace = true; depth = 0 }
                if line.contains("func traceEvent") { found.append("\(path):\(n + 1): a traceEvent helper") }
                if line.contains("TraceEvent(") && !inTrace { found.append("\(path):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))") }
                if inTrace {
                    depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
                    if depth <= 0 && line.contains("}") { inTrace = false }
                }
            }
        }
        #expect(found == [], "\(found.joined(separator: "\n"))")
    }

    /// Every `draw(into:...)` has the `Drawable` shape, `draw(into:in:)`.
    @Test func everyComponentDrawsOneWay() throws {
        var found: [String] = []
        var drawables = 0
        for (path, lines) in try Self.sources() {
            for (n, line) in lines.enumerated() where line.contains("func draw(") {
                if line.range(of: #"func draw\(into \w+: inout DisplayList, in \w+: Rect\) \{"#, options: .regularExpression) != nil {
                    drawables += 1
                } else {
                    found.append("\(path):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found == [], "\(found.joined(separator: "\n"))")
        #expect(drawables >= 6)
    }

    /// Events leave a model only as `reduce`'s return value: no outbox, no log to drain.
    @Test func noEventBufferForAHostToDrain() throws {
        var found: [String] = []
        for (path, lines) in try Self.sources() {
            for (n, line) in lines.enumerated() {
                for word in ["outbox", "takeEvents", "PanelDelegateLog"] where line.contains(word) {
                    found.append("\(path):\(n + 1): \(word)")
                }
            }
        }
        #expect(found == [], "\(found.joined(separator: "\n"))")
    }
}
