import Foundation
import Scenario
import EmojiSimIO
import EmojiSimCoreABI

/// `emojisim playground [--out DIR] [--device D] [--theme T] [--catalog C]`: writes the
/// browser playground (Tools/playground) with the wasm core (Tools/wasm) and its assets.
///
/// The page is a folder rather than one HTML file because the module, the font and the
/// images are several megabytes: a plain `<script src>` of `playground-data.js` loads
/// them from `file://` (Chromium refuses `fetch()` of a local .wasm, so the module is
/// inlined there as base64) and any static server caches them apart from the page.
enum PlaygroundCommand: CLICommand {
    static let name = "playground"
    static let summary = "write the browser playground (the wasm core in a web page)"
    static let help = """
    usage: emojisim playground [--out DIR] [--device D] [--theme T] [--catalog C]

    Writes DIR (default ./emojisim-playground): index.html, playground.js,
    playground-data.js (the wasm module, the font, the bundled demo and Unicode catalogs'
    images, the Unicode catalog and the --catalog one, inlined as base64 so the page works
    from file:// as well as from any static server) and emojisim-core.wasm (the same
    module, for servers and tools). Open DIR/index.html. The page switches device, theme
    and catalog itself (a catalog JSON can be dropped on it).

    The module is .build/wasm/emojisim-core.wasm; when it is missing or older than the
    core's sources it is built first with Tools/wasm/build.sh (Embedded Swift, only the
    toolchain needed; a few minutes on a cold build).

      --out DIR       where to write the page (default ./emojisim-playground)
      --device D      the first device: iphone8 (default), iphone14 or WxH@S, as a
                      script's `device` line
      --theme T       the first theme: light (default) or dark
      --catalog C     demo (default), unicode, or the rest of a script's `catalog` line,
                      e.g. --catalog 'json "my.json"' (paths relative to the current folder)
    """

    static let coreModules = ["SimCore", "EmojiText", "Imaging", "Interaction", "Raster", "Tester", "ChatUI", "Scenario"]
    static let pageFiles = ["index.html", "playground.js"]

