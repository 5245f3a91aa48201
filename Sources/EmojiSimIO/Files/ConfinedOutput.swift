import Foundation
import SimCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output folder that a path built from input (a catalog's image names, a code, a
/// file name in a list) cannot leave: the one way a writer turns such a path into a
/// file, on top of `SafeFileWriter` (issue 26 item 8: `catalog convert` wrote
/// `./escaped.sequence/…` for an entry coded `../../escaped`, and overwrote a file
/// elsewhere with more `../`).
///
/// `url(for:)` refuses a path that is empty, absolute, starts with `~`, holds a NUL or
/// another control character, or has a `..` component (even one that would stay
/// inside: a path from input has no business climbing), and drops `.` and empty
/// components. `stage(_:at:in:)` also creates the missing folders one at a time from
/// the root down and refuses any existing one that is not a real folder (a symlink
/// there could lead out), so the file lands inside the root as the file system sees it
/// when it is staged. Errors name the path as the input gave it, cut and escaped.
public struct ConfinedOutput: Sendable {
    /// The folder everything goes under (it need not exist yet).
    public let root: URL

    /// - Parameter root: the output folder.
    public init(root: URL) { self.root = root.standardizedFileURL }

    /// The file at `relativePath` under the root, checked as described above.
    /// - Throws: `FileWriteError` naming the path and the rule it breaks.
    /// - Complexity: O(length of the path).
    public func url(for relativePath: String) throws(FileWriteError) -> URL {
        URL(fileURLWithPath: try components(relativePath).reduce(root.path) { ($0 as NSString).appendingPathComponent($1) })
    }

    /// The path's components after the checks.
    func components(_ relativePath: String) throws(FileWriteError) -> [String] {
        func refuse(_ why: String) -> FileWriteError {
            FileWriteError(path: (root.path as NSString).appendingPathComponent(messageTextShort(relativePath)), reason: why)
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
    /// commits), creating missing folders below the root first.
    /// - Throws: `FileWriteError` for a refused path, a component below the root that is
    ///   a symlink or not a folder, or a failed write (the batch's temporaries are removed).
    /// - Complexity: O(bytes + components).
    public func stage(_ bytes: [UInt8], at relativePath: String, in batch: inout SafeFileWriter.Batch) throws(FileWriteError) {
        let parts = try components(relativePath)
        // The root, then each folder below it: a real folder, or created.
        var folders = [root.path]
        for part in parts.dropLast() { folders.append((folders.last! as NSString).appendingPathComponent(part)) }
        for folder in folders {
            var st = stat()
            if lstat(folder, &st) == 0 {
                guard st.st_mode & S_IFMT == S_IFDIR else {
                    batch.discard()
                    throw FileWriteError(path: folder, reason: (st.st_mode & S_IFMT) == S_IFLNK
                                         ? "is a symlink (an output folder may not lead elsewhere)" : "is not a folder")
                }
                continue
            }
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                batch.discard()
                throw FileWriteError(path: folder, reason: "cannot create the folder (\(ErrorText.describe(error)))")
            }
        }
        try batch.add(bytes, to: URL(fileURLWithPath: (folders.last! as NSString).appendingPathComponent(parts.last!)))
    }

    /// A path from input as an error may show it: escaped, cut past 160 characters.
    func messageTextShort(_ s: String) -> String { messageText(s, limit: 160) }
}
