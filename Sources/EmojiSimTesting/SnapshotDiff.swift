import Imaging
import Raster

/// The comparisons behind the strategies and `emojisim diff`, as plain functions.
public enum SnapshotDiff {
    /// A unified diff of the first differing lines, nil when equal.
    public static func text(reference: String, actual: String, maxLines: Int = 60) -> String? {
        TextDiff.unified(old: reference, new: actual, oldName: "reference", newName: "actual", maxLines: maxLines)
    }

    /// The pixel comparison (nil when equal within `tolerance`) and a diff picture.
    public static func image(reference: Image, actual: Image, tolerance: Int = 0) -> (summary: ImageDiff, diffImage: Image)? {
        let d = ImageDiff.compare(expected: reference, actual: actual, tolerance: tolerance)
        if d.isMatch { return nil }
        return (d, ImageDiff.diffImage(expected: reference, actual: actual, tolerance: tolerance))
    }
}
