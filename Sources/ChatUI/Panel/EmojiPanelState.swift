import SimCore
import EmojiText
import Interaction

extension EmojiPanel {
    /// What a touch on the panel is currently doing. One touch at a time (the first
    /// finger wins; others are ignored, as a UICollectionView with one pan does).
    public enum TouchMode: Hashable, Sendable {
        /// No finger on the panel.
        case none
        /// Down on the grid, not yet a tap, a scroll or a long press.
        case pending(id: Int, start: Point, hit: PanelHit)
        /// Down on a moving scroll view: it stopped; a release is no tap.
        case caught(id: Int, start: Point)
        /// The pan recognised: the finger scrolls the pages; on release the scroll
        /// decelerates and snaps to a page.
        case dragging(id: Int)
        /// Long press recognised: the preview (if over an emoji) follows the finger.
        case previewing(id: Int)
        /// A long press on an emoji with skin-tone variants opened `skinPicker`: the
        /// finger moves over its options; lifting picks the one under it, a cancel picks
        /// none.
        case pickingSkinTone(id: Int)
        /// Down on the delete key: held, it repeats (after 0.5 s, then every 0.1 s); a
        /// release before the first repeat deletes once; a cancel deletes nothing more
        /// (see `DeleteKeyRepeater`).
        case deleting(id: Int)
        /// Down on the category bar's tab `index`: lifting on the same tab scrolls to its
        /// group, animated; lifting elsewhere does nothing.
        case tab(id: Int, index: Int)
        /// Down on the page control: its lift (inside the control) turns one page.
        case pageControl(id: Int)
    }

    /// The long-press preview: the emoji under the finger, magnified above it.
    public struct Preview: Hashable, Sendable {
        /// The emoji shown: the key's, with its remembered skin tone.
        public var emoji: Emoji
        /// The key's section in `State.sections` (recents included when shown).
        public var section: Int
        /// The key's index in that section's emoji.
        public var index: Int
        /// The pressed key in panel coordinates.
        public var keyFrame: Rect
        /// Where the magnified bubble is drawn (above the key when it fits, else beside
        /// or below it, within `EmojiPanel.previewBounds`).
        public var placement: PreviewPlacement
        /// When this emoji's preview appeared (its animation starts here).
        public var since: SimInstant
    }

    /// The skin-tone variant picker opened by a long press on an emoji with variants.
    public struct SkinTonePicker: Hashable, Sendable {
        /// The long-pressed key's emoji without a tone: the skin tone chosen is
        /// remembered under its code (`State.skinTones`).
        public var base: Emoji
        /// The base emoji first, then its variants.
        public var options: [Emoji]
        /// The option under the finger (an index into `options`); at first the tone the
        /// key shows.
        public var selected: Int
        /// The picker's bubble in panel coordinates: a callout right above the pressed
        /// key, centred on it and clamped to `EmojiPanel.previewBounds` (below the key
        /// only when no room is left above, a lone panel's top rows); never beside it,
        /// where it would cover the keys of the same row.
        public var frame: Rect
        /// Width of one option's cell: the options sit side by side, left to right.
        public var cellWidth: Double
        /// The pressed key in panel coordinates; the callout's stem joins it to `frame`.
        public var keyFrame: Rect = Rect(x: 0, y: 0, width: 0, height: 0)
        /// For a two-person emoji (🤝, 🧑‍🤝‍🧑, 💏, 💑 and their 25 variants): the tone
        /// chosen for each person, as iOS's two-row picker has it; nil for a one-tone
        /// picker. The bubble then has a preview column (the combination, `options[selected]`)
        /// and two rows of the five tones: the first person's on top, the second's below.
        public var twoTone: TwoTone?

        /// The tones chosen in a two-row picker (nil: not chosen yet; such a row follows
        /// the other's tone until the finger chooses in it).
        public struct TwoTone: Hashable, Sendable {
            /// The first person's tone (the top row).
            public var first: SkinTone?
            /// The second person's tone (the bottom row).
            public var second: SkinTone?
        }

