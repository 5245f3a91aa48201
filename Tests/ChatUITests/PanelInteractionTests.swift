import Testing
import SimCore
import EmojiText
@testable import ChatUI

@Suite struct PanelInteractionTests {
    // MARK: taps and recents

    @Test func tapSelectsAndClicksAndRemembersRecents() {
        let (panel, d) = makePanel()
        d.tap(panel.location(row: 0, column: 2))
        #expect(d.delegateCalls() == [.didSelect(PanelFixtures.groups[0].emoji[2])])
        #expect(panel.state.recents.map(\.code) == ["f002"])
        // Recents appear first; the page in view still shows the same first emoji.
        #expect(panel.state.sections.map(\.name) == ["Recents", "Faces", "Animals", "Food"])
        #expect(panel.state.currentGroupName == "Faces" && panel.state.currentPage == 1)
        #expect(panel.location(ofEmoji: "f000") == panel.location(row: 0, column: 0))
        d.tap(panel.location(row: 0, column: 5))
        d.tap(panel.location(row: 0, column: 2))
        #expect(panel.state.recents.map(\.code) == ["f002", "f005"]) // most recent first, de-duplicated
        #expect(panel.trace.lines.contains { $0.contains("didSelect code=f002 via=tap group=Faces page=0") })
    }

    @Test func recentsAreCapped() {
        var c = PanelConfiguration.standard
        c.recentsLimit = 3
        let (panel, d) = makePanel(configuration: c)
        for col in 0..<6 { d.tap(panel.location(row: 1, column: col)) }
        #expect(panel.state.recents.map(\.code) == ["f013", "f012", "f011"])
    }

    @Test func tapsInGapsAndInsetsSelectNothing() {
        let (panel, d) = makePanel()
        let key = panel.location(row: 1, column: 1)
        d.tap(Point(x: key.x + 22, y: key.y))   // horizontal gap (36 pt key, 8 pt gap)
        d.tap(Point(x: key.x, y: key.y + 21))   // vertical gap
        d.tap(Point(x: 4, y: 60))               // left inset
        d.tap(Point(x: 100, y: 172))            // page control
        #expect(d.delegateCalls().isEmpty)
    }

    // MARK: delete key

    func deletes(hold: SimDuration, cancel: Bool = false) -> (Host<EmojiPanel>, [PanelEvent]) {
        let (panel, d) = makePanel()
        let key = panel.deleteKeyLocation!
        d.down(key)
        d.wait(hold)
        if cancel { d.cancel(key) } else { d.up(key) }
        #expect(panel.clock.pendingTimerCount == 0) // the repeat timer never outlives the touch
        d.wait(.seconds(1))
        return (panel, d.delegateCalls())
    }

    @Test func deleteHeld200msDeletesOnce() {
        #expect(deletes(hold: .milliseconds(200)).1 == [.didTapDelete(repeatCount: 0)])
    }

