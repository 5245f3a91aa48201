import Foundation

/// Reads a catalog file with a size limit checked before the bytes are loaded, so a
/// hostile or mistaken input (a 10 GB "plist") costs nothing but an error.
enum CatalogFile {
    static func read(_ url: URL, file: String, maxBytes: Int) throws(CatalogImportError) -> Data {
        let size: Int
        do {
            size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        } catch {
            throw CatalogImportError(file: file, message: "cannot read the file (\(error.localizedDescription))")
        }
        guard size <= maxBytes else {
            throw CatalogImportError(file: file, message: "file is \(size) bytes; the limit is \(maxBytes)")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw CatalogImportError(file: file, message: "cannot read the file (\(error.localizedDescription))")
        }
    }
}
