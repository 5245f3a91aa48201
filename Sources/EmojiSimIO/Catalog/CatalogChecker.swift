import Foundation
import Imaging
import EmojiText
import SimCore

/// `emojisim catalog check`: every problem of a catalog, one line each with file and
/// entry. Loads leniently (so one bad entry does not hide the rest), then checks every
/// image from its header (`ImageHeader`: format, canvas size against `ImageLimits.emoji`)
/// and its structure (the format's own metadata reader, bounded by those limits: chunks
/// and blocks, no pixels), compares declared and actual sizes, and looks for meanings
/// with no image, images never referenced, and codes that would not survive the wire.
/// Nothing is decoded to pixels, whatever canvases the images declare (issue 26 item 5).
/// - Complexity: O(entries + bytes of the distinct images).
public enum CatalogChecker {
    /// A check of codes against the placeholder scanner: given an emoji, its wire text
    /// must scan back to that emoji alone. Supplied by the caller (EmojiText's codecs),
    /// nil when not checked.
    public typealias WireCheck = (Emoji) -> String?

    /// Checks the catalog at `source`, loading it leniently.
    /// - Returns: every problem found, errors and warnings, in catalog order.
    /// - Parameters:
    ///   - source: The catalog file or folder.
    ///   - format: The format to read it as; `nil` detects it (``CatalogLoader/detect(_:isDirectory:)``).
    ///   - options: Import options; `lenient` is forced on.
    ///   - wireCheck: The wire check to run on every entry, usually
    ///     ``CatalogBridge/wireCheck(for:)``; `nil` skips it.
    ///   A catalog that cannot be loaded at all gives its one error as the only problem.
    /// - Complexity: O(entries + bytes of the distinct images).
    public static func check(_ source: URL, format: CatalogFormat? = nil, options: CatalogImportOptions = .init(),
                             wireCheck: WireCheck? = nil) -> [CatalogProblem] {
        var opts = options
        opts.lenient = true
        let catalog: ImportedCatalog
        do {
            catalog = try CatalogLoader.load(path: source, format: format, options: opts)
        } catch {
            return [CatalogProblem(.error, error)]
        }
        return check(catalog, wireCheck: wireCheck)
    }

