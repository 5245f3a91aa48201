import Foundation
import Scenario
import EmojiSimIO
import EmojiSimCoreABI
import EmojiSimTestingCore

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
                               [--source DIR] [--cache DIR] [--module FILE]

    Writes DIR (default ./emojisim-playground): index.html, playground.js,
    playground-data.js (the wasm module, the font, the bundled demo and Unicode catalogs'
    images, the Unicode catalog and the --catalog one, inlined as base64 so the page works
    from file:// as well as from any static server) and emojisim-core.wasm (the same
    module, for servers and tools). Open DIR/index.html. The page switches device, theme
    and catalog itself (a catalog JSON can be dropped on it).

    The module is the pure core built with Embedded Swift for wasm32 (Tools/wasm/build.sh,
    only the Swift toolchain needed). It is built once per version of the core's sources
    and toolchain into a cache folder, named before the build starts, and reused from
    there by every later run from any folder: 2 to 3 minutes on 2 cores the first
    time, 1 second after. Nothing is written into the source tree. Stopping the command
    (Ctrl-C, kill, timeout) stops the build and everything it started.

    The sources (the page and the core) are the EmojiSim checkout: --source DIR, else
    EMOJISIM_SOURCE, else the one around the current folder, else the one this binary
    was built from (so a copied binary works while that checkout exists).

      --out DIR       where to write the page (default ./emojisim-playground)
      --device D      the first device: iphone8 (default), iphone14 or WxH@S, as a
                      script's `device` line
      --theme T       the first theme: light (default) or dark
      --catalog C     demo (default), unicode, or the rest of a script's `catalog` line,
                      e.g. --catalog 'json "my.json"' (paths relative to the current folder)
      --source DIR    the EmojiSim checkout to take the page and the core from
      --cache DIR     the cache folder (default: EMOJISIM_CACHE, else
                      $XDG_CACHE_HOME/emojisim, else ~/.cache/emojisim; with
                      no home, a fresh private folder for this run only)
      --module FILE   use this emojisim-core.wasm instead (no build; e.g. the one
                      Tools/wasm/build.sh left in .build/wasm)
    """

    static let coreModules = ["SimCore", "EmojiText", "Imaging", "Interaction", "Raster", "Tester", "ChatUI", "ChatHarness", "Scenario"]
    /// What the module is made of besides the core modules (Tools/wasm/build.sh's inputs).
    static let wasmInputs = ["Tools/wasm/ABI", "Tools/wasm/entry", "Tools/wasm/runtime", "Tools/wasm/lint", "Tools/wasm/build.sh"]
    static let pageFiles = ["index.html", "playground.js"]

    static func run(_ arguments: [String]) -> Int32 {
        let args: ParsedArguments
        do {
            args = try ParsedArguments(arguments, options: ["out", "device", "theme", "catalog", "source", "cache", "module"])
            guard args.positionals.isEmpty else { throw UsageError("unexpected argument '\(args.positionals[0])'") }
        } catch {
            printError("error: \(error)\n\n\(help)")
            return 2
        }
        let setup = SetupOptions.setupText(device: args.options["device"], theme: args.options["theme"],
                                           catalog: args.options["catalog"])
        let configuration: ScenarioConfiguration
        do { configuration = try SetupOptions.configuration(setup) } catch {
            printError("error: \(error)")
            return 2
        }
        let env = ProcessInfo.processInfo.environment
        let out = URL(fileURLWithPath: args.options["out"] ?? "emojisim-playground")
        do {
            let wasm: Data
            let root: URL
            if let module = args.options["module"] {
                guard let bytes = FileManager.default.contents(atPath: module) else {
                    throw Failure(description: "--module \(module): cannot read the file")
                }
                wasm = bytes
                root = try sourceRoot(option: args.options["source"], environment: env)
            } else {
                root = try sourceRoot(option: args.options["source"], environment: env)
                let cache = try cacheFolder(option: args.options["cache"], environment: env)
                wasm = try WasmModuleCache(root: root, cache: cache).module()
            }
            let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let assets = try ScenarioAssets.load(configuration.catalog, relativeTo: cwd)
            // The page switches between demo and Unicode without reloading: both catalogs'
            // images (the bundled ones) and the Unicode catalog as text go in the data file.
            let unicode = try ScenarioAssets.load(.unicode(path: nil), relativeTo: cwd)
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            for f in pageFiles {
                let bytes = try Data(contentsOf: root.appendingPathComponent("Tools/playground/\(f)"))
                try SafeFileWriter.write([UInt8](bytes), to: out.appendingPathComponent(f), within: out)
            }
            try SafeFileWriter.write([UInt8](wasm), to: out.appendingPathComponent("emojisim-core.wasm"), within: out)
            let font = try BundledResources.bytes(BundledFont.resourcePath)
            var catalogText: String?
            if case .demo = configuration.catalog {} else { catalogText = CatalogText.encode(assets.catalog) }
            let data = dataScript(wasm: wasm, font: font, assets: assets, catalog: catalogText, setup: setup,
                                  bundled: [ScenarioAssets.demo, unicode], unicode: CatalogText.encode(unicode.catalog))
            try SafeFileWriter.write(Array(data.utf8), to: out.appendingPathComponent("playground-data.js"), within: out)
            print("playground: wrote \(out.path)/index.html (module \(wasm.count) bytes, \(assets.imageBytes.count) images)")
            return 0
        } catch let stop as ChildProcess.Stopped {
            printError("playground: stopped (\(stop.signalName)); the build and its compilers were stopped too")
            return 128 + stop.signal
        } catch {
            printError("error: \(error)")
            return 1
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Whether `u` is an EmojiSim checkout: it has the page and the wasm build script.
    static func isSourceRoot(_ u: URL) -> Bool {
        let fm = FileManager.default
        return fm.fileExists(atPath: u.appendingPathComponent("Package.swift").path)
            && fm.fileExists(atPath: u.appendingPathComponent("Tools/playground/index.html").path)
            && fm.fileExists(atPath: u.appendingPathComponent("Tools/wasm/build.sh").path)
    }

    /// The checkout the page and the core come from: `--source`, `EMOJISIM_SOURCE`, the
    /// nearest checkout at or above the current folder, else the one this source was
    /// built from.
    ///
    /// - Throws: `Failure` naming what was tried.
    static func sourceRoot(option: String?, environment: [String: String]) throws -> URL {
        for (what, path) in [("--source", option), ("EMOJISIM_SOURCE", environment["EMOJISIM_SOURCE"])] {
            guard let path, !path.isEmpty else { continue }
            let u = URL(fileURLWithPath: path).standardizedFileURL
            guard isSourceRoot(u) else {
                throw Failure(description: "\(what) \(path): not an EmojiSim checkout (no Package.swift, Tools/playground and Tools/wasm/build.sh there)")
            }
            return u
        }
        var dir = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
        while true {
            if isSourceRoot(dir) { return dir }
            let up = dir.deletingLastPathComponent()
            if up.path == dir.path { break }
            dir = up
        }
        let built = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        if isSourceRoot(built) { return built }
        throw Failure(description: "no EmojiSim checkout found: not around the current folder, and \(built.path) (where this binary was built) is gone; pass --source DIR or set EMOJISIM_SOURCE to a checkout of the version this binary is")
    }

    /// `--cache`, else `EMOJISIM_CACHE`, else `$XDG_CACHE_HOME/emojisim`, else
    /// `~/.cache/emojisim`. With none of them (no home), a fresh private folder
    /// (`PrivateFolder`, mode 0700) for this run only, said on stderr: a fixed name in
    /// the shared temporary folder could be made first by another user, who would then
    /// choose the module the page runs.
    static func cacheFolder(option: String?, environment: [String: String]) throws(FileWriteError) -> URL {
        if let o = option, !o.isEmpty { return URL(fileURLWithPath: o).standardizedFileURL }
        if let c = environment["EMOJISIM_CACHE"], !c.isEmpty { return URL(fileURLWithPath: c).standardizedFileURL }
        if let x = environment["XDG_CACHE_HOME"], x.hasPrefix("/") { return URL(fileURLWithPath: x).appendingPathComponent("emojisim") }
        if let h = environment["HOME"], h.hasPrefix("/") { return URL(fileURLWithPath: h).appendingPathComponent(".cache/emojisim") }
        let folder = try PrivateFolder.make(prefix: "emojisim-cache")
        printError("playground: no HOME, XDG_CACHE_HOME or EMOJISIM_CACHE: building into the private folder \(folder.path) for this run only (set EMOJISIM_CACHE or pass --cache DIR to keep the module)")
        return folder
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

    /// A JavaScript string literal that cannot end the page's `<script>` (see `Escaping.scriptJSON`).
    static func jsString(_ s: String) -> String { Escaping.scriptJSON(s) }
}
