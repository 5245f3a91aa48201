/// The style layer's one-letter codes beyond colour roles (whose codes are lowercase
/// letters or digits, see `ColorRole.code`). States override the role of a cell.
public enum StyleCode {
    /// A cell nothing painted.
    public static let none: UInt8 = UInt8(ascii: ".")
    /// `S`: a selected item or selected text.
    public static let selected: UInt8 = UInt8(ascii: "S")
    /// `H`: a highlighted (pressed) item.
    public static let highlighted: UInt8 = UInt8(ascii: "H")
    /// `D`: a disabled item (the Send button with no text).
    public static let disabled: UInt8 = UInt8(ascii: "D")
    /// `C`: the caret's cell.
    public static let caret: UInt8 = UInt8(ascii: "C")
    /// `#`: an image's cells.
    public static let image: UInt8 = UInt8(ascii: "#")

    /// The legend text for a state code, nil for role codes.
    static func stateName(_ code: UInt8) -> String? {
        switch code {
        case selected: "selected"
        case highlighted: "highlighted"
        case disabled: "disabled"
        case caret: "caret"
        case image: "image"
        default: nil
        }
    }
}
