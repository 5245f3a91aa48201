import Testing
import SimCore
@testable import ChatUI

@Suite struct PanelLayoutTests {
    let standard = PanelLayout(configuration: .standard, width: 375, sectionCounts: [30, 100, 5])

    @Test func standardGeometryIsCentredArithmetic() {
        let l = standard
        #expect(l.columns == 8 && l.rows == 3 && l.perPage == 23)
        #expect(l.itemSize == Size(width: 36, height: 36))
        #expect(l.pitch == Size(width: 44, height: 46))
        // 359 pt inside the insets, 344 pt of grid: 7.5 pt each side beyond the 8 pt inset.
        #expect(l.gridOrigin == Point(x: 15.5, y: 22))
        #expect(l.scrollFrame == Rect(x: 0, y: 0, width: 375, height: 164))
        #expect(l.pageControlFrame == Rect(x: 0, y: 164, width: 375, height: 16))
        #expect(l.categoryBarFrame == Rect(x: 0, y: 180, width: 375, height: 36))
    }

    @Test(arguments: [
        // (count, columns, rows, pages)
        (0, 8, 3, 0), (1, 8, 3, 1), (23, 8, 3, 1), (24, 8, 3, 2), (46, 8, 3, 2), (47, 8, 3, 3),
        (40, 7, 3, 2), (41, 7, 3, 3), (20, 7, 3, 1), (26, 9, 3, 1), (27, 9, 3, 2), (3600, 8, 3, 157),
    ])
    func pageCounts(count: Int, columns: Int, rows: Int, pages: Int) {
        let l = PanelLayout(configuration: .grid(columns, rows, key: 32), width: 375, sectionCounts: [count])
        #expect(l.pageCount == pages)
        #expect(l.pageCounts == [pages])
        if pages > 0 { #expect(!l.emojiRange(ofPage: pages - 1).isEmpty) } // never an empty last page
    }

    @Test func pagesOfSectionsSideBySide() {
        let l = standard // 30 -> 2 pages, 100 -> 5 pages, 5 -> 1 page
        #expect(l.pageCounts == [2, 5, 1])
        #expect(l.firstPage == [0, 2, 7])
        #expect(l.pageSection == [0, 0, 1, 1, 1, 1, 1, 2])
        #expect(l.contentSize == Size(width: 8 * 375, height: 164))
        #expect(l.emojiRange(ofPage: 1) == 23..<30)
        #expect(l.emojiRange(ofPage: 6) == 92..<100)
        #expect(l.page(section: 1, index: 46) == 4)
        #expect(l.pageInSection(4) == 2)
        #expect(l.section(ofPage: 8) == nil)
        let empty = PanelLayout(configuration: .standard, width: 375, sectionCounts: [0, 3])
        #expect(empty.firstPage == [0, 0] && empty.pageSection == [1])
    }

    @Test func everyCellOfAPageHitsItsEmojiOrTheDeleteKey() {
        let l = standard
        for page in 0..<l.pageCount {
            let s = l.pageSection[page]
            for row in 0..<3 {
                for col in 0..<8 {
                    let f = l.cellFrame(page: page, row: row, column: col)
                    let cell = row * 8 + col
                    let expected: PanelHit
                    if cell == 23 { expected = .delete(page: page) }
                    else {
                        let index = (page - l.firstPage[s]) * 23 + cell
                        expected = index < l.sectionCounts[s]
                            ? .emoji(section: s, page: page, row: row, column: col, index: index) : .nothing
                    }
                    // Centre, top-left corner (inclusive) and just inside the far corner.
                    for p in [f.center, f.origin, Point(x: f.maxX - 0.01, y: f.maxY - 0.01)] {
                        #expect(l.hit(content: p) == expected, "page \(page) r\(row) c\(col) at \(p)")
                    }
                    if case .emoji(_, _, _, _, let i) = expected {
                        #expect(l.itemFrame(section: s, index: i) == f)
                    }
                }
            }
        }
    }

    @Test func gapsAndInsetsHitNothing() {
        let l = standard
        let o = l.gridOrigin
        for col in 0..<8 {
            for row in 0..<3 {
                let f = l.cellFrame(page: 0, row: row, column: col)
                #expect(l.hit(content: Point(x: f.maxX, y: f.midY)) == .nothing)        // right edge is the gap's
                #expect(l.hit(content: Point(x: f.maxX + 4, y: f.midY)) == .nothing)    // horizontal gap
                #expect(l.hit(content: Point(x: f.midX, y: f.maxY + 5)) == .nothing)    // vertical gap / below grid
            }
        }
        #expect(l.hit(content: Point(x: o.x - 0.5, y: o.y + 5)) == .nothing)   // left inset
        #expect(l.hit(content: Point(x: o.x + 5, y: o.y - 0.5)) == .nothing)   // top inset
        #expect(l.hit(content: Point(x: 374, y: 30)) == .nothing)              // right inset
        #expect(l.hit(content: Point(x: -1, y: 30)) == .nothing)
        #expect(l.hit(content: Point(x: 8 * 375 + 20, y: 30)) == .nothing)     // past the last page
        // Panel coordinates: the page control and category bar are not the grid.
        #expect(l.hit(panel: Point(x: 20, y: 170), offset: 0) == .nothing)
        #expect(l.hit(panel: Point(x: 33.5, y: 40), offset: 375) ==
                .emoji(section: 0, page: 1, row: 0, column: 0, index: 23))
    }

