import Foundation

/// When `assertSnapshot` writes references.
/// - `all`: always (re)write the reference;
/// - `missing` (default): write only references that do not exist yet;
/// - `failed`: write missing references and those that do not match;
/// - `never`: only compare; a missing reference fails.
///
/// Chosen by the `record:` argument, else `EMOJISIM_RECORD`; forced to `never` whenever
/// `CI` is set (so a missing reference fails on CI instead of being recorded there).
public enum RecordMode: String, Sendable, CaseIterable {
    case all, missing, failed, never

    /// The effective mode for an assertion given its argument and the environment.
    public static func resolve(_ requested: RecordMode?, environment: [String: String] = ProcessInfo.processInfo.environment) -> RecordMode {
        if isCI(environment) { return .never }
        if let requested { return requested }
        if let raw = environment["EMOJISIM_RECORD"]?.lowercased(), let mode = RecordMode(rawValue: raw) { return mode }
        return .missing
    }

    /// CI is set to anything but an empty string, `0` or `false`.
    public static func isCI(_ environment: [String: String]) -> Bool {
        guard let v = environment["CI"] else { return false }
        let l = v.lowercased()
        return !(l.isEmpty || l == "0" || l == "false")
    }
}