    @Test func deleteHeld600msRepeatsTwice() {
        let (panel, events) = deletes(hold: .milliseconds(600))
        #expect(events == [.didTapDelete(repeatCount: 1), .didTapDelete(repeatCount: 2)])
        #expect(panel.trace.lines.filter { $0.contains("didTapDelete") } ==
                ["0.500s panel didTapDelete repeat=1", "0.600s panel didTapDelete repeat=2"])
    }

    @Test func deleteHeld2sRepeatsEvery100ms() {
        let events = deletes(hold: .seconds(2)).1
        #expect(events == (1...16).map { PanelEvent.didTapDelete(repeatCount: $0) })
    }

    @Test func cancelledDeleteStopsAtOnce() {
        #expect(deletes(hold: .milliseconds(200), cancel: true).1.isEmpty)
        #expect(deletes(hold: .milliseconds(750), cancel: true).1.count == 3)
    }

    // MARK: long press preview

    func previewCodes(_ trace: Trace) -> [String] {
        trace.retained.filter { $0.name == "previewBegan" || $0.name == "previewChanged" }
            .compactMap { $0.fields.first { $0.key == "code" }?.value }
    }

    @Test func longPressSlideAcrossThreeItemsAndRelease() {
        let (panel, d) = makePanel()
        let start = panel.location(row: 0, column: 0)
        d.down(start)
        d.wait(.milliseconds(299))
        #expect(panel.state.preview == nil)
        d.wait(.milliseconds(1))
        #expect(panel.state.preview?.emoji.code == "f000")
        #expect(!panel.state.isScrollEnabled)
        d.slide(from: start, to: panel.location(row: 0, column: 3), over: .milliseconds(300))
        #expect(panel.state.preview?.emoji.code == "f003")
        #expect(panel.state.offset == 0) // no scrolling while previewing
        d.up(panel.location(row: 0, column: 3))
        #expect(panel.state.preview == nil && panel.state.isScrollEnabled)
        #expect(previewCodes(panel.trace) == ["f000", "f001", "f002", "f003"])
        #expect(d.delegateCalls().isEmpty) // a long press is never also a tap; the seed does not insert
        #expect(panel.trace.names("preview").last == "previewEnded")
    }

    @Test func previewInsertsOnReleaseWhenConfigured() {
        var c = PanelConfiguration.standard
        c.previewInserts = true
        let (panel, d) = makePanel(configuration: c)
        d.press(panel.location(row: 2, column: 4), for: .milliseconds(800))
        #expect(d.delegateCalls() == [.didSelect(PanelFixtures.groups[0].emoji[20])])
    }

    @Test func previewHidesOverGapsAndTheDeleteKey() {
        let (panel, d) = makePanel()
        let key = panel.location(row: 2, column: 6)
        d.down(key)
        d.wait(.milliseconds(300))
        #expect(panel.state.preview?.emoji.code == "f022")
        d.move(Point(x: key.x + 22, y: key.y))
        #expect(panel.state.preview == nil)
        d.move(panel.deleteKeyLocation!)
        #expect(panel.state.preview == nil)
        d.up(panel.deleteKeyLocation!)
        #expect(d.delegateCalls().isEmpty)
    }

    @Test func shortPressIsATapAndMovingFirstIsAScroll() {
        let (panel, d) = makePanel()
        d.press(panel.location(row: 0, column: 1), for: .milliseconds(290))
        #expect(d.delegateCalls() == [.didSelect(PanelFixtures.groups[0].emoji[1])])
        let p = panel.location(row: 0, column: 1)
        d.down(p)
        d.slide(from: p, to: Point(x: p.x - 30, y: p.y), over: .milliseconds(100))
        d.wait(.milliseconds(400))
        #expect(panel.state.preview == nil) // the scroll won: no long press
        d.up(Point(x: p.x - 30, y: p.y))
        d.settle()
        #expect(d.delegateCalls().isEmpty)
        #expect(panel.trace.names().contains("willBeginDragging"))
    }

    @Test func previewIsPlacedAboveTheFingerAndClamped() {
        let (panel, d) = makePanel()
        d.down(panel.location(row: 2, column: 0))
        d.wait(.milliseconds(300))
        let p = try! #require(panel.state.preview)
        // The seed's 120 x 120 bubble does not fit above row 2 (key top 114) of a panel
        // alone: beside the key, towards the middle, never over it.
        #expect(p.placement.frame.minX == p.keyFrame.maxX + 4 && p.placement.frame.minY >= 0)
        #expect(!p.placement.frame.intersects(p.keyFrame))
        var c = PanelConfiguration.standard
        c.preview = .scale(1.5)
        let (small, d2) = makePanel(configuration: c)
        d2.down(small.location(row: 2, column: 3))
        d2.wait(.milliseconds(300))
        let q = try! #require(small.state.preview)
        #expect(q.placement.frame.maxY == q.keyFrame.minY - 4)       // above the finger
        #expect(q.placement.frame.midX == q.keyFrame.midX)
    }

    // MARK: skin tones

    @Test func skinTonePickerSlidesSelectsAndRemembers() {
        let base = PanelFixtures.groups[0].emoji[1]
        let variants = (1...5).map { Emoji(code: "f001-\($0)", kind: .staticImage, imageName: "f001-\($0).png", group: "Faces") }
        let (panel, d) = makePanel(variants: { $0.code == base.code ? variants : [] })
        let key = panel.location(row: 0, column: 1)
        d.down(key)
        d.wait(.milliseconds(300))
        let picker = try! #require(panel.state.skinPicker)
        #expect(panel.state.preview == nil && picker.options.count == 6 && picker.selected == 0)
        // No room above the top row of a panel alone: below the key, inside the panel.
        let keyFrame = Rect(x: key.x - 18, y: key.y - 18, width: 36, height: 36)
        #expect(picker.frame.minY >= 0 && picker.frame.minX >= 0 && !picker.frame.intersects(keyFrame))
        d.move(picker.frame(ofOption: 3).center)
        d.up(picker.frame(ofOption: 3).center)
        #expect(d.delegateCalls() == [.didSelect(variants[2])])
        #expect(panel.state.skinTones[base.code] == variants[2])
        // The key shows the chosen tone, and a tap inserts it.
        let faces = panel.state.sections.firstIndex { $0.name == "Faces" }!
        #expect(panel.state.shown(section: faces, index: 1) == variants[2])
        d.tap(try! #require(panel.location(ofEmoji: "f001-3")))
        #expect(d.delegateCalls() == [.didSelect(variants[2])])
    }

    // MARK: category bar, page control

    @Test func tabTapScrollsAnimatedAndTheHighlightFollows() {
        let (panel, d) = makePanel()
        #expect(panel.state.currentGroupName == "Faces" && !panel.state.isPageControlHidden)
        d.tap(panel.location(ofTab: 2))
        #expect(panel.state.isScrolling)
        d.settle()
        #expect(panel.state.offset == 7 * 375)
        #expect(panel.state.currentGroupName == "Food" && panel.state.isPageControlHidden)
        let groups = panel.trace.retained.filter { $0.name == "didChangeGroup" }.map { $0.fields[0].value }
        #expect(groups == ["Animals", "Food"]) // passed through Animals on the way
        #expect(panel.trace.names().contains("didEndScrollingAnimation"))
    }

    @Test func touchOnAMovingScrollStopsItWithoutSelecting() {
        let (panel, d) = makePanel()
        d.tap(panel.location(ofTab: 1))
        d.wait(.milliseconds(100))
        let p = panel.location(row: 1, column: 1)
        d.tap(p)
        #expect(d.delegateCalls().isEmpty)
        d.settle()
        #expect(panel.state.offset.truncatingRemainder(dividingBy: 375) == 0)
    }

    // MARK: resize and search

    @Test func resizeKeepsThePageShowingTheSameFirstEmoji() {
        var c = PanelConfiguration.standard
        c.adaptiveColumns = true
        let (panel, _) = makePanel(configuration: c)
        panel.scroll(toPage: 4, animated: false) // Animals page 2: a046...
        #expect(panel.state.layout.emojiRange(ofPage: 4).first == 46)
        panel.resize(width: 320)                  // 7 columns: 20 per page
        #expect(panel.state.layout.perPage == 20)
        let range = panel.state.layout.emojiRange(ofPage: panel.state.currentPage)
        #expect(panel.state.currentGroupName == "Animals" && range.contains(46))
        #expect(panel.state.offset == Double(panel.state.currentPage) * 320)
        panel.resize(width: 768)                  // 17 columns: 50 per page
        #expect(panel.state.layout.emojiRange(ofPage: panel.state.currentPage).contains(46))
    }

    @Test func searchShowsResultsOnTheirOwnPagesAndClearingReturns() {
        let (panel, _) = makePanel()
        panel.scroll(toPage: 3, animated: false)
        panel.search("animals 1")
        // "Animals 1" exactly, then prefixes "Animals 10".."Animals 19"
        let names = panel.state.sections[0].emoji.map { $0.meaning() }
        #expect(names.first == "Animals 1" && names.count == 11)
        #expect(panel.state.sections.count == 1 && panel.state.offset == 0)
        panel.search("")
        #expect(panel.state.query == nil && panel.state.offset == 3 * 375)
        #expect(panel.state.sections.map(\.name) == ["Faces", "Animals", "Food"])
    }

    @Test func sameScriptSameTrace() {
        func run() -> String {
            let (panel, d) = makePanel()
            d.fling(at: Point(x: 300, y: 60), dx: -120, over: .milliseconds(100))
            d.press(panel.location(row: 1, column: 3), for: .milliseconds(600))
            d.tap(panel.location(row: 0, column: 0))
            return panel.trace.text
        }
        let a = run()
        #expect(!a.isEmpty && a == run())
    }
}

