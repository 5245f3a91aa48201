import Foundation

/// Test fixtures under Tests/Fixtures, found relative to this source file so that a
/// fresh clone needs nothing outside the repository.
enum PNGFixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(relativePath)))
    }

    static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// (name, width, height, hash) rows of pngsuite/expected.tsv; width is nil for the
    /// files that must be rejected.
    static func pngSuiteExpectations() throws -> [(name: String, width: Int?, height: Int?, hash: UInt64?)] {
        try text("pngsuite/expected.tsv").split(separator: "\n").compactMap { line in
            if line.hasPrefix("#") { return nil }
            let f = line.split(separator: "\t").map(String.init)
            guard f.count == 4 else { return nil }
            if f[3] == "invalid" { return (f[0], nil, nil, nil) }
            return (f[0], Int(f[1]), Int(f[2]), UInt64(f[3], radix: 16))
        }
    }
}
