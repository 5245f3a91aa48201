import SimCore
import EmojiText
import Interaction

// Search, resize and configuration: everything that rebuilds the sections and the
// layout, keeping the page in view found by what it shows.
extension PanelMachine {
    /// Shows the catalog's matches for `query` on their own pages (best first); an
    /// empty query clears the search.
    mutating func search(_ query: String, at t: SimInstant) {
        if query.isEmpty { clearSearch(at: t); return }
        if state.query == nil {
            state.pageBeforeSearch = anchor().map { PageAnchor(name: $0.0, kind: $0.1, index: $0.2, code: $0.3) }
        }
        state.query = query
        let results = panel.searchProvider(query)
        record(t, "search", ("query", query), ("results", String(results.count)))
        rebuild(anchor: nil, at: t)
        scroll(toPage: 0, animated: false, at: t)
    }

    /// Leaves search mode and returns to the page and group shown before the search
    /// (UISearchBar cancel restoring the collection view's position). The page is
    /// found by what it showed (group, first emoji), not by its offset: recents picked
    /// during the search put a Recents page in front, and a search typed while the
    /// panel bounced past an edge must not bring back an out-of-bounds offset.
    mutating func clearSearch(at t: SimInstant) {
        guard state.query != nil else { return }
        state.query = nil
        let back = state.pageBeforeSearch
        state.pageBeforeSearch = nil
        record(t, "searchCleared")
        rebuild(anchor: back.map { ($0.name, $0.kind, $0.index, $0.code) }, at: t)
    }

    mutating func resize(width: Double, at t: SimInstant) {
        let a = anchor()
        state.width = width.isFinite ? max(0, width) : 0
        record(t, "resize", ("width", formatPoints(width)))
        rebuild(anchor: a, at: t)
    }

    mutating func configure(_ c: PanelConfiguration, at t: SimInstant) {
        let a = anchor()
        let toneChanged = c.defaultSkinTone != state.configuration.defaultSkinTone
        let orderChanged = c.recentsOrder != state.configuration.recentsOrder
        state.configuration = c
        if orderChanged {
            // The history is one: Recents is its order of last use, Frequently Used its ranking.
            if c.recentsOrder == .frequent {
                state.recents = frequentRanking()
            } else {
                // A loop, not Dictionary(_:uniquingKeysWith:): Embedded Swift refuses that
                // initializer (it casts dynamically), and the wasm core builds this file.
                var known: [String: Emoji] = [:]
                for e in state.recents where known[e.code] == nil { known[e.code] = e }
                state.recents = Array(state.frequentEmojis.byRecency.compactMap { known[$0] ?? panel.lookup($0) }
                    .prefix(max(0, c.recentsLimit)))
            }
            // Shown at once: a configuration change is no tap under a finger.
            state.shownRecents = state.query == nil ? state.recents : state.shownRecents
        }
        if toneChanged {
            applyDefaultSkinTone()
            record(t, "defaultSkinTone", ("tone", c.defaultSkinTone?.scriptName ?? "none"))
        }
        state.scroller.configure(policy: c.snapPolicy)
        state.deleteRepeater.delay = c.deleteRepeatDelay
        state.deleteRepeater.interval = c.deleteRepeatInterval
        state.arena.modify("longPress", as: LongPressRecognizer.self) {
            $0.minimumPressDuration = c.minimumPressDuration
            $0.allowableMovement = c.allowableMovement
        }
        rebuild(anchor: a, at: t)
    }

    /// Fills `State.defaultToned` for the configuration's default tone: every group
    /// emoji with a variant in that tone (search results and recents are group emoji
    /// or variants, so the one table serves every section).
    /// - Complexity: O(emoji + their variants), once per tone change.
    mutating func applyDefaultSkinTone() {
        var table: [String: Emoji] = [:]
        if let tone = state.configuration.defaultSkinTone {
            for g in state.groups {
                for e in g.emoji where table[e.code] == nil {
                    let variants = panel.variantsProvider(e)
                    if !variants.isEmpty, let v = SkinTone.variant(wearing: tone, among: variants) { table[e.code] = v }
                }
            }
        }
        state.defaultToned = table
    }

    /// (section name, kind, index and code of the first emoji) of the page in view.
    func anchor() -> (String, PanelSection.Kind, Int, String)? {
        let s = state.currentSection
        guard state.sections.indices.contains(s) else { return nil }
        let range = state.layout.emojiRange(ofPage: state.currentPage)
        guard let first = range.first else { return nil }
        let sec = state.sections[s]
        return (sec.name, sec.kind, first, sec.emoji[first].code)
    }

    mutating func rebuild(anchor: (String, PanelSection.Kind, Int, String)?, at t: SimInstant) {
        var sections: [PanelSection] = []
        if let q = state.query {
            // A tab of its own (the magnifying glass, "Search results"), not a group's.
            sections = [PanelSection(name: "Search: \(q)", title: PanelSection.searchResultsTitle,
                                     emoji: panel.searchProvider(q), kind: .searchResults)]
        } else {
            if !state.shownRecents.isEmpty {
                sections.append(PanelSection(name: state.configuration.recentsOrder == .frequent ? "Frequently Used" : "Recents",
                                             emoji: state.shownRecents, kind: .recents))
            }
            sections += state.groups.filter { !$0.emoji.isEmpty }
        }
        state.sections = sections
        state.layout = PanelLayout(configuration: state.configuration, width: state.width,
                                   sectionCounts: sections.map({ $0.emoji.count }))
        state.contentGeneration += 1
        let layout = state.layout
        _ = state.scroller.setGeometry(viewport: layout.scrollFrame.size, content: layout.contentSize, at: t)
        var page = min(state.currentPage, max(0, layout.pageCount - 1))
        if let (name, kind, index, code) = anchor,
           let s = sections.firstIndex(where: { $0.name == name && $0.kind == kind }) {
            let emoji = sections[s].emoji
            let i = (emoji.indices.contains(index) && emoji[index].code == code)
                ? index : (emoji.firstIndex { $0.code == code } ?? 0)
            page = layout.page(section: s, index: i) ?? layout.firstPage[s]
        }
        _ = state.scroller.setOffset(layout.offset(ofPage: page), animated: false, at: t)
        updateCurrentPage(announce: true, at: t)
    }
}
