import Foundation
import Scenario

/// A script of a run that produced no verification: it could not be read, did not
/// parse, or could not start (its catalog did not load). The reports list it as an
/// error at its place, beside the scripts that ran, so one bad script does not cost
/// the whole run its JUnit file and HTML report.
public struct UnrunScript: Sendable {
    /// The script file.
    public var script: URL
    /// The script's name as the reports show it (its path from the package root).
    public var displayName: String
    /// What stopped it, each at its line and column (a parse gives one per bad line).
    public var errors: [ScriptError]

    /// A script that did not run, with why and where.
    public init(script: URL, displayName: String, errors: [ScriptError]) {
        self.script = script; self.displayName = displayName; self.errors = errors
    }
}
