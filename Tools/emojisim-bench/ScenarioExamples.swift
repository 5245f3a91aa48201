import Foundation
import Scenario
import EmojiSimIO

/// The example scripts (Tests/Scenarios) the scenario benchmarks run.
enum ScenarioExamples {
    /// The example scripts that parse and whose host builds (others are reported).
    static func load(_ notes: inout [String]) -> [(Script, URL)] {
        let root = BenchEnvironment.root
        let folder = root.appendingPathComponent("Tests/Scenarios")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".scenario") }.sorted()
        var scripts: [(Script, URL)] = []
        for n in names {
            let url = folder.appendingPathComponent(n)
            guard let text = try? String(contentsOf: url, encoding: .utf8), let s = try? ScriptParser.parse(text, name: n) else {
                notes.append("cannot read \(n)")
                continue
            }
            // Hosts are built as `swift test` builds them: catalogs may lie anywhere in the
            // package (the seed-format examples read Tests/Fixtures). A script whose host
            // cannot be built is reported and left out, not counted as a free run.
            do {
                _ = try ScenarioHosting.makeHost(ScenarioConfiguration(script: s), scriptFolder: url.deletingLastPathComponent(),
                                                 catalogRoot: root)
            } catch {
                notes.append("cannot build the host of \(n): \(error)")
                continue
            }
            scripts.append((s, url))
        }
        return scripts
    }

}
