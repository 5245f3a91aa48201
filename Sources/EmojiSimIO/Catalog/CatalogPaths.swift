import Foundation

/// Resolves file names found inside a catalog against the catalog's folder, refusing
/// anything that would escape it (absolute paths, `..`, symlinks pointing outside).
struct CatalogPaths {
    let root: URL

    init(root: URL) { self.root = root.standardizedFileURL.resolvingSymlinksInPath() }

    /// The file `name` inside `subfolder` of the root, or an error naming the entry;
    /// `written` is the path as the catalog wrote it, for messages (default `name`).
    func resolve(_ name: String, in subfolder: String? = nil, file: String, entry: Int?, key: String,
                 written: String? = nil) throws(CatalogImportError) -> URL {
        let shown = CatalogImportError.echo(written ?? name)
        if name.isEmpty { throw CatalogImportError(file: file, entry: entry, key: key, message: "empty file name") }
        if name.utf8.contains(0) {
            throw CatalogImportError(file: file, entry: entry, key: key, message: "path \(shown) contains a NUL byte")
        }
        if name.hasPrefix("/") || name.hasPrefix("~") {
            throw CatalogImportError(file: file, entry: entry, key: key, message: "path \(shown) must be relative to the catalog folder")
        }
        var url = root
        if let subfolder { url = url.appendingPathComponent(subfolder) }
        url = url.appendingPathComponent(name).standardizedFileURL
        let resolved = url.resolvingSymlinksInPath()
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard resolved.path.hasPrefix(rootPath) else {
            throw CatalogImportError(file: file, entry: entry, key: key, message: "path \(shown) escapes the catalog folder")
        }
        return resolved
    }

    /// The path of `url` relative to the root, for messages and resource names.
    func relative(_ url: URL) -> String {
        let p = url.standardizedFileURL.path
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return p.hasPrefix(rootPath) ? String(p.dropFirst(rootPath.count)) : p
    }
}
