import Foundation

/// Loads a catalog from a file, a folder, or a built-in name, detecting the format from
/// the content unless one is named. The one entry point the CLI and the scenario
/// runner's `catalog` lines use.
public enum CatalogLoader {
    /// The Unicode 15.0 emoji-test.txt shipped with EmojiSim (Resources/Unicode).
    public static let bundledUnicodePath = "Unicode/emoji-test.txt"

    /// The bundled Unicode catalog. Each call parses the file again (about 4,000 entries),
    /// so a caller that needs it more than once keeps the result.
    ///
    /// - Parameter options: Import options (`includeUnqualified`, `wire`, `lenient`).
    /// - Returns: The Unicode catalog as ``EmojiTestImporter`` reads it; `locale` is not applied.
    /// - Throws: ``CatalogImportError`` when the resource is missing from the bundle.
    /// - Complexity: O(*n*) in the file's size (about 600 KB).
    public static func bundledUnicode(options: CatalogImportOptions = .init()) throws(CatalogImportError) -> ImportedCatalog {
        guard let url = BundledResources.url(bundledUnicodePath) else {
            throw CatalogImportError(file: bundledUnicodePath, message: "the bundled emoji-test.txt is missing from the resources")
        }
        return try EmojiTestImporter.load(url, options: options)
    }

    /// Loads `source`: a path to a file or folder (format detected or given), then
    /// applies `options.locale` (`ImportedCatalog.applyingLocale`).
    /// - Throws: `CatalogImportError` naming the file and where in it.
    /// - Parameters:
    ///   - source: A catalog file or folder (not a built-in name such as `demo`; the CLI
    ///     resolves those).
    ///   - format: The format to read it as; `nil` detects it.
    ///   - options: Import options, including the locale applied afterwards.
    /// - Returns: The catalog, with `options.locale`'s meanings and titles as the defaults.
    /// - Complexity: That of the format's importer, O(*n*) in the catalog's size.
    public static func load(path source: URL, format: CatalogFormat? = nil, options: CatalogImportOptions = .init()) throws(CatalogImportError) -> ImportedCatalog {
        try loadAsWritten(path: source, format: format, options: options).applyingLocale(options.locale)
    }

    static func loadAsWritten(path source: URL, format: CatalogFormat?, options: CatalogImportOptions) throws(CatalogImportError) -> ImportedCatalog {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isDir) else {
            throw CatalogImportError(file: source.path, message: "no such file or folder")
        }
        let detected: CatalogFormat
        if let format { detected = format } else { detected = try detect(source, isDirectory: isDir.boolValue) }
        switch detected {
        case .seedPlist:
            let folder = isDir.boolValue ? source : source.deletingLastPathComponent()
            let emotions = isDir.boolValue ? folder.appendingPathComponent("emtions.plist") : source
            let meanings = folder.appendingPathComponent("emtionMeans.plist")
            guard FileManager.default.fileExists(atPath: meanings.path) else {
                throw CatalogImportError(file: "emtionMeans.plist", message: "missing beside \(emotions.lastPathComponent)")
            }
            return try SeedPlistImporter.load(emotions: emotions, meanings: meanings, options: options)
        case .stickerPack:
            let file = isDir.boolValue ? source.appendingPathComponent("InnerStickersInfo.plist") : source
            return try StickerPackImporter.load(file, options: options)
        case .weiboList:
            return try WeiboListImporter.load(source, options: options)
        case .unicodeTest:
            let file = isDir.boolValue ? source.appendingPathComponent("emoji-test.txt") : source
            return try EmojiTestImporter.load(file, options: options)
        case .codePointFolder:
            return try CodePointFolderImporter.load(source, unicode: try bundledUnicode(options: options), options: options)
        case .json:
            return try JSONCatalog.load(source, options: options)
        }
    }

    /// Detects the format from content (file) or from what the folder holds.
    /// A folder is recognized by the file it holds (`emtions.plist`, `InnerStickersInfo.plist`,
    /// `emoji-test.txt`, `info.plist`, subfolders with `info.plist`, then images named by
    /// code point); a file by its name and first 4 KB (a property list by its first entry's keys).
    ///
    /// - Parameters:
    ///   - url: The file or folder.
    ///   - isDirectory: Whether `url` is a folder.
    /// - Returns: The detected format.
    /// - Throws: ``CatalogImportError`` when the format cannot be told (the message suggests
    ///   `--format`) or a property list cannot be read.
    /// - Complexity: O(*n*) in the folder's entries; a property list is read whole.
    public static func detect(_ url: URL, isDirectory: Bool) throws(CatalogImportError) -> CatalogFormat {
        let fm = FileManager.default
        if isDirectory {
            func has(_ name: String) -> Bool { fm.fileExists(atPath: url.appendingPathComponent(name).path) }
            if has("emtions.plist") { return .seedPlist }
            if has("InnerStickersInfo.plist") { return .stickerPack }
            if has("emoji-test.txt") { return .unicodeTest }
            if has(WeiboListImporter.listName) { return .weiboList }
            let names = ((try? fm.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
            if names.contains(where: { fm.fileExists(atPath: url.appendingPathComponent($0).appendingPathComponent(WeiboListImporter.listName).path) }) {
                return .weiboList
            }
            if names.contains(where: { CodePointFolderImporter.emoji(fromFileName: $0) != nil }) { return .codePointFolder }
            throw CatalogImportError(file: url.lastPathComponent, message: "cannot tell the catalog format of this folder (use --format)")
        }
        let name = url.lastPathComponent.lowercased()
        // A named pipe or device is refused here (opening a pipe would wait for a writer).
        let handle: FileHandle
        do { handle = try InputFile.open(url.path).handle } catch {
            throw CatalogImportError(file: url.lastPathComponent, message: error.reason.hasPrefix("is ") ? error.reason : "cannot read the file")
        }
        let head = (try? handle.read(upToCount: 4096)) ?? Data()
        try? handle.close()
        let text = String(decoding: head, as: UTF8.self)
        if name.hasSuffix(".json") || text.hasPrefix("{") { return .json }
        if text.contains("; fully-qualified") || text.contains("# emoji-test.txt") { return .unicodeTest }
        if name.hasSuffix(".plist") || text.hasPrefix("<?xml") || head.starts(with: Array("bplist".utf8)) {
            // Decide by the shape of the first entries.
            let value = try PlistReader(file: url.lastPathComponent).load(url)
            if let array = value as? [Any], let first = array.first as? [String: Any] {
                if first["emoticons"] != nil || first["cover_pic"] != nil { return .stickerPack }
                if first["chs"] != nil || first["code"] != nil { return .weiboList }
                if first["fileName"] != nil || first["name"] != nil { return .seedPlist }
            }
            if let dict = value as? [String: Any], dict["emoticons"] != nil { return .weiboList }
            throw CatalogImportError(file: url.lastPathComponent, message: "a property list of no known catalog shape (use --format)")
        }
        throw CatalogImportError(file: url.lastPathComponent, message: "cannot tell the catalog format of this file (use --format)")
    }
}
