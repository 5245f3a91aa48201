import Foundation

/// Reads a catalog file with a size limit checked before the bytes are loaded, so a
/// hostile or mistaken input (a 10 GB "plist", `/dev/zero`, a FIFO) costs nothing but
/// an error. Only regular files are read, and never more than `maxBytes + 1` bytes even
/// if the file grows between the size check and the read.
enum CatalogFile {
    static func read(_ url: URL, file: String, maxBytes: Int) throws(CatalogImportError) -> Data {
        // InputFile.open is the one check of an input file (a regular file, opened
        // without waiting on a named pipe).
        let handle: FileHandle, size: Int
        do { (handle, size) = try InputFile.open(url.path) } catch {
            let what = error.reason.hasPrefix("is ") ? error.reason : "cannot read the file (\(error.reason))"
            throw CatalogImportError(file: file, message: what)
        }
        defer { try? handle.close() }
        guard size <= maxBytes else {
            throw CatalogImportError(file: file, message: "file is \(size) bytes; the limit is \(maxBytes)")
        }
        let data: Data
        do {
            data = try handle.read(upToCount: maxBytes + 1) ?? Data()
        } catch {
            throw CatalogImportError(file: file, message: "cannot read the file (\(ErrorText.describe(error)))")
        }
        guard data.count <= maxBytes else {
            throw CatalogImportError(file: file, message: "file is more than \(maxBytes) bytes")
        }
        return data
    }
}

/// Reads a catalog's image files for `run` and `convert`: each distinct file once (by
/// resolved path), regular files only, all of them together at most
/// `CatalogLimits.maxImageBytes`. A missing or unreadable image reads as nil (the
/// catalog check reports those); going past the byte budget is an error.
struct ImageFileReader {
    let file: String
    var seen: [String: [UInt8]] = [:]
    var total = 0
    init(file: String) { self.file = file }

    mutating func read(_ url: URL) throws(CatalogImportError) -> [UInt8]? {
        if let b = seen[url.path] { return b }
        let remaining = CatalogLimits.maxImageBytes - total
        let size = ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
        if size > remaining {
            throw CatalogImportError(file: file, message: "the catalog's images total more than \(CatalogLimits.maxImageBytes) bytes (at \(url.lastPathComponent))")
        }
        guard let data = try? CatalogFile.read(url, file: url.lastPathComponent, maxBytes: remaining) else { return nil }
        let bytes = [UInt8](data)
        total += bytes.count
        seen[url.path] = bytes
        return bytes
    }
}
