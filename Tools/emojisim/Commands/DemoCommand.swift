import Foundation
import EmojiText
import Scenario
import EmojiSimTesting

/// `emojisim demo`, also what a bare `emojisim` runs: the embedded demo scenario.
enum DemoCommand: CLICommand {
    static let name = "demo"
    static let summary = "run the built-in demo scenario (the default command)"
    static let help = """
    usage: emojisim demo [--out DIR] [--script]

    Runs the built-in demo scenario (embedded; needs no files): prints each snapshot's
    character grid, and writes the PNG snapshots, an animated GIF of the run
    (demo.gif) and an HTML report (report.html) to DIR (default ./emojisim-out).

      --script   print the demo scenario's text instead (a starting point for your own)
    """

    static func run(_ arguments: [String]) -> Int32 {
        let args: ParsedArguments
        do {
            args = try ParsedArguments(arguments, flags: ["script"], options: ["out"])
            guard args.positionals.isEmpty else { throw UsageError("unexpected argument '\(args.positionals[0])'") }
        } catch {
            printError("error: \(error)\nsee: emojisim demo --help")
            return 2
        }
        if args.flags.contains("script") {
            print(DemoScenario.text)
            return 0
        }
        let script: Script
        do {
            script = try ScriptParser.parse(DemoScenario.text, name: DemoScenario.name)
        } catch {
            printError(error.description)
            return 2
        }
        let out = URL(fileURLWithPath: args.options["out"] ?? "emojisim-out")
        let options = ScenarioRunOptions(
            snapshots: nil, record: .never, out: out, gif: true,
            report: out.appendingPathComponent("report.html"),
            printTrace: false, json: false, printAscii: true)
        let status = ScenarioRunSession(options: options).run([(out.appendingPathComponent(DemoScenario.name), script)])
        print("outputs: \(out.path)/ (snapshots under demo/, demo.gif, report.html)")
        return status
    }
}
