import Testing
@testable import Imaging

/// The GIF test suite (Tests/Fixtures/gif-test-suite, BSD-2-Clause): every composited
/// canvas against expected-frames.tsv, plus loop counts and delays from its README.
@Suite struct GIFConformanceTests {
    struct Expected { var width: Int; var height: Int; var hash: String }

    static func expectations() throws -> [String: Expected] {
        var out: [String: Expected] = [:]
        for line in try GIFFixtures.text("gif-test-suite/expected-frames.tsv").split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: "\t").map(String.init)
            guard f.count == 4, let w = Int(f[1]), let h = Int(f[2]) else { continue }
            out[f[0]] = Expected(width: w, height: h, hash: f[3])
        }
        return out
    }

    @Test func all46CanvasesMatch() throws {
        let expected = try Self.expectations()
        #expect(expected.count == 46)
        var checked = 0
        for file in try GIFFixtures.list("gif-test-suite/gifs") where file.hasSuffix(".gif") {
            let stem = String(file.dropLast(4))
            let gif = try GIFImage(bytes: try GIFFixtures.bytes("gif-test-suite/gifs/" + file))
            #expect(gif.issue == nil, "\(file)")
            for i in 0..<gif.frameCount {
                let key = gif.frameCount == 1 && expected[stem] != nil ? stem : "\(stem)-\(i)"
                let e = try #require(expected[key], "no expectation for \(key)")
                let img = try gif.frame(at: i)
                #expect(img.width == e.width && img.height == e.height, "\(key)")
                #expect(GIFFixtures.hex(img.conformanceHash) == e.hash, "\(key)")
                checked += 1
            }
            #expect(gif.decodeIssues.isEmpty, "\(file): \(gif.decodeIssues)")
        }
        #expect(checked == 46)
    }

    @Test func randomAccessMatchesSequentialOrder() throws {
        let expected = try Self.expectations()
        for file in try GIFFixtures.list("gif-test-suite/gifs") where file.hasPrefix("animated") {
            let stem = String(file.dropLast(4))
            let gif = try GIFImage(bytes: try GIFFixtures.bytes("gif-test-suite/gifs/" + file), checkpointInterval: 2)
            for i in [3, 1, 2, 0, 3, 3, 2, 1] {
                #expect(GIFFixtures.hex(try gif.frame(at: i).conformanceHash) == expected["\(stem)-\(i)"]?.hash, "\(stem)-\(i)")
            }
        }
    }

    @Test func loopCountsAndDelaysMatchTheReadme() throws {
        for file in try GIFFixtures.list("gif-test-suite/gifs") where file.hasSuffix(".gif") {
            let gif = try GIFImage(bytes: try GIFFixtures.bytes("gif-test-suite/gifs/" + file))
            let image = AnimatedImage(source: gif)
            if file == "animated_noloop.gif" {
                #expect(gif.metadata.netscapeLoopCount == nil)
                #expect(image.loopCount == .once)
            } else if file.hasPrefix("animated") {
                #expect(gif.metadata.netscapeLoopCount == 0, "\(file)")
                #expect(image.loopCount == .forever, "\(file)")
            }
            if file.hasPrefix("animated") {
                let delays = (0..<gif.frameCount).map { gif.frameInfo(at: $0).delay.milliseconds }
                let want = file == "animated_loop_variable_delay.gif" ? [1000, 1000, 100, 1000] : [1000, 1000, 1000, 1000]
                #expect(delays == want, "\(file)")
            }
        }
    }
}
