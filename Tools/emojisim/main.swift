#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SimCore
import EmojiSimIO

/// Prints a message on stderr. Every value a message echoes should already be an
/// `echoLiteral`; `displaySafe` is the last net, so that no NUL, ESC, C1 control or
/// bidirectional override from an input reaches the terminal raw whatever the message.
func printError(_ s: String) {
    var stderr = StandardError()
    print(displaySafe(s), to: &stderr)
}

/// Writes straight to file descriptor 2 (the C `stderr` global is not concurrency-safe).
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var s = string
        s.withUTF8 { buf in _ = Glibc.write(2, buf.baseAddress, buf.count) }
    }
}

@MainActor func topLevelHelp() -> String {
    var s = """
    emojisim: a headless simulator of a chat app's emoji module.

    usage: emojisim                 run the built-in demo
           emojisim <command> [options]
           emojisim <command> --help    (or: emojisim help <command>)
           emojisim --version

    commands:

    """
    let width = allCommands.map { $0.name.count }.max() ?? 0
    for c in allCommands {
        s += "  " + c.name + String(repeating: " ", count: width - c.name.count + 2) + c.summary + "\n"
    }
    return s
}

/// What the first arguments ask for before any command runs.
enum TopLevel {
    /// Print this on standard output and exit with the status.
    case output(String, Int32)
    /// Print this on standard error (a usage error) and exit with the status.
    case error(String, Int32)
    /// Run the command with the rest of the arguments.
    case run(any CLICommand.Type, [String])
}

/// The top level's conventions (swift-argument-parser's and clap's): `--version`,
/// `--help`/`-h`/`help`, `help CMD` and `CMD --help`, and a did-you-mean for a mistyped
/// command or top-level option.
@MainActor func topLevel(_ args: [String]) -> TopLevel {
    guard let first = args.first else { let demo: any CLICommand.Type = DemoCommand.self; return .run(demo, []) }
    let names = allCommands.map { $0.name }
    if first == "--version" || first == "-V" { return .output("emojisim \(emojisimVersion)\n", 0) }
    if first == "--help" || first == "-h" || (first == "help" && args.count == 1) {
        return .output(topLevelHelp(), 0)
    }
    if first == "help" {
        let topic = args[1]
        guard let command = allCommands.first(where: { $0.name == topic }) else {
            return .error("error: no command '\(topic)' to show the help of" + CLISuggest.hint(topic, among: names)
                          + "\nsee: emojisim --help", 2)
        }
        return .output(command.help + "\n", 0)
    }
    if first.hasPrefix("-") {
        return .error("error: unknown option '\(first)'" + CLISuggest.hint(first, among: ["--help", "--version"])
                      + "\n\n" + topLevelHelp(), 2)
    }
    guard let command = allCommands.first(where: { $0.name == first }) else {
        let hint = CLISuggest.hint(first, among: names)
        // With a suggestion the whole list is noise; without one it is the help.
        return .error("error: unknown command '\(first)'" + (hint.isEmpty ? "\n\n" + topLevelHelp() : hint + "\nsee: emojisim --help"), 2)
    }
    let rest = Array(args.dropFirst())
    // Options end at `--`: a file named `--help` after it is a file.
    let options = rest.prefix { $0 != "--" }
    if options.contains("--help") || options.contains("-h") { return .output(command.help + "\n", 0) }
    // A mistyped verb (`catalog chek`) gets its suggestion before the command's own parsing.
    let verbs = command.verbs
    if let verb = rest.first, !verb.hasPrefix("-"), !verbs.isEmpty, !verbs.contains(verb),
       let near = CLISuggest.nearest(verb, among: verbs) {
        return .error("error: unknown \(command.name) verb '\(verb)'\n  did you mean '\(near)'?\nsee: emojisim \(command.name) --help", 2)
    }
    return .run(command, rest)
}

@MainActor func runMain() -> Int32 {
    // Before anything is printed: merged stdout and stderr keep their order.
    makeStandardOutputLineBuffered()
    // A write past `ulimit -f` raises SIGXFSZ, whose default action kills the process
    // with no message and leaves the temporary file behind. Ignored, the write fails with
    // EFBIG instead: SafeFileWriter reports it ("file too large") and removes the
    // temporary, like any other failed write.
    signal(SIGXFSZ, SIG_IGN)
    let args = Array(CommandLine.arguments.dropFirst())
    // Large decoded canvases reused from the heap, not mapped afresh (AllocatorTuning).
    // Not for the monkey: it decodes no large image, and its growing arrays' old buffers
    // would stay in the heap (100,000 steps: 435 MB at peak instead of 341 MB).
    if args.first != "monkey" { AllocatorTuning.apply() }
    // SIGINT, SIGTERM, SIGHUP: remove this process's temporary files, then end by the
    // signal (a stopped `catalog convert` left a hundred 1 MB temporaries).
    SafeFileWriter.removeTemporariesOnSignals()
    switch topLevel(args) {
    case .output(let text, let status):
        print(text, terminator: "")
        return status
    case .error(let text, let status):
        printError(text)
        return status
    case .run(let command, let rest):
        return command.run(rest)
    }
}

exit(runMain())
