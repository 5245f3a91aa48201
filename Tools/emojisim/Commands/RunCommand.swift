import Foundation
import SimCore
import Imaging
import Scenario
import EmojiSimIO
import EmojiSimTestingCore

/// `emojisim run`: scripts in, verdicts, renders, recordings and reports out.
enum RunCommand: CLICommand {
    static let name = "run"
    static let summary = "run scenario scripts and check their snapshots"
    static let help = """
    usage: emojisim run <file or dir>... [--snapshots DIR] [--record MODE]
                        [--out DIR] [--gif] [--report FILE] [--junit FILE]
                        [--viewer DIR [--viewer-at LINE]] [--trace]
                        [--shard I/N] [--json]
                        [--catalog-root DIR]

    Runs each .scenario script (folders are searched recursively, in name order; a
    file named more than once, also through a folder, runs once) and
    compares its snapshots with its references. References are found from the script,
    not the current folder: a script at ROOT/dir/flow.scenario, ROOT being the nearest
    folder above it with a Package.swift, keeps them in ROOT/Snapshots/dir/flow/; a
    script outside any package keeps them beside it, in Snapshots/flow/.
    The language is documented in docs/SCENARIOS.md.

      --snapshots DIR   keep references in DIR/dir/flow/ instead (the script's path
                        from its package root, or from the current folder)
      --record MODE     pending (default): a new or differing snapshot is written
                        beside its reference as NAME.EXT.new and fails; review with
                        `emojisim snapshots review|accept|reject`.
                        missing: write new references directly (differing: pending);
                        failed: write new and differing ones; all: rewrite every
                        reference; never: only compare, write nothing.
                        EMOJISIM_RECORD sets the default. When CI is set nothing is
                        ever written. A script whose expectations fail (or that
                        stops early) writes nothing, whatever the mode.
      --out DIR         write every rendered snapshot and the trace of each script
                        under DIR/<script stem>/ (two scripts of one stem in one
                        run: the folders above each that tell them apart, as in
                        DIR/a/x/ and DIR/b/x/; --viewer pages likewise)
      --gif             also write DIR/<script stem>.gif: the screen at 30 frames per
                        second of virtual time (needs --out, default ./emojisim-out),
                        ending on the screen as the run left it; a run with `resize`
                        is letterboxed to its largest size
      --report FILE     one HTML report: failures and pending snapshots first, the
                        expectations with their script lines, reference | actual |
                        diff side by side with the command that accepts each change;
                        large images go to FILE.files/ beside it
      --junit FILE      a JUnit XML report in Jenkins' junit-10.xsd shape: one testsuite
                        per script with its file, the line of its first problem, its
                        CPU time (`time`) and virtual time (properties); scripts that
                        do not parse are errors in it (docs/CI.md)
      --viewer DIR      a trace viewer per script, DIR/<script path>.html: one
                        self-contained page (opens from file://, no network) with
                        every line's virtual time, touches, the target's rectangle,
                        trace lines, state after it and the screen; a scrubber over
                        virtual time; the failing line selected. --report links them
                        (failed first); the playground imports them (drop the page).
                        A page keeps its first and last 100 steps and 50 each side
                        of the selected one in full; a row says what it left out
      --viewer-at LINE  open each viewer page on script line LINE instead, the steps
                        around it in full: how to see steps a page left out
      --trace           print each script's trace
      --shard I/N       run only the scripts of shard I of N (1-based, for CI
                        matrices: one --junit per shard). Shards are balanced by
                        size (the largest script first, to the lightest shard), so
                        no shard is empty while another holds two; the same scripts
                        give the same shards on every machine
      --json            print results as JSON on standard output (no progress)
      --catalog-root DIR
                        let scripts' `catalog` paths reach files inside DIR. By
                        default a script inside a package (a Package.swift above it)
                        reads catalogs anywhere in that package, and any other script
                        only in its own folder tree; `..` and symlinks that leave the
                        root are refused.

    A differing or missing snapshot also leaves its actual file (and for images a
    .diff.png) under the package's .build/snapshot-failures/<script path>/, or under
    EMOJISIM_ARTIFACTS (relative to the current folder) when set; a script outside any
    package leaves them only with CI or EMOJISIM_ARTIFACTS set (CI: under
    ./.build/snapshot-failures/). A snapshot that matches again removes them.

    The last line totals the run: scripts passed and failed, expectations, snapshots
    and virtual time. PASS and FAIL are coloured on a terminal (NO_COLOR turns it off,
    FORCE_COLOR on).

    CI: GITHUB_ACTIONS=true adds `::error file=...,line=...,col=...::` annotations;
    Bazel's TEST_TOTAL_SHARDS/TEST_SHARD_INDEX stand for --shard and XML_OUTPUT_FILE
    for --junit when those are not given (TEST_SHARD_STATUS_FILE is touched). An
    EMOJISIM_RECORD that is not a mode is a usage error. See docs/CI.md.

    Exit status: 0 when everything passes, 1 on a failed expectation, run error,
    snapshot or output that cannot be written (the JSON's "passed" is false exactly
    then), 2 on a usage or parse error (all parse errors are printed before anything
    runs; the scripts that parse still run, so the reports list them all).
    """