    static func run(_ arguments: [String]) -> Int32 {
        let args: ParsedArguments
        do {
            args = try ParsedArguments(arguments, options: ["out", "device", "theme", "catalog"])
            guard args.positionals.isEmpty else { throw UsageError("unexpected argument '\(args.positionals[0])'") }
        } catch {
            printError("error: \(error)\n\n\(help)")
            return 2
        }
        // The setup goes through the script parser, so the options accept exactly what a
        // script's setup lines accept and report errors the same way.
        let setup = "device \(args.options["device"] ?? "iphone8")\n"
            + "theme \(args.options["theme"] ?? "light")\n"
            + "catalog \(args.options["catalog"] ?? "demo")\n"
            + "conversation demo\n"
        let configuration: ScenarioConfiguration
        do {
            configuration = ScenarioConfiguration(script: try ScriptParser.parse(setup, name: "<options>"))
        } catch {
            printError("error: bad --device, --theme or --catalog:\n\(error)")
            return 2
        }
        guard let root = packageRoot() else {
            printError("error: cannot find the EmojiSim package (Package.swift with Tools/playground); run from inside it")
            return 1
        }
        let out = URL(fileURLWithPath: args.options["out"] ?? "emojisim-playground")
        do {
            let wasm = try ensureModule(root: root)
            let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let assets = try ScenarioAssets.load(configuration.catalog, relativeTo: cwd)
            // The page switches between demo and Unicode without reloading: both catalogs'
            // images (the bundled ones) and the Unicode catalog as text go in the data file.
            let unicode = try ScenarioAssets.load(.unicode(path: nil), relativeTo: cwd)
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            for f in pageFiles {
                let bytes = try Data(contentsOf: root.appendingPathComponent("Tools/playground/\(f)"))
                try bytes.write(to: out.appendingPathComponent(f), options: .atomic)
            }
            try wasm.write(to: out.appendingPathComponent("emojisim-core.wasm"), options: .atomic)
            let font = try BundledResources.bytes(BundledFont.resourcePath)
            var catalogText: String?
            if case .demo = configuration.catalog {} else { catalogText = CatalogText.encode(assets.catalog) }
            let data = dataScript(wasm: wasm, font: font, assets: assets, catalog: catalogText, setup: setup,
                                  bundled: [ScenarioAssets.demo, unicode], unicode: CatalogText.encode(unicode.catalog))
            try Data(data.utf8).write(to: out.appendingPathComponent("playground-data.js"), options: .atomic)
            print("playground: wrote \(out.path)/index.html (module \(wasm.count) bytes, \(assets.imageBytes.count) images)")
            return 0
        } catch {
            printError("error: \(error)")
            return 1
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The nearest folder at or above the current one (else the one this source was
    /// built from) that holds Package.swift and Tools/playground.
    static func packageRoot() -> URL? {
        let fm = FileManager.default
        func isRoot(_ u: URL) -> Bool {
            fm.fileExists(atPath: u.appendingPathComponent("Package.swift").path)
                && fm.fileExists(atPath: u.appendingPathComponent("Tools/playground/index.html").path)
        }
        var dir = URL(fileURLWithPath: fm.currentDirectoryPath).standardizedFileURL
        while true {
            if isRoot(dir) { return dir }
            let up = dir.deletingLastPathComponent()
            if up.path == dir.path { break }
            dir = up
        }
        let fromSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return isRoot(fromSource) ? fromSource : nil
    }

    /// The module in .build/wasm, built first when it is missing or older than any source
    /// it is made of (the core modules and Tools/wasm).
    static func ensureModule(root: URL) throws -> Data {
        let module = root.appendingPathComponent(".build/wasm/emojisim-core.wasm")
        let fm = FileManager.default
        func mtime(_ u: URL) -> Date? { (try? fm.attributesOfItem(atPath: u.path))?[.modificationDate] as? Date }
        var newest = Date.distantPast
        let dirs = coreModules.map { root.appendingPathComponent("Sources/\($0)") }
            + [root.appendingPathComponent("Tools/wasm")]
        for d in dirs {
            guard let e = fm.enumerator(at: d, includingPropertiesForKeys: [.contentModificationDateKey]) else { continue }
            for case let u as URL in e where u.pathExtension == "swift" || u.pathExtension == "c" || u.pathExtension == "sh" {
                if let m = mtime(u), m > newest { newest = m }
            }
        }
        if let built = mtime(module), built >= newest, let bytes = try? Data(contentsOf: module) {
            return bytes
        }
        let why = fm.fileExists(atPath: module.path) ? "older than the core's sources" : "not built yet"
        print("playground: \(module.path) is \(why); building it with Tools/wasm/build.sh (a few minutes cold)...")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["bash", root.appendingPathComponent("Tools/wasm/build.sh").path]
        p.currentDirectoryURL = root
        do { try p.run() } catch { throw Failure(description: "cannot start Tools/wasm/build.sh: \(error)") }
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw Failure(description: "Tools/wasm/build.sh failed (exit \(p.terminationStatus)); its messages are above. The playground needs a Swift toolchain with the Embedded stdlib for wasm32 (see Tools/wasm/build.sh)")
        }
        guard let bytes = try? Data(contentsOf: module) else {
            throw Failure(description: "Tools/wasm/build.sh succeeded but wrote no \(module.path)")
        }
        return bytes
    }

    /// `playground-data.js`: one global with everything the page loads into the module.
    ///
    /// `images`/`sequences` are the bundled catalogs' (demo and Unicode, which share
    /// them); `catalog`, `catalogImages` and `catalogSequences` the one `--catalog` named
    /// when it is not demo (the page registers only those with it, as `emojisim run`
    /// knows only the images a catalog names); `unicode` the Unicode catalog as text.
    static func dataScript(wasm: Data, font: [UInt8], assets: ScenarioAssets, catalog: String?, setup: String,
                           bundled: [ScenarioAssets], unicode: String) -> String {
        func images(_ all: [ScenarioAssets]) -> String {
            var bytes: [String: [UInt8]] = [:]
            for a in all { bytes.merge(a.imageBytes) { first, _ in first } }
            var s = "{\n"
            for name in bytes.keys.sorted() {
                s += "    \(jsString(name)): \"\(Data(bytes[name]!).base64EncodedString())\",\n"
            }
            return s + "  }"
        }
        func sequences(_ all: [ScenarioAssets]) -> String {
            var seqs: [String: [String]] = [:]
            for a in all { seqs.merge(a.sequences) { first, _ in first } }
            var s = "{\n"
            for name in seqs.keys.sorted() {
                s += "    \(jsString(name)): \(jsString(seqs[name]!.joined(separator: "\n"))),\n"
            }
            return s + "  }"
        }
        var s = "// Written by `emojisim playground`: the wasm core and its assets, base64.\n"
        s += "window.EMOJISIM_DATA = {\n"
        s += "  setup: \(jsString(setup)),\n"
        s += "  catalog: \(catalog.map(jsString) ?? "null"),\n"
        s += "  unicode: \(jsString(unicode)),\n"
        s += "  font: \"\(Data(font).base64EncodedString())\",\n"
        s += "  images: \(images(bundled)),\n"
        s += "  sequences: \(sequences(bundled)),\n"
        s += "  catalogImages: \(catalog == nil ? "{}" : images([assets])),\n"
        s += "  catalogSequences: \(catalog == nil ? "{}" : sequences([assets])),\n"
        s += "  wasm: \"\(wasm.base64EncodedString())\",\n"
        s += "};\n"
        return s
    }

    /// A JavaScript string literal (JSON string escaping is valid JavaScript).
    static func jsString(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if u.value < 0x20 { out += "\\u" + String(repeating: "0", count: 4 - String(u.value, radix: 16).count) + String(u.value, radix: 16) }
                else if u == "<" { out += "\\u003c" } // never `</script>` inside a page
                else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }
}
