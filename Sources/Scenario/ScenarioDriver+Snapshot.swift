import Raster
import Tester

extension ScenarioDriver {
    /// The outputs of one `snapshot` line: the component's display list once, one output
    /// per format, in the theme the screen shows (in a script, the setup's; from Swift, a
    /// driver made with default settings over a dark screen still draws it dark, as
    /// `assertSnapshot(of: host, as: .png)` does). A component that is not on screen is an
    /// error at the line (a blank render would pass and record nothing useful).
    /// O(component items).
    func snapshot(_ s: Script.SnapshotRequest, _ c: Script.Located<Script.Command>) throws(ScriptError) -> [SnapshotOutput] {
        host.layout(for: nil)   // UIKit lays out before a snapshot draws
        guard let list = host.displayList(of: s.subject) else {
            throw fail(c, "snapshot \(s.name): the \(s.subject.rawValue) is not on screen")
        }
        return s.formats.map {
            SnapshotOutput(name: s.name, subject: s.subject, format: $0, line: c.line, list: list,
                           scale: deviceScale, theme: host.preferredTheme ?? configuration.theme)
        }
    }
}
