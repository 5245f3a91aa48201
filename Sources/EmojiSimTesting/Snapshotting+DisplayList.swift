import Imaging
import Raster

extension Snapshotting where Value: DisplayListRepresentable, Format == String {
    /// The CharGrid text (Unicode box drawing and emoji), `.txt`.
    public static var ascii: Snapshotting<Value, String> { ascii(.unicode) }

    /// The CharGrid text with its style layer, `.txt`.
    public static var asciiStyled: Snapshotting<Value, String> { ascii(.styled) }

    /// The CharGrid text with explicit options (e.g. `.ascii` for strict 7-bit).
    ///
    /// - Parameters:
    ///   - options: The grid's character set and layers (`.unicode`, `.styled`, `.ascii`).
    ///   - configuration: Only its `size` is used (the canvas the list is laid out on);
    ///     `nil` keeps the list's own size.
    /// - Returns: A strategy writing `.txt` files, compared line by line.
    /// - Complexity: Each snapshot is O(*c*) in the grid's cells plus the display list's items.
    public static func ascii(_ options: CharGridOptions, configuration: RenderConfiguration? = nil) -> Snapshotting<Value, String> {
        ascii(options, configuration: configuration, codes: nil)
    }

    /// The CharGrid text with legend codes drawn from (and added to) `codes`, so every
    /// snapshot of one run gives an emoji the same code.
    static func ascii(_ options: CharGridOptions, configuration: RenderConfiguration?, codes: LegendCodeTable?) -> Snapshotting<Value, String> {
        let size = configuration?.size
        return Snapshotting(pathExtension: "txt", diffing: .lines) { value in
            var list = value.displayList()
            if let size { list.size = size }
            guard let codes else {
                var own = LegendCodes()
                return SnapshotRenderer.text(list, options, codes: &own)
            }
            return SnapshotRenderer.text(list, options, codes: &codes.codes)
        }
    }

    /// The display list's tree dump, `.tree.txt`.
    public static var tree: Snapshotting<Value, String> {
        Snapshotting(pathExtension: "tree.txt", diffing: .lines) { SnapshotRenderer.tree($0.displayList()) }
    }
}

extension Diffing where Format == Image {
    /// Pixel comparison (exact unless `tolerance` > 0, the largest channel delta
    /// allowed); the failure summary gives the differing pixel count, their bounding
    /// box and the largest delta, and leaves a diff picture.
    ///
    /// - Parameters:
    ///   - format: The file format; a reference in another format is unreadable, not a diff.
    ///   - tolerance: The largest per-channel difference still counted as equal.
    /// - Returns: The diffing.
    /// - Complexity: Each comparison is O(*w* · *h*) in pixels.
    public static func image(_ format: SnapshotImageCodec.Format, tolerance: Int = 0) -> Diffing<Image> {
        Diffing(
            toData: { SnapshotImageCodec.encode($0, as: format) },
            fromData: { bytes in
                // A .png holding a PPM (or anything else) is another format, not a diff.
                guard let found = SnapshotImageCodec.sniff(bytes) else {
                    throw SnapshotImageCodec.DecodeError("not a PNG or PPM file (unknown signature)")
                }
                guard found == format else {
                    throw SnapshotImageCodec.DecodeError("it holds a \(found.rawValue.uppercased()) image, expected \(format.rawValue.uppercased())")
                }
                return try SnapshotImageCodec.decode(bytes)
            },
            diff: { reference, actual in
                guard let d = SnapshotDiff.image(reference: reference, actual: actual, tolerance: tolerance) else { return nil }
                return SnapshotFailure(message: d.summary.description,
                                       artifacts: [("diff.png", SnapshotImageCodec.encodePNG(d.diffImage))],
                                       diffImage: d.diffImage)
            },
            preview: { .image($0, format) }
        )
    }
}

extension Snapshotting where Value: DisplayListRepresentable, Format == Image {
    /// The PixelCanvas render as PNG with the default configuration.
    public static var png: Snapshotting<Value, Image> { png() }

    /// The PixelCanvas render as PNG.
    ///
    /// - Parameters:
    ///   - configuration: Size, scale, theme, font and images of the render.
    ///   - tolerance: The largest per-channel difference still counted as equal.
    /// - Returns: A strategy writing `.png` files, compared as pixels (two encodings of
    ///   the same pixels match).
    /// - Complexity: Each snapshot is O(*w* · *h*) in the canvas's pixels plus the
    ///   display list's items.
    public static func png(_ configuration: RenderConfiguration = .default, tolerance: Int = 0) -> Snapshotting<Value, Image> {
        image(.png, configuration, tolerance: tolerance)
    }

    /// The PixelCanvas render as binary PPM (the framebuffer format).
    public static var ppm: Snapshotting<Value, Image> { ppm() }

    /// The PixelCanvas render as binary PPM.
    ///
    /// - Parameters:
    ///   - configuration: Size, scale, theme, font and images of the render.
    ///   - tolerance: The largest per-channel difference still counted as equal.
    /// - Returns: A strategy writing `.ppm` files, compared as pixels.
    /// - Complexity: Each snapshot is O(*w* · *h*) in the canvas's pixels plus the
    ///   display list's items.
    public static func ppm(_ configuration: RenderConfiguration = .default, tolerance: Int = 0) -> Snapshotting<Value, Image> {
        image(.ppm, configuration, tolerance: tolerance)
    }

    static func image(_ format: SnapshotImageCodec.Format, _ configuration: RenderConfiguration, tolerance: Int) -> Snapshotting<Value, Image> {
        Snapshotting(pathExtension: format.rawValue, diffing: .image(format, tolerance: tolerance)) { value in
            configuration.renderer(for: value).image(configuration.apply(value.displayList()))
        }
    }
}

/// Legend codes shared by the text snapshots of one run (a script, a test), so an emoji
/// keeps its code from its first appearance to the end. Not thread-safe: one run, one
/// table.
public final class LegendCodeTable {
    /// The codes given so far; each text snapshot reads and extends them.
    public var codes = LegendCodes()
    /// An empty table: the run's first emoji gets the first code.
    public init() {}
    /// A table with the codes of `identities` (a catalog's emoji codes) fixed, so they do
    /// not depend on the order the run shows them in (`LegendCodes.init(fixing:)`).
    /// - Parameter identities: The catalog's emoji codes.
    public init(fixing identities: [String]) { codes = LegendCodes(fixing: identities) }
}
