import Testing
@testable import Imaging

/// LZW streams browsers accept and some decoders do not (issue 3's list).
@Suite struct LZWEdgeCaseTests {
    typealias S = GIFTestSupport

    func decode(_ codes: [Int], minCodeSize: Int = 2, width: Int, height: Int = 1) throws -> (greys: [Int], gif: GIFImage) {
        let data = S.subBlocks(S.packCodes(codes, minCodeSize: minCodeSize))
        let gif = try GIFImage(bytes: S.gif(width: width, height: height, minCodeSize: minCodeSize, data: data))
        return (S.greys(try gif.frame(at: 0)), gif)
    }

    @Test func streamWithoutAnyClearCode() throws {
        // 0, 1, 2, 3 then code 6 = "0 1" and 8 = "2 3" (entries 6..9 added on the way).
        let r = try decode([0, 1, 2, 3, 6, 8, 5], width: 8)
        #expect(r.greys == [0, 1, 2, 3, 0, 1, 2, 3])
        #expect(r.gif.decodeIssues.isEmpty)
    }

    @Test func clearCodesAnywhere() throws {
        let r = try decode([4, 0, 1, 6, 4, 1, 0, 4, 4, 2, 6, 5], width: 7)
        // Two clears in a row, then 2 and 6 = "2 2" (a fresh table).
        #expect(r.greys == [0, 1, 0, 1, 1, 0, 2])
        // After a clear, 6 is redefined: "1 0" instead of "0 1".
        let r2 = try decode([4, 0, 1, 6, 4, 1, 0, 6, 5], width: 8)
        #expect(r2.greys == [0, 1, 0, 1, 1, 0, 1, 0])
    }

    @Test func kwkwkCode() throws {
        // Code 6 right after 0 is "0 0" (the entry being defined).
        let r = try decode([4, 0, 6, 7, 5], width: 6)
        #expect(r.greys == [0, 0, 0, 0, 0, 0])
    }

    @Test func fullTableWithoutClearKeepsTwelveBitCodesAndStopsAdding() throws {
        // 5000 literals fill the table (entries 6...4095) and then keep coming as 12-bit
        // codes; code 6 ("0 1") still means what it meant when the table was filled.
        var codes = [4]
        var expected: [Int] = []
        for i in 0..<5000 { codes.append(i % 4); expected.append(i % 4) }
        codes += [6, 5]
        expected += [0, 1]
        let r = try decode(codes, width: expected.count)
        #expect(r.greys == expected)
        #expect(r.gif.decodeIssues.isEmpty)
    }

    @Test(arguments: 2...8) func everyMinimumCodeSizeRoundTrips(minCodeSize: Int) throws {
        var rng = SeededRandomForTests(seed: UInt64(minCodeSize))
        let w = 37, h = 23
        let indices = (0..<(w * h)).map { _ in UInt8(rng.next() % UInt64(1 << minCodeSize)) }
        var enc = LZWEncoder()
        let data = enc.encode(indices, minCodeSize: minCodeSize)
        let gif = try GIFImage(bytes: S.gif(width: w, height: h, minCodeSize: minCodeSize, data: data))
        let decoded = gif.decodeIndices(ofFrame: 0)
        #expect(decoded.error == nil)
        #expect(decoded.indices == indices)
    }

    @Test func longRunsCrossTableResets() throws {
        // Enough varied data to fill the table several times (encoder clears at 4096).
        var rng = SeededRandomForTests(seed: 99)
        var indices: [UInt8] = []
        while indices.count < 200_000 {
            let v = UInt8(rng.next() % 200)
            let run = Int(rng.next() % 7) + 1
            indices += [UInt8](repeating: v, count: run)
        }
        var enc = LZWEncoder()
        let data = enc.encode(indices, minCodeSize: 8)
        let gif = try GIFImage(bytes: S.gif(width: 1000, height: indices.count / 1000, minCodeSize: 8, data: data))
        let d = gif.decodeIndices(ofFrame: 0)
        #expect(d.error == nil)
        #expect(d.indices == Array(indices.prefix(d.indices.count)))
    }

    @Test func missingEndCodeIsFineWhenThePixelsAreComplete() throws {
        let r = try decode([4, 0, 1, 2, 3], width: 4)
        #expect(r.greys == [0, 1, 2, 3])
        #expect(r.gif.decodeIssues.isEmpty)
    }

    @Test func shortDataKeepsTheDecodedPixelsAndReportsIt() throws {
        let r = try decode([4, 0, 1, 5], width: 4)
        #expect(r.greys == [0, 1, -1, -1])
        let issue = try #require(r.gif.decodeIssues[0])
        if case .truncated = issue.kind {} else { Issue.record("unexpected \(issue)") }
    }

    @Test func dataAfterTheEndCodeIsIgnored() throws {
        let r = try decode([4, 0, 1, 2, 3, 5, 3, 3, 3, 3, 3, 3], width: 4)
        #expect(r.greys == [0, 1, 2, 3])
        #expect(r.gif.decodeIssues.isEmpty)
        // Also pixels past the frame's end are dropped.
        let r2 = try decode([4, 0, 1, 2, 3, 0, 1, 2, 5], width: 4)
        #expect(r2.greys == [0, 1, 2, 3])
    }

    @Test func invalidCodeStopsTheFrameButKeepsWhatWasDecoded() throws {
        // After 0, 1, 2 the table has 8 entries and codes are 4 bits: 15 is invalid.
        let r = try decode([4, 0, 1, 2, 15, 5], width: 5)
        #expect(r.greys == [0, 1, 2, -1, -1])
        let issue = try #require(r.gif.decodeIssues[0])
        #expect(issue.kind == .invalidLZWCode(code: 15, tableSize: 8))
        // A non-literal first code is invalid too.
        let r2 = try decode([4, 6, 5], width: 2)
        #expect(r2.greys == [-1, -1])
    }

    @Test func missingSubBlockTerminatorAtTheEnd() throws {
        let data = S.subBlocks(S.packCodes([4, 0, 1, 2, 3, 5], minCodeSize: 2), terminator: false)
        let gif = try GIFImage(bytes: S.gif(width: 4, height: 1, minCodeSize: 2, data: data))
        #expect(S.greys(try gif.frame(at: 0)) == [0, 1, 2, 3])
        #expect(gif.decodeIssues.isEmpty)
        // The trailer byte was read as a block length running past the end: reported.
        #expect(gif.metadata.truncation != nil)
    }

    @Test func tinySubBlocksAreJoined() throws {
        let data = S.subBlocks(S.packCodes([4, 0, 1, 2, 3, 6, 8, 5], minCodeSize: 2), blockSize: 1)
        let gif = try GIFImage(bytes: S.gif(width: 8, height: 1, minCodeSize: 2, data: data))
        #expect(S.greys(try gif.frame(at: 0)) == [0, 1, 2, 3, 0, 1, 2, 3])
    }
}
