import Foundation
import SimCore

/// An output folder that a path built from input (a catalog's image names, a code, a
/// file name in a list) cannot leave: the one way a writer turns such a path into a
/// file, on top of `SafeFileWriter` (issue 26 item 8: `catalog convert` wrote
/// `./escaped.sequence/…` for an entry coded `../../escaped`, and overwrote a file
/// elsewhere with more `../`).
///
/// `url(for:)` refuses a path that is empty, absolute, starts with `~`, holds a NUL or
/// another control character, or has a `..` component (even one that would stay
/// inside: a path from input has no business climbing), and drops `.` and empty
/// components. `stage(_:at:in:)` then writes within the root (`SafeFileWriter`'s
/// confinement: every folder from the root down must be a real folder, opened without
/// following symlinks, so the file lands inside the root as the file system sees it).
/// Errors name the path as the input gave it, cut and escaped (`echoLiteral`).
///
/// A root that EmojiSim names itself beside what the user named (`c.images/` beside
/// `--out c.json`) is given with that `base`: the walk then starts at the base, so the
/// root itself must be a real folder too (issue 47 item 2: a linked `out/c.images`
/// received the copies wherever it pointed).
public struct ConfinedOutput: Sendable {
    /// The folder everything goes under (it need not exist yet).
    public let root: URL
    /// Where the confinement starts: ``root`` itself, or the folder the user named that
    /// holds it (then no folder from there down to a file, ``root`` included, may be a
    /// symlink).
    public let base: URL

    /// - Parameters:
    ///   - root: the output folder.
    ///   - base: the folder the user named, holding `root`; nil: `root` itself (reached
    ///     through symlinks if its path has them: the caller's choice).
    public init(root: URL, within base: URL? = nil) {
        self.root = root.standardizedFileURL
        self.base = (base ?? root).standardizedFileURL
    }

    /// The file at `relativePath` under the root, checked as described above.
    /// - Throws: `FileWriteError` naming the path and the rule it breaks.
    /// - Complexity: O(length of the path).
    /// - Parameter relativePath: A path from input, relative to ``root`` with `/` separators.
    /// - Returns: The file URL under ``root``; nothing is created.
    public func url(for relativePath: String) throws(FileWriteError) -> URL {
        URL(fileURLWithPath: try components(relativePath).reduce(root.path) { ($0 as NSString).appendingPathComponent($1) })
    }

    /// The path's components after the checks.
    func components(_ relativePath: String) throws(FileWriteError) -> [String] {
        func refuse(_ why: String) -> FileWriteError {
            FileWriteError(path: root.path, reason: "\(why): \(echoLiteral(relativePath))")
        }
        if relativePath.isEmpty { throw refuse("an empty path") }
        if relativePath.hasPrefix("/") { throw refuse("an absolute path where a path inside the output folder is needed") }
        if relativePath.hasPrefix("~") { throw refuse("a path starting with ~ where a path inside the output folder is needed") }
        if relativePath.utf8.contains(0) { throw refuse("a NUL byte in the path") }
        if relativePath.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw refuse("a control character in the path")
        }
        var parts: [String] = []
        for part in relativePath.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { throw refuse("the path climbs out with '..'") }
            guard part.utf8.count <= 255 else { throw refuse("a path component longer than 255 bytes") }
            parts.append(String(part))
        }
        guard !parts.isEmpty else { throw refuse("a path naming the output folder itself") }
        return parts
    }

    /// Stages `bytes` for the file at `relativePath` in `batch` (written when the batch
    /// commits), creating missing folders below the base: the batch's confinement
    /// (`SafeFileWriter.Batch.add(_:to:within:)`) walks them from ``base`` without
    /// following symlinks, so no folder on the way may be a symlink.
    /// - Throws: `FileWriteError` for a refused path, a folder below the root that is a
    ///   symlink or not a folder, or a failed write (the batch's temporaries are removed).
    /// - Complexity: O(bytes + components).
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - relativePath: A path from input, relative to ``root``.
    ///   - batch: The batch that writes the file when committed.
    public func stage(_ bytes: [UInt8], at relativePath: String, in batch: inout SafeFileWriter.Batch) throws(FileWriteError) {
        try batch.add(bytes, to: try url(for: relativePath), within: base, createFolders: true)
    }
}