    static func run(_ arguments: [String]) -> Int32 {
        run(arguments, environment: ProcessInfo.processInfo.environment)
    }

    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        let args: ParsedArguments
        do {
            args = try ParsedArguments(arguments, flags: ["gif", "trace", "json"],
                                       options: ["snapshots", "record", "out", "report", "shard", "junit", "catalog-root", "viewer", "viewer-at"])
        } catch {
            printError("error: \(error)\nsee: emojisim run --help")
            return 2
        }
        guard !args.positionals.isEmpty else {
            printError("error: name at least one script or folder\nsee: emojisim run --help")
            return 2
        }
        let requested: RecordMode?
        let bazel: BazelTestEnvironment
        do {
            requested = try args.choice("record", describing: "record mode")
            // The library ignores a value it does not know; the CLI says so instead.
            let _: RecordMode? = try EnvironmentChoice.value("EMOJISIM_RECORD", in: environment)
            bazel = try BazelTestEnvironment(environment)
        } catch {
            printError("error: \(error)\nsee: emojisim run --help")
            return 2
        }
        var shard: (Int, Int)?
        if let s = args.options["shard"] {
            let parts = s.split(separator: "/")
            guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else {
                printError("error: --shard takes I/N with 1 <= I <= N, e.g. 2/4")
                return 2
            }
            shard = (i, n)
        } else if let b = bazel.shard {
            shard = b
        }
        do { try bazel.acknowledgeSharding() } catch {
            printError("error: cannot touch TEST_SHARD_STATUS_FILE: \(error.localizedDescription)")
            return 2
        }
        var viewerAt: Int?
        if let raw = args.options["viewer-at"] {
            guard let line = Int(raw), (1...10_000_000).contains(line) else {
                printError("error: --viewer-at takes a script line number (1 or more), found \(escapedForDisplay(raw))\nsee: emojisim run --help")
                return 2
            }
            guard args.options["viewer"] != nil else {
                printError("error: --viewer-at needs --viewer DIR (the pages it opens on that line)\nsee: emojisim run --help")
                return 2
            }
            viewerAt = line
        }
        let files: [URL]
        do {
            files = try ScenarioFiles.collect(args.positionals)
        } catch {
            printError("error: \(error)")
            return 2
        }
        let selected = shard.map { ScenarioFiles.shard(files, index: $0.0, of: $0.1) } ?? files
        let options = ScenarioRunOptions(
            references: args.options["snapshots"].map { .folder(URL(fileURLWithPath: $0).standardizedFileURL) } ?? .automatic,
            record: RecordMode.resolve(requested, environment: environment),
            out: args.options["out"].map { URL(fileURLWithPath: $0) } ?? (args.flags.contains("gif") ? URL(fileURLWithPath: "emojisim-out") : nil),
            gif: args.flags.contains("gif"),
            report: args.options["report"].map { URL(fileURLWithPath: $0) },
            junit: args.options["junit"].map { URL(fileURLWithPath: $0) } ?? bazel.xmlOutputFile,
            viewer: args.options["viewer"].map { URL(fileURLWithPath: $0).standardizedFileURL },
            viewerAt: viewerAt,
            printTrace: args.flags.contains("trace"),
            json: args.flags.contains("json"),
            printAscii: false,
            catalogRoot: args.options["catalog-root"].map { URL(fileURLWithPath: $0).standardizedFileURL })
        return ScenarioRunSession(options: options).run(selected)
    }
}

