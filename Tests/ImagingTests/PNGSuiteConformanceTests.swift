import Testing
@testable import Imaging

/// PngSuite (Willem van Schaik): every valid file decodes to exactly the expected
/// RGBA8 hash, every x* file is rejected with an error naming the problem.
@Suite struct PNGSuiteConformanceTests {
    @Test func everyValidFileDecodesToTheExpectedHash() throws {
        let rows = try PNGFixtures.pngSuiteExpectations().filter { $0.hash != nil }
        #expect(rows.count == 161)
        var failures: [String] = []
        for row in rows {
            let bytes = try PNGFixtures.bytes("pngsuite/png/\(row.name).png")
            do {
                let image = try PNGDecoder().decode(bytes)
                if image.width != row.width || image.height != row.height || image.rgbaHash != row.hash {
                    let h = String(image.rgbaHash, radix: 16)
                    failures.append("\(row.name): got \(image.width)x\(image.height) \(h)")
                }
            } catch {
                failures.append("\(row.name): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) mismatches:\n\(failures.joined(separator: "\n"))")
    }

    @Test(arguments: [
        ("xc1n0g08", "invalid colour type 1"),
        ("xc9n2c08", "invalid colour type 9"),
        ("xcrn0g04", "bad signature"),
        ("xcsn0g01", "bad CRC in IDAT"),
        ("xd0n2c08", "invalid bit depth 0"),
        ("xd3n2c08", "invalid bit depth 3"),
        ("xd9n2c08", "invalid bit depth 99"),
        ("xdtn0g01", "no IDAT"),
        ("xhdn0g08", "bad CRC in IHDR"),
        ("xlfn0g04", "bad signature"),
        ("xs1n0g01", "bad signature"),
        ("xs2n0g01", "bad signature"),
        ("xs4n0g01", "bad signature"),
        ("xs7n0g01", "bad signature"),
    ])
    func invalidFileIsRejectedNamingTheProblem(name: String, expected: String) throws {
        let bytes = try PNGFixtures.bytes("pngsuite/png/\(name).png")
        do {
            _ = try PNGDecoder().decode(bytes)
            Issue.record("\(name) decoded without error")
        } catch {
            #expect(error.description.contains(expected), "\(name): \(error.description)")
        }
    }

    @Test func everyInvalidFileIsCovered() throws {
        let invalid = try PNGFixtures.pngSuiteExpectations().filter { $0.hash == nil }
        #expect(invalid.count == 14)
        #expect(invalid.allSatisfy { $0.name.hasPrefix("x") })
    }
}
