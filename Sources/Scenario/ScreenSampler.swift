import SimCore
import Raster
import Tester

/// The screen's list as the frame captures see it (the GIF recorder, the viewer's step
/// log): laid out and drawn once per change of the screen, and shared by both, so a
/// capture costs per change, not per elapsed frame. While the host reports the same
/// `screenRevision` as when the list was drawn, the screen would draw that list again:
/// it is returned without laying out or drawing (the layout pass is an action, so two
/// captures that each laid out would each see the other's revision). Generic over the
/// host, as its captures are.
final class ScreenSampler<Host: ScenarioHost> {
    let host: Host
    private var list: DisplayList?
    private var revision: UInt64?
    /// Counts the lists drawn; a capture that gets the same version got the same list.
    private(set) var version = 0
    /// Screen lists drawn (what an idle stretch no longer costs), for tests.
    private(set) var listsDrawn = 0

    init(host: Host) { self.host = host }

    /// The screen's list now, and its version (equal versions: the same list, not drawn
    /// again).
    /// - Complexity: O(1) while the screen's revision is unchanged; else a layout pass
    ///   and the screen's list.
    func screen() -> (list: DisplayList, version: Int) {
        if let list, let r = host.screenRevision, r == revision { return (list, version) }
        host.layout(for: nil)   // UIKit lays out before a snapshot draws
        let drawn = host.displayList(of: .screen) ?? DisplayList(size: host.size)
        listsDrawn += 1
        version += 1
        list = drawn
        revision = host.screenRevision
        return (drawn, version)
    }
}
