/// Every subcommand, in the order `emojisim --help` lists them. Here, not in main.swift:
/// main.swift's globals are set by its top-level code, which tests (linking this module)
/// never run.
@MainActor let allCommands: [any CLICommand.Type] = [
    DemoCommand.self,
    CatalogCommand.self,
    ImageCommand.self,
    DiffCommand.self,
    RunCommand.self,
    SnapshotsCommand.self,
    MonkeyCommand.self,
    PlaygroundCommand.self,
    CompletionsCommand.self,
]

/// A subcommand of `emojisim`. Each lives in its own file under Commands/ and is
/// listed once in `allCommands` (above).
protocol CLICommand {
    /// The word after `emojisim`, e.g. `image`.
    static var name: String { get }
    /// One line for `emojisim --help`.
    static var summary: String { get }
    /// The whole text of `emojisim <name> --help`.
    static var help: String { get }
    /// Runs with the arguments after the command name; returns the exit status
    /// (0 success, 1 a failed check or bad input file, 2 a usage error).
    static func run(_ arguments: [String]) -> Int32
    /// The words that may come first after the name (`catalog show`), for completions
    /// and did-you-mean; empty for a command without verbs.
    static var verbs: [String] { get }
}

extension CLICommand {
    /// No verbs.
    static var verbs: [String] { [] }
}

/// A usage error: printed as `error: ...` with a hint, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// Minimal argument parsing shared by the commands: positionals, `--flag`, and
/// `--option value` (or `--option=value`). Unknown options are usage errors, so a
/// typo never silently changes what runs.
struct ParsedArguments {
    var positionals: [String] = []
    var flags: Set<String> = []
    var options: [String: String] = [:]

    init(_ args: [String], flags knownFlags: Set<String> = [], options knownOptions: Set<String> = []) throws {
        var i = 0
        var onlyPositionals = false
        while i < args.count {
            let a = args[i]
            i += 1
            if a == "--" && !onlyPositionals { onlyPositionals = true; continue }
            // `-x` is an option no command has (none takes a short one), not a file named
            // `-x`: refused like any unknown option (`./-x` or `-- -x` name such a file).
            if !onlyPositionals, a.count > 1, a.hasPrefix("-"), !a.hasPrefix("--") {
                let near = CLISuggest.nearest(String(a.dropFirst()), among: (knownFlags.union(knownOptions)).sorted())
                throw UsageError("unknown option \(a)" + (near.map { "\n  did you mean '--\($0)'?" } ?? ""))
            }
            if onlyPositionals || !a.hasPrefix("--") || a == "-" {
                positionals.append(a)
                continue
            }
            var name = String(a.dropFirst(2))
            var inlineValue: String?
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if knownFlags.contains(name) {
                if inlineValue != nil { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
            } else if knownOptions.contains(name) {
                if let v = inlineValue {
                    options[name] = v
                } else {
                    guard i < args.count else { throw UsageError("--\(name) needs a value") }
                    options[name] = args[i]
                    i += 1
                }
            } else {
                let known = knownFlags.union(knownOptions).sorted()
                let hint = CLISuggest.hint(name, among: known, prefix: "--")
                // Nothing near: say what is taken (clap's "tip"), or that nothing is.
                let taken = known.isEmpty ? "\n  (it takes no options)" : "\n  (it takes " + known.map { "--" + $0 }.joined(separator: ", ") + ")"
                throw UsageError("unknown option --\(name)" + (hint.isEmpty ? taken : hint))
            }
        }
    }

    /// The value of `--name` as one of `T`'s cases (nil when absent); anything else is
    /// a usage error that lists the accepted values.
    func choice<T: RawRepresentable & CaseIterable>(_ name: String, describing what: String) throws -> T?
        where T.RawValue == String {
        guard let raw = options[name] else { return nil }
        guard let value = T(rawValue: raw) else {
            throw UsageError("unknown \(what) '\(raw)' (\(T.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return value
    }
}
