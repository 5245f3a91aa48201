import Testing
@testable import Imaging

/// Issue 26 item 12: a GIF cut short keeps the frames it has (as browsers show it) and
/// says so: every proper prefix of a file is either refused or reports an `issue`
/// ("truncated after N frames: ..."), a file cut at a block boundary included.
@Suite struct GIFTruncationTests {
    typealias S = GIFTestSupport

    /// The 873-byte, 4-frame file of the GIF test suite the hostile pass cut: 10 of its
    /// prefixes (those ending between blocks) used to read as a shorter file, silently.
    @Test func everyPrefixOfTheSuiteFileIsRefusedOrReported() throws {
        let bytes = try GIFFixtures.bytes("gif-test-suite/gifs/animated_loop.gif")
        #expect(bytes.count == 873)
        let full = try GIFImage(bytes: bytes)
        #expect(full.frameCount == 4 && full.issue == nil)
        var reported = 0, refused = 0
        for n in 0..<bytes.count {
            let prefix = Array(bytes[0..<n])
            guard let gif = try? GIFImage(bytes: prefix) else { refused += 1; continue }
            let issue = try #require(gif.issue, "prefix of \(n) bytes read as a whole file")
            let complete = gif.metadata.completeFrameCount
            #expect(complete <= gif.frameCount && (complete < 4 || n == 872), "prefix \(n)")
            #expect(issue.description.hasPrefix("truncated after \(complete) frame\(complete == 1 ? "" : "s"): "), "prefix \(n)")
            // Leniency: the frames read whole are the full file's frames.
            for i in 0..<complete { #expect(try gif.frame(at: i) == full.frame(at: i), "prefix \(n) frame \(i)") }
            reported += 1
        }
        #expect(reported > 0 && refused > 0)
        // The prefix that lacks only the trailer: all four frames, reported.
        let noTrailer = try GIFImage(bytes: Array(bytes.dropLast()))
        #expect(noTrailer.frameCount == 4 && noTrailer.metadata.completeFrameCount == 4)
        #expect(noTrailer.issue?.description == "truncated after 4 frames: file ends before the trailer (0x3B) at byte 872")
    }

    @Test func aCutInsideImageDataCountsOnlyTheWholeFrames() throws {
        let bytes = try GIFFixtures.bytes("gif-test-suite/gifs/animated_loop.gif")
        let full = try GIFImage(bytes: bytes)
        let third = full.metadata.frames[2]
        let cut = Array(bytes[0..<(third.dataOffset + 5)])
        let gif = try GIFImage(bytes: cut)
        #expect(gif.frameCount == 3 && gif.metadata.completeFrameCount == 2)
        #expect(gif.issue?.description == "truncated after 2 frames: file ends inside image data at byte \(cut.count)")
    }

    @Test func aScreenWithoutImageOrTrailerIsOneEmptyFrameReported() throws {
        let bare = Array("GIF89a".utf8) + S.le16(1) + S.le16(1) + [0, 0, 0]
        let gif = try GIFImage(bytes: bare)
        #expect(gif.frameCount == 1)
        #expect(gif.issue?.description == "truncated after 0 frames: file ends before the trailer (0x3B) at byte 13")
        // With the trailer: a clean file.
        #expect(try GIFImage(bytes: bare + [0x3B]).issue == nil)
    }
}
