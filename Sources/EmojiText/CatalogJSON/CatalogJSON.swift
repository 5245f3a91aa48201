import SimCore

/// EmojiSim's catalog JSON (docs/CATALOG-JSON.md, version 1): the format every other
/// catalog format converts to. This is its one reader, shared by the command line
/// (EmojiSimIO's `JSONCatalog`, which then resolves the paths against the file's
/// folder) and the wasm core (the playground's dropped catalogs), so both take the same
/// files and refuse the others with the same message at the same place.
///
/// `parse` checks the syntax (`PureJSON`: UTF-8, no repeated keys, bounded nesting),
/// then the keys, kinds, limits and uniqueness rules, and returns a `Document`: the
/// groups and entries with their paths normalized (never leaving the catalog's folder)
/// and their places in the file. Limits are checked before the work they bound.
public enum CatalogJSON {
    /// The `format` value of every catalog JSON.
    public static let formatName = "emojisim-catalog"
    /// The version this reader reads and the writers write.
    public static let version = 1
    /// The largest catalog JSON text, in bytes (far more than `maxEntries` entries of
    /// ordinary size).
    public static let maxBytes = PureJSON.maxBytes
    /// Emoji entries in one catalog (every catalog format has this bound).
    public static let maxEntries = 50_000
    /// Frames of one image sequence.
    public static let maxFrames = 1_000
    /// Frame references over the whole catalog: sequences may share frames, but each
    /// reference becomes a resource to decode and draw.
    public static let maxFrameReferences = 20_000
    /// The largest declared width or height, in points: far above any real emoji (the
    /// tallest device is 4096 pt), small enough that every later computation on it (@1x
    /// to @3x pixel sizes, layout) stays exact in Int and Double.
    public static let maxDimension = 10_000.0

    /// Reads a catalog JSON text.
    /// - Parameters:
    ///   - bytes: the file's bytes (UTF-8).
    ///   - file: the name errors give.
    ///   - lenient: skip a bad entry (or group) and list it in `Document.skipped`
    ///     instead of failing; errors in the file's syntax or its top-level keys still throw.
    /// - Returns: the catalog as written, paths normalized.
    /// - Throws: `Failure`, the first problem, with its byte offset, line and column.
    /// - Complexity: O(bytes).
    public static func parse(_ bytes: [UInt8], file: String, lenient: Bool = false) throws(Failure) -> Document {
        let root: PureJSON.Node
        do throws(PureJSON.Failure) {
            root = try PureJSON.parse(bytes)
        } catch {
            throw Failure(file: file, offset: error.offset, line: error.line, column: error.column,
                          message: "malformed JSON: \(error.message)")
        }
        var reader = CatalogJSONReader(bytes: bytes, file: file, lenient: lenient)
        return try reader.document(root)
    }
}
