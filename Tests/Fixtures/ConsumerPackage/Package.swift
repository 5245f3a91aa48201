// swift-tools-version:6.0
// A package outside EmojiSim's own that uses it the way another app's tests would:
// a path dependency on the repository, `Scenario` and `EmojiSimTesting` as products.
// Built and tested by Tools/check-consumer.sh (not by the repository's `swift test`:
// it compiles EmojiSim a second time).
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which depends on the checkout.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let identity = repository.lastPathComponent.lowercased()

let package = Package(
    name: "ConsumerPackage",
    products: [
        // The EmojiSim products an Xcode project's test target links, as one library
        // (Tools/check-consumer.sh builds XcodeApp/AppTests against it).
        .library(name: "XcodeAppSupport", type: .dynamic, targets: ["XcodeAppSupport"]),
    ],
    dependencies: [.package(path: repository.path)],
    targets: [
        .target(
            name: "XcodeAppSupport",
            dependencies: [
                .product(name: "EmojiSimTesting", package: identity),
                .product(name: "Raster", package: identity),
                .product(name: "SimCore", package: identity),
            ]
        ),
        .testTarget(
            name: "ConsumerTests",
            dependencies: [
                .product(name: "Scenario", package: identity),
                .product(name: "EmojiSimTesting", package: identity),
                .product(name: "EmojiSimIO", package: identity),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
