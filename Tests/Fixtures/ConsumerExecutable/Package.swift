// swift-tools-version:6.0
// An app that ports the emoji panel: an executable with a path dependency on the
// repository and ChatUI as its only product (no Tester, no test-only module linked).
// Built and run by Tools/check-consumer-executable.sh (not by the repository's
// `swift test`: it compiles ChatUI and below a second time, in its own .build).
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which depends on the checkout.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let identity = repository.lastPathComponent.lowercased()

let package = Package(
    name: "ConsumerExecutable",
    dependencies: [.package(path: repository.path)],
    targets: [
        .executableTarget(
            name: "PanelPort",
            dependencies: [.product(name: "ChatUI", package: identity)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
