import EmojiSimTesting
import Raster
import SimCore
import XCTest

/// assertSnapshot from an XCTest case (no Swift Testing context): it compares against
/// Snapshots/XCTestSnapshotTests/ and would report through XCTFail.
final class XCTestSnapshotTests: XCTestCase {
    func testCardFromXCTest() {
        var list = DisplayList(width: 96, height: 48)
        list.fill(list.bounds, .surface)
        list.border(list.bounds, radius: 4, .border)
        list.text(TextLayout("XCTest 好"), at: Point(x: 8, y: 16))
        XCTAssertNil(assertSnapshot(of: list, as: .asciiStyled, named: "card"))
        XCTAssertNil(assertSnapshot(of: list, as: .png(RenderConfiguration(scale: 1)), named: "card"))
    }
}
