import SimCore
import Imaging
import Scenario

/// A recording as one animated GIF.
///
/// - Resizes (`resize` lines) are letterboxed: the GIF is as large as the largest frame
///   in each dimension and every frame is drawn at its top-left corner (the screen's
///   origin) over a dark grey border, so one file plays the whole run.
/// - Delays land on a centisecond grid by cumulative rounding, so the GIF's length
///   matches the virtual time; a frame longer than GIF's 655.35 s limit is split into
///   repeats of the same picture (which the encoder stores as empty frames).
public enum RecordingGIF {
    /// Largest delay one GIF frame can carry.
    public static let maxDelay = 65_535
    /// The letterbox colour (opaque, so frame optimisation stays on).
    static let border: (UInt8, UInt8, UInt8) = (0x30, 0x30, 0x30)

    /// Encodes `frames` as one looping GIF, each frame shown for its duration.
    ///
    /// - Parameter frames: The recording, in order; frames may differ in size.
    /// - Returns: The GIF file's bytes.
    /// - Throws: `GIFEncoder.Failure` (Imaging) when `frames` is empty or a frame cannot be encoded.
    /// - Complexity: O(*f* · *p*) for *f* frames of *p* canvas pixels, plus the encoder's
    ///   palette and LZW work.
    public static func encode(_ frames: [RecordedFrame]) throws -> [UInt8] {
        let width = frames.map(\.image.width).max() ?? 0
        let height = frames.map(\.image.height).max() ?? 0
        var out: [GIFEncoder.Frame] = []
        var elapsed = SimDuration.zero
        var emitted = 0
        for f in frames {
            elapsed += f.duration
            let target = Int((elapsed.seconds * 100).rounded())
            var cs = max(1, target - emitted)
            emitted += cs
            let image = letterbox(f.image, width: width, height: height)
            while cs > 0 {
                let part = min(cs, maxDelay)
                out.append(GIFEncoder.Frame(image: image, delayCentiseconds: part))
                cs -= part
            }
        }
        return try GIFEncoder.encode(out, loopCount: .forever)
    }

    /// `image` at the top-left of a `width` x `height` canvas.
    ///
    /// - Parameters:
    ///   - image: The frame; at most `width` by `height`.
    ///   - width: The canvas width.
    ///   - height: The canvas height.
    /// - Returns: `image` itself when it already has the canvas size, else a new image with
    ///   the border colour around it.
    /// - Complexity: O(`width` · `height`) when the image is padded, O(1) otherwise.
    public static func letterbox(_ image: Image, width: Int, height: Int) -> Image {
        if image.width == width && image.height == height { return image }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = border.0; pixels[i + 1] = border.1; pixels[i + 2] = border.2
        }
        let rowBytes = image.width * 4
        for y in 0..<image.height {
            let src = y * rowBytes, dst = y * width * 4
            pixels.replaceSubrange(dst..<(dst + rowBytes), with: image.pixels[src..<(src + rowBytes)])
        }
        return Image(width: width, height: height, pixels: pixels)!
    }
}