    /// Checks an imported catalog. `unreferencedImages: false` skips the "image never
    /// referenced" warnings, for catalogs whose image folder is shared on purpose (the
    /// bundled demo assets serve both the demo and the Unicode catalog).
    /// - Complexity: O(entries + bytes of the distinct images).
    /// - Parameters:
    ///   - catalog: The imported catalog, with what its import skipped.
    ///   - wireCheck: The wire check to run on every entry; `nil` skips it.
    ///   - unreferencedImages: Whether to warn about images in the folder no entry uses.
    /// - Returns: The import's skipped problems followed by what the check finds, in catalog
    ///   order; empty for a clean catalog.
    public static func check(_ catalog: ImportedCatalog, wireCheck: WireCheck? = nil,
                             unreferencedImages: Bool = true) -> [CatalogProblem] {
        var problems = catalog.skipped
        let file = catalog.source.lastPathComponent
        var counter = 0
        var checked: [String: Checked] = [:]
        // The bytes read in all, bounded as a run's are (each file is read, checked and dropped).
        var bytesRead = 0
        func inspect(_ url: URL) -> Checked {
            if let r = checked[url.path] { return r }
            let r: Checked
            let name = CatalogImportError.echo(url.lastPathComponent)
            if !FileManager.default.fileExists(atPath: url.path) {
                r = .failure("missing image \(name)")
            } else if bytesRead >= CatalogLimits.maxImageBytes {
                r = .failure("image \(name) not checked: the catalog's images total more than \(CatalogLimits.maxImageBytes) bytes")
            } else {
                do throws(CatalogImportError) {
                    let bytes = [UInt8](try CatalogFile.read(url, file: name, maxBytes: CatalogLimits.maxImageBytes - bytesRead))
                    bytesRead += bytes.count
                    r = Self.inspect(bytes, name: name)
                } catch {
                    r = .failure("cannot read image \(name): \(error.message)")
                }
            }
            checked[url.path] = r
            return r
        }
        for group in catalog.groups {
            for e in group.emoji {
                let entry = catalog.entryIndex[e.code] ?? counter
                counter += 1
                var urls: [URL] = []
                if let name = e.imageName {
                    if let frames = catalog.sequences[name] { urls = frames } else if let u = catalog.images[name] { urls = [u] }
                }
                for u in urls {
                    switch inspect(u) {
                    case .failure(let why):
                        problems.append(CatalogProblem(.error, CatalogImportError(file: file, entry: entry, message: "code \(CatalogImportError.echo(e.code)): \(why)")))
                    case .size(let w, let h):
                        // Declared sizes are in points: an image may be the @1x, @2x or @3x asset.
                        // Compared in Double: the size may come from an ImportedCatalog built
                        // by a caller, not an importer, so it is not assumed to fit in Int.
                        if let s = e.size, !(1...3).contains(where: { s.width.rounded(.towardZero) * Double($0) == Double(w)
                                                                  && s.height.rounded(.towardZero) * Double($0) == Double(h) }) {
                            problems.append(CatalogProblem(.warning, CatalogImportError(
                                file: file, entry: entry,
                                message: "code \(CatalogImportError.echo(e.code)): declared size \(formatPoints(s.width.rounded(.towardZero)))x\(formatPoints(s.height.rounded(.towardZero))) but \(CatalogImportError.echo(u.lastPathComponent)) is \(w)x\(h)")))
                        }
                    }
                }
                if let wireCheck, let why = wireCheck(e) {
                    problems.append(CatalogProblem(.error, CatalogImportError(file: file, entry: entry, message: "code \(CatalogImportError.echo(e.code)): \(why)")))
                }
            }
        }
        for m in catalog.unusedMeanings {
            problems.append(CatalogProblem(.warning, CatalogImportError(file: "emtionMeans.plist", key: m, message: "meaning for an image no entry uses")))
        }
        // Images in the catalog's image folders that no entry references.
        var referenced = Set<String>()
        for u in catalog.images.values { referenced.insert(u.standardizedFileURL.resolvingSymlinksInPath().path) }
        for frames in catalog.sequences.values { for u in frames { referenced.insert(u.standardizedFileURL.resolvingSymlinksInPath().path) } }
        var folders = Set<String>()
        for path in referenced where unreferencedImages { folders.insert((path as NSString).deletingLastPathComponent) }
        for folder in folders.sorted() {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            for n in names where isImageName(n) {
                let p = (folder as NSString).appendingPathComponent(n)
                // A folder named like an image (a sequence's folder) is no image.
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: p, isDirectory: &isFolder), isFolder.boolValue { continue }
                if !referenced.contains(p) {
                    problems.append(CatalogProblem(.warning, CatalogImportError(file: messageText(n, limit: 160), message: "image never referenced by the catalog")))
                }
            }
        }
        return problems
    }

    /// Either the canvas size or why the image fails.
    enum Checked { case size(Int, Int), failure(String) }

    /// An image checked from its header and structure, never decoded to pixels.
    static func inspect(_ bytes: [UInt8], name: String) -> Checked {
        let header: ImageHeader
        do throws(ImageHeader.Failure) { header = try ImageHeader.probe(bytes) } catch {
            return .failure("unreadable image \(name): \(error)")
        }
        if let why = header.violation(of: .emoji) {
            return .failure("image \(name): \(why) (an emoji image is at most \(ImageLimits.emoji.maxWidth)x\(ImageLimits.emoji.maxHeight) pixels)")
        }
        // The structure, as the run's library reads it (metadata only, within the limits).
        do throws(AnimatedImageDecoder.Failure) { _ = try AnimatedImageDecoder.decode(bytes, name: name, limits: .emoji) } catch {
            return .failure("unreadable image \(name): \(error)")
        }
        return .size(header.width, header.height)
    }

    /// For each image file (by resolved path), the first entry that draws with it and
    /// its code, so a problem found by file can name the entry.
    /// - Complexity: O(entries + frames).
    static func imageUsers(_ catalog: ImportedCatalog) -> [String: (entry: Int, code: String)] {
        var out: [String: (entry: Int, code: String)] = [:]
        var counter = 0
        for g in catalog.groups {
            for e in g.emoji {
                let entry = catalog.entryIndex[e.code] ?? counter
                counter += 1
                guard let name = e.imageName else { continue }
                for u in catalog.sequences[name] ?? catalog.images[name].map({ [$0] }) ?? [] {
                    let path = u.standardizedFileURL.resolvingSymlinksInPath().path
                    if out[path] == nil { out[path] = (entry, e.code) }
                }
            }
        }
        return out
    }

    static func isImageName(_ n: String) -> Bool {
        let l = n.lowercased()
        return l.hasSuffix(".png") || l.hasSuffix(".gif") || l.hasSuffix(".ppm")
    }
}
