import Testing
@testable import Raster

/// Issue 46: legend codes must not depend on what a script showed first. 哈哈 and 转圈
/// prefer one slot, so the one a run met first took it and the other the next free one:
/// 哈哈 printed `m4` in one script and `m5` in another.
@Suite struct LegendCodesTests {
    static let catalog = ["哈哈", "转圈", "微笑", "笑哭", "眨眼", "跳跳", "f056", "f057"]

    @Test func theTwoDemoEmojiCollide() {
        #expect(LegendCodes.preferredSlot("哈哈") == LegendCodes.preferredSlot("转圈"))
        var a = LegendCodes(), b = LegendCodes()
        _ = a.code(for: "转圈")
        _ = b.code(for: "哈哈")
        #expect(a.code(for: "哈哈") != b.code(for: "哈哈"))   // why a plain table is not enough
    }

    @Test func fixedCodesDoNotDependOnOrder() {
        var forward = LegendCodes(fixing: Self.catalog)
        var backward = LegendCodes(fixing: Self.catalog.reversed())
        #expect(forward.fixedCount == Self.catalog.count)
        let f = Self.catalog.map { forward.code(for: $0) }
        let b = Self.catalog.reversed().map { backward.code(for: $0) }.reversed()
        #expect(f == Array(b))
        #expect(Set(f).count == f.count)
        // The least of a colliding pair keeps the slot, the other takes the next free one.
        #expect(forward.code(for: "哈哈") == LegendCodes.shortCode(LegendCodes.preferredSlot("哈哈")))
        // A code is fixed before it is shown: the first identity shown does not take it.
        var late = LegendCodes(fixing: Self.catalog)
        let zhuan = late.code(for: "转圈")
        #expect(zhuan == forward.code(for: "转圈") && late.code(for: "哈哈") == forward.code(for: "哈哈"))
    }

    @Test func identitiesOutsideTheCatalogTakeFreeSlots() {
        var codes = LegendCodes(fixing: Self.catalog)
        let fixed = Set(Self.catalog.map { codes.code(for: $0) })
        let other = codes.code(for: "not-in-the-catalog")
        #expect(!fixed.contains(other) && other != "##")
        #expect(codes.count == Self.catalog.count + 1)
    }

    @Test func aCatalogPastCapacityFixesNothing() {
        let big = (0..<(LegendCodes.capacity + 1)).map { "e\($0)" }
        var codes = LegendCodes(fixing: big + big)
        #expect(codes.fixedCount == 0 && codes.count == 0)
        #expect(codes.code(for: "e5") != "##")
        #expect(LegendCodes(fixing: Array(big.prefix(LegendCodes.capacity))).fixedCount == LegendCodes.capacity)
    }
}
