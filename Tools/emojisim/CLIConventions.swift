import Foundation
import SimCore
import Scenario
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The version `emojisim --version` prints: the one place it is written (the
/// CHANGELOG's newest release names the same).
let emojisimVersion = "0.9.0"

/// The version of the shape of every `--json` output (`schemaVersion` in each): a key
/// removed or changed in meaning raises it; keys added keep it.
let jsonSchemaVersion = 1

/// The command line's did-you-mean line: Scenario's `Suggest` (the one edit distance the
/// script parser uses too) in the CLI's shape, on a line of its own below the error.
enum CLISuggest {
    /// The candidate nearest to `word` (`Suggest.nearest`).
    static func nearest(_ word: String, among candidates: [String]) -> String? {
        Suggest.nearest(word, among: candidates)
    }

    /// `"\n  did you mean 'x'?"`, or "" when nothing is near.
    static func hint(_ word: String, among candidates: [String], prefix: String = "") -> String {
        nearest(word, among: candidates).map { "\n  did you mean '\(prefix)\($0)'?" } ?? ""
    }
}

/// ANSI colour for what a person reads on a terminal: PASS green, FAIL red, a diff's
/// removed lines red, added green, hunk headers cyan. On when standard output is a
/// terminal; off with `NO_COLOR` set (no-color.org) or `TERM=dumb`; on whatever the
/// output with `FORCE_COLOR` set to anything but `0` or `false` (force-color.org), which
/// wins over `NO_COLOR` because it is the more specific request.
struct Colour: Sendable {
    var enabled: Bool

    /// Whether output gets colour, from the environment and whether it is a terminal.
    static func enabled(environment: [String: String], isTerminal: Bool) -> Bool {
        if let f = environment["FORCE_COLOR"], !f.isEmpty { return f != "0" && f.lowercased() != "false" }
        if let n = environment["NO_COLOR"], !n.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isTerminal
    }

    /// Colour for standard output, decided once at start.
    static let standardOutput = Colour(enabled: enabled(environment: ProcessInfo.processInfo.environment,
                                                        isTerminal: isatty(1) == 1))

    static let red = "31", green = "32", yellow = "33", cyan = "36", bold = "1"

    /// `s` in the SGR colour `code`, reset after; `s` unchanged when colour is off.
    func paint(_ s: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }

    /// Lines that start with `PASS `, `FAIL ` (a run's verdicts) get that word coloured.
    /// The text must already be display-safe: the escapes added here are the only ones.
    func verdicts(_ text: String) -> String {
        guard enabled else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("PASS ") { return paint("PASS", Self.green) + line.dropFirst(4) }
            if line.hasPrefix("FAIL ") { return paint("FAIL", Self.red) + line.dropFirst(4) }
            return String(line)
        }.joined(separator: "\n")
    }

    /// A unified diff's lines coloured: `---`/`+++` headers bold, `@@` cyan, `-` red, `+`
    /// green. The text must already be display-safe.
    func diff(_ text: String) -> String {
        guard enabled else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let s = String(line)
            if s.hasPrefix("--- ") || s.hasPrefix("+++ ") { return paint(s, Self.bold) }
            if s.hasPrefix("@@") { return paint(s, Self.cyan) }
            if s.hasPrefix("-") { return paint(s, Self.red) }
            if s.hasPrefix("+") { return paint(s, Self.green) }
            return s
        }.joined(separator: "\n")
    }
}

/// An environment variable that names a choice, checked: a value that is none of the
/// choices is an error naming the variable, the value and the choices (a typo in CI
/// configuration must not silently fall back to the default).
enum EnvironmentChoice {
    /// The value of `name` in `environment` as one of `T`'s cases; nil when unset or empty.
    ///
    /// - Throws: a `UsageError` naming the variable, its value and the accepted values.
    static func value<T: RawRepresentable & CaseIterable>(_ name: String, in environment: [String: String]) throws -> T?
        where T.RawValue == String {
        guard let raw = environment[name], !raw.isEmpty else { return nil }
        // Read as the library reads it (RecordMode.resolve lowercases the value).
        guard let v = T(rawValue: raw.lowercased()) else {
            let all = T.allCases.map(\.rawValue)
            throw UsageError("\(name)='\(escapedForDisplay(raw))' is not one of \(all.joined(separator: ", "))"
                             + CLISuggest.hint(raw, among: all).replacingOccurrences(of: "\n ", with: ";"))
        }
        return v
    }
}
