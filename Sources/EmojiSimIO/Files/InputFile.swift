import Foundation

/// Why an input file could not be read: prints as `cannot read a.png: no such file`.
public struct FileReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path as the caller gave it, so the message names what the user typed.
    public var path: String
    /// Why reading failed, in lowercase words (`no such file`, `is a folder, not a file`).
    public var reason: String
    /// Creates an error for `path`.
    ///
    /// - Parameters:
    ///   - path: The path as given.
    ///   - reason: Why it could not be read.
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
    /// `cannot read <path>: <reason>`, as the CLI prints it.
    public var description: String { "cannot read \(path): \(reason)" }
}

/// Reads an untrusted input file with a byte limit that holds whatever the file is:
/// the size of a regular file is checked before reading, and at most `maxBytes + 1`
/// bytes are ever read, so `/dev/zero`, a FIFO or a file growing under us cost an error,
/// not memory. Folders and other non-files are refused.
/// - Complexity: O(min(size, maxBytes)) per read.
public enum InputFile {
    /// Reads the whole file at `path`, refusing it when it is larger than `maxBytes`.
    ///
    /// - Parameters:
    ///   - path: A file system path; a character device or FIFO is read up to the limit.
    ///   - maxBytes: The largest size accepted.
    /// - Returns: The file's bytes, at most `maxBytes` of them.
    /// - Throws: ``FileReadError`` when the path does not exist, is a folder, socket or block
    ///   device, cannot be read, or holds more than `maxBytes` bytes.
    /// - Complexity: O(min(size, `maxBytes`)).
    public static func read(_ path: String, maxBytes: Int) throws(FileReadError) -> [UInt8] {
        let attributes: [FileAttributeKey: Any]
        do { attributes = try FileManager.default.attributesOfItem(atPath: path) } catch {
            throw FileReadError(path: path, reason: ErrorText.describe(error))
        }
        let type = attributes[.type] as? FileAttributeType
        if type == .typeDirectory { throw FileReadError(path: path, reason: "is a folder, not a file") }
        if type == .typeSocket || type == .typeBlockSpecial {
            throw FileReadError(path: path, reason: "is not a regular file")
        }
        if type == .typeRegular, let size = attributes[.size] as? Int, size > maxBytes {
            throw FileReadError(path: path, reason: "the file is \(size) bytes; the limit is \(maxBytes)")
        }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: maxBytes + 1) ?? Data()
        } catch {
            throw FileReadError(path: path, reason: ErrorText.describe(error))
        }
        guard data.count <= maxBytes else {
            throw FileReadError(path: path, reason: "more than \(maxBytes) bytes; the limit is \(maxBytes)")
        }
        return [UInt8](data)
    }
}
