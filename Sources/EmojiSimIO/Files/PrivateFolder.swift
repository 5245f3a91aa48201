import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh folder under the temporary folder that only this user can enter, for outputs
/// that have no folder of their own (diff pictures of `snapshots review` and trace viewers
/// of a failing `assertScenario` outside a package). The shared temporary folder is
/// anyone's: a fixed name there (`/tmp/emojisim-snapshot-review`) can be made a symlink
/// by another user first, and the writes would follow it (issue 47 item 4). `mkdtemp`
/// makes a new name each time, mode 0700, and fails rather than reuse anything.
public enum PrivateFolder {
    /// Creates `<temporary folder>/<prefix>-XXXXXX` (the temporary folder from `TMPDIR`,
    /// else `/tmp`).
    ///
    /// - Parameter prefix: The folder name's start, e.g. `emojisim-review`.
    /// - Returns: The new, empty folder (mode 0700).
    /// - Throws: ``FileWriteError`` when it cannot be created.
    /// - Complexity: One `mkdtemp`.
    public static func make(prefix: String) throws(FileWriteError) -> URL {
        let base = NSTemporaryDirectory()
        let template = (base.hasSuffix("/") ? base : base + "/") + prefix + "-XXXXXX"
        var bytes = Array(template.utf8CString)
        let made = bytes.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
        guard made else {
            throw FileWriteError(path: template, reason: "cannot create a private temporary folder (\(SafeFileWriter.errnoText(errno)))")
        }
        let path = String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return URL(fileURLWithPath: path, isDirectory: true)
    }
}
