#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SimCore
import EmojiSimIO

/// Every subcommand, in the order `emojisim --help` lists them.
let allCommands: [any CLICommand.Type] = [
    DemoCommand.self,
    CatalogCommand.self,
    ImageCommand.self,
    DiffCommand.self,
    RunCommand.self,
    SnapshotsCommand.self,
    MonkeyCommand.self,
    PlaygroundCommand.self,
]

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
           emojisim <command> --help

    commands:

    """
    let width = allCommands.map { $0.name.count }.max() ?? 0
    for c in allCommands {
        s += "  " + c.name + String(repeating: " ", count: width - c.name.count + 2) + c.summary + "\n"
    }
    return s
}

@MainActor func runMain() -> Int32 {
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
    guard let first = args.first else { return DemoCommand.run([]) }
    if first == "--help" || first == "-h" || first == "help" {
        print(topLevelHelp(), terminator: "")
        return 0
    }
    guard let command = allCommands.first(where: { $0.name == first }) else {
        printError("error: unknown command '\(first)'\n\n" + topLevelHelp())
        return 2
    }
    let rest = Array(args.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
        print(command.help)
        return 0
    }
    return command.run(rest)
}

exit(runMain())
