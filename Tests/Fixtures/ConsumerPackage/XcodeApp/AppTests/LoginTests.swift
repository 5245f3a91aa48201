// An Xcode project's test file: Tools/check-consumer.sh copies this folder to a
// temporary folder with no Package.swift above it and builds it as Xcode builds a test
// bundle (swiftc, linking the EmojiSim products through the fixture's dynamic library),
// so its references go to __Snapshots__/LoginTests/ beside it.
import EmojiSimTesting
import Foundation
import Raster
import SimCore
import Testing

@Suite struct LoginTests {
    @Test(.snapshots()) func welcomeCard() {
        // The card's text: the check script changes it to see a failure's pictures.
        let name = Environment.name
        var card = DisplayList(width: 96, height: 48)
        card.border(card.bounds, radius: 4, .border)
        card.text(TextLayout("hi \(name)"), at: Point(x: 8, y: 16))
        assertSnapshots(of: card, as: [.ascii, .png])
    }
}

enum Environment {
    static var name: String { ProcessInfo.processInfo.environment["LOGIN_NAME"] ?? "ada" }
}
