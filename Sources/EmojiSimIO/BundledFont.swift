import Raster

/// The GNU Unifont subset shipped in Resources/Fonts (ASCII, Latin-1, punctuation, box
/// drawing, CJK symbols, kana, CJK unified ideographs, fullwidth forms; see
/// Resources/Fonts/LICENSE-unifont.txt).
public enum BundledFont {
    public static let resourcePath = "Fonts/unifont-subset.hex"

    /// Parsed once on first use (a `static let` is initialized exactly once, thread-safe),
    /// then shared.
    private static let cached: Result<BitmapFont, any Error> = Result {
        let bytes = try BundledResources.bytes(resourcePath)
        return try BitmapFont(parsingHex: bytes, source: resourcePath)
    }

    /// The shipped Unifont subset. Throws when the resource is missing or malformed.
    public static func unifont() throws -> BitmapFont {
        try cached.get()
    }
}
