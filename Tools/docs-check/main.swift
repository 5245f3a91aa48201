// docs-check: counts the public declarations without a doc comment, per module, from the
// symbol graphs `swift-symbolgraph-extract` writes for the modules `swift build` already
// built (Tools/docs runs it; see `Tools/docs help`). The compiler decides what is public
// (members of a `public extension`, requirements of a public protocol, cases of a public
// enum), so the count is exact, not a source-text guess.
//
// Counted: every symbol of access level public or open that is declared in the package's
// source (it has a source location). Not counted: members the compiler synthesizes or
// inherits (default implementations, `Equatable`'s `!=`), which carry no declaration of
// their own. A symbol is documented when it has its own doc comment (`///` or `/** */`)
// with some text.
//
// Usage: docs-check GRAPH-DIR [--root DIR] [--list] [--allowlist FILE] [--module NAME]...
//   --list         print file:line: kind name for every undocumented declaration
//   --list-prose   print file:line of every member doc that states O(...) in prose
//                  without a `- Complexity:` field (types' docs are not counted)
//   --allowlist F  lines `Module N`: fail (exit 1) when a module has more than N undocumented
//                  declarations; a module not listed allows 0
// Whatever the options, a member doc that states O(...) in prose without a `- Complexity:`
// field fails the check too (exit 1): complexity is a field, so DocC shows it as one.
//   --strict       fail when any counted module has one
//   --module NAME  only these modules (repeatable)
// Exit status: 0 fine, 1 over the limit, 2 usage or unreadable input.
import Foundation

struct SymbolGraph: Decodable {
    struct Module: Decodable { let name: String }
    struct Symbol: Decodable {
        struct Kind: Decodable { let identifier: String; let displayName: String }
        struct Identifier: Decodable { let precise: String }
        struct Names: Decodable { let title: String }
        struct DocComment: Decodable {
            struct Line: Decodable { let text: String }
            let lines: [Line]
            let module: String?
        }
        struct Location: Decodable {
            struct Position: Decodable { let line: Int; let character: Int }
            let uri: String
            let position: Position
        }
        let kind: Kind
        let identifier: Identifier
        let pathComponents: [String]
        let names: Names
        let docComment: DocComment?
        let accessLevel: String
        let location: Location?
    }
    let module: Module
    let symbols: [Symbol]
}

struct Finding {
    let module: String
    let file: String
    let line: Int
    let kind: String
    let name: String
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("docs-check: \(message)\n".utf8))
    exit(2)
}

var args = Array(CommandLine.arguments.dropFirst())
var graphDir: String?
var root = FileManager.default.currentDirectoryPath
var list = false
var listProse = false
var proseFindings: [Finding] = []
var strict = false
var allowlistPath: String?
var onlyModules: Set<String> = []
while !args.isEmpty {
    let a = args.removeFirst()
    func value() -> String {
        guard !args.isEmpty else { fail("\(a) needs a value") }
        return args.removeFirst()
    }
    switch a {
    case "--list": list = true
    case "--list-prose": listProse = true
    case "--strict": strict = true
    case "--root": root = value()
    case "--allowlist": allowlistPath = value()
    case "--module": onlyModules.insert(value())
    case "-h", "--help":
        print("usage: docs-check GRAPH-DIR [--root DIR] [--list] [--allowlist FILE] [--strict] [--module NAME]...")
        exit(0)
    default:
        if a.hasPrefix("-") || graphDir != nil { fail("unexpected argument \(a)") }
        graphDir = a
    }
}
guard let graphDir else { fail("no symbol graph folder given") }
let rootURL = URL(fileURLWithPath: root).standardizedFileURL
let rootPrefix = rootURL.path.hasSuffix("/") ? rootURL.path : rootURL.path + "/"

// Module -> allowed count.
var allowed: [String: Int] = [:]
if let allowlistPath {
    guard let text = try? String(contentsOfFile: allowlistPath, encoding: .utf8) else {
        fail("cannot read \(allowlistPath)")
    }
    for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .trimmingCharacters(in: .whitespaces)
        if line.isEmpty { continue }
        let parts = line.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, let count = Int(parts[1]), count >= 0 else {
            fail("\(allowlistPath):\(n + 1): expected `Module COUNT`, found `\(line)`")
        }
        allowed[String(parts[0])] = count
    }
}

let files: [String]
do {
    files = try FileManager.default.contentsOfDirectory(atPath: graphDir)
        .filter { $0.hasSuffix(".symbols.json") }.sorted()
} catch {
    fail("cannot list \(graphDir): \(error.localizedDescription)")
}
if files.isEmpty { fail("no *.symbols.json in \(graphDir)") }

