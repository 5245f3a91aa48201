import Imaging
import Raster

extension ChatScreen {
    /// The pixels a screen's display lists name: each image of `library` by resource
    /// name, frames composited through `cache` (the players' shared cache, so a render
    /// decodes nothing a player already holds), content bounds from the library (every
    /// frame of an animation fitted by one box). A frame index past the end shows the
    /// last frame, before the start the first; a name the library lacks, or cannot
    /// decode, draws the missing-image glyph.
    ///
    /// A function of the library and cache rather than of a screen, so every host of a
    /// screen (its scenario host, the wasm ABI, a test's own screen) renders the same
    /// pixels from the same two objects.
    ///
    /// - Parameters:
    ///   - library: The emoji's images (the screen's `images`).
    ///   - cache: The frame cache frames are composited through (the screen's `frameCache`).
    /// - Returns: A provider reading `library` through `cache`.
    /// - Complexity: Each lookup is a library lookup plus, on a cache miss, decoding the
    ///   frame from the nearest checkpoint.
    public static func imageProvider(library: ImageLibrary, cache: FrameCache) -> ImageProvider {
        ImageProvider({ name, index in
            guard let image = try? library.image(named: name) else { return nil }
            return try? cache.frame(of: image, at: min(max(0, index), image.frameCount - 1))
        }, contentBounds: { library.contentBounds(named: $0) })
    }

    /// The screen's images (its library, through its frame cache): what pixel snapshots
    /// of its host draw by default (`TestableReducer.imageProvider`, the host's
    /// `DisplayListRepresentable.imageProvider`), so `assertSnapshot(of: screen, as: .png)`
    /// shows the real emoji.
    public var imageProvider: ImageProvider { Self.imageProvider(library: images, cache: frameCache) }

    /// The theme the screen shows (`state.theme`: the configuration's, then what
    /// `.setTheme` set): what pixel snapshots of its host draw in by default
    /// (`TestableReducer.preferredTheme`), so `assertSnapshot(of: screen, as: .png)`
    /// after `.setTheme(.dark)` is dark, as a script's `theme dark` snapshot is.
    ///
    /// - Parameter state: The screen's state.
    /// - Returns: `state.theme`.
    public func preferredTheme(_ state: State) -> Theme? { state.theme }
}
