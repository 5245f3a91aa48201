import Testing
import Foundation
import EmojiSimTesting

// README.md, "Using EmojiSim from another package": the consumer's Package.swift. A
// manifest cannot compile inside a test target, so it is kept here as text and checked
// against this package's own manifest (Tests/Fixtures/ConsumerPackage is a package built
// that way, by Tools/check-consumer.sh).
/*
// snippet: consumer-package
// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "MyChatTests",
    dependencies: [
        // A release (OWNER: where you get EmojiSim from), or a checkout beside
        // yours: .package(path: "../EmojiSim")
        .package(url: "https://github.com/OWNER/EmojiSim.git", from: "0.9.0"),
    ],
    targets: [
        .testTarget(
            name: "MyChatTests",
            dependencies: [
                .product(name: "Tester", package: "EmojiSim"),          // tester.tap(.emoji("笑哭"))
                .product(name: "ChatUI", package: "EmojiSim"),          // ChatScreen and the models
                .product(name: "ChatHarness", package: "EmojiSim"),     // ChatScreen's finders for the Tester
                .product(name: "Scenario", package: "EmojiSim"),        // scripts, ScenarioDriver
                .product(name: "EmojiSimIO", package: "EmojiSim"),      // ScenarioHosting, catalogs
                .product(name: "EmojiSimTesting", package: "EmojiSim"), // assertSnapshot, assertScenario
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
// end snippet
*/

@Suite struct ConsumerPackageExample {
    static let root = SnapshotFiles.packageRoot(from: #filePath)!

    /// Every product the snippet names is a library of this package, and its tools
    /// version is this package's.
    @Test func theSnippetNamesRealProducts() throws {
        let snippet = try #require(DocSnippetTests.regions["consumer-package"])
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        func names(after marker: String, in text: String) -> [String] {
            text.components(separatedBy: marker).dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        }
        let libraries = Set(names(after: ".library(name: \"", in: manifest))
        let used = names(after: ".product(name: \"", in: snippet)
        #expect(used.count == 6)
        for p in used { #expect(libraries.contains(p), "the snippet uses product \(p), which Package.swift does not have") }
        #expect(snippet.hasPrefix(String(manifest.prefix { $0 != "\n" })))
        #expect(snippet.contains(".package(path: \"../EmojiSim\")") && !snippet.contains("import Foundation"))
        // The release the snippet asks for is the newest one the changelog lists.
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = try #require(changelog.components(separatedBy: "\n## [").dropFirst().first { !$0.hasPrefix("Unreleased") })
        let version = String(newest.prefix { $0 != "]" })
        #expect(snippet.contains(".package(url: \"https://github.com/OWNER/EmojiSim.git\", from: \"\(version)\")"))
    }
}