        /// How many cells a finder can aim at: every option of a one-row picker; the ten
        /// tone cells of a two-row picker (0-4 the first person's, 5-9 the second's).
        public var targetCount: Int { twoTone == nil ? options.count : 10 }

        /// A two-row picker's row height (the bubble's height less its 4-point margins, halved).
        var rowHeight: Double { (frame.height - 8) / 2 }

        /// Target `i`'s cell in panel coordinates (see `targetCount`).
        public func frame(ofTarget i: Int) -> Rect {
            guard twoTone != nil else { return frame(ofOption: i) }
            let row = Double(i / 5), column = Double(i % 5 + 1)
            return Rect(x: frame.minX + column * cellWidth, y: frame.minY + 4 + row * rowHeight, width: cellWidth, height: rowHeight)
        }

        /// The emoji target `i` shows: a one-row picker's option; in a two-row picker the
        /// variant its tone gives with the other person's current tone (that same tone
        /// while the other is not chosen).
        public func emoji(ofTarget i: Int) -> Emoji {
            guard let two = twoTone else { return options[i] }
            let tone = SkinTone.allCases[i % 5]
            let pair = i < 5 ? (tone, two.second ?? tone) : (two.first ?? tone, tone)
            return option(first: pair.0, second: pair.1).map { options[$0] } ?? options[0]
        }

        /// Whether target `i` is drawn selected: a one-row picker's option under the
        /// finger; a two-row picker's chosen tone in its row.
        public func isTargetSelected(_ i: Int) -> Bool {
            guard let two = twoTone else { return i == selected }
            let tone = SkinTone.allCases[i % 5]
            // A row not chosen yet shows the tone it follows.
            return (i < 5 ? two.first ?? two.second : two.second ?? two.first) == tone
        }

        /// The option wearing `first` and `second` (see `SkinTone.variant(_:wears:_:)`).
        public func option(first: SkinTone, second: SkinTone) -> Int? {
            options.indices.dropFirst().first { SkinTone.variant(options[$0].code, wears: first, second) }
        }

        /// Follows the finger at `p`: a one-row picker selects the option nearest its x;
        /// a two-row picker sets the tone of the row under it (the other row, not yet
        /// chosen, takes the same tone) and selects the combination. Over the preview
        /// column nothing changes.
        mutating func follow(_ p: Point) {
            guard var two = twoTone else {
                selected = option(atX: p.x)
                return
            }
            guard cellWidth > 0, p.x >= frame.minX + cellWidth else { return }
            let c = min(max(Int(((p.x - frame.minX) / cellWidth).rounded(.down)) - 1, 0), 4)
            let tone = SkinTone.allCases[c]
            // Only the row under the finger is chosen; the other keeps following it until
            // the finger chooses there too (a slide along one row must not fix the other
            // at the first tone it crossed).
            if p.y < frame.midY { two.first = tone } else { two.second = tone }
            twoTone = two
            if let f = two.first ?? two.second, let s = two.second ?? two.first, let i = option(first: f, second: s) { selected = i }
        }

        /// The callout's stem: the pressed key widened by 2 points a side and stretched
        /// to the bubble's edge, so bubble and key read as one shape, as the iOS
        /// keyboard's callouts do.
        public var stemFrame: Rect {
            let key = keyFrame.insetBy(dx: -2, dy: -2)
            if frame.maxY <= keyFrame.midY {
                return Rect(x: key.minX, y: frame.maxY - 1, width: key.width, height: max(0, key.maxY - frame.maxY + 1))
            }
            return Rect(x: key.minX, y: key.minY, width: key.width, height: max(0, frame.minY + 1 - key.minY))
        }

