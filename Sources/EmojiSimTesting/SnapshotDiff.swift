import Imaging
import Raster

/// The comparisons behind the strategies and `emojisim diff`, as plain functions.
public enum SnapshotDiff {
    /// A unified diff of the first differing lines, nil when equal.
    ///
    /// - Parameters:
    ///   - reference: The reference text (the `---` side).
    ///   - actual: The new text (the `+++` side).
    ///   - maxLines: The most diff lines printed; the rest is cut with a note.
    /// - Returns: The diff, or `nil` when the texts are equal.
    /// - Complexity: O(*n*) in the texts' lines, plus O(*a* · *b*) for the *a* and *b*
    ///   lines between the common prefix and suffix while that table is small (above
    ///   `TextDiff`'s bound the middle is shown as one replaced block).
    public static func text(reference: String, actual: String, maxLines: Int = 60) -> String? {
        TextDiff.unified(old: reference, new: actual, oldName: "reference", newName: "actual", maxLines: maxLines)
    }

    /// The pixel comparison (nil when equal within `tolerance`) and a diff picture.
    ///
    /// - Parameters:
    ///   - reference: The reference image.
    ///   - actual: The rendered image.
    ///   - tolerance: The largest per-channel difference still counted as equal.
    /// - Returns: The summary (differing pixels, bounding box, largest channel delta) and
    ///   the picture with differing pixels in red, or `nil` when the images match.
    /// - Complexity: O(*w* · *h*) in the larger image's pixels.
    public static func image(reference: Image, actual: Image, tolerance: Int = 0) -> (summary: ImageDiff, diffImage: Image)? {
        let d = ImageDiff.compare(expected: reference, actual: actual, tolerance: tolerance)
        if d.isMatch { return nil }
        return (d, ImageDiff.diffImage(expected: reference, actual: actual, tolerance: tolerance))
    }
}
