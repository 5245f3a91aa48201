import Imaging
import Raster

/// Turns a display list into the bytes of one snapshot format.
public enum SnapshotRenderer {
    public static func render(_ list: DisplayList, as format: SnapshotFormat, scale: Int, theme: Theme,
                              font: BitmapFont, images: ImageProvider) -> [UInt8] {
        switch format {
        case .ascii:
            return Array(CharGrid(list, options: .unicode).text.utf8)
        case .styled:
            return Array(CharGrid(list, options: .styled).text.utf8)
        case .tree:
            return Array(list.treeDump.utf8)
        case .png, .ppm:
            let image = PixelCanvas.render(list, options: PixelRenderOptions(scale: scale, theme: theme, font: font, images: images))
            return SnapshotImageCodec.encode(image, as: format == .png ? .png : .ppm)
        }
    }
}
