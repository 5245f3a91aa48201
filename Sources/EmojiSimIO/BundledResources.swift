import Foundation

/// Files shipped inside the package (Sources/EmojiSimIO/Resources), found through the
/// SwiftPM resource bundle so they work from `swift run`, `swift test` and an installed
/// binary alike.
public enum BundledResources {
    /// An error naming the resource that could not be read.
    public struct MissingResource: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "bundled resource not found: Resources/\(path)" }
    }

    /// The URL of `Resources/<path>` (e.g. `DemoAssets/f056.gif`).
    public static func url(_ path: String) -> URL? {
        let base = Bundle.module.bundleURL
        let url = base.appendingPathComponent("Resources").appendingPathComponent(path)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The bytes of `Resources/<path>`.
    public static func bytes(_ path: String) throws -> [UInt8] {
        guard let url = url(path), let data = try? Data(contentsOf: url) else {
            throw MissingResource(path: path)
        }
        return [UInt8](data)
    }

    /// File names directly inside `Resources/<folder>`, sorted so that iteration order
    /// never depends on the file system.
    public static func list(_ folder: String) -> [String] {
        guard let url = url(folder),
              let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return [] }
        return names.sorted()
    }
}
