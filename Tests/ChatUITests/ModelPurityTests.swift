import Testing
import Foundation

/// No model under ChatUI/Panel, BubbleList, InputBar or Keyboard advances the clock,
/// schedules on it, runs a display link or writes the shared Trace: those are the
/// host's (ChatScreen, PanelHost, InputBarHost). A source check, so a regression is
/// caught where it is written. O(source bytes).
@Suite struct ModelPurityTests {
    /// What only a host may do, as it is spelled in code.
    static let forbidden = ["VirtualClock", "clock.advance", "clock.schedule", "scheduleRepeating", "DisplayLink(",
                            "trace.record", "Trace(", "onEvent", "onUpdate", "takeEvents", "drainUpdates"]

    static func violations(in folder: String) throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ChatUI/" + folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(!files.isEmpty, "no sources under \(root.path)")
        var out: [String] = []
        for f in files {
            let text = try String(contentsOf: root.appendingPathComponent(f), encoding: .utf8)
            for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = raw.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                for word in forbidden where code.contains(word) { out.append("\(folder)/\(f):\(n + 1): \(word)") }
            }
        }
        return out
    }

    @Test(arguments: ["Panel", "Keyboard"])
    func theModelsLeaveTimeAndTheTraceToTheirHost(_ folder: String) throws {
        let found = try Self.violations(in: folder)
        #expect(found == [])
    }

    /// The input bar and the bubble list become values in a parallel change (#15);
    /// until it lands their violations are a known issue, reported, not failing.
    @Test(arguments: ["InputBar", "BubbleList"])
    func theBarAndTheListLeaveTimeAndTheTraceToTheirHost(_ folder: String) throws {
        let found = try Self.violations(in: folder)
        withKnownIssue("\(folder) still performs effects itself (#15, in progress)", isIntermittent: true) {
            #expect(found == [])
        }
    }
}