        /// Places the callout for a key: `size` centred above it (its bottom at the
        /// key's top), clamped horizontally inside `bounds`; below the key when `bounds`
        /// has no room above; pinned to `bounds`' top-left when larger than it.
        ///
        /// - Parameters:
        ///   - key: The pressed key in panel coordinates.
        ///   - size: The bubble's size.
        ///   - bounds: Where it may be drawn.
        /// - Returns: The bubble's frame.
        public static func calloutFrame(key: Rect, size: Size, bounds: Rect) -> Rect {
            let x = min(max(key.midX - size.width / 2, bounds.minX), max(bounds.minX, bounds.maxX - size.width))
            var y = key.minY - size.height
            if y < bounds.minY { y = min(key.maxY, max(bounds.minY, bounds.maxY - size.height)) }
            return Rect(x: x, y: y, width: size.width, height: size.height)
        }

        /// Option `i`'s cell in panel coordinates (not clamped: an index outside
        /// `options` gives a cell outside the picker).
        public func frame(ofOption i: Int) -> Rect {
            Rect(x: frame.minX + Double(i) * cellWidth, y: frame.minY, width: cellWidth, height: frame.height)
        }

        /// The option nearest a finger x (clamped to the ends, as the system picker does).
        public func option(atX x: Double) -> Int {
            guard cellWidth > 0, !options.isEmpty else { return 0 }
            return min(max(Int(((x - frame.minX) / cellWidth).rounded(.down)), 0), options.count - 1)
        }
    }

    /// The whole panel state, a value: equal states draw the same and react the same.
    public struct State: Hashable {
        /// The grid, paging, timing and preview parameters (`.configure` replaces them).
        public internal(set) var configuration: PanelConfiguration
        /// The panel's width in points: one page (`.resize` changes it).
        public internal(set) var width: Double
        /// The catalog groups, recents excluded.
        public internal(set) var groups: [PanelSection]
        /// Most recently used first, de-duplicated by code, at most `recentsLimit`.
        public internal(set) var recents: [Emoji] = []
        /// Every pick's use count and recency, whichever order the first group shows
        /// (so switching to Frequently Used finds the history): the value to save, and
        /// to restore with `.setFrequentEmojis`.
        public internal(set) var frequentEmojis = FrequentEmojis()
        /// What the Recents page shows: `recents` as it was when the page was last not
        /// in view. A pick on the Recents page does not reorder the page under the
        /// finger (tapping the same key twice inserts the same emoji twice); the new
        /// order shows once the panel rests on another page (docs/PORTING.md, "Recents").
        public internal(set) var shownRecents: [Emoji] = []
        /// What the pages show: recents (when not empty) then the non-empty groups, or
        /// the search results while searching.
        public internal(set) var sections: [PanelSection] = []
        /// The paged grid's arithmetic for `sections` at `width`: pages per section,
        /// frames, hit tests (rebuilt when either changes).
        public internal(set) var layout: PanelLayout
        @usableFromInline var scroller = PanelScroller()
        /// The grid's gesture arena (tap, long press, pan): the recognizers' states and
        /// the finger they track.
        public internal(set) var arena = GestureArena.State()
        /// `scrollViewDidScroll` calls so far (the panel's scroll delegate moments).
        public internal(set) var didScrollCount = 0
        /// The page nearest the scroll offset, across all sections (0-based): the one the
        /// panel rests on, or most of it shows while it moves. Traced as `global`.
        public internal(set) var currentPage = 0
        /// The section of `currentPage` (an index into `sections`): the highlighted tab.
        public internal(set) var currentSection = 0
        /// What the one finger the panel follows is doing.
        public internal(set) var touch: TouchMode = .none
        /// The long-press preview while it shows; nil otherwise.
        public internal(set) var preview: Preview?
        /// The skin-tone picker while it shows; nil otherwise.
        public internal(set) var skinPicker: SkinTonePicker?
        /// The chosen variant per base emoji code; the key shows it from then on, over
        /// the configuration's `defaultSkinTone` (a pick of the base itself is kept too,
        /// so a yellow pick stays yellow under a default tone).
        public internal(set) var skinTones: [String: Emoji] = [:]
        /// Per base emoji code, its variant in `configuration.defaultSkinTone` (empty
        /// without a default tone); made when the tone changes, not per key drawn.
        public internal(set) var defaultToned: [String: Emoji] = [:]
        /// The active search query, nil when not searching.
        public internal(set) var query: String?
        /// What the page control and category bar last announced.
        struct Shown: Hashable, Sendable {
            var group: String
            var kind: PanelSection.Kind
            var page: Int
        }
        var announced: Shown?
        /// The page shown when the search began (its group and first emoji), returned to
        /// when the search is cleared: by content, not by offset, since recents picked
        /// during the search add pages in front of it.
        var pageBeforeSearch: PageAnchor?
        @usableFromInline var deleteRepeater: DeleteKeyRepeater
        /// Bumped whenever what the pages show changes (sections, skin tones, layout,
        /// theme): cached page display lists of an older generation are stale.
        public internal(set) var contentGeneration = 0
        /// The preview's animation while an animated emoji is previewed and its image is
        /// known to the panel's `images`; only the preview animates, keys show frame 0.
        public internal(set) var previewPlayback: PreviewPlayback?
        /// Where the preview and the skin-tone picker may be drawn, in panel coordinates
        /// (`.setPreviewBounds`); nil: the panel's own bounds.
        public internal(set) var previewBounds: Rect?
        /// Page and chrome display lists (memoisation only: never unequal, copied before a
        /// transition writes a state that shares it).
        var drawCache = PanelDrawCache()

