import Foundation
import EmojiText
import Scenario
import EmojiSimTestingCore

/// `emojisim demo`, also what a bare `emojisim` runs: the embedded demo scenario.
enum DemoCommand: CLICommand {
    static let name = "demo"
    static let summary = "run the built-in demo scenario (the default command)"
    static let help = """
    usage: emojisim demo [--out DIR] [--script | --catalog]

    Runs the built-in demo scenario (embedded; needs no files): prints each snapshot's
    character grid, and writes the PNG snapshots, an animated GIF of the run
    (demo.gif) and an HTML report (report.html) to DIR (default ./emojisim-out).

      --script   print the demo scenario's text instead (a starting point for your own)
      --catalog  show the demo catalog and how a sample message parses into text runs
                 and emoji attachments instead
    """

    static let sampleText = "你好[笑哭]，看这个[f056]和😄[unknown]"

    static func run(_ arguments: [String]) -> Int32 {
        let args: ParsedArguments
        do {
            args = try ParsedArguments(arguments, flags: ["script", "catalog"], options: ["out"])
            guard args.positionals.isEmpty else { throw UsageError("unexpected argument '\(args.positionals[0])'") }
        } catch {
            printError("error: \(error)\nsee: emojisim demo --help")
            return 2
        }
        if args.flags.contains("script") {
            print(DemoScenario.text)
            return 0
        }
        if args.flags.contains("catalog") {
            printCatalogDemo()
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
            references: .none, record: .never, out: out, gif: true,
            report: out.appendingPathComponent("report.html"), junit: nil,
            printTrace: false, json: false, printAscii: true)
        let status = ScenarioRunSession(options: options).run([(out.appendingPathComponent(DemoScenario.name), script)])
        print("outputs: \(out.path)/ (snapshots under demo/, demo.gif, report.html)")
        return status
    }

    /// Prints the demo catalog (groups, counts, first codes) and the runs of a sample text.
    static func printCatalogDemo(catalog: EmojiCatalog = .demo, sample: String = sampleText) {
        print("EmojiSim demo catalog: \(catalog.groups.count) groups, \(catalog.count) emoji")
        for group in catalog.groups {
            let animated = group.emojis.filter(\.isAnimated).count
            let first = group.emojis.prefix(8).map(\.placeholder).joined(separator: " ") + (group.count > 8 ? " ..." : "")
            print("  \(group.name) (\(group.title(for: "en"))): \(group.count) emoji, \(animated) animated: \(first)")
        }
        print("")
        print("parse: \(sample)")
        let rich = RichText(parsing: sample, catalog: catalog)
        for run in rich.runs {
            switch run {
            case .text(let s):
                print("  text   \"\(s)\"")
            case .emoji(let a):
                let image = a.emoji.imageName ?? "(text)"
                print("  emoji  \(a.backedText)  \(a.encoding.rawValue), \(a.emoji.kind.rawValue), \(image), \"\(a.emoji.meaning(for: "en"))\"")
            }
        }
        print("back to plain: \(rich.plainText == sample ? "identical" : "DIFFERENT")")
    }
}
