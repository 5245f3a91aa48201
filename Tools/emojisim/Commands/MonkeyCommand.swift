import Foundation
import Scenario
import EmojiSimIO

/// `emojisim monkey`: random valid actions with every invariant checked after each
/// step; a violation is shrunk to a minimal script and saved.
enum MonkeyCommand: CLICommand {
    static let name = "monkey"
    static let summary = "random valid actions with invariant checks; shrinks failures"
    static let help = """
    usage: emojisim monkey [--steps N] [--seed S] [--scripts N] [--out DIR] [--device D] [--json]

    Runs N scripts (default 10) of random valid actions (default 200 steps each) on the
    demo screen, seeds S, S+1, ... (default 1), on device D: iphone8 (default),
    iphone14 or WxH@S (e.g. 320x568@2), as a script's `device` line. It says what it
    runs first, and at the end how many scripts and steps ran and how long it took
    (wall-clock time; the runs themselves use virtual time). After every step it checks every model
    invariant: the input's selection and units, no split emoji, a GIF animates if and
    only if its row is visible, scroll offsets within bounds, cells bounded by the
    visible rows. Between steps it writes expectations from what the screen shows and
    traced (`expect input`, `expect trace ... count N`, `expect no trace ...`, ...):
    each must hold and read back from its printed line as itself. On a violation or a
    failed expectation it shrinks the script to a minimal failing one and writes it to
    DIR/monkey-<seed>.scenario (default ./emojisim-out), ready for `emojisim run`. The
    same seed always gives the same run. Progress goes to standard error, one line per
    script ([k/N] seed S clean, with the time so far). --json prints one JSON object at
    the end instead of the text (schemaVersion, passed, scripts, steps, seed, clean,
    seconds, and the finding: seed, kind, step, violations, script, file; null when
    clean).

    Exit status: 0 when every script ran clean, 1 when a violation was found, 2 on a
    usage error.
    """

