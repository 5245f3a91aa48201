import Testing
import Foundation
import EmojiSimTesting

/// The docs show compiled code: each Swift block in README.md, docs/*.md and the DocC
/// articles (Sources/*/*.docc/*.md, fenced ```swift blocks) is marked
/// `<!-- snippet: NAME -->` and equals, line for line, the region between
/// `// snippet: NAME` and `// end snippet` in a file of this target (which compiles it,
/// and a test there runs it) or of the consumer package fixture (which
/// Tools/check-consumer.sh builds and tests). A Swift block without a marker, a marker
/// without a region and a region no doc shows all fail.
@Suite struct DocSnippetTests {
    static let root = SnapshotFiles.packageRoot(from: #filePath)!

    /// A block of a markdown file: its text (indentation removed) and first line.
    struct Block { var file: String; var line: Int; var text: String; var snippet: String? }

    static var docs: [String] {
        let folder = root.appendingPathComponent("docs")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        let sources = root.appendingPathComponent("Sources")
        let articles = ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []).sorted().flatMap { module in
            let docc = "Sources/\(module)/\(module).docc"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(docc).path)) ?? []
            return names.filter { $0.hasSuffix(".md") }.sorted().map { docc + "/" + $0 }
        }
        return ["README.md"] + files + articles
    }

    static func read(_ path: String) -> [String] {
        let text = (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Every indented (4-space) block, with the snippet name of a marker just before it.
    static func blocks(_ path: String) -> [Block] {
        let lines = read(path)
        var out: [Block] = []
        var marker: String?
        var i = 0
        while i < lines.count {
            let line = lines[i]
            if line.hasPrefix("<!-- snippet: ") {
                marker = String(line.dropFirst("<!-- snippet: ".count).prefix { $0 != " " })
                i += 1
                continue
            }
            if line.hasPrefix("```") {                          // a fenced block (DocC)
                let isSwift = line.dropFirst(3).trimmingCharacters(in: .whitespaces) == "swift"
                let start = i + 1
                var body: [String] = []
                i += 1
                while i < lines.count, !lines[i].hasPrefix("```") {
                    body.append(lines[i])
                    i += 1
                }
                i += 1
                if isSwift { out.append(Block(file: path, line: start + 1, text: body.joined(separator: "\n"), snippet: marker)) }
                marker = nil
                continue
            }
            guard line.hasPrefix("    "), i == 0 || lines[i - 1].trimmingCharacters(in: .whitespaces).isEmpty else {
                if !line.trimmingCharacters(in: .whitespaces).isEmpty { marker = nil }
                i += 1
                continue
            }
            var body: [String] = []
            let start = i
            while i < lines.count, lines[i].hasPrefix("    ") || lines[i].isEmpty {
                body.append(String(lines[i].dropFirst(4)))
                i += 1
            }
            while body.last?.isEmpty == true { body.removeLast() }
            out.append(Block(file: path, line: start + 1, text: body.joined(separator: "\n"), snippet: marker))
            marker = nil
        }
        return out
    }

    /// Swift, not a script, a shell line or a table: a line only Swift starts so.
    static func looksLikeSwift(_ text: String) -> Bool {
        let starts = ["import ", "let ", "var ", "func ", "@Test", "@Suite", "try ", "#expect", "struct ", "final class ",
                      "store.", "assertSnapshot", "// swift-tools-version"]
        return text.split(separator: "\n").contains { line in
            let t = line.trimmingCharacters(in: .whitespaces)
            return starts.contains { t.hasPrefix($0) }
        }
    }

    /// `// snippet: NAME` ... `// end snippet` regions of this target's files, of the
    /// consumer package fixture's tests and of the consumer executable's sources, dedented.
    static var regions: [String: String] {
        var out: [String: String] = [:]
        let files = ["Tests/EmojiSimExamples", "Tests/Fixtures/ConsumerPackage/Tests", "Tests/Fixtures/ConsumerExecutable/Sources"].flatMap { dir in
            let folder = root.appendingPathComponent(dir)
            return (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
                .filter { ($0.hasSuffix(".swift") || $0.hasSuffix(".snippet")) && !$0.hasPrefix(".build") }
                .sorted().map { dir + "/" + $0 }
        }
        for f in files {
            let lines = read(f)
            var name: String?
            var body: [String] = []
            for line in lines {
                let t = line.trimmingCharacters(in: .whitespaces)
                if t.hasPrefix("// snippet: ") {
                    name = String(t.dropFirst("// snippet: ".count)); body = []
                } else if t == "// end snippet", let n = name {
                    let indent = body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                        .map { $0.prefix { $0 == " " }.count }.min() ?? 0
                    out[n] = body.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
                    name = nil
                } else if name != nil {
                    body.append(line)
                }
            }
        }
        return out
    }

    @Test func everySwiftBlockIsASnippet() {
        let unmarked = Self.docs.flatMap { Self.blocks($0) }.filter { $0.snippet == nil && Self.looksLikeSwift($0.text) }
        #expect(unmarked.isEmpty, "Swift blocks without a <!-- snippet: NAME --> marker: \(unmarked.map { "\($0.file):\($0.line)" })")
    }

    @Test func everySnippetIsTheCompiledCode() {
        let regions = Self.regions
        let marked = Self.docs.flatMap { Self.blocks($0) }.filter { $0.snippet != nil }
        #expect(marked.count >= 3)
        for b in marked {
            guard let code = regions[b.snippet!] else {
                Issue.record("\(b.file):\(b.line): snippet '\(b.snippet!)' has no // snippet: region in Tests/EmojiSimExamples or the fixtures")
                continue
            }
            #expect(b.text == code, "\(b.file):\(b.line): snippet '\(b.snippet!)' differs from its code:\n\(code)")
        }
        let shown = Set(marked.compactMap { $0.snippet })
        let orphans = Set(regions.keys).subtracting(shown).sorted()
        #expect(orphans.isEmpty, "regions no doc shows: \(orphans)")
    }
}
