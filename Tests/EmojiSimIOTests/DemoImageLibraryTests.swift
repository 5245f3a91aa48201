import Testing
import Imaging
import EmojiText
@testable import EmojiSimIO

@Suite struct DemoImageLibraryTests {
    @Test func everyDemoCatalogImageIsBundled() throws {
        let library = try ImageLibrary.bundledDemoAssets()
        #expect(library.names.count == 431 + 8)
        for (gif, still) in EmojiCatalog.demoAnimationSources {
            let animated = try library.image(named: gif)
            #expect(animated.isAnimated && animated.formatName == "GIF", "\(gif)")
            let source = try library.image(named: still)
            #expect(source.formatName == "PNG" && !source.isAnimated, "\(still)")
        }
        let cache = FrameCache()
        let player = AnimationPlayer(image: try library.image(named: "f056.gif"), cache: cache)
        player.start(at: .zero)
        #expect(try player.currentFrame().width == 64)
        #expect(cache.statistics.decodes == 1)
    }
}