@Suite struct PanelCatalogTests {
    func demoPanel() -> (Host<EmojiPanel>, PanelDriver) {
        let panel = Host(panel: EmojiPanel(catalog: .demo), width: 375)
        return (panel, PanelDriver(panel: panel))
    }

    @Test func groupsOfTheDemoCatalogPageByArithmetic() {
        let (panel, _) = demoPanel()
        let counts = EmojiCatalog.demo.groups.map(\.count)
        #expect(panel.state.sections.map(\.name) == EmojiCatalog.demo.groups.map(\.name))
        #expect(panel.state.layout.pageCounts == counts.map { ($0 + 22) / 23 })
    }

    @Test func skinToneVariantsComeFromTheCatalog() throws {
        let (panel, d) = demoPanel()
        let cat = EmojiCatalog.demo
        let s = try #require(panel.state.sections.firstIndex { $0.emoji.contains { !$0.skinToneVariants.isEmpty } })
        let i = try #require(panel.state.sections[s].emoji.firstIndex { !$0.skinToneVariants.isEmpty })
        let base = panel.state.sections[s].emoji[i]
        panel.scroll(toPage: panel.state.layout.page(section: s, index: i)!, animated: false)
        let key = try #require(panel.location(ofEmoji: base.code))
        d.down(key)
        d.wait(.milliseconds(300))
        let picker = try #require(panel.state.skinPicker)
        #expect(picker.options.map(\.code) == [base.code] + cat.variants(of: base).map(\.code))
        let last = picker.frame(ofOption: picker.options.count - 1).center
        d.move(last)
        d.up(last)
        #expect(d.delegateCalls().last == .didSelect(picker.options.last!))
        #expect(panel.state.skinTones[base.code] == picker.options.last)
    }

