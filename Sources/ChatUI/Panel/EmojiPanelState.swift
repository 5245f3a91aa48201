import SimCore
import EmojiText
import Interaction

extension EmojiPanel {
    /// What a touch on the panel is currently doing. One touch at a time (the first
    /// finger wins; others are ignored, as a UICollectionView with one pan does).
    public enum TouchMode: Hashable, Sendable {
        case none
        /// Down on the grid, not yet a tap, a scroll or a long press.
        case pending(id: Int, start: Point, hit: PanelHit)
        /// Down on a moving scroll view: it stopped; a release is no tap.
        case caught(id: Int, start: Point)
        case dragging(id: Int)
        /// Long press recognised: the preview (if over an emoji) follows the finger.
        case previewing(id: Int)
        case pickingSkinTone(id: Int)
        case deleting(id: Int)
        case tab(id: Int, index: Int)
        /// Down on the page control: its lift (inside the control) turns one page.
        case pageControl(id: Int)
    }

    /// The long-press preview: the emoji under the finger, magnified above it.
    public struct Preview: Hashable, Sendable {
        public var emoji: Emoji
        public var section: Int
        public var index: Int
        /// The pressed key in panel coordinates.
        public var keyFrame: Rect
        public var placement: PreviewPlacement
        /// When this emoji's preview appeared (its animation starts here).
        public var since: SimInstant
    }

    /// The skin-tone variant picker opened by a long press on an emoji with variants.
    public struct SkinTonePicker: Hashable, Sendable {
        public var base: Emoji
        /// The base emoji first, then its variants.
        public var options: [Emoji]
        public var selected: Int
        public var frame: Rect
        public var cellWidth: Double

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
    public struct State: Hashable, Sendable {
        public internal(set) var configuration: PanelConfiguration
        public internal(set) var width: Double
        /// The catalog groups, recents excluded.
        public internal(set) var groups: [PanelSection]
        /// Most recently used first, de-duplicated by code, at most `recentsLimit`.
        public internal(set) var recents: [Emoji] = []
        /// What the Recents page shows: `recents` as it was when the page was last not
        /// in view. A pick on the Recents page does not reorder the page under the
        /// finger (tapping the same key twice inserts the same emoji twice); the new
        /// order shows once the panel rests on another page (docs/PORTING.md, "Recents").
        public internal(set) var shownRecents: [Emoji] = []
        /// What the pages show: recents (when not empty) then the non-empty groups, or
        /// the search results while searching.
        public internal(set) var sections: [PanelSection] = []
        public internal(set) var layout: PanelLayout
        var scroller = PanelScroller()
        /// The grid's gesture arena (tap, long press, pan): the recognizers' states and
        /// the finger they track.
        public internal(set) var arena = GestureArena.State()
        /// `scrollViewDidScroll` calls so far (the panel's scroll delegate moments).
        public internal(set) var didScrollCount = 0
        public internal(set) var currentPage = 0
        public internal(set) var currentSection = 0
        public internal(set) var touch: TouchMode = .none
        public internal(set) var preview: Preview?
        public internal(set) var skinPicker: SkinTonePicker?
        /// The chosen variant per base emoji code; the key shows it from then on.
        public internal(set) var skinTones: [String: Emoji] = [:]
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
        var deleteRepeater: DeleteKeyRepeater
        /// Bumped whenever what the pages show changes (sections, skin tones, layout,
        /// theme): cached page display lists of an older generation are stale.
        public internal(set) var contentGeneration = 0

        public var offset: Double { scroller.offset }
        /// UIScrollView.isScrollEnabled: off while a preview or skin-tone picker shows.
        public var isScrollEnabled: Bool {
            switch touch {
            case .previewing, .pickingSkinTone: return false
            default: return true
            }
        }
        public var isScrolling: Bool { scroller.state != .idle }
        /// No scroll motion, no touch in progress.
        public var isSettled: Bool { scroller.state == .idle && touch == .none && !scroller.isHeld }
        /// The scroll model's state (idle, dragging, decelerating, bouncing, animating).
        public var scrollState: ScrollState { scroller.state }

        /// Page of the current group (0-based) and the group's page count.
        public var pageInGroup: Int { layout.pageInSection(currentPage) ?? 0 }
        public var pagesInGroup: Int {
            layout.pageCounts.indices.contains(currentSection) ? layout.pageCounts[currentSection] : 0
        }
        /// UIPageControl.hidesForSinglePage.
        public var isPageControlHidden: Bool { pagesInGroup <= 1 }
        /// Number of search results while searching, nil otherwise (`expect panel.results N`).
        public var resultCount: Int? {
            query == nil ? nil : sections.first.map({ $0.emoji.count }) ?? 0
        }
        public var currentGroupName: String {
            sections.indices.contains(currentSection) ? sections[currentSection].name : ""
        }

        /// The emoji a key shows: the remembered skin tone of its base, else itself.
        public func shown(section: Int, index: Int) -> Emoji? {
            guard sections.indices.contains(section), sections[section].emoji.indices.contains(index) else { return nil }
            let e = sections[section].emoji[index]
            return skinTones[e.code] ?? e
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
