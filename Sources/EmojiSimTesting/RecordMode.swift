import Foundation
import SimCore

/// When snapshot checks write files.
/// - `pending` (default): a new or differing snapshot is written beside its reference
///   as `<name>.<ext>.new` for review (`emojisim snapshots review|accept|reject`) and
///   the check fails; the reference itself is never touched;
/// - `missing`: write references that do not exist yet directly; a differing one is
///   left pending as above;
/// - `failed`: write missing references and rewrite those that do not match;
/// - `all`: always (re)write the reference;
/// - `never`: only compare; nothing is written.
///
/// Chosen by the `record:` argument, else the test's scope (`.snapshots(record:)`
/// trait, `withSnapshotTesting(record:)`), else `EMOJISIM_RECORD`; forced to `never` whenever
/// `CI` is set, so nothing is recorded or left pending on CI. Whatever the mode, a run
/// or test whose expectations failed writes nothing.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Write a new or differing snapshot as `<name>.<ext>.new` for review; never touch
    /// the reference. The default.
    case pending
    /// Always (re)write the reference, matching or not.
    case all
    /// Write references that do not exist yet; leave a differing one pending.
    case missing
    /// Write missing references and rewrite those that do not match.
    case failed
    /// Only compare; write nothing.
    case never

    /// The mode of the current test scope (set by the trait or `withSnapshotTesting(record:)`).
    @TaskLocal public static var scoped: RecordMode?

    /// The effective mode for an assertion given its argument and the environment.
    ///
    /// - Parameters:
    ///   - requested: The assertion's `record:` argument, which wins over the scope and
    ///     `EMOJISIM_RECORD` (but not over CI).
    ///   - environment: The variables read (`CI`, `EMOJISIM_RECORD`; an unknown
    ///     `EMOJISIM_RECORD` value is ignored here: the assertions fail on it first,
    ///     ``environmentProblem(_:)``).
    /// - Returns: `.never` on CI, else the first of `requested`, ``scoped``,
    ///   `EMOJISIM_RECORD` and `.pending`.
    public static func resolve(_ requested: RecordMode?, environment: [String: String] = ProcessInfo.processInfo.environment) -> RecordMode {
        if isCI(environment) { return .never }
        if let requested { return requested }
        if let scoped { return scoped }
        if let raw = environment["EMOJISIM_RECORD"]?.lowercased(), let mode = RecordMode(rawValue: raw) { return mode }
        return .pending
    }

    /// Why `EMOJISIM_RECORD` cannot be used, or nil when it is unset, empty or one of the
    /// modes (any letter case). An assertion fails with this message instead of falling
    /// back to `.pending` silently: a typo in a CI or scheme setting must be seen.
    ///
    /// - Parameter environment: The variables to read.
    /// - Returns: `EMOJISIM_RECORD='…' is not one of …`, or nil.
    public static func environmentProblem(_ environment: [String: String]) -> String? {
        guard let raw = environment["EMOJISIM_RECORD"], !raw.isEmpty,
              RecordMode(rawValue: raw.lowercased()) == nil else { return nil }
        let shown = raw.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(raw.unicodeScalars.prefix(40))) + "…" : raw
        return "EMOJISIM_RECORD='\(escapedForDisplay(shown))' is not one of "
            + RecordMode.allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// Whether the environment is a CI run: `CI` is set to anything but an empty string,
    /// `0` or `false` (any letter case).
    ///
    /// - Parameter environment: The variables to read.
    /// - Returns: `true` on CI.
    public static func isCI(_ environment: [String: String]) -> Bool {
        guard let v = environment["CI"] else { return false }
        let l = v.lowercased()
        return !(l.isEmpty || l == "0" || l == "false")
    }
}
