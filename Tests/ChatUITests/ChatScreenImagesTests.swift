import Testing
import SimCore
import Imaging
import Raster
import EmojiSimTesting
@testable import ChatUI
import ChatHarness

/// A screen's pixel snapshots draw its own images: `assertSnapshot(of: screen, as: .png)`
/// needs no provider from the test (issue 25: the provider used to live in Scenario, so
/// a ChatUI test drew missing-image glyphs unless it built one).
@Suite struct ChatScreenImagesTests {
    @Test func pngOfAScreenDrawsTheScreensImagesByDefault() {
        let screen = makeDemoScreen()
        let byDefault = Snapshotting<Host<ChatScreen>, Image>.png.snapshot(screen)
        let scaleOne = Snapshotting<Host<ChatScreen>, Image>.png(RenderConfiguration(scale: 1)).snapshot(screen)
        // The same library read through a fresh cache: the pixels a host's provider gives.
        let provider = ChatScreen.imageProvider(library: screen.images, cache: FrameCache())
        #expect(byDefault == Snapshotting<Host<ChatScreen>, Image>.png(RenderConfiguration(images: provider)).snapshot(screen))
        #expect(scaleOne == Snapshotting<Host<ChatScreen>, Image>.png(RenderConfiguration(scale: 1, images: provider)).snapshot(screen))
        // And not the missing-image glyphs a provider-less render draws.
        #expect(byDefault != Snapshotting<Host<ChatScreen>, Image>.png(RenderConfiguration(images: ImageProvider.none)).snapshot(screen))
        #expect(Snapshotting<Host<ChatScreen>, Image>.ppm.snapshot(screen) == byDefault)
    }

    @Test func theProviderResolvesEveryImageTheScreenDraws() {
        let screen = makeDemoScreen()
        let provider = screen.imageProvider
        // Every (name, frame) a render asks for, and the ones the provider lacked.
        final class Requests { var names: [String] = []; var missing: [String] = [] }
        let requests = Requests()
        let recording = ImageProvider({ name, frame in
            requests.names.append(name)
            let image = provider.image(name, frame)
            if image == nil { requests.missing.append(name) }
            return image
        }, contentBounds: provider.contentBounds)
        _ = PixelCanvas.render(screen.displayList(), options: PixelRenderOptions(scale: 1, images: recording))
        #expect(!requests.names.isEmpty, "the demo conversation shows image emoji")
        #expect(requests.missing.isEmpty, "no pixels for \(requests.missing)")
        #expect(provider.image("no-such-image.png", 0) == nil)
        // Frame indices outside an animation clamp to its ends instead of failing.
        if let gif = requests.names.first(where: { $0.hasSuffix(".gif") }) {
            #expect(provider.image(gif, -3) == provider.image(gif, 0))
            #expect(provider.image(gif, 1 << 20) != nil)
        }
    }

    @Test func aBareDisplayListHasNoImagesOfItsOwn() {
        var list = DisplayList(width: 40, height: 40)
        list.image(ImageRef(name: "a.png", glyph: "😀"), in: Rect(x: 4, y: 4, width: 32, height: 32))
        let byDefault = Snapshotting<DisplayList, Image>.png(RenderConfiguration(scale: 1)).snapshot(list)
        #expect(byDefault == Snapshotting<DisplayList, Image>.png(RenderConfiguration(scale: 1, images: ImageProvider.none)).snapshot(list))
    }
}
