import Imaging
import Raster

extension Strategy where Value: DisplayListRepresentable, Format == String {
    /// The CharGrid text (Unicode box drawing and emoji), `.txt`.
    public static var ascii: Strategy<Value, String> { ascii(.unicode) }

    /// The CharGrid text with its style layer, `.txt`.
    public static var asciiStyled: Strategy<Value, String> { ascii(.styled) }

    /// The CharGrid text with explicit options (e.g. `.ascii` for strict 7-bit).
    public static func ascii(_ options: CharGridOptions, configuration: RenderConfiguration? = nil) -> Strategy<Value, String> {
        let size = configuration?.size
        return Strategy(pathExtension: "txt", diffing: .lines) { value in
            var list = value.displayList()
            if let size { list.size = size }
            return CharGrid(list, options: options).text
        }
    }

    /// The display list's tree dump, `.tree.txt`.
    public static var tree: Strategy<Value, String> {
        Strategy(pathExtension: "tree.txt", diffing: .lines) { $0.displayList().treeDump }
    }
}

extension Diffing where Format == Image {
    /// Pixel comparison (exact unless `tolerance` > 0, the largest channel delta
    /// allowed); the failure summary gives the differing pixel count, their bounding
    /// box and the largest delta, and leaves a diff picture.
    public static func image(_ format: SnapshotImageCodec.Format, tolerance: Int = 0) -> Diffing<Image> {
        Diffing(
            toData: { SnapshotImageCodec.encode($0, as: format) },
            fromData: { try SnapshotImageCodec.decode($0) },
            diff: { reference, actual in
                guard let d = SnapshotDiff.image(reference: reference, actual: actual, tolerance: tolerance) else { return nil }
                return SnapshotFailure(message: d.summary.description,
                                       artifacts: [("diff.png", SnapshotImageCodec.encodePNG(d.diffImage))])
            }
        )
    }
}

extension Strategy where Value: DisplayListRepresentable, Format == Image {
    /// The PixelCanvas render as PNG with the default configuration.
    public static var png: Strategy<Value, Image> { png() }

    public static func png(_ configuration: RenderConfiguration = .default, tolerance: Int = 0) -> Strategy<Value, Image> {
        image(.png, configuration, tolerance: tolerance)
    }

    /// The PixelCanvas render as binary PPM (the framebuffer format).
    public static var ppm: Strategy<Value, Image> { ppm() }

    public static func ppm(_ configuration: RenderConfiguration = .default, tolerance: Int = 0) -> Strategy<Value, Image> {
        image(.ppm, configuration, tolerance: tolerance)
    }

    static func image(_ format: SnapshotImageCodec.Format, _ configuration: RenderConfiguration, tolerance: Int) -> Strategy<Value, Image> {
        Strategy(pathExtension: format.rawValue, diffing: .image(format, tolerance: tolerance)) { value in
            PixelCanvas.render(configuration.apply(value.displayList()), options: configuration.pixelOptions)
        }
    }
}
