import Foundation
import EmojiText
import Scenario
import EmojiSimIO
import EmojiSimCoreABI

// The native half of the wasm bit-exactness proof. For each scenario file it
//  - loads what the script's setup names (font, catalog, images) the way `emojisim run`
//    does, through EmojiSimIO;
//  - writes OUT/NAME.bundle: those assets and the script as the records the wasm
//    module's WASI entry reads (Tools/wasm/entry/Main.swift), the input of the wasm run;
//  - runs the same bundle natively through the same CoreABI code and writes
//    OUT/NAME.native.report.
// The harness (Tools/wasm/compare.sh) runs the bundles in wasm and compares reports.
//
//     wasm-reference OUT SCRIPT.scenario...

func record(_ kind: String, _ name: String, _ body: [UInt8]) -> [UInt8] {
    Array("\(kind) \(name) \(body.count)\n".utf8) + body
}

/// Runs a bundle's records natively, in order, through the same CoreABI calls as the
/// WASI entry (Tools/wasm/entry/Main.swift); returns the report and the failed records.
func runRecords(_ bundle: [UInt8]) -> (report: String, failures: Int) {
    let state = CoreABI.State()
    var report = ""
    var failures = 0
    var i = 0
    while i < bundle.count {
        let nl = bundle[i...].firstIndex(of: 10)!
        let header = String(decoding: bundle[i..<nl], as: UTF8.self).split(separator: " ").map(String.init)
        let len = Int(header[2])!
        let body = Array(bundle[(nl + 1)..<(nl + 1 + len)])
        i = nl + 1 + len
        do throws(CoreABI.Failure) {
            switch header[0] {
            case "font": try CoreABI.loadFont(body, into: state)
            case "image": try CoreABI.registerImage(header[1], body, into: state)
            case "sequence": try CoreABI.registerSequence(header[1], frames: String(decoding: body, as: UTF8.self), into: state)
            case "catalog": try CoreABI.loadCatalog(String(decoding: body, as: UTF8.self), into: state)
            case "bench":
                report += try CoreABI.runBench(header[1], spec: String(decoding: body, as: UTF8.self),
                                               clock: nativeClock, in: state)
            default: report += try CoreABI.runScript(String(decoding: body, as: UTF8.self), name: header[1], in: state)
            }
        } catch {
            report += "error \(header[1]) \(error.status.rawValue) \(error.message)\n"
            failures += 1
        }
    }
    return (report, failures)
}

/// The bundle records that load what a script's setup names (font, catalog, images,
/// sequences), the way `emojisim run` loads them.
func assetRecords(_ text: String, name: String, directory: URL) throws -> [UInt8] {
    var bundle = record("font", "unifont", try BundledResources.bytes(BundledFont.resourcePath))
    let configuration = ScenarioConfiguration(script: try ScriptParser.parse(text, name: name))
    // As `emojisim run`: a script in a package reads catalogs anywhere in it.
    var root: URL? = directory
    while let r = root, !FileManager.default.fileExists(atPath: r.appendingPathComponent("Package.swift").path) {
        root = r.path == "/" ? nil : r.deletingLastPathComponent()
    }
    let assets = try ScenarioAssets.load(configuration.catalog, relativeTo: directory, confinedTo: root ?? directory)
    if case .demo = configuration.catalog {} else {
        bundle += record("catalog", "catalog", Array(CatalogText.encode(assets.catalog).utf8))
    }
    for image in assets.imageBytes.keys.sorted() { bundle += record("image", image, assets.imageBytes[image]!) }
    for s in assets.sequences.keys.sorted() {
        bundle += record("sequence", s, Array(assets.sequences[s]!.joined(separator: "\n").utf8))
    }
    return bundle
}

let args = CommandLine.arguments.dropFirst()
if args.first == "--bench" || args.first == "--bench-table" {
    exit(benchMain(Array(args)))
}
guard args.count >= 2 else {
    FileHandle.standardError.write(Data("usage: wasm-reference OUT SCRIPT.scenario...\n       wasm-reference --bench OUT PANEL_FRAMES RENDER_FRAMES [cpu|wall]\n       wasm-reference --bench-table OUT\n".utf8))
    exit(2)
}
let out = URL(fileURLWithPath: args.first!)
try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
let fontBytes = try BundledResources.bytes(BundledFont.resourcePath)
var failures = 0
for path in args.dropFirst() {
    let url = URL(fileURLWithPath: path)
    let name = url.lastPathComponent
    let text = try String(contentsOf: url, encoding: .utf8)
    var bundle: [UInt8]
    do {
        bundle = try assetRecords(text, name: name, directory: url.deletingLastPathComponent())
    } catch {
        // The wasm run must report the same parse error: send the script anyway.
        FileHandle.standardError.write(Data("wasm-reference: \(name): \(error)\n".utf8))
        bundle = record("font", "unifont", fontBytes)
    }
    bundle += record("script", name, Array(text.utf8))
    try Data(bundle).write(to: out.appendingPathComponent(name + ".bundle"))

    // The native run of the same records, through the same CoreABI calls as the WASI entry.
    let (report, failed) = runRecords(bundle)
    failures += failed
    try Data(report.utf8).write(to: out.appendingPathComponent(name + ".native.report"))
    print("wasm-reference: \(name): \(bundle.count) bytes of bundle")
}
exit(0)
