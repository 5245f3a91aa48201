import Testing
import SimCore
import EmojiText
@testable import ChatUI
import ChatHarness

/// Frequently Used (issue 44 item 2): the first group ranked by `FrequentEmojis`,
/// selectable against plain Recents, never reordered while in view, saved and restored
/// as a plain value.
@Suite struct PanelFrequentlyUsedTests {
    func frequentPanel(order: PanelConfiguration.RecentsOrder = .frequent) -> (Host<EmojiPanel>, PanelDriver) {
        var c = PanelConfiguration.standard
        c.recentsOrder = order
        return makePanel(configuration: c)
    }

    /// Taps keys of the page in view by column (row 0), in order.
    func tap(_ panel: Host<EmojiPanel>, _ d: PanelDriver, columns: [Int]) {
        for c in columns { d.tap(panel.location(row: 0, column: c)) }
        d.settle()
    }

    /// Goes to a catalog group's page: the first group is "Faces".
    func toFaces(_ panel: Host<EmojiPanel>) {
        panel.scroll(toSection: panel.state.sections.firstIndex { $0.name == "Faces" }!, animated: false)
    }

    @Test func theFirstGroupIsRankedByUseAndRecency() throws {
        let (panel, d) = frequentPanel()
        tap(panel, d, columns: [0, 1, 0, 2, 0])
        toFaces(panel)
        #expect(panel.state.sections[0].name == "Frequently Used")
        #expect(panel.state.sections[0].emoji.map(\.code) == ["f000", "f002", "f001"])
        // Plain Recents lists the same picks by last use.
        let (recent, d2) = frequentPanel(order: .recent)
        tap(recent, d2, columns: [0, 1, 0, 2, 0])
        toFaces(recent)
        #expect(recent.state.sections[0].name == "Recents")
        #expect(recent.state.sections[0].emoji.map(\.code) == ["f000", "f002", "f001"])
        tap(recent, d2, columns: [1])
        toFaces(recent)
        #expect(recent.state.sections[0].emoji.map(\.code) == ["f001", "f000", "f002"])
        tap(panel, d, columns: [1])
        toFaces(panel)
        #expect(panel.state.sections[0].emoji.map(\.code) == ["f000", "f001", "f002"])
    }

    @Test func theRowNeverReordersWhileShown() throws {
        let (panel, d) = frequentPanel()
        tap(panel, d, columns: [0, 0, 1])
        panel.scroll(toSection: 0, animated: false)
        d.settle()
        #expect(panel.state.currentGroupName == "Frequently Used")
        let shown = panel.state.sections[0].emoji.map(\.code)
        #expect(shown == ["f000", "f001"])
        // f001 (column 1) three more times: it ranks first now, but the page in view keeps its order.
        tap(panel, d, columns: [1, 1, 1])
        #expect(d.delegateCalls().filter { if case .didSelect = $0 { true } else { false } }.count == 6)
        #expect(panel.state.sections[0].emoji.map(\.code) == shown)
        #expect(panel.state.frequentEmojis.codes == ["f001", "f000"])
        toFaces(panel)
        d.settle()
        #expect(panel.state.sections[0].emoji.map(\.code) == ["f001", "f000"])
    }

    @Test func theCountsAreSavedAndRestoredAsPlainValues() throws {
        let (panel, d) = frequentPanel()
        tap(panel, d, columns: [3, 3, 4, 5, 5, 5])
        let saved = panel.state.frequentEmojis
        // What a porter writes to UserDefaults: strings and integers.
        let codes: [String] = saved.codes, counts: [Int] = saved.counts, last: [Int] = saved.lastUses, uses: Int = saved.uses
        let (fresh, _) = frequentPanel()
        fresh.send(.setFrequentEmojis(FrequentEmojis(codes: codes, counts: counts, lastUses: last, uses: uses)))
        #expect(fresh.state.frequentEmojis == saved)
        #expect(fresh.state.sections[0].name == "Frequently Used")
        #expect(fresh.state.sections[0].emoji.map(\.code) == ["f005", "f003", "f004"])
    }

    @Test func switchingTheOrderKeepsTheHistory() throws {
        let (panel, d) = frequentPanel(order: .recent)
        tap(panel, d, columns: [0, 0, 0, 1])
        toFaces(panel)
        #expect(panel.state.sections[0].emoji.map(\.code) == ["f001", "f000"])
        var c = panel.state.configuration
        c.recentsOrder = .frequent
        panel.configure(c)
        #expect(panel.state.sections[0].name == "Frequently Used")
        #expect(panel.state.sections[0].emoji.map(\.code) == ["f000", "f001"])
        c.recentsOrder = .recent
        panel.configure(c)
        #expect(panel.state.sections[0].name == "Recents")
        #expect(panel.state.sections[0].emoji.map(\.code) == ["f001", "f000"])
    }
}
