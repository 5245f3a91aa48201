import EmojiText

/// `emojisim demo`, also what a bare `emojisim` runs.
enum DemoCommand: CLICommand {
    static let name = "demo"
    static let summary = "run the built-in demo (the default command)"
    static let help = """
    usage: emojisim demo

    Runs the built-in demo. Needs no files.
    """

    static func run(_ arguments: [String]) -> Int32 {
        do {
            _ = try ParsedArguments(arguments)
        } catch {
            printError("error: \(error)")
            return 2
        }
        let sample = Emoji(code: "f056", kind: .animatedImage, meanings: ["": "笑哭"], group: "Seed")
        print("EmojiSim demo: \(sample.code) means \(sample.meaning())")
        return 0
    }
}
