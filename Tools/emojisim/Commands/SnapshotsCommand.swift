import Foundation
import Imaging
import Raster
import SimCore
import Scenario
import EmojiSimTestingCore
import EmojiSimIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `emojisim snapshots pending|review|accept|reject|orphans`: the review workflow for
/// pending snapshots (`<reference>.new`), as insta's `cargo insta` does it.
enum SnapshotsCommand: CLICommand {
    static let name = "snapshots"
    static let summary = "review pending snapshots: pending, review, accept, reject, orphans"
    static let help = """
    usage: emojisim snapshots pending [PATH...] [--json]
           emojisim snapshots review  [PATH...]
           emojisim snapshots accept  PATH... | --all
           emojisim snapshots reject  PATH... | --all
           emojisim snapshots orphans [--delete] [--snapshots DIR]

    A check that finds a new or differing snapshot (a test's assertSnapshot or
    assertScenario, or `emojisim run`) writes the new render beside its reference as
    NAME.EXT.new and fails; nothing is written when CI is set. These commands act on
    those pending files. PATH is a .new file, its reference, or a folder (every pending
    file under it); without PATH, the Snapshots/ folder of the package around the
    current folder, outside a package ./Snapshots (or --snapshots DIR).

      pending   list pending files (new: no reference yet; changed: differs); --json
                as one JSON object (schemaVersion, pending: file, reference, status)
      review    one by one: show the change (text: a unified diff; images: the pixel
                summary and the paths of the new image and of a diff picture written
                under the package's .build/snapshot-review/ (a real folder, not a
                symlink), outside a package in a new private folder under the temporary
                folder, emojisim-snapshot-review-XXXXXX/), then ask:
                [a]ccept [r]eject [s]kip [q]uit; with no input (the command plugin,
                `swift package emojisim snapshots review`) every change is shown and
                none decided
      accept    make each pending render its reference (an atomic rename in the same
                folder; a pending image must decode first)
      reject    delete each pending file; the reference stays
      orphans   references no test (of the last whole `swift test` run) and no
                scenario script produces; --delete removes them. With --snapshots DIR
                (other than the package's Snapshots/ or a folder in it), or outside
                a package: the references under DIR (default ./Snapshots) that no
                script produces, the scripts being those under the package root when
                DIR is inside the package, else those under DIR's parent folder (a
                script there at dir/flow.scenario keeps its references in
                DIR/dir/flow/). A DIR named __Snapshots__ (an Xcode project's, beside
                its test files): the references whose test file or test function is
                gone. A script that does not parse keeps its references
                and stops the command (its errors, exit 2); so does a folder of
                which no reference at all is produced (exit 1): nothing is listed
                or deleted then

      --all           every pending file (accept, reject)
      --snapshots DIR the folder to act on instead of <package>/Snapshots

    Exit status: 0 done, 1 a file could not be accepted/rejected/deleted or nothing
    to do where something was asked for, 2 a usage error or a script that does not
    parse (orphans).
    """

    static let verbs = ["pending", "review", "accept", "reject", "orphans"]

    /// The flags of each subcommand (all take `--snapshots DIR`).
    static let accepted: [String: Set<String>] = [
        "pending": ["json"], "review": [], "accept": ["all"], "reject": ["all"], "orphans": ["delete"],
    ]

