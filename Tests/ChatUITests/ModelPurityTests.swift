import Testing
import Foundation

/// The models that are values hold no trace and no clock: their hosts record the
/// returned events and own time (issue 15). A grep over their sources keeps it so,
/// comments aside.
@Suite struct ModelPurityTests {
    /// Source folders of value models, relative to the package root, with the files
    /// that are not part of the model (drawing is the screen's contract).
    static let models: [(folder: String, except: Set<String>)] = [
        ("Sources/ChatUI/InputBar", []),
        // The list's host is where its effects happen (trace lines, players at now).
        ("Sources/ChatUI/BubbleList", ["BubbleListHost.swift"]),
    ]
    static let forbidden = ["trace.record", ": Trace", "Trace(", "VirtualClock", "clock.", ".advance(", "DisplayLink"]

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    @Test func valueModelsNeitherTraceNorReadOrAdvanceAClock() throws {
        var offences: [String] = []
        for (folder, except) in Self.models {
            let dir = Self.packageRoot.appendingPathComponent(folder)
            let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty, "no sources in \(folder)")
            for file in files.sorted() where !except.contains(file) {
                let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    if code.hasPrefix("//") { continue }
                    let beforeComment = code.components(separatedBy: "//").first ?? code
                    for word in Self.forbidden where beforeComment.contains(word) {
                        offences.append("\(folder)/\(file):\(n + 1): \(word)")
                    }
                }
            }
        }
        #expect(offences.isEmpty, "\(offences.joined(separator: "\n"))")
    }
}
