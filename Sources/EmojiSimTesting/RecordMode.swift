import Foundation

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
    ///     `EMOJISIM_RECORD` value is ignored).
    /// - Returns: `.never` on CI, else the first of `requested`, ``scoped``,
    ///   `EMOJISIM_RECORD` and `.pending`.
    public static func resolve(_ requested: RecordMode?, environment: [String: String] = ProcessInfo.processInfo.environment) -> RecordMode {
        if isCI(environment) { return .never }
        if let requested { return requested }
        if let scoped { return scoped }
        if let raw = environment["EMOJISIM_RECORD"]?.lowercased(), let mode = RecordMode(rawValue: raw) { return mode }
        return .pending
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