    @Test func searchUsesTheCatalogRankingAndRecentsRoundTrip() throws {
        let (panel, d) = demoPanel()
        panel.search("smile")
        let results = panel.state.sections[0].emoji
        #expect(results == EmojiCatalog.demo.search("smile", limit: 1000) && !results.isEmpty)
        d.tap(panel.location(row: 0, column: 0))
        #expect(d.delegateCalls().last == .didSelect(results[0]))
        panel.clearSearch()
        #expect(panel.state.sections.first?.kind == .recents)
        let saved = panel.recentEmojis
        #expect(saved.codes == [results[0].code])
        let (other, _) = demoPanel()
        other.restore(saved)
        #expect(other.state.recents == [results[0]])
    }
}

@Suite struct PanelConfigurationTests {
    @Test func deviceHeightsAndAConfigureThatKeepsThePage() {
        let c = PanelConfiguration.device(.iphone14)
        #expect(c.height == 250)
        let (panel, d) = makePanel()
        panel.scroll(toPage: 4, animated: false) // Animals, emoji 46...
        panel.configure(.grid(7, 3, key: 32))    // 20 per page
        #expect(panel.state.layout.perPage == 20)
        #expect(panel.state.layout.emojiRange(ofPage: panel.state.currentPage).contains(46))
        var slow = PanelConfiguration.standard
        slow.minimumPressDuration = .milliseconds(800)
        panel.configure(slow)
        d.down(panel.location(row: 0, column: 0))
        d.wait(.milliseconds(500))
        #expect(panel.state.preview == nil)
        d.wait(.milliseconds(300))
        #expect(panel.state.preview != nil)
        d.up(panel.location(row: 0, column: 0))
    }