let typeKinds: Set<String> = ["swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"]
var totals: [String: Int] = [:]
var findings: [Finding] = []
var proseComplexity: [String: Int] = [:]
var seen: Set<String> = []
let decoder = JSONDecoder()
for file in files {
    // `SimCore.symbols.json` or `SimCore@Swift.symbols.json` (SimCore's extensions of Swift's types).
    let module = String(file.dropLast(".symbols.json".count).split(separator: "@")[0])
    if !onlyModules.isEmpty && !onlyModules.contains(module) { continue }
    let url = URL(fileURLWithPath: graphDir).appendingPathComponent(file)
    let graph: SymbolGraph
    do {
        graph = try decoder.decode(SymbolGraph.self, from: Data(contentsOf: url))
    } catch {
        fail("cannot read \(url.path): \(error)")
    }
    totals[module, default: 0] += 0
    for s in graph.symbols {
        guard s.accessLevel == "public" || s.accessLevel == "open" else { continue }
        guard s.kind.identifier != "swift.extension" else { continue }  // a block, not a declaration
        guard !s.identifier.precise.contains("::SYNTHESIZED::") else { continue }
        guard let loc = s.location else { continue }  // no declaration of its own
        guard seen.insert(s.identifier.precise).inserted else { continue }
        var path = URL(string: loc.uri)?.path ?? loc.uri
        if path.hasPrefix(rootPrefix) { path.removeFirst(rootPrefix.count) }
        totals[module, default: 0] += 1
        let lines = s.docComment.map { $0.module == nil || $0.module == module ? $0.lines : [] } ?? []
        let text = lines.map(\.text)
        if !text.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            findings.append(Finding(module: module, file: path, line: loc.position.line + 1,
                                    kind: s.kind.displayName, name: s.pathComponents.joined(separator: ".")))
        } else if !typeKinds.contains(s.kind.identifier), text.contains(where: { $0.contains("O(") })
                    && !text.contains(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("- Complexity:") }) {
            proseComplexity[module, default: 0] += 1
            proseFindings.append(Finding(module: module, file: path, line: loc.position.line + 1,
                                         kind: s.kind.displayName, name: s.pathComponents.joined(separator: ".")))
        }
    }
}

findings.sort { ($0.file, $0.line, $0.name) < ($1.file, $1.line, $1.name) }
if list {
    for f in findings { print("\(f.file):\(f.line): undocumented \(f.kind.lowercased()) \(f.name)") }
}
if listProse {
    proseFindings.sort { ($0.file, $0.line, $0.name) < ($1.file, $1.line, $1.name) }
    for f in proseFindings { print("\(f.file):\(f.line): O(...) in prose, no - Complexity: field: \(f.kind.lowercased()) \(f.name)") }
}
var byModule: [String: Int] = [:]
for f in findings { byModule[f.module, default: 0] += 1 }
var over: [String] = []
let modules = totals.keys.sorted()
let width = max(6, modules.map(\.count).max() ?? 0)
func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
func lpad(_ s: String, _ n: Int) -> String { String(repeating: " ", count: max(0, n - s.count)) + s }
print("\(pad("module", width))  undocumented  public  O() prose (no - Complexity: field)")
var sumU = 0, sumT = 0, sumP = 0
for m in modules {
    let u = byModule[m] ?? 0, t = totals[m] ?? 0, p = proseComplexity[m] ?? 0
    sumU += u; sumT += t; sumP += p
    var note = ""
    if allowlistPath != nil || strict {
        let limit = strict ? 0 : (allowed[m] ?? 0)
        if u > limit { over.append(m); note = "  over the limit of \(limit)" }
        else if u < limit { note = "  (limit \(limit): lower it to \(u))" }
    }
    print("\(pad(m, width))  \(lpad(String(u), 12))  \(lpad(String(t), 6))  \(lpad(String(p), 5))\(note)")
}
print("\(pad("total", width))  \(lpad(String(sumU), 12))  \(lpad(String(sumT), 6))  \(lpad(String(sumP), 5))")
if !over.isEmpty {
    FileHandle.standardError.write(Data(("docs-check: undocumented public declarations in "
        + over.joined(separator: ", ")
        + " (Tools/docs check --list prints each file:line; every public declaration needs a doc comment)\n").utf8))
}
if sumP > 0 {
    FileHandle.standardError.write(Data(("docs-check: \(sumP) member doc(s) state O(...) in prose without a"
        + " `- Complexity:` field (Tools/docs check --list-prose prints each file:line)\n").utf8))
}
if !over.isEmpty || sumP > 0 { exit(1) }