        /// The scroll view's horizontal content offset in points (page `p` rests at
        /// `p * width`); it may pass the ends while bouncing.
        public var offset: Double { scroller.offset }
        /// UIScrollView.isScrollEnabled: off while a preview or skin-tone picker shows.
        public var isScrollEnabled: Bool {
            switch touch {
            case .previewing, .pickingSkinTone: return false
            default: return true
            }
        }
        /// Whether the scroll view is not idle: dragged, decelerating, bouncing or
        /// animating to a page.
        public var isScrolling: Bool { scroller.state != .idle }
        /// No scroll motion, no touch in progress.
        public var isSettled: Bool { scroller.state == .idle && touch == .none && !scroller.isHeld }
        /// The scroll model's state (idle, dragging, decelerating, bouncing, animating).
        public var scrollState: ScrollState { scroller.state }

        /// Page of the current group (0-based) and the group's page count.
        public var pageInGroup: Int { layout.pageInSection(currentPage) ?? 0 }
        /// How many pages the current group has (what the page control's dots count);
        /// 0 when there are no pages.
        public var pagesInGroup: Int {
            layout.pageCounts.indices.contains(currentSection) ? layout.pageCounts[currentSection] : 0
        }
        /// UIPageControl.hidesForSinglePage.
        public var isPageControlHidden: Bool { pagesInGroup <= 1 }
        /// Number of search results while searching, nil otherwise (`expect panel.results N`).
        public var resultCount: Int? {
            query == nil ? nil : sections.first.map({ $0.emoji.count }) ?? 0
        }
        /// The current section's name, its identity in the catalog and in traces (the
        /// tab may show a different title, see `PanelSection.title`); empty without pages.
        public var currentGroupName: String {
            sections.indices.contains(currentSection) ? sections[currentSection].name : ""
        }

        /// The emoji a key shows: the remembered skin tone of its base, else its
        /// variant in the default tone, else itself.
        public func shown(section: Int, index: Int) -> Emoji? {
            guard sections.indices.contains(section), sections[section].emoji.indices.contains(index) else { return nil }
            return toned(sections[section].emoji[index])
        }

        /// `e` as the panel shows it: the tone picked for it, else the default tone's
        /// variant, else `e` (a variant, an emoji without variants).
        public func toned(_ e: Emoji) -> Emoji {
            skinTones[e.code] ?? defaultToned[e.code] ?? e
        }
    }

    /// A page identified by what it shows: its section (name and kind) and its first
    /// emoji (index and code), so it can be found again after a relayout.
    struct PageAnchor: Hashable, Sendable {
        var name: String
        var kind: PanelSection.Kind
        var index: Int
        var code: String
    }
}
