import Foundation
import Imaging
import EmojiText
import Scenario

/// The catalog and images a scenario's `catalog` line asks for, loaded from the
/// package's resources (`demo`, `unicode`) or from the user's files (paths relative to
/// the script).
public struct ScenarioAssets: Sendable {
    /// The catalog the screen runs with; its image names are keys of ``imageBytes`` or
    /// ``sequences``.
    public var catalog: EmojiCatalog
    /// Image bytes by resource name, decoded lazily by each host's `ImageLibrary`.
    public var imageBytes: [String: [UInt8]]
    /// Frames of image sequences (png_sequence) by resource name.
    public var sequences: [String: [String]]
    /// Images shown only in part or not at all, by resource name, with what is wrong
    /// ("truncated after 2 frames: file ends inside image data at byte 700", "unreadable,
    /// drawn as the missing-image glyph: ..."): a GIF cut short keeps the frames it has,
    /// as browsers show it, a file that does not decode draws the placeholder, and the
    /// run's trace says so
    /// (`ScenarioHosting.makeScreen`: one `images imageIssue` line each). Found from the
    /// blocks' structure as the catalog is read (no pixel decoded).
    public var imageIssues: [(name: String, issue: String)] = []

    /// A fresh library over the images (each host gets its own, so hosts share no
    /// mutable state; the byte arrays themselves are shared copy-on-write), with the
    /// limits of one emoji image (`ImageLimits.emoji`) and the library's budget for all
    /// decoded images of the run (`ImageLibrary.decodedByteBudget`).
    ///
    /// - Parameter limits: The limits each image is decoded under.
    /// - Returns: A new library over the shared bytes.
    /// - Complexity: O(*n*) in the number of images and sequences (nothing is decoded).
    public func makeLibrary(limits: ImageLimits = .emoji) -> ImageLibrary {
        let library = ImageLibrary(limits: limits)
        for (name, bytes) in imageBytes { library.register(name, bytes: bytes) }
        for (name, frames) in sequences { library.registerSequence(name, frames: frames, delay: .centiseconds(10)) }
        return library
    }

    /// The demo catalog with the bundled Noto stills and generated GIFs, read once.
    public static let demo: ScenarioAssets = {
        var bytes: [String: [UInt8]] = [:]
        for name in BundledResources.list("DemoAssets") where name.hasSuffix(".png") || name.hasSuffix(".gif") {
            if let b = try? BundledResources.bytes("DemoAssets/" + name) { bytes[name] = b }
        }
        return ScenarioAssets(catalog: .demo, imageBytes: bytes, sequences: [:])
    }()

    /// Loads what `source` names; relative paths resolve against `base` (the script's
    /// folder). Errors name the catalog as the script wrote it (`catalog unicode`,
    /// `catalog json "x.json"`) and the file inside it when there is one.
    ///
    /// Scripts are untrusted input: every path must stay inside `root` (default: `base`,
    /// the script's folder) once `..` and symlinks are resolved, so `catalog unicode
    /// "../../../../etc/passwd"` and absolute paths elsewhere are refused, as the catalog
    /// importers confine the files a catalog names to the catalog's folder.
    ///
    /// - Parameters:
    ///   - source: The `catalog` line's source.
    ///   - base: The script's folder.
    ///   - root: The folder every path must stay in; `nil` means `base`.
    /// - Returns: The catalog and its image bytes (for `demo`, the shared ``demo`` value).
    /// - Throws: ``CatalogImportError`` for a path outside `root`, a catalog that cannot be
    ///   imported, or what ``from(_:)`` refuses.
    /// - Complexity: O(size of the catalog and its images).
    public static func load(_ source: Script.CatalogSource, relativeTo base: URL, confinedTo root: URL? = nil) throws(CatalogImportError) -> ScenarioAssets {
        do {
            return try loadUnnamed(source, relativeTo: base, confinedTo: root)
        } catch {
            var e = error
            if case .unicode(nil) = source {
                // The bundled images and emoji-test.txt are internal names.
                e.file = "the bundled Unicode catalog"
            }
            throw e
        }
    }

