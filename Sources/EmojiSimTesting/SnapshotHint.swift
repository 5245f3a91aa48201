import Foundation

/// The review command a failure names: the one that works where the test ran.
public enum SnapshotHint {
    /// `swift run emojisim snapshots` in a package that builds the `emojisim` executable
    /// itself (EmojiSim's own checkout); `swift package emojisim snapshots` (the command
    /// plugin) in any other package, which has EmojiSim only as a dependency and
    /// `emojisim` on no PATH; `emojisim snapshots` outside a package (an Xcode project:
    /// an installed CLI).
    ///
    /// - Parameter packageRoot: The package around the test file, or `nil`.
    /// - Returns: The command, without its subcommand.
    /// - Complexity: Reads the package's manifest once.
    public static func command(packageRoot: URL?) -> String {
        guard let root = packageRoot else { return "emojisim snapshots" }
        let manifest = (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        return manifest.contains(".executable(name: \"emojisim\"") ? "swift run emojisim snapshots" : "swift package emojisim snapshots"
    }

    /// The line appended to a pending snapshot's failure: how to review it and how to
    /// accept this one file.
    ///
    /// - Parameters:
    ///   - pending: The pending file's whole path.
    ///   - display: The pending file as messages name it (relative to the package root
    ///     inside one).
    ///   - packageRoot: The package around the test file, or `nil`.
    /// - Returns: `review: COMMAND review  (or: COMMAND accept PATH)`.
    public static func review(pending: String, display: String, packageRoot: URL?) -> String {
        let c = command(packageRoot: packageRoot)
        // Outside a package the current folder is unknown (Xcode's), so the whole path.
        let word = Escaping.shellWord(packageRoot == nil ? pending : display)
        let folder = packageRoot == nil ? " " + Escaping.shellWord((pending as NSString).deletingLastPathComponent) : ""
        return "review: \(c) review\(folder)  (or: \(c) accept \(word))"
    }
}