    @Test func resultCountWhileSearching() {
        let (panel, _) = makePanel()
        #expect(panel.state.resultCount == nil)
        panel.search("food")
        #expect(panel.state.resultCount == 5)
        panel.search("nothing like this")
        #expect(panel.state.resultCount == 0 && panel.state.layout.pageCount == 0)
        panel.clearSearch()
        #expect(panel.state.resultCount == nil)
    }
}

@Suite struct PanelCatchTests {
    @Test(arguments: [SimDuration.milliseconds(40), .milliseconds(500)])
    func aTouchThatCatchesTheScrollThenLiftsSettlesOnAPage(_ hold: SimDuration) {
        let (panel, d) = makePanel()
        d.tap(panel.location(ofTab: 2))     // animated scroll towards Food
        d.wait(.milliseconds(120))
        #expect(panel.state.isScrolling)
        let p = Point(x: 120, y: 70)
        d.down(p)
        d.wait(hold)                          // a tap, or long enough for a long press
        d.up(p)
        d.settle()
        let settled = panel.state.isSettled, offset = panel.state.offset
        #expect(settled)
        #expect(offset.truncatingRemainder(dividingBy: 375) == 0, "rested at \(offset)")
        #expect(d.delegateCalls().isEmpty) // catching selects nothing
        #expect(panel.clock.pendingTimerCount == 0)
    }
}

/// The delegate moments of one session, line for line: what a scenario's
/// `expect trace` sees. Relayouts that only renumber pages (recents appearing) are silent.
@Suite struct PanelTraceTests {
    @Test func aSessionsTraceLineForLine() {
        let (panel, d) = makePanel()
        d.fling(at: Point(x: 300, y: 60), dx: -60, over: .milliseconds(100))
        d.down(panel.location(row: 0, column: 0)); d.wait(.milliseconds(300))
        d.slide(from: panel.location(row: 0, column: 0), to: panel.location(row: 0, column: 1), over: .milliseconds(100))
        d.up(panel.location(row: 0, column: 1))
        d.press(panel.deleteKeyLocation!, for: .milliseconds(600))
        d.tap(panel.location(row: 0, column: 2))
        #expect(panel.trace.lines == [
            "0.025s panel willBeginDragging offset=0",   // 120 Hz samples: the threshold is crossed sooner
            "0.100s panel willEndDragging velocity=600 target=375",
            "0.100s panel didEndDragging decelerate=true",
            "0.100s panel willBeginDecelerating",
            "0.167s panel didChangePage group=Faces page=1 of=2 global=1",
            "0.917s panel didEndDecelerating offset=375",
            "1.233s panel longPressBegan at=(33.5, 40)",
            // A panel alone has no room above its top row: the preview goes beside the key.
            "1.233s panel previewBegan code=f023 frame=[55.5,0 120x120]",
            "1.275s panel previewHidden code=f023",
            "1.300s panel previewBegan code=f024 frame=[99.5,0 120x120]",
            "1.333s panel previewEnded code=f024 inserted=false",
            "1.833s panel didTapDelete repeat=1",
            "1.933s panel didTapDelete repeat=2",
            "2.013s panel didSelect code=f025 via=tap group=Faces page=1",   // an 80 ms tap
        ])
    }
}
