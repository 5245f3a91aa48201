import Foundation
import Testing
@testable import Imaging

/// The demo's bundled images (Sources/EmojiSimIO/Resources/DemoAssets): the generated
/// GIFs read back as the animations Tools/make-demo-assets describes.
@Suite struct DemoAssetTests {
    static let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/EmojiSimIO/Resources/DemoAssets")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: dir.appendingPathComponent(name)))
    }

    @Test func animatedDemoGIFs() throws {
        let expected: [String: (frames: Int, firstDelayMs: Int)] = [
            "f056.gif": (8, 160), "f057.gif": (4, 100), "f058.gif": (5, 500), "f059.gif": (6, 600),
            "haha.gif": (5, 300), "wink.gif": (6, 800), "bounce.gif": (6, 80), "spin.gif": (12, 300),
        ]
        let library = ImageLibrary()
        for name in expected.keys { library.register(name, bytes: try Self.bytes(name)) }
        let cache = FrameCache()
        for (name, e) in expected {
            let image = try library.image(named: name)
            #expect(image.formatName == "GIF" && image.canvasWidth == 64 && image.canvasHeight == 64, "\(name)")
            #expect(image.frameCount == e.frames && image.loopCount == .forever, "\(name)")
            #expect(image.frameInfo(at: 0).delay.milliseconds == e.firstDelayMs, "\(name)")
            let delays = Set((0..<image.frameCount).map { image.frameInfo(at: $0).delay.milliseconds })
            #expect(delays.count > 1, "\(name): delays should vary")
            var distinct = Set<UInt64>()
            for i in 0..<image.frameCount {
                let f = try cache.frame(of: image, at: i)
                #expect(f.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element == 0 }, "\(name) has transparency")
                distinct.insert(f.conformanceHash)
            }
            #expect(distinct.count > 1, "\(name) animates")
            // The decoder itself (AnimatedImage keeps no `any` source to cast back).
            let gif = try GIFImage(bytes: try Self.bytes(name))
            for i in 0..<gif.frameCount { _ = try gif.frame(at: i) }
            #expect(gif.decodeIssues.isEmpty, "\(name)")
        }
        // f059 has one 10 ms frame, which plays as 100 ms.
        let f059 = try library.image(named: "f059.gif")
        #expect(f059.frameInfo(at: 4).delay.milliseconds == 10)
        #expect(f059.playbackTicks[4] == FrameDelay.clampedDuration.ticks)
    }

    @Test func notoStillsAreAll64PixelPNGs() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.dir.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(names.count == 431)
        for name in names {
            let image = try AnimatedImageDecoder.decode(try Self.bytes(name), name: name)
            #expect(image.formatName == "PNG" && image.canvasWidth == 64 && image.canvasHeight == 64, "\(name)")
        }
        // Pixels of the stills the animations are made from.
        for name in ["emoji_u1f639.png", "emoji_u1f609.png"] {
            let still = try AnimatedImageDecoder.decode(try Self.bytes(name)).frame(at: 0)
            #expect(still.width == 64 && still.pixels[(32 * 64 + 32) * 4 + 3] == 255)
        }
        #expect(FileManager.default.fileExists(atPath: Self.dir.appendingPathComponent("LICENSE-OFL.txt").path))
    }
}