    @Test func deleteKeyIsTheLastCell() {
        let l = standard
        let d = l.deleteFrame(page: 3)!
        #expect(d == l.cellFrame(page: 3, row: 2, column: 7))
        #expect(l.hit(content: d.center) == .delete(page: 3))
        var c = PanelConfiguration.standard
        c.hasDeleteKey = false
        let noDelete = PanelLayout(configuration: c, width: 375, sectionCounts: [30])
        #expect(noDelete.perPage == 24 && noDelete.deleteFrame(page: 0) == nil)
        #expect(noDelete.hit(content: d.center.offsetX(-3 * 375)) == .emoji(section: 0, page: 0, row: 2, column: 7, index: 23))
    }

    @Test func layoutsOf7x3With32PtKeysAnd9x3() {
        let seven = PanelLayout(configuration: .grid(7, 3, key: 32), width: 320, sectionCounts: [40])
        #expect(seven.perPage == 20 && seven.pageCount == 2)
        #expect(seven.hit(content: seven.cellFrame(page: 1, row: 2, column: 6).center) == .delete(page: 1))
        #expect(seven.hit(content: seven.cellFrame(page: 1, row: 2, column: 5).center) ==
                .emoji(section: 0, page: 1, row: 2, column: 5, index: 39))
        let nine = PanelLayout(configuration: .grid(9, 3), width: 375, sectionCounts: [27])
        // 9 x 36 + 8 x 8 = 388 > 359: the gap shrinks to (359 - 324) / 8.
        #expect(nine.itemSize.width == 36)
        #expect(nine.pitch.width == 36 + 35.0 / 8)
        #expect(nine.perPage == 26 && nine.pageCount == 2)
        #expect(nine.hit(content: nine.cellFrame(page: 0, row: 1, column: 8).center) ==
                .emoji(section: 0, page: 0, row: 1, column: 8, index: 17))
        // Too narrow for the keys: they shrink, hit testing stays exact.
        let tiny = PanelLayout(configuration: .standard, width: 200, sectionCounts: [23])
        #expect(tiny.itemSize.width == 184.0 / 8 && tiny.pitch.width == tiny.itemSize.width)
        #expect(tiny.hit(content: tiny.cellFrame(page: 0, row: 0, column: 7).center) ==
                .emoji(section: 0, page: 0, row: 0, column: 7, index: 7))
    }

    @Test func adaptiveColumnsFollowTheWidth() {
        var c = PanelConfiguration.standard
        c.adaptiveColumns = true
        #expect(PanelLayout(configuration: c, width: 375, sectionCounts: [1]).columns == 8)
        #expect(PanelLayout(configuration: c, width: 320, sectionCounts: [1]).columns == 7)
        #expect(PanelLayout(configuration: c, width: 768, sectionCounts: [1]).columns == 17)
    }

    @Test func visiblePagesAndNearestPage() {
        let l = standard
        #expect(l.visiblePages(offset: 0) == 0..<1)
        #expect(l.visiblePages(offset: 10) == 0..<2)
        #expect(l.visiblePages(offset: 375 * 7) == 7..<8)
        #expect(l.visiblePages(offset: -40) == 0..<1)        // rubber band before the first page
        #expect(l.visiblePages(offset: 375 * 7 + 30) == 7..<8)
        #expect(l.nearestPage(offset: 187) == 0)
        #expect(l.nearestPage(offset: 187.5) == 1)
        #expect(l.nearestPage(offset: 99_999) == 7)
    }

    @Test func tabsByArithmetic() {
        let l = standard
        #expect(l.tab(at: Point(x: 1, y: 190)) == 0)
        #expect(l.tab(at: Point(x: 100, y: 190)) == 2)
        #expect(l.tab(at: Point(x: 140, y: 190)) == nil)  // past the last tab
        #expect(l.tab(at: Point(x: 10, y: 100)) == nil)   // grid, not the bar
        #expect(l.tabFrame(1) == Rect(x: 44, y: 180, width: 44, height: 36))
    }
}

extension Point {
    func offsetX(_ dx: Double) -> Point { Point(x: x + dx, y: y) }
}
