import SimCore
import EmojiText

/// How the emoji panel is laid out and how it behaves. A value: change it and call
/// `EmojiPanel.configure(_:)`; the panel keeps the page that shows the same first emoji.
///
/// Vertical stack of the panel, top to bottom: search bar (`searchBarHeight`, 0 hides
/// it), the paged grid (the scroll view), the page control, the category bar.
public struct PanelConfiguration: Hashable, Sendable {
    /// Columns of a page. With `adaptiveColumns` this is ignored and as many columns
    /// as fit the width (item width plus minimum spacing) are used.
    public var columns: Int = 8
    /// Rows of keys on a page.
    public var rows: Int = 3
    /// Fit as many columns as the width holds instead of using `columns`.
    public var adaptiveColumns: Bool = false
    /// Key size. Shrinks only when `columns` keys cannot fit the width at all.
    public var itemSize = Size(width: 36, height: 36)
    /// Horizontal (minimum) and vertical gap between keys. The horizontal gap shrinks
    /// towards 0 before the keys do when the width is too small.
    public var spacing = Size(width: 8, height: 10)
    /// Insets of the grid inside each page; the grid is centred in what is left.
    public var insets = Insets(top: 12, left: 8, bottom: 4, right: 8)
    /// WeChat-style delete key in the last cell of every page.
    public var hasDeleteKey: Bool = true
    /// Whole panel height (the emoji keyboard height of the device profile).
    public var height: Double = 216
    /// Height of the search bar at the top; 0 hides it.
    public var searchBarHeight: Double = 0
    /// Height of the page control (the dots) below the grid.
    public var pageControlHeight: Double = 16
    /// Height of the category bar (the tabs) at the bottom.
    public var categoryBarHeight: Double = 36
    /// Width of one category tab; tabs are laid left to right from x = 0.
    public var tabWidth: Double = 44
    /// Size of the long-press preview bubble: `.fixed(120x120)` as the seed, or a
    /// multiple of the key size.
    public var preview: PreviewSize = .fixed(Size(width: 120, height: 120))
    /// Gap between the top of the pressed key and the bottom of the preview.
    public var previewLift: Double = 4
    /// Long-press delay; the seed panel uses 0.3 s (UIKit's default is 0.5 s).
    public var minimumPressDuration: SimDuration = .milliseconds(300)
    /// Finger movement (pt) that turns a press into a scroll before the long press begins.
    public var allowableMovement: Double = 10
    /// Delete key auto-repeat: first repeat after `deleteRepeatDelay` (0.5 s), then
    /// every `deleteRepeatInterval` (0.1 s) while the key is held.
    public var deleteRepeatDelay: SimDuration = .milliseconds(500)
    /// The interval between auto-repeats after the first; see `deleteRepeatDelay`.
    public var deleteRepeatInterval: SimDuration = .milliseconds(100)
    /// Release of a long press inserts the previewed emoji (PPSticker does; the seed does not).
    public var previewInserts: Bool = false
    /// How a released drag comes to rest on a page.
    public var snapPolicy: PanelSnapPolicy = .paging
    /// Most recently used emoji kept (and shown in the recents group).
    public var recentsLimit: Int = 23
    /// What the first group lists: plain Recents (most recent first, the default) or
    /// Frequently Used (ranked by use count and recency, `FrequentEmojis`). Script:
    /// `set panel.recents recent|frequent`.
    public var recentsOrder: RecentsOrder = .recent

    /// The order of the panel's first group.
    public enum RecentsOrder: String, Hashable, Sendable, CaseIterable {
        /// `Recents`: most recent first, each once.
        case recent
        /// `Frequently Used`: `FrequentEmojis`' ranking of use count and recency.
        case frequent
    }
    /// Locale of the meanings used for names and accessibility labels ("" = default).
    public var locale: String = ""
    /// The skin tone every emoji with variants shows in the grid, the search results
    /// and Recents / Frequently Used (nil: none, the yellow base). A tone the user picks
    /// for one emoji with a long press wins over it (`EmojiPanel.State.skinTones`).
    /// Script: `set panel.default-skin-tone medium`.
    public var defaultSkinTone: SkinTone?

    /// How big the long-press preview is.
    public enum PreviewSize: Hashable, Sendable {
        /// A fixed size in points, whatever the key size.
        case fixed(Size)
        /// A multiple of the key size.
        case scale(Double)
    }

    /// The defaults: WeChat's 8 x 3 grid with a delete key, 216 pt tall.
    public init() {}

    /// WeChat-style 8 x 3 with a delete key (the default).
    public static let standard = PanelConfiguration()

    /// The defaults with the height of the device's emoji keyboard.
    ///
    /// - Parameter d: The device.
    /// - Returns: The configuration.
    public static func device(_ d: DeviceProfile) -> PanelConfiguration {
        var c = PanelConfiguration()
        c.height = d.emojiKeyboardHeight
        return c
    }

    /// `columns` x `rows` with `key`-point keys, other values default.
    ///
    /// - Parameters:
    ///   - columns: Keys per row.
    ///   - rows: Rows per page.
    ///   - key: The key's side in points.
    /// - Returns: The configuration.
    public static func grid(_ columns: Int, _ rows: Int, key: Double = 36) -> PanelConfiguration {
        var c = PanelConfiguration()
        c.columns = columns; c.rows = rows
        c.itemSize = Size(width: key, height: key)
        return c
    }
}

/// How a released drag comes to rest on a page.
public enum PanelSnapPolicy: String, Hashable, Sendable, CaseIterable {
    /// UIKit `isPagingEnabled`: at most one page away in the direction of a clear
    /// flick, otherwise the nearest page (rounding at the half page).
    case paging
    /// The seed: decelerate freely, then on did-end-decelerating snap to
    /// round(offset / pageWidth) with an animated scroll.
    case round
    /// Snap to the page nearest the projected resting offset x0 - v0 / (1000 ln d).
    case projected
    /// No snapping: decelerate freely and rest wherever it stops.
    case none
}
