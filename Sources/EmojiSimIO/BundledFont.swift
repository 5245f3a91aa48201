import Raster

/// The GNU Unifont subset shipped in Resources/Fonts (ASCII, Latin-1, punctuation, box
/// drawing, CJK symbols, kana, CJK unified ideographs, fullwidth forms; see
/// Resources/Fonts/LICENSE-unifont.txt).
public enum BundledFont {
    /// The font's path inside the resource bundle, also used as the `source` in parse errors
    /// so a malformed subset names the file.
    public static let resourcePath = "Fonts/unifont-subset.hex"

    /// Parsed once on first use (a `static let` is initialized exactly once, thread-safe),
    /// then shared.
    private static let cached: Result<BitmapFont, any Error> = Result {
        let bytes = try BundledResources.bytes(resourcePath)
        return try BitmapFont(parsingHex: bytes, source: resourcePath)
    }

    /// The shipped Unifont subset. Throws when the resource is missing or malformed.
    ///
    /// - Returns: The parsed font; every call returns the same instance.
    /// - Throws: ``BundledResources/MissingResource`` when the resource is not in the bundle,
    ///   or the font parser's error when the hex file is malformed. The result of the first
    ///   attempt is cached, so a failure repeats without re-reading.
    /// - Complexity: O(*n*) in the size of the hex file on the first call, O(1) after.
    public static func unifont() throws -> BitmapFont {
        try cached.get()
    }
}
