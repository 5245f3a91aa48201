import Foundation

/// The playground's wasm module, built once per version of its inputs and kept in a
/// cache folder outside the source tree:
///
///     <cache>/wasm/emojisim-core-<key>.wasm     the modules (the newest few are kept)
///     <cache>/wasm/build-<checkout>/             Tools/wasm/build.sh's objects for one
///                                                checkout (an edit rebuilds only the
///                                                modules it touched)
///     <cache>/wasm/last-build.txt                how long the last build took here
///
/// The key is a hash (FNV-1a, 64 bits) of the toolchain (`swiftc --version`) and of
/// every input's path and bytes: the core modules' sources and Tools/wasm's ABI, entry,
/// runtime, lint and build.sh. Any folder, any copy of the binary, finds the same module
/// for the same sources; a changed source makes a new key.
struct WasmModuleCache {
    let root: URL
    let cache: URL
    var folder: URL { cache.appendingPathComponent("wasm") }
    /// How many modules stay in the cache (older ones are removed after a build).
    static let kept = 4
    /// What a cold build costs, for the message before it starts (measured on 2 cores
    /// from a fresh clone: 125 s at load 4-5 with per-file objects, 181 s for the default
    /// single-object build at load 1-6; see README.md, The playground).
    static let coldBuildEstimate = "2 to 3 minutes on 2 cores"

    /// Every input file, sorted by its path from the checkout.
    func inputs() -> [(path: String, url: URL)] {
        var out: [(String, URL)] = []
        let fm = FileManager.default
        let dirs = PlaygroundCommand.coreModules.map { "Sources/\($0)" } + PlaygroundCommand.wasmInputs
        for d in dirs {
            let base = root.appendingPathComponent(d)
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: base.path, isDirectory: &isDir) else { continue }
            if !isDir.boolValue { out.append((d, base)); continue }
            for rel in (fm.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []) {
                let u = base.appendingPathComponent(rel)
                var sub: ObjCBool = false
                if fm.fileExists(atPath: u.path, isDirectory: &sub), !sub.boolValue, !rel.hasPrefix("."), !rel.contains("/.") {
                    out.append((d + "/" + rel, u))
                }
            }
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// The cache key of the inputs under `toolchain`.
    func key(toolchain: String) throws -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
            h = (h ^ 0xFF) &* 0x100_0000_01b3 // a separator, so "ab"+"c" differs from "a"+"bc"
        }
        mix(toolchain.utf8)
        for (path, url) in inputs() {
            mix(path.utf8)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw PlaygroundCommand.Failure(description: "cannot read \(url.path)")
            }
            mix(data)
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// `swiftc --version`: a new toolchain makes a new module.
    static func toolchain() throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["swiftc", "--version"]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch {
            throw PlaygroundCommand.Failure(description: "cannot run swiftc (the playground's module is built with the Swift toolchain): \(error)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw PlaygroundCommand.Failure(description: "swiftc --version failed") }
        return String(decoding: data, as: UTF8.self)
    }

    /// The module's bytes: from the cache, else built into it first.
    ///
    /// - Throws: `PlaygroundCommand.Failure` when the build fails or the cache cannot be
    ///   written; `ChildProcess.Stopped` when the command is stopped during the build.
    func module() throws -> Data {
        let key = try key(toolchain: try Self.toolchain())
        let fm = FileManager.default
        let module = folder.appendingPathComponent("emojisim-core-\(key).wasm")
        if let bytes = fm.contents(atPath: module.path) {
            print("playground: module from the cache: \(module.path)")
            return bytes
        }
        let work = folder.appendingPathComponent("build-\(checkoutName())")
        do { try fm.createDirectory(at: work, withIntermediateDirectories: true) } catch {
            throw PlaygroundCommand.Failure(description: "cannot create the cache folder \(work.path): \(error.localizedDescription) (choose another with --cache DIR)")
        }
        let last = (try? String(contentsOf: folder.appendingPathComponent("last-build.txt"), encoding: .utf8))
            .map { "; the last build here took \($0.trimmingCharacters(in: .whitespacesAndNewlines))" } ?? ""
        print("playground: building the wasm core (Embedded Swift) into \(work.path)")
        print("playground: a cold build takes \(Self.coldBuildEstimate)\(last); an edit rebuilds only the modules it touched; later runs reuse \(module.lastPathComponent)")
        let started = Date()
        let status = try ChildProcess.run(["/usr/bin/env", "bash", root.appendingPathComponent("Tools/wasm/build.sh").path,
                                           "--out", work.path])
        guard status == 0 else {
            throw PlaygroundCommand.Failure(description: "Tools/wasm/build.sh failed (exit \(status)); its messages are above. The playground needs a Swift toolchain with the Embedded stdlib for wasm32 (see Tools/wasm/build.sh)")
        }
        guard let bytes = fm.contents(atPath: work.appendingPathComponent("emojisim-core.wasm").path) else {
            throw PlaygroundCommand.Failure(description: "Tools/wasm/build.sh succeeded but wrote no \(work.path)/emojisim-core.wasm")
        }
        do {
            // Atomic: a module in the cache is always whole.
            try bytes.write(to: module, options: .atomic)
            let seconds = Int(Date().timeIntervalSince(started).rounded())
            try? Data("\(seconds / 60) min \(seconds % 60) s (\(ProcessInfo.processInfo.activeProcessorCount) cores)\n".utf8)
                .write(to: folder.appendingPathComponent("last-build.txt"), options: .atomic)
            prune()
        } catch {
            throw PlaygroundCommand.Failure(description: "cannot write \(module.path): \(error.localizedDescription)")
        }
        return bytes
    }

    /// A folder name for the checkout (its path, hashed), so two checkouts keep their
    /// incremental objects apart.
    func checkoutName() -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in root.standardizedFileURL.path.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return root.lastPathComponent + "-" + String(h >> 32, radix: 16)
    }

    /// Keeps the newest `kept` modules.
    func prune() {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: folder.path) else { return }
        let modules = names.filter { $0.hasPrefix("emojisim-core-") && $0.hasSuffix(".wasm") }.map { folder.appendingPathComponent($0) }
        func date(_ u: URL) -> Date { ((try? fm.attributesOfItem(atPath: u.path))?[.modificationDate] as? Date) ?? .distantPast }
        for old in modules.sorted(by: { date($0) > date($1) }).dropFirst(Self.kept) { try? fm.removeItem(at: old) }
    }
}
