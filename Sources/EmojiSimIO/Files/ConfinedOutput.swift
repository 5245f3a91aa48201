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
public struct ConfinedOutput: Sendable {
    /// The folder everything goes under (it need not exist yet).
    public let root: URL

    /// - Parameter root: the output folder.
    public init(root: URL) { self.root = root.standardizedFileURL }

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
    /// commits), creating missing folders below the root: the batch's confinement
    /// (`SafeFileWriter.Batch.add(_:to:within:)`) walks them from the root without
    /// following symlinks, so no folder on the way may be a symlink.
    /// - Throws: `FileWriteError` for a refused path, a folder below the root that is a
    ///   symlink or not a folder, or a failed write (the batch's temporaries are removed).
    /// - Complexity: O(bytes + components).
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - relativePath: A path from input, relative to ``root``.
    ///   - batch: The batch that writes the file when committed.
    public func stage(_ bytes: [UInt8], at relativePath: String, in batch: inout SafeFileWriter.Batch) throws(FileWriteError) {
        try batch.add(bytes, to: try url(for: relativePath), within: root, createFolders: true)
    }
}
