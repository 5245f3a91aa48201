import Testing
import SimCore
import Interaction
import Raster
import Tester

/// A subject that draws what the test gives it and records the touches it gets: the
/// default resolution (`Testable.resolve`) over `displayList()`.
private final class Board: Testable {
    let clock = VirtualClock()
    let trace = Trace()
    let bounds = Rect(x: 0, y: 0, width: 200, height: 100)
    var list: DisplayList
    var touches: [TouchEvent] = []
    init(_ draw: (inout DisplayList) -> Void) {
        var l = DisplayList(width: 200, height: 100)
        draw(&l)
        list = l
    }
    func handle(_ touch: TouchEvent) { touches.append(touch) }
    var motion: [String] { [] }
    func displayList() -> DisplayList { list }
    func invariantViolations() -> [String] { [] }
    var frameLink: DisplayLink? { nil }
}

@Suite struct FinderDescriptionTests {
    @Test func everyKindPrintsItsScriptSpelling() {
        let cases: [(Finder, String)] = [
            (.label("微笑"), #"label "微笑""#),
            (.view("InputBar.send"), "view InputBar.send"),
            (.view("a b"), #"view "a b""#),
            (.text("Hi [笑哭]"), #"text "Hi [笑哭]""#),
            (.point(Point(x: 10, y: 20.5)), "10,20.5"),
            // A subject's own kind: its words, then each argument (a word bare when it
            // lexes as one, else quoted; a string always quoted).
            (.target(FinderTarget("board.key")), "board.key"),
            (.target(FinderTarget("board.key at", [.number(3)])), "board.key at 3"),
            (.target(FinderTarget("board.key", [.word("笑哭"), .word("a b"), .string("x")])), #"board.key 笑哭 "a b" "x""#),
            (.first(.label("a")), #"label "a" first"#),
            (.nth(.label("微笑"), 2), #"label "微笑" nth 2"#),
            (.nth(.within(.label("a"), Self.region), 1), #"label "a" within board nth 1"#),
        ]
        for (finder, spelling) in cases { #expect(finder.description == spelling) }
    }

    static let region = Finder.target(FinderTarget("board", isRegion: true))

    @Test func onlyARegionKindIsARegion() {
        #expect(Self.region.isRegion)
        #expect(!Finder.target(FinderTarget("board")).isRegion)
        #expect(!Finder.first(Self.region).isRegion)
    }

    @Test func modifiersKeepTheirBase() {
        #expect(Finder.nth(.within(.label("a"), Self.region), 1).base == .label("a"))
        #expect(Finder.first(.target(FinderTarget("board.key", [.word("x")]))).isDrawnKind == false)
        #expect(Finder.within(.text("t"), Self.region).isDrawnKind)
    }
}

@Suite struct FinderResolutionTests {
    private func board() -> Board {
        Board { l in
            l.fill(Rect(x: 0, y: 0, width: 100, height: 100), .panelBackground, view: "left")
            l.fill(Rect(x: 10, y: 10, width: 20, height: 20), .text, label: "微笑", view: "left.key")
            l.fill(Rect(x: 40, y: 10, width: 20, height: 20), .text, label: "微笑", view: "left.key", state: .selected)
            l.fill(Rect(x: 110, y: 10, width: 20, height: 20), .text, label: "微笑", view: "right.key")
            l.fill(Rect(x: 150, y: 60, width: 30, height: 20), .text, label: "Send", view: "send", state: .disabled)
            l.text(TextLayout("Hi"), at: Point(x: 10, y: 60), view: "left.text")
        }
    }

    @Test func aLabelHitsTheTopmostAndCountsEveryMatch() throws {
        let r = board().resolve(.label("微笑"))
        let h = try #require(r.found)
        #expect(r.isHit)
        #expect(h.count == 3)
        #expect(h.frame == Rect(x: 110, y: 10, width: 20, height: 20))
        #expect(h.point == Point(x: 120, y: 20))
    }

    @Test func nthAndFirstPickInPaintOrder() throws {
        let b = board()
        #expect(b.resolve(.first(.label("微笑"))).found?.frame.minX == 10)
        let second = try #require(b.resolve(.nth(.label("微笑"), 1)).found)
        #expect(second.frame.minX == 40)
        #expect(second.isSelected == true)
        #expect(second.count == 3)
        #expect(b.resolve(.nth(.label("微笑"), 3)) == .missing(#"label "微笑" finds 3 (nth 0 to 2)"#))
    }

    @Test func withinKeepsTheMatchesInsideTheContainer() {
        let b = board()
        #expect(b.resolve(.within(.label("微笑"), .view("right"))).found?.count == 1)
        #expect(b.resolve(.within(.label("微笑"), .view("left"))).found?.count == 2)
        #expect(b.resolve(.within(.label("微笑"), .view("nowhere"))).isHit == false)
    }

    @Test func missingSaysWhatIsNotDrawn() {
        let b = board()
        #expect(b.resolve(.label("哭")) == .missing(#"nothing drawn has the accessibility label "哭""#))
        #expect(b.resolve(.view("top")).description.hasPrefix("no view named 'top' is drawn (views: "))
        #expect(b.resolve(.text("Ho")) == .missing(#"no text "Ho" is drawn"#))
        #expect(b.resolve(.target(FinderTarget("send"))).description == "send is not part of this subject (it resolves label, view, text and points)")
    }

    @Test func textMatchesWhatATextItemSays() {
        let r = board().resolve(.text("Hi"))
        #expect(r.isHit)
        #expect(r.found?.text == "Hi")
    }

    @Test func aDisabledItemIsFoundButNotAHit() {
        let r = board().resolve(.label("Send"))
        guard case .disabled(let why, let h) = r else { Issue.record("expected disabled, got \(r)"); return }
        #expect(why == "it is drawn disabled")
        #expect(h.frame == Rect(x: 150, y: 60, width: 30, height: 20))
        #expect(r.isVisible && r.exists && !r.isHit)
    }

    @Test func anItemUnderAnotherViewIsCovered() {
        let b = Board { l in
            l.fill(Rect(x: 10, y: 10, width: 20, height: 20), .text, label: "微笑", view: "key")
            l.fill(Rect(x: 0, y: 0, width: 100, height: 100), .panelBackground, view: "preview")
        }
        let r = b.resolve(.label("微笑"))
        #expect(r.description == "covered by preview")
        #expect(r.found?.frame == Rect(x: 10, y: 10, width: 20, height: 20))
    }

    @Test func aClippedItemIsNotDrawn() {
        let b = Board { l in
            l.clipped(to: Rect(x: 0, y: 0, width: 50, height: 50)) { c in
                c.fill(Rect(x: 60, y: 10, width: 20, height: 20), .text, label: "微笑", view: "key")
            }
        }
        #expect(b.resolve(.label("微笑")).exists == false)
    }
}

@Suite struct TesterFinderGestureTests {
    @Test func tapAimsAtTheFinderPoint() throws {
        let b = Board { l in l.fill(Rect(x: 10, y: 10, width: 20, height: 20), .text, label: "微笑", view: "key") }
        let t = Tester(b)
        try t.tap(.label("微笑"))
        #expect(b.touches.map(\.location) == [Point(x: 20, y: 20), Point(x: 20, y: 20)])
        #expect(b.touches.map(\.phase) == [.began, .ended])
    }

    @Test func aMissingTargetThrowsWithTheFinderAndWhy() {
        let b = Board { _ in }
        let t = Tester(b)
        #expect(throws: TesterError.notActionable(action: #"tap label "哭""#, .label("哭"),
                                                  .missing(#"nothing drawn has the accessibility label "哭""#))) {
            try t.tap(.label("哭"))
        }
        do { try t.tap(.label("哭")) } catch {
            #expect(error.description == #"tap label "哭": nothing drawn has the accessibility label "哭""#)
        }
        #expect(b.touches.isEmpty)
    }

    @Test func disabledThrowsInAutoAndWarnsInManualTiming() throws {
        let b = Board { l in l.fill(Rect(x: 10, y: 10, width: 20, height: 20), .text, label: "Send", view: "send", state: .disabled) }
        let t = Tester(b)
        #expect(throws: TesterError.self) { try t.tap(.label("Send")) }
        #expect(b.touches.isEmpty)
        t.timing = .manual
        try t.tap(.label("Send"))
        #expect(b.touches.count == 2)
        #expect(b.trace.lines.last?.contains("disabled (it is drawn disabled); the touch did nothing") == true)
    }

    @Test func aPointOutsideTheSubjectThrows() {
        let t = Tester(Board { _ in })
        #expect(throws: TesterError.outside(Point(x: 300, y: 10), bounds: Rect(x: 0, y: 0, width: 200, height: 100))) {
            try t.tap(.point(Point(x: 300, y: 10)))
        }
    }

    @Test func aDragOnARegionStartsWhereThePathFits() throws {
        let b = Board { l in l.fill(Rect(x: 0, y: 0, width: 200, height: 100), .panelBackground, view: "area") }
        let t = Tester(b)
        // A view is not a region: the drag starts at its point, the centre (100, 50),
        // and 150 pt to the left would leave the screen.
        do {
            try t.drag(.view("area"), by: Point(x: -150, y: 0))
            Issue.record("a drag off the screen went through")
        } catch {
            #expect(error.description.hasSuffix("from (100, 50); use a shorter distance"), "\(error)")
        }
        #expect(b.touches.isEmpty)
        try t.drag(.view("area"), by: Point(x: -80, y: 0))
        #expect(b.touches.first?.location == Point(x: 100, y: 50))
        #expect(b.touches.last?.location == Point(x: 20, y: 50))
    }
}
