import Foundation

/// Files shipped inside the package (Sources/EmojiSimIO/Resources), found through the
/// SwiftPM resource bundle so they work from `swift run`, `swift test` and an installed
/// binary alike.
public enum BundledResources {
    /// An error naming the resource that could not be read.
    public struct MissingResource: Error, CustomStringConvertible {
        /// The path below `Resources/` that was asked for, as given.
        public var path: String
        /// The message the CLI prints: the path, prefixed with `Resources/` as in the source tree.
        public var description: String { "bundled resource not found: Resources/\(path)" }
    }

    /// The URL of `Resources/<path>` (e.g. `DemoAssets/f056.gif`).
    ///
    /// - Parameter path: A path relative to `Resources/`, with `/` separators.
    /// - Returns: The file's URL, or `nil` when no file or folder exists there (a
    ///   build that dropped the resource bundle, or a misspelled path).
    public static func url(_ path: String) -> URL? {
        let base = Bundle.module.bundleURL
        let url = base.appendingPathComponent("Resources").appendingPathComponent(path)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The bytes of `Resources/<path>`.
    ///
    /// - Parameter path: A path relative to `Resources/`, with `/` separators.
    /// - Returns: The whole file.
    /// - Throws: ``MissingResource`` when the file does not exist or cannot be read.
    /// - Complexity: O(*n*) in the file's size.
    public static func bytes(_ path: String) throws -> [UInt8] {
        guard let url = url(path), let data = try? Data(contentsOf: url) else {
            throw MissingResource(path: path)
        }
        return [UInt8](data)
    }

    /// File names directly inside `Resources/<folder>`, sorted so that iteration order
    /// never depends on the file system.
    ///
    /// - Parameter folder: A folder relative to `Resources/`.
    /// - Returns: The names (not paths) of the folder's entries in byte order, or an empty
    ///   array when the folder does not exist.
    /// - Complexity: O(*n* log *n*) in the number of entries.
    public static func list(_ folder: String) -> [String] {
        guard let url = url(folder),
              let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return [] }
        return names.sorted()
    }
}