    static func loadUnnamed(_ source: Script.CatalogSource, relativeTo base: URL, confinedTo root: URL?) throws(CatalogImportError) -> ScenarioAssets {
        let rootPath = (root ?? base).standardizedFileURL.resolvingSymlinksInPath().path
        func path(_ p: String) throws(CatalogImportError) -> URL {
            // A NUL would cut the path short in every system call: said as what it is.
            if p.utf8.contains(0) { throw CatalogImportError(file: "catalog path", message: "contains a NUL byte") }
            let url = (p.hasPrefix("/") ? URL(fileURLWithPath: p) : base.appendingPathComponent(p))
                .standardizedFileURL.resolvingSymlinksInPath()
            guard rootPath == "/" || url.path == rootPath || url.path.hasPrefix(rootPath + "/") else {
                throw CatalogImportError(file: p, message: "catalog path is outside \(rootPath) (a script reads catalogs inside its package, or its own folder outside a package; `emojisim run --catalog-root DIR` allows another root)")
            }
            return url
        }
        let imported: ImportedCatalog
        switch source {
        case .demo:
            return demo
        case .unicode(nil):
            imported = try CodePointFolderImporter.load(demoAssetsFolder(), unicode: try CatalogLoader.bundledUnicode())
        case .unicode(let p?):
            imported = try EmojiTestImporter.load(try path(p))
        case .plist(let emotions, let meanings):
            imported = try SeedPlistImporter.load(emotions: try path(emotions), meanings: try path(meanings))
        case .folder(let p):
            imported = try CatalogLoader.load(path: try path(p))
        case .json(let p):
            imported = try JSONCatalog.load(try path(p))
        }
        return try from(imported)
    }

    /// An imported catalog with its images read into memory, each checked from its
    /// header against `ImageLimits.emoji` (a canvas past it is an error naming the
    /// entry: nothing of it is decoded).
    /// - Throws: `CatalogImportError`: a catalog the core refuses, images past
    ///   `CatalogLimits.maxImageBytes` in all, an image whose header declares a canvas
    ///   too large for an emoji image.
    ///
    /// - Parameter imported: A catalog from one of the importers.
    /// - Returns: The core catalog with every referenced image file's bytes.
    /// - Complexity: O(entries + bytes of the distinct images).
    public static func from(_ imported: ImportedCatalog) throws(CatalogImportError) -> ScenarioAssets {
        let catalog: EmojiCatalog
        do {
            catalog = try CatalogBridge.emojiCatalog(imported)
        } catch {
            throw CatalogImportError(file: imported.source.lastPathComponent, message: "\(error)")
        }
        var bytes: [String: [UInt8]] = [:]
        var sequences: [String: [String]] = [:]
        // Each distinct file is read once (entries and frames may share one) and the
        // total is bounded by CatalogLimits.maxImageBytes.
        var files = ImageFileReader(file: imported.source.lastPathComponent)
        let users = CatalogChecker.imageUsers(imported)
        func checked(_ url: URL) throws(CatalogImportError) -> [UInt8]? {
            guard let d = try files.read(url) else { return nil }
            // A header that does not parse is left to the decoder (drawn as the
            // placeholder, reported by `catalog check`); a canvas too large is refused.
            if let header = try? ImageHeader.probe(d), let why = header.violation(of: .emoji) {
                let user = users[url.standardizedFileURL.resolvingSymlinksInPath().path]
                throw CatalogImportError(file: imported.source.lastPathComponent, entry: user?.entry,
                                         message: (user.map { "code \(CatalogImportError.echo($0.code)): " } ?? "")
                                            + "image \(CatalogImportError.echo(url.lastPathComponent)): \(why) (an emoji image is at most "
                                            + "\(ImageLimits.emoji.maxWidth)x\(ImageLimits.emoji.maxHeight) pixels)")
            }
            return d
        }
        for (name, url) in imported.images.sorted(by: { $0.key < $1.key }) {
            if let d = try checked(url) { bytes[name] = d }
        }
        for (name, frames) in imported.sequences.sorted(by: { $0.key < $1.key }) {
            var names: [String] = []
            for (i, url) in frames.enumerated() {
                if let d = try checked(url) {
                    bytes["\(name)#\(i)"] = d
                    names.append("\(name)#\(i)")
                }
            }
            sequences[name] = names
        }
        var assets = ScenarioAssets(catalog: catalog, imageBytes: bytes, sequences: sequences)
        for (name, d) in bytes.sorted(by: { $0.key < $1.key }) {
            // The structure as the run's library reads it (checksums included, no pixel
            // decoded): a file it refuses draws as the placeholder, and a GIF cut short
            // keeps its complete frames; both are said (`catalog check` calls the first
            // unreadable), where the GIF alone was before (issue 47, item 24).
            do throws(AnimatedImageDecoder.Failure) {
                if let issue = try AnimatedImageDecoder.decode(d, name: name, limits: .emoji).issue {
                    assets.imageIssues.append((name, issue.description))
                }
            } catch {
                assets.imageIssues.append((name, "unreadable, drawn as the missing-image glyph: \(error)"))
            }
        }
        return assets
    }

    /// The bundled Noto images: with `catalog unicode` the Unicode emoji that have one
    /// draw as images in pixel renders.
    static func demoAssetsFolder() throws(CatalogImportError) -> URL {
        guard let url = BundledResources.url("DemoAssets") else {
            throw CatalogImportError(file: "DemoAssets", message: "the bundled demo assets are missing")
        }
        return url
    }
}
