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
/// trait, `withSnapshotRecording`), else `EMOJISIM_RECORD`; forced to `never` whenever
/// `CI` is set, so nothing is recorded or left pending on CI. Whatever the mode, a run
/// or test whose expectations failed writes nothing.
public enum RecordMode: String, Sendable, CaseIterable {
    case pending, all, missing, failed, never

    /// The mode of the current test scope (set by the trait or `withSnapshotRecording`).
    @TaskLocal public static var scoped: RecordMode?

    /// The effective mode for an assertion given its argument and the environment.
    public static func resolve(_ requested: RecordMode?, environment: [String: String] = ProcessInfo.processInfo.environment) -> RecordMode {
        if isCI(environment) { return .never }
        if let requested { return requested }
        if let scoped { return scoped }
        if let raw = environment["EMOJISIM_RECORD"]?.lowercased(), let mode = RecordMode(rawValue: raw) { return mode }
        return .pending
    }

    /// CI is set to anything but an empty string, `0` or `false`.
    public static func isCI(_ environment: [String: String]) -> Bool {
        guard let v = environment["CI"] else { return false }
        let l = v.lowercased()
        return !(l.isEmpty || l == "0" || l == "false")
    }
}
