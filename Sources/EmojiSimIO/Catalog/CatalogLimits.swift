import Foundation

/// Bounds every importer enforces, so that a small hostile catalog cannot cost unbounded
/// memory or time later (in `run`, `catalog check`, `catalog convert`). Far above real
/// catalogs: Unicode 15 has about 3,800 fully-qualified emoji (5,000 with unqualified
/// spellings); the seeds' sticker packs hold a few hundred images.
public enum CatalogLimits {
    /// Emoji entries in one catalog.
    public static let maxEntries = 50_000
    /// Frames of one image sequence (the seed format's `count` has the same bound).
    public static let maxFramesPerEntry = 1_000
    /// Frame references over the whole catalog: sequences may share frames, but each
    /// reference becomes a resource to decode and draw.
    public static let maxFrameReferences = 20_000
    /// Bytes of image files a catalog may make EmojiSim read into memory (each distinct
    /// file counted once): `run` holds them all, `convert` copies them.
    public static let maxImageBytes = 512 << 20

    /// Throws when `catalog` is past a count limit. O(groups + sequences).
    static func check(_ catalog: ImportedCatalog, file: String) throws(CatalogImportError) {
        let entries = catalog.emojiCount
        if entries > maxEntries {
            throw CatalogImportError(file: file, message: "\(entries) entries; a catalog may have at most \(maxEntries)")
        }
        var frames = 0
        for (name, list) in catalog.sequences {
            if list.count > maxFramesPerEntry {
                throw CatalogImportError(file: file, key: name, message: "\(list.count) frames; a sequence may have at most \(maxFramesPerEntry)")
            }
            frames += list.count
        }
        if frames > maxFrameReferences {
            throw CatalogImportError(file: file, message: "\(frames) frame references; a catalog may have at most \(maxFrameReferences)")
        }
    }
}
