import EmojiText

/// `emojisim demo`, also what a bare `emojisim` runs.
enum DemoCommand: CLICommand {
    static let name = "demo"
    static let summary = "run the built-in demo (the default command)"
    static let help = """
    usage: emojisim demo

    Runs the built-in demo: shows the demo emoji catalog and parses a sample
    message into text runs and emoji attachments. Needs no files.
    """

    static let sampleText = "你好[笑哭]，看这个[f056]和😄[unknown]"

    static func run(_ arguments: [String]) -> Int32 {
        do {
            _ = try ParsedArguments(arguments)
        } catch {
            printError("error: \(error)")
            return 2
        }
        printCatalogDemo()
        return 0
    }

    /// Prints the demo catalog (groups, counts, first codes) and the runs of a sample
    /// text. Kept callable so a later, larger demo can include it.
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