/// Finding and partitioning script files.
enum ScenarioFiles {
    struct NotFound: Error, CustomStringConvertible {
        var path: String
        var description: String { "\(path): no such file or folder" }
    }

    /// The script files the paths name (a folder: its `.scenario` files, sorted), each
    /// once: a file named again, directly or through a folder, runs once (runs are
    /// deterministic, so a second run adds nothing, and its report entry and viewer page
    /// would repeat the first).
    static func collect(_ paths: [String]) throws -> [URL] {
        var found: [URL] = []
        let fm = FileManager.default
        for p in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: p, isDirectory: &isDir) else { throw NotFound(path: p) }
            if isDir.boolValue {
                let base = URL(fileURLWithPath: p)
                let files = (fm.enumerator(atPath: p)?.compactMap { $0 as? String } ?? [])
                    .filter { $0.hasSuffix(".scenario") }.sorted()
                found += files.map { base.appendingPathComponent($0) }
            } else {
                found.append(URL(fileURLWithPath: p))
            }
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0.standardizedFileURL.resolvingSymlinksInPath().path).inserted }
    }

    /// What a script costs a shard: its size in bytes (more lines, more steps) plus a
    /// fixed share for what every script pays (a host, a catalog, a font).
    static func cost(_ url: URL) -> Int {
        let size = ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
        return size + 512
    }

    /// Shard `index` (1-based) of `count`, balanced greedily: scripts from the costliest
    /// (ties by their path from the package root, so the same wherever the run starts)
    /// each go to the shard with the least cost so far (ties: fewer scripts, then the
    /// lower index). No shard is empty while another holds two or more, every script
    /// is in exactly one shard, and the same scripts give the same shards everywhere.
    /// The hash partition this replaces left 13 of 30 shards empty over 27 scripts.
    static func shard(_ files: [URL], index: Int, of count: Int, cost: (URL) -> Int = ScenarioFiles.cost) -> [URL] {
        let assigned = assignment(files, count: count, cost: cost)
        return files.indices.filter { assigned[$0] == index - 1 }.map { files[$0] }
    }

    /// The shard (0-based) of each of `files`, by `shard(_:index:of:cost:)`'s rule.
    static func assignment(_ files: [URL], count: Int, cost: (URL) -> Int = ScenarioFiles.cost) -> [Int] {
        let keyed = files.indices.map { (i: $0, cost: cost(files[$0]), key: shardKey(files[$0])) }
        let order = keyed.sorted { a, b in a.cost != b.cost ? a.cost > b.cost : (a.key != b.key ? a.key < b.key : a.i < b.i) }
        var load = [Int](repeating: 0, count: count), scripts = [Int](repeating: 0, count: count)
        var out = [Int](repeating: 0, count: files.count)
        for item in order {
            var best = 0
            for k in 1..<max(1, count) where (load[k], scripts[k]) < (load[best], scripts[best]) { best = k }
            out[item.i] = best
            load[best] += item.cost
            scripts[best] += 1
        }
        return out
    }

    static func shardKey(_ url: URL) -> String {
        let u = url.standardizedFileURL
        guard let root = SnapshotFiles.packageRoot(from: u.path), u.path.hasPrefix(root.path + "/") else { return u.lastPathComponent }
        return String(u.path.dropFirst(root.path.count + 1))
    }
}
