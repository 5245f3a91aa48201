import SimCore
import Imaging

/// The one way a display list becomes a snapshot, for every format the product has: the
/// CharGrid text (`ascii`, `styled`, or any `CharGridOptions`), the tree dump, and the
/// PixelCanvas render (`png`, `ppm`, raw RGBA pixels, a recording's frames). The scenario
/// verifier, the snapshot strategies (`assertSnapshot`), the recorder and the wasm ABI
/// all render through it, so a format is drawn the same way, to the same bytes, wherever
/// it is asked for.
///
/// A value holding how pixels are drawn (scale, theme, font, images); the text formats
/// need none of it. Pure, like the rest of the core: the caller hands in the font and
/// the image provider, and encodes nothing until it asks for `bytes`.
public struct SnapshotRenderer {
    /// How pixel formats are drawn: the scale (clamped to 1...3), theme, font and images.
    public var options: PixelRenderOptions

    /// A renderer with its pixel options.
    ///
    /// - Parameter options: The scale, theme, font and images of pixel renders.
    public init(options: PixelRenderOptions) { self.options = options }

    /// A renderer; each parameter sets the pixel option of the same name.
    ///
    /// - Parameters:
    ///   - scale: Pixels per point; values outside 1...3 are clamped.
    ///   - theme: The colours the roles resolve to.
    ///   - font: The font text is drawn with (an empty font draws hex boxes).
    ///   - images: Where image commands get their pixels; `.none` draws missing-image glyphs.
    public init(scale: Int = 2, theme: Theme = .light, font: BitmapFont = BitmapFont(), images: ImageProvider = .none) {
        options = PixelRenderOptions(scale: scale, theme: theme, font: font, images: images)
    }

    /// `list` in `format`: text for the character formats, pixels (with the codec that
    /// stores them) for the image formats.
    ///
    /// - Parameters:
    ///   - list: What to draw, at its own size.
    ///   - format: The snapshot format.
    ///   - codes: The legend codes a run's text snapshots share: the grid formats read
    ///     them and add the codes of emoji seen for the first time; the others leave them.
    /// - Returns: The rendered snapshot, not yet encoded.
    /// - Complexity: O(*c*) in grid cells plus the list's items for the grids, O(*i*) in
    ///   the items for the tree, O(*w* · *h*) in pixels for the images.
    public func render(_ list: DisplayList, as format: SnapshotFormat, codes: inout LegendCodes) -> RenderedSnapshot {
        switch format {
        case .ascii: return .text(Self.text(list, .unicode, codes: &codes))
        case .styled: return .text(Self.text(list, .styled, codes: &codes))
        case .tree: return .text(Self.tree(list))
        case .png: return .image(image(list), .png)
        case .ppm: return .image(image(list), .ppm)
        }
    }

    /// `list` in `format` with legend codes of its own (a snapshot alone, not part of a
    /// run whose emoji keep their codes).
    ///
    /// - Parameters:
    ///   - list: What to draw.
    ///   - format: The snapshot format.
    /// - Returns: The rendered snapshot, not yet encoded.
    /// - Complexity: As ``render(_:as:codes:)``.
    public func render(_ list: DisplayList, as format: SnapshotFormat) -> RenderedSnapshot {
        var codes = LegendCodes()
        return render(list, as: format, codes: &codes)
    }

    /// The CharGrid text of `list` (`.unicode`, `.styled`, strict `.ascii`...), legend
    /// codes from and into `codes`.
    ///
    /// - Parameters:
    ///   - list: What to draw.
    ///   - options: The grid's character set and layers.
    ///   - codes: The run's legend codes, extended by the emoji this grid shows first.
    /// - Returns: The grid's text, with its legend and style layer when it has them.
    /// - Complexity: O(*c*) in the grid's cells plus the list's items.
    public static func text(_ list: DisplayList, _ options: CharGridOptions, codes: inout LegendCodes) -> String {
        let grid = CharGrid(list, options: options, codes: codes)
        codes = grid.codes
        return grid.text
    }

    /// The display list's tree dump (`DisplayListDump`).
    ///
    /// - Parameter list: What to dump.
    /// - Returns: One command a line, brackets indented.
    /// - Complexity: O(*i*) in the list's items and text lines.
    public static func tree(_ list: DisplayList) -> String { list.treeDump }

    /// The PixelCanvas render of `list` at its own size with the renderer's options.
    ///
    /// - Parameter list: What to draw.
    /// - Returns: The opaque RGBA8 picture, `scale` pixels a point.
    /// - Complexity: O(*w* · *h*) in pixels plus the list's items.
    public func image(_ list: DisplayList) -> Image { PixelCanvas.render(list, options: options) }
}

/// A snapshot as the renderer drew it, before encoding: what comparisons read (text
/// line by line, pictures pixel by pixel), what reports and `emojisim snapshots review`
/// show (a `SnapshotCheck`'s actual value and its decoded reference), and what files are
/// written from. The one snapshot value of the product: the core renders it and
/// EmojiSimTesting compares, shows and writes it.
public enum RenderedSnapshot: Hashable, Sendable {
    /// A character format's text (`ascii`, `styled`, `tree`), as its file holds it.
    case text(String)
    /// A pixel format's picture and the codec its file is written with.
    case image(Image, SnapshotImageCodec.Format)

    /// The file's bytes: the text as UTF-8, the picture through `SnapshotImageCodec`.
    /// - Complexity: O(*n*) in the text, O(pixels) plus deflate for a PNG.
    public var bytes: [UInt8] {
        switch self {
        case .text(let text): return Array(text.utf8)
        case .image(let image, let codec): return SnapshotImageCodec.encode(image, as: codec)
        }
    }

    /// The text of a character format; `nil` for a picture.
    public var text: String? { if case .text(let t) = self { return t } else { return nil } }
    /// The picture of a pixel format; `nil` for text.
    public var image: Image? { if case .image(let i, _) = self { return i } else { return nil } }
}

extension SnapshotFormat {
    /// The codec a pixel format's file is written with; nil for the character formats.
    public var imageCodec: SnapshotImageCodec.Format? {
        switch self {
        case .png: return .png
        case .ppm: return .ppm
        case .ascii, .styled, .tree: return nil
        }
    }
}
