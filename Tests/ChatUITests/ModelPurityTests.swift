import Testing
import Foundation

/// No model under ChatUI/Panel, BubbleList, InputBar or Keyboard advances the clock,
/// schedules on it, runs a display link or writes the shared Trace: those are the
/// host's (ChatScreen, `Host`), which record the
/// returned events and own time (issue 15). A source check, so a regression is
/// caught where it is written; comments aside. O(source bytes).
@Suite struct ModelPurityTests {
    /// Source folders of value models under Sources/ChatUI, with the files that are
    /// not part of the model (none: hosts live under Hosts/ and Screen/).
    static let models: [(folder: String, except: Set<String>)] = [
        ("Panel", []), ("Keyboard", []), ("InputBar", []), ("BubbleList", []),
    ]
    /// What only a host may do, as it is spelled in code. (`GestureArena.advance(to:)`,
    /// firing a value arena's due deadlines, is pure; a clock's advance is `clock.`.)
    static let forbidden = ["VirtualClock", "clock.", "scheduleRepeating", "DisplayLink",
                            "trace.record", ": Trace", "Trace(", "onEvent", "onUpdate", "takeEvents", "drainUpdates"]

    static func violations(in folder: String, except: Set<String>) throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ChatUI/" + folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(!files.isEmpty, "no sources under \(root.path)")
        var out: [String] = []
        for f in files where !except.contains(f) {
            let text = try String(contentsOf: root.appendingPathComponent(f), encoding: .utf8)
            for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = raw.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                for word in forbidden where code.contains(word) { out.append("\(folder)/\(f):\(n + 1): \(word)") }
            }
        }
        return out
    }

    @Test func valueModelsLeaveTimeAndTheTraceToTheirHost() throws {
        var found: [String] = []
        for (folder, except) in Self.models { found += try Self.violations(in: folder, except: except) }
        #expect(found == [], "\(found.joined(separator: "\n"))")
    }
}
