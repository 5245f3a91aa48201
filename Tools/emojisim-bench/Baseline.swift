import Foundation

/// A release build of today's benchmark code against another revision's library code,
/// for `--baseline REV`: both binaries run the same probes on the same inputs, so every
/// difference in their figures is the library's.
struct BaselineBuild {
    /// The revision as given and its commit.
    var revision: String
    var commit: String
    var benchPath: String
    /// Benchmarks measured with the revision's own benchmark file, because today's does not
    /// compile against that revision's library (an API the benchmark drives has changed).
    var ownCode: [String] = []
    /// Benchmarks the baseline does not have: neither today's file nor the revision's own
    /// compiles there (or the revision has none). They are reported without a baseline.
    var missing: [String] = []

    /// "main (1a2b3c4d)" in tables.
    var label: String {
        let short = String(commit.prefix(8))
        return revision.hasPrefix(short) || short.hasPrefix(revision) ? short : "\(revision) (\(short))"
    }
}

enum Baseline {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Builds `revision` of the repository this binary's sources belong to: its tree is
    /// exported (`git archive`, no worktree registered) to `.build/bench-baselines/<commit>/src`,
    /// its `Tools/emojisim-bench` replaced by today's (only the files of `benchmarks`, so
    /// one that does not compile against an old revision does not block the others), and
    /// `emojisim-bench` (and `emojisim` for `typing`) built there in release. The folder
    /// is kept: the next run with the same commit is an incremental build.
    static func build(_ revision: String, benchmarks: [Benchmark], all: [Benchmark]) throws(Failure) -> BaselineBuild {
        let root = BenchEnvironment.sourceRoot
        let fm = FileManager.default
        let rev = BenchEnvironment.runTool("/usr/bin/env", ["git", "-C", root.path, "rev-parse", "--verify", "--quiet", revision + "^{commit}"])
        let commit = rev.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard rev.status == 0, commit.count == 40 else {
            throw Failure(description: "--baseline \(revision): not a commit of the repository at \(root.path)")
        }
        let dir = root.appendingPathComponent(".build/bench-baselines/\(commit)")
        let src = dir.appendingPathComponent("src")
        if !fm.fileExists(atPath: src.appendingPathComponent("Package.swift").path) {
            try? fm.removeItem(at: src)
            do { try fm.createDirectory(at: src, withIntermediateDirectories: true) } catch {
                throw Failure(description: "cannot create \(src.path): \(error)")
            }
            let export = BenchEnvironment.runTool("/bin/sh", ["-c", "git -C \"$1\" archive --format=tar \"$2\" | tar -x -C \"$3\"", "sh",
                                                              root.path, commit, src.path], stderr: true)
            guard export.status == 0, fm.fileExists(atPath: src.appendingPathComponent("Package.swift").path) else {
                try? fm.removeItem(at: src)
                throw Failure(description: "cannot export \(commit) to \(src.path): \(export.output)")
            }
        }
        let manifest = src.appendingPathComponent("Package.swift")
        let package = (try? String(contentsOf: manifest, encoding: .utf8)) ?? ""
        guard package.contains("\"emojisim-bench\"") else {
            throw Failure(description: "\(revision) (\(commit.prefix(8))) has no emojisim-bench target to build today's benchmarks into")
        }
        // Today's benchmark code may import modules the old target did not depend on
        // (they exist there, e.g. EmojiSimTesting): give it today's dependency list,
        // less the targets the old package lacks.
        let todayPackage = (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        if let today = benchDependencies(todayPackage), let old = benchDependencies(package) {
            let wanted = today.names.filter { package.contains("name: \"\($0)\"") }
            let list = wanted.map { "\"\($0)\"" }.joined(separator: ", ")
            if wanted != old.names {
                let patched = String(package[..<old.range.lowerBound]) + list + String(package[old.range.upperBound...])
                do { try patched.write(to: manifest, atomically: true, encoding: .utf8) } catch {
                    throw Failure(description: "cannot write \(manifest.path): \(error)")
                }
            }
        }
        // A benchmark file of today's that does not compile against the old library (the
        // benchmark drives an API that changed since) is replaced by the revision's own
        // file of the same name, which registers the same benchmark and probes; if that
        // does not compile either, the benchmark is left out of the baseline. Either way
        // the run says so, and the other benchmarks still get their baseline.
        var included = benchmarks
        var own: [String: Data] = [:]
        var dropped: [String] = []
        print("baseline: building \(revision) (\(commit.prefix(8))) in release in \(src.path) (the first build takes minutes)")
        let log = dir.appendingPathComponent("build.log")
        build: while true {
            try installBench(into: src.appendingPathComponent("Tools/emojisim-bench"), benchmarks: included, all: all, own: own)
            var products = ["emojisim-bench"]
            for b in included { for p in b.products where !products.contains(p) { products.append(p) } }
            for product in products {
                let r = BenchEnvironment.runTool("/usr/bin/env", ["swift", "build", "-c", "release", "--package-path", src.path, "--product", product],
                                                 stderr: true)
                try? r.output.write(to: log, atomically: true, encoding: .utf8)
                if r.status == 0 { continue }
                let errors = r.output.split(separator: "\n").filter { $0.contains("error:") }
                let failing = included.filter { b in errors.contains { $0.contains("Tools/emojisim-bench/\(b.typeName).swift:") } }
                guard !failing.isEmpty else {
                    throw Failure(description: "building \(product) of \(revision) (\(commit.prefix(8))) failed (log: \(log.path)):\n"
                                  + (errors.isEmpty ? r.output.split(separator: "\n").suffix(12) : errors.prefix(12)).joined(separator: "\n"))
                }
                for b in failing {
                    let file = b.typeName + ".swift"
                    if own[file] == nil,
                       case let old = BenchEnvironment.runTool("/usr/bin/env", ["git", "-C", root.path, "show", "\(commit):Tools/emojisim-bench/\(file)"]),
                       old.status == 0 {
                        own[file] = Data(old.output.utf8)
                        print("baseline: today's \(file) does not compile against \(commit.prefix(8)); using that revision's own \(file)")
                    } else {
                        own[file] = nil
                        included.removeAll { $0.name == b.name }
                        dropped.append(b.name)
                        print("baseline: \(b.name) has no baseline: neither today's \(file) nor \(commit.prefix(8))'s compiles there")
                    }
                }
                continue build
            }
            break
        }
        let bin = BenchEnvironment.runTool("/usr/bin/env", ["swift", "build", "-c", "release", "--package-path", src.path, "--show-bin-path"])
        let path = URL(fileURLWithPath: bin.output.trimmingCharacters(in: .whitespacesAndNewlines)).appendingPathComponent("emojisim-bench").path
        guard fm.isExecutableFile(atPath: path) else { throw Failure(description: "no \(path) after the build") }
        return BaselineBuild(revision: revision, commit: commit, benchPath: path,
                             ownCode: included.filter { own[$0.typeName + ".swift"] != nil }.map(\.name), missing: dropped)
    }

    /// The dependency names of the `emojisim-bench` target in a manifest and the range
    /// of the text between its `dependencies: [` and `]`; nil when not found.
    static func benchDependencies(_ manifest: String) -> (names: [String], range: Range<String.Index>)? {
        guard let target = manifest.range(of: "name: \"emojisim-bench\""),
              let open = manifest.range(of: "dependencies: [", range: target.upperBound..<manifest.endIndex),
              let close = manifest.range(of: "]", range: open.upperBound..<manifest.endIndex) else { return nil }
        // The list must belong to this target: no other target declared in between.
        guard manifest.range(of: "name:", range: target.upperBound..<open.lowerBound) == nil else { return nil }
        let inner = manifest[open.upperBound..<close.lowerBound]
        let names = inner.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \n\"")) }.filter { !$0.isEmpty }
        return (names, open.upperBound..<close.lowerBound)
    }

    /// Today's benchmark sources in `dir`: every shared file, the files of `benchmarks`
    /// and a registry listing only them. Files are written only when they differ (the
    /// build stays incremental); others are removed.
    /// `own` holds the revision's own files for benchmarks whose file of today's does not
    /// compile there.
    static func installBench(into dir: URL, benchmarks: [Benchmark], all: [Benchmark], own: [String: Data] = [:]) throws(Failure) {
        let fm = FileManager.default
        let today = BenchEnvironment.sourceRoot.appendingPathComponent("Tools/emojisim-bench")
        guard let names = try? fm.contentsOfDirectory(atPath: today.path) else {
            throw Failure(description: "today's benchmark sources are not at \(today.path)")
        }
        let benchFiles = Set(all.map { $0.typeName + ".swift" })
        let wanted = Set(benchmarks.map { $0.typeName + ".swift" })
        var files: [String: Data] = [:]
        for n in names where n.hasSuffix(".swift") && n != "Registry.swift" && (!benchFiles.contains(n) || wanted.contains(n)) {
            if let d = own[n] ?? fm.contents(atPath: today.appendingPathComponent(n).path) { files[n] = d }
        }
        var registry = "// Generated by `emojisim-bench --baseline`: the benchmarks built into this baseline.\n"
        registry += "@MainActor let allBenchmarks: [Benchmark] = [\n"
        for b in benchmarks { registry += "    \(b.typeName).benchmark,\n" }
        registry += "]\n"
        files["Registry.swift"] = Data(registry.utf8)
        try? fm.createDirectory(at: dir, withIntermediateDirectories: true)
        for n in (try? fm.contentsOfDirectory(atPath: dir.path)) ?? [] where files[n] == nil {
            try? fm.removeItem(at: dir.appendingPathComponent(n))
        }
        for (n, d) in files {
            let target = dir.appendingPathComponent(n)
            if fm.contents(atPath: target.path) == d { continue }
            do { try d.write(to: target) } catch { throw Failure(description: "cannot write \(target.path): \(error)") }
        }
    }
}
