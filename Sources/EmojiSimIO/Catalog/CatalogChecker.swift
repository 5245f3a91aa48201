import Foundation
import Imaging
import EmojiText
import SimCore

/// `emojisim catalog check`: every problem of a catalog, one line each with file and
/// entry. Loads leniently (so one bad entry does not hide the rest), then decodes every
/// image with Imaging, compares declared and actual sizes, and looks for meanings with
/// no image, images never referenced, and codes that would not survive the wire.
public enum CatalogChecker {
    /// A check of codes against the placeholder scanner: given an emoji, its wire text
    /// must scan back to that emoji alone. Supplied by the caller (EmojiText's codecs),
    /// nil when not checked.
    public typealias WireCheck = (Emoji) -> String?

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

    /// `unreferencedImages: false` skips the "image never referenced" warnings, for
    /// catalogs whose image folder is shared on purpose (the bundled demo assets serve
    /// both the demo and the Unicode catalog).
    public static func check(_ catalog: ImportedCatalog, wireCheck: WireCheck? = nil,
                             unreferencedImages: Bool = true) -> [CatalogProblem] {
        var problems = catalog.skipped
        let file = catalog.source.lastPathComponent
        var counter = 0
        /// Either the decoded size or why it failed, per file, so shared images decode once.
        enum Decoded { case size(Int, Int), failure(String) }
        var decoded: [String: Decoded] = [:]
        func decode(_ url: URL) -> Decoded {
            if let r = decoded[url.path] { return r }
            let r: Decoded
            if !FileManager.default.fileExists(atPath: url.path) {
                r = .failure("missing image \(url.lastPathComponent)")
            } else if let data = try? Data(contentsOf: url) {
                do {
                    let image = try AnimatedImageDecoder.decode([UInt8](data), name: url.lastPathComponent)
                    _ = try image.frame(at: 0)
                    r = .size(image.canvasWidth, image.canvasHeight)
                } catch {
                    r = .failure("unreadable image \(url.lastPathComponent): \(error)")
                }
            } else {
                r = .failure("cannot read image \(url.lastPathComponent)")
            }
            decoded[url.path] = r
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
                    switch decode(u) {
                    case .failure(let why):
                        problems.append(CatalogProblem(.error, CatalogImportError(file: file, entry: entry, message: "code \"\(e.code)\": \(why)")))
                    case .size(let w, let h):
                        // Declared sizes are in points: an image may be the @1x, @2x or @3x asset.
                        // Compared in Double: the size may come from an ImportedCatalog built
                        // by a caller, not an importer, so it is not assumed to fit in Int.
                        if let s = e.size, !(1...3).contains(where: { s.width.rounded(.towardZero) * Double($0) == Double(w)
                                                                  && s.height.rounded(.towardZero) * Double($0) == Double(h) }) {
                            problems.append(CatalogProblem(.warning, CatalogImportError(
                                file: file, entry: entry,
                                message: "code \"\(e.code)\": declared size \(formatPoints(s.width.rounded(.towardZero)))x\(formatPoints(s.height.rounded(.towardZero))) but \(u.lastPathComponent) is \(w)x\(h)")))
                        }
                    }
                }
                if let wireCheck, let why = wireCheck(e) {
                    problems.append(CatalogProblem(.error, CatalogImportError(file: file, entry: entry, message: "code \"\(e.code)\": \(why)")))
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
                if !referenced.contains(p) {
                    problems.append(CatalogProblem(.warning, CatalogImportError(file: n, message: "image never referenced by the catalog")))
                }
            }
        }
        return problems
    }

    static func isImageName(_ n: String) -> Bool {
        let l = n.lowercased()
        return l.hasSuffix(".png") || l.hasSuffix(".gif") || l.hasSuffix(".ppm")
    }
}