    static func run(_ arguments: [String]) -> Int32 {
        let args: ParsedArguments
        do {
            args = try ParsedArguments(arguments, flags: ["json"], options: ["steps", "seed", "scripts", "out", "device"])
            guard args.positionals.isEmpty else { throw UsageError("unexpected argument '\(args.positionals[0])'") }
        } catch {
            printError("error: \(error)\nsee: emojisim monkey --help")
            return 2
        }
        func number(_ key: String, _ fallback: Int, _ range: ClosedRange<Int>) throws -> Int {
            guard let raw = args.options[key] else { return fallback }
            guard let v = Int(raw), range.contains(v) else {
                throw UsageError("--\(key) takes a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return v
        }
        let steps: Int, seed: Int, scripts: Int
        var configuration = ScenarioConfiguration()
        do {
            steps = try number("steps", 200, 1...100_000)
            seed = try number("seed", 1, 0...Int(Int32.max))
            scripts = try number("scripts", 10, 1...1_000_000)
            if let d = args.options["device"] {
                configuration.device = try SetupOptions.device(d)
            }
        } catch {
            printError("error: \(error)\nsee: emojisim monkey --help")
            return 2
        }
        let device = ScriptPrinter.line(.setup(.device(configuration.device))).dropFirst("device ".count)
        let json = args.flags.contains("json")
        let q = CatalogCommand.jsonString
        func report(_ fields: [(String, String)]) -> String {
            let head = [("schemaVersion", "\(jsonSchemaVersion)"), ("scripts", "\(scripts)"), ("steps", "\(steps)"),
                        ("seed", "\(seed)"), ("device", q(String(device)))]
            return "{\n" + (head + fields).map { "  \(q($0.0)) : \($0.1)" }.joined(separator: ",\n") + "\n}"
        }
        // The banner is progress too when stdout is JSON.
        let banner = Self.banner(scripts: scripts, steps: steps, device: String(device), seed: seed)
        if json { printError(banner) } else { print(banner) }
        let started = ContinuousClock.now
        func seconds() -> Double {
            let d = (ContinuousClock.now - started).components
            return Double(d.seconds) + Double(d.attoseconds) / 1e18
        }
        func took() -> String { String(format: "%.2f s", seconds()) }
        let out = URL(fileURLWithPath: args.options["out"] ?? "emojisim-out")
        let assets = ScenarioAssets.demo
        let config = configuration
        var clean = 0
        for k in 0..<scripts {
            let s = UInt64(seed + k)
            var monkey = Monkey(seed: s, steps: steps, configuration: config) {
                ScenarioHosting.makeScreen(config, assets: assets)
            }
            // A long script reports within it too (100,000 steps are about 20 s).
            monkey.progress = { done in
                if done % 10_000 == 0 { printError("  seed \(s): \(done)/\(steps) steps (\(took()))") }
            }
            if let finding = monkey.run() {
                let file = out.appendingPathComponent("monkey-\(s).scenario")
                do { try writeFinding(finding.text, to: file, in: out) } catch {
                    printError("error: \(error)")
                }
                if json {
                    let f = "{\"seed\":\(s),\"kind\":\(q(finding.kind.rawValue)),\"step\":\(finding.step),"
                        + "\"violations\":[\(finding.violations.map(q).joined(separator: ","))],"
                        + "\"lines\":\(finding.script.commands.count),\"script\":\(q(finding.text)),\"file\":\(q(file.path))}"
                    print(report([("passed", "false"), ("clean", "\(clean)"), ("seconds", String(format: "%.3f", seconds())),
                                  ("finding", f)]))
                    return 1
                }
                print(Colour.standardOutput.verdicts("FAIL seed \(s): \(finding.kind.rawValue) after step \(finding.step):"))
                for v in finding.violations { print("  \(v)") }
                print("shrunk to \(finding.script.commands.count) lines: \(file.path)")
                print("monkey: \(clean) script\(clean == 1 ? "" : "s") ran clean before seed \(s) failed, in \(took())")
                return 1
            }
            clean += 1
            // One line a script (a default run is ten of about ten seconds each: it once
            // printed nothing for 95 s), with the time so far.
            printError("[\(k + 1)/\(scripts)] seed \(s) clean (\(took()))")
        }
        if json {
            print(report([("passed", "true"), ("clean", "\(clean)"), ("seconds", String(format: "%.3f", seconds())), ("finding", "null")]))
            return 0
        }
        print(Self.summary(clean: clean, steps: steps, seed: seed, took: took()))
        return 0
    }

    /// Writes a shrunk script as every output is written (`SafeFileWriter`, confined to
    /// `--out`): whole or not at all, never through a symlink below the folder, its
    /// temporary removed on a signal (issue 47: it was `Data.write(.atomic)`).
    /// - Throws: `FileWriteError` naming the file and why (`is a folder`, ...).
    static func writeFinding(_ text: String, to file: URL, in out: URL) throws(FileWriteError) {
        do { try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true) } catch {
            throw FileWriteError(path: out.path, reason: "cannot create the folder (\(error.localizedDescription))")
        }
        try SafeFileWriter.write(Array(text.utf8), to: file, within: out)
    }

    /// The seeds of `scripts` scripts from `seed`: `seed 5` or `seeds 5...9`.
    static func seeds(_ seed: Int, _ scripts: Int) -> String {
        scripts == 1 ? "seed \(seed)" : "seeds \(seed)...\(seed + scripts - 1)"
    }

    /// The first line: what is about to run (scripts, steps, device, catalog, seeds).
    static func banner(scripts: Int, steps: Int, device: String, seed: Int) -> String {
        "monkey: \(scripts) script\(scripts == 1 ? "" : "s") of \(steps) random steps on \(device), demo catalog, "
            + seeds(seed, scripts)
    }

    /// The last line of a clean run: scripts, steps, seeds and the wall time taken.
    static func summary(clean: Int, steps: Int, seed: Int, took: String) -> String {
        "\(clean) script\(clean == 1 ? "" : "s") of \(steps) steps ran clean (\(seeds(seed, clean)), "
            + "\(clean * steps) steps in \(took))"
    }
}