    static func run(_ arguments: [String]) -> Int32 {
        run(arguments, in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    }

    /// `pending --json`: `{"schemaVersion", "pending": [{"file", "reference", "status"}]}`
    /// (status `new` or `changed`), paths as the text listing shows them.
    static func pendingJSON(_ all: [SnapshotReview.Pending], show: (URL) -> String) -> String {
        let q = CatalogCommand.jsonString
        let items = all.map { p in
            "\n    {\"file\":\(q(show(p.file))),\"reference\":\(q(show(p.reference))),\"status\":\(q(p.isNew ? "new" : "changed"))}"
        }
        return "{\n  \"schemaVersion\" : \(jsonSchemaVersion),\n  \"pending\" : [" + items.joined(separator: ",")
            + (items.isEmpty ? "]\n}" : "\n  ]\n}")
    }

    /// Runs as from the folder `cwd` (which finds the package and the default folder).
    static func run(_ arguments: [String], in cwd: URL) -> Int32 {
        let args: ParsedArguments
        do {
            // Each subcommand takes its own flags: `pending --all` or `accept --delete` is
            // refused, not ignored.
            let verb = arguments.first { !$0.hasPrefix("-") } ?? ""
            let flags = accepted[verb] ?? accepted.values.reduce(Set<String>()) { $0.union($1) }
            args = try ParsedArguments(arguments, flags: flags, options: ["snapshots"])
        } catch {
            printError("error: \(error)\nsee: emojisim snapshots --help")
            return 2
        }
        guard let sub = args.positionals.first else {
            printError("error: name a subcommand (pending, review, accept, reject, orphans)\nsee: emojisim snapshots --help")
            return 2
        }
        func resolve(_ p: String) -> URL {
            (p.hasPrefix("/") ? URL(fileURLWithPath: p) : cwd.appendingPathComponent(p)).standardizedFileURL
        }
        let paths = Array(args.positionals.dropFirst()).map(resolve)
        let root = SnapshotFiles.packageRoot(from: cwd.appendingPathComponent("x").path)
        // Outside a package, scripts keep their references in Snapshots/ beside them
        // (ScenarioVerifier), so the current folder's Snapshots/ is the default there.
        let folder = args.options["snapshots"].map(resolve)
            ?? (root ?? cwd).appendingPathComponent("Snapshots")
        func collect() throws -> [SnapshotReview.Pending] {
            if paths.isEmpty {
                guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
                return try SnapshotReview.pending(under: folder)
            }
            var out: [SnapshotReview.Pending] = []
            for p in paths { out += try SnapshotReview.pending(under: p) }
            return out
        }
        // Every path this command prints is a name someone else chose: escaped, so a
        // carriage return or escape sequence in it cannot rewrite the terminal's line.
        func show(_ u: URL) -> String {
            escapedForDisplay(u.path.hasPrefix(cwd.path + "/") ? String(u.path.dropFirst(cwd.path.count + 1)) : u.path)
        }
        switch sub {
        case "pending":
            do {
                let all = try collect()
                if args.flags.contains("json") {
                    print(pendingJSON(all, show: { u in
                        u.path.hasPrefix(cwd.path + "/") ? String(u.path.dropFirst(cwd.path.count + 1)) : u.path
                    }))
                    return 0
                }
                for p in all { print("\(p.isNew ? "new    " : "changed") \(show(p.file))") }
                if all.isEmpty { print("no pending snapshots") }
                return 0
            } catch {
                printError("error: \(error)")
                return 1
            }
        case "accept", "reject":
            guard args.flags.contains("all") || !paths.isEmpty else {
                printError("error: \(sub) needs PATH... or --all\nsee: emojisim snapshots --help")
                return 2
            }
            var failed = false
            let all: [SnapshotReview.Pending]
            do { all = try collect() } catch {
                printError("error: \(error)")
                return 1
            }
            // Nothing to do where something was asked for: exit 1, as the help says
            // (a CI step that accepts after a run must notice the run wrote nothing).
            if all.isEmpty {
                printError("error: no pending snapshots: nothing to \(sub)")
                return 1
            }
            for p in all {
                do {
                    if sub == "accept" { try SnapshotReview.accept(p) } else { try SnapshotReview.reject(p) }
                    print("\(sub == "accept" ? "accepted" : "rejected") \(show(p.reference))")
                } catch {
                    printError("error: \(error)")
                    failed = true
                }
            }
            return failed ? 1 : 0
        case "review":
            // Outside a package: nil, a private folder made on the first diff picture.
            let reviewFolder = root.map { $0.appendingPathComponent(".build/snapshot-review") }
            return review(collect: collect, show: show, diffs: reviewFolder, base: root ?? folder)
        case "orphans":
            // The package's own Snapshots/ (or a folder in it) also holds the tests'
            // references: only a logged test run can tell which are used. Any other
            // folder holds scripts'.
            let survey: SnapshotOrphans.Survey
            let base: URL
            let producers: String
            let own = root.map { $0.appendingPathComponent("Snapshots").standardizedFileURL.path }
            if folder.lastPathComponent == "__Snapshots__" {
                // An Xcode project's references beside its test files: read from them.
                (survey, base) = (SnapshotOrphans.survey(testSnapshots: folder), folder)
                producers = "no test function of the \(survey.scripts) test files beside \(show(folder)) produces any of them"
            } else if let root, let own, folder.path == own || folder.path.hasPrefix(own + "/") {
                guard let found = SnapshotOrphans.survey(root: root, within: folder.path == own ? nil : folder) else {
                    printError("error: no test run is logged under .build/snapshot-usage; run the whole `swift test` first")
                    return 1
                }
                (survey, base) = (found, root)
                producers = "no test of the last logged `swift test` run and none of the \(found.scripts) scenario scripts under \(show(root)) produces any of them"
            } else {
                guard FileManager.default.fileExists(atPath: folder.path) else {
                    printError("error: \(show(folder)): no such folder (name the references' folder with --snapshots DIR)")
                    return 1
                }
                // `run --snapshots DIR` keys are script paths from the package root (or the
                // current folder); loose scripts keep references in Snapshots/ beside them.
                let inside = root.map { folder.path.hasPrefix($0.standardizedFileURL.path + "/") } ?? false
                let scripts = inside ? root! : folder.deletingLastPathComponent()
                (survey, base) = (SnapshotOrphans.survey(snapshots: folder, scripts: scripts), folder)
                producers = "none of the \(survey.scripts) scenario scripts under \(show(scripts)) produces any of them (a script at \(show(scripts))/dir/flow.scenario keeps its references in \(show(folder))/dir/flow/)"
            }
            let deleting = args.flags.contains("delete")
            // A script that does not parse still owns its references: nothing is listed
            // or deleted until it parses, as `run` runs nothing until every script parses.
            if !survey.unparsed.isEmpty {
                for e in survey.unparsed { printError(e.description) }
                printError("error: a script that does not parse keeps its references; nothing was \(deleting ? "deleted" : "listed") (fix the script first)")
                return 2
            }
            // Every reference an orphan means the folder and the scripts do not belong
            // together (a subfolder named, or the wrong --snapshots), not that all of
            // them are stale: stop rather than delete a whole folder.
            if survey.references > 0, survey.orphans.count == survey.references {
                printError("error: \(show(folder)): none of its \(survey.references) references is produced by anything: \(producers); nothing was \(deleting ? "deleted" : "listed"). Name the folder `emojisim run --snapshots` wrote, or remove the folder by hand if it is stale")
                return 1
            }
            var failed = false
            for o in survey.orphans.map({ base.appendingPathComponent($0) }) {
                if deleting {
                    do {
                        try FileManager.default.removeItem(at: o)
                        print("deleted \(show(o))")
                    } catch {
                        printError("error: cannot delete \(show(o)): \(error.localizedDescription)")
                        failed = true
                    }
                } else {
                    print(show(o))
                }
            }
            if survey.orphans.isEmpty { print("no orphaned references") }
            return failed ? 1 : 0
        default:
            printError("error: unknown subcommand '\(sub)' (pending, review, accept, reject, orphans)\nsee: emojisim snapshots --help")
            return 2
        }
    }

    /// The interactive review. Diff pictures go to `diffs`, at the reference's path
    /// relative to `base` (the package root, or the references' folder), confined as
    /// `SnapshotFiles.writeRoot(forOutput:)` says; nil `diffs`: a new private folder under
    /// the temporary folder, made for the first picture (a fixed name there could be
    /// another user's symlink). `answers` stand for the lines typed (nil: standard
    /// input); `output` prints a line (a prompt ends without one).
    static func review(collect: () throws -> [SnapshotReview.Pending], show: (URL) -> String, diffs: URL?, base: URL,
                       answers: [String]? = nil, output: (String) -> Void = { print(Colour.standardOutput.diff(displaySafe($0))) }) -> Int32 {
        var diffs = diffs
        func diffsFolder() throws -> URL {
            if let diffs { return diffs }
            let made = try PrivateFolder.make(prefix: "emojisim-snapshot-review")
            diffs = made
            return made
        }
        var answers = answers
        func readAnswer() -> String? {
            guard answers != nil else { return readLine() }
            return answers!.isEmpty ? nil : answers!.removeFirst()
        }
        let print = output
        let all: [SnapshotReview.Pending]
        do { all = try collect() } catch {
            printError("error: \(error)")
            return 1
        }
        if all.isEmpty { print("no pending snapshots"); return 0 }
        var failed = false
        var noInput = false
        for (i, p) in all.enumerated() {
            print("[\(i + 1)/\(all.count)] \(show(p.reference))\(p.isNew ? " (new)" : "")")
            do {
                let (text, diff) = try SnapshotReview.describe(p)
                print(text)
                let isImage = p.reference.pathExtension == "png" || p.reference.pathExtension == "ppm"
                if isImage {
                    print("  new image: \(show(p.file))")
                    if let diff {
                        let b = base.standardizedFileURL.path
                        let relative = p.reference.path.hasPrefix(b + "/") ? String(p.reference.path.dropFirst(b.count + 1)) : p.reference.lastPathComponent
                        do {
                            let folder = try diffsFolder()
                            let url = folder.appendingPathComponent(relative + ".diff.png")
                            try SnapshotFiles.writeAtomically(SnapshotImageCodec.encodePNG(diff), to: url,
                                                              within: SnapshotFiles.writeRoot(forOutput: folder))
                            print("  diff image: \(show(url))")
                        } catch {
                            print("  diff image: not written (\(error))")
                        }
                    }
                }
            } catch {
                printError("error: \(error)")
                failed = true
                continue
            }
            // No input at all (the command plugin, a closed stdin): every change is shown,
            // none is decided, and the accept command is named at the end.
            if noInput { continue }
            answer: while true {
                if answers == nil { Swift.print("[a]ccept [r]eject [s]kip [q]uit? ", terminator: "") }
                guard let line = readAnswer() else {
                    if answers == nil { Swift.print("") }
                    noInput = true
                    break answer
                }
                do {
                    switch line.trimmingCharacters(in: .whitespaces).lowercased() {
                    case "a", "accept": try SnapshotReview.accept(p); print("accepted"); break answer
                    case "r", "reject": try SnapshotReview.reject(p); print("rejected"); break answer
                    case "s", "skip", "": print("skipped"); break answer
                    case "q", "quit": return failed ? 1 : 0
                    default: continue
                    }
                } catch {
                    printError("error: \(error)")
                    failed = true
                    break answer
                }
            }
        }
        if noInput { print("no answer read: nothing accepted or rejected (accept with `snapshots accept PATH...` or `--all`)") }
        return failed ? 1 : 0
    }
}
