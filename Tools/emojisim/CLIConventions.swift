import Foundation
import SimCore
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

/// Did-you-mean suggestions (clap's and git's convention): the known word nearest to a
/// mistyped one, by edit distance.
enum Suggest {
    /// The Levenshtein distance between `a` and `b` (insertions, deletions and
    /// substitutions of characters; a swap of two neighbours counts one, as Damerau's
    /// variant has it, because `tpa` for `tap` is the commonest typo). O(|a| |b|).
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[x.count][y.count]
    }

    /// The candidate nearest to `word`, when near enough to be what was meant: at most a
    /// third of the word's length away (at least 1, at most 3), or `word` a prefix of it.
    /// Ties go to the first candidate, so the answer does not depend on a set's order
    /// when the candidates are given sorted.
    static func nearest(_ word: String, among candidates: [String]) -> String? {
        guard !word.isEmpty else { return nil }
        let limit = min(3, max(1, word.count / 3))
        var best: (String, Int)?
        for c in candidates {
            let d = distance(word.lowercased(), c.lowercased())
            if d <= limit, best.map({ d < $0.1 }) ?? true { best = (c, d) }
        }
        if let best { return best.0 }
        if word.count >= 2 { return candidates.first { $0.hasPrefix(word) } }
        return nil
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
                             + Suggest.hint(raw, among: all).replacingOccurrences(of: "\n ", with: ";"))
        }
        return v
    }
}
