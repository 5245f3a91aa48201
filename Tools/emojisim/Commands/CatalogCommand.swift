import Foundation
import EmojiText
import EmojiSimIO

/// `emojisim catalog show|check|convert`.
enum CatalogCommand: CLICommand {
    static let name = "catalog"
    static let summary = "show, check or convert an emoji catalog"
    static let help = """
    usage: emojisim catalog show SOURCE [--json] [--format F] [--locale L] [--wire W] [--lenient]
           emojisim catalog check SOURCE [--format F] [--locale L] [--wire W]
           emojisim catalog convert SOURCE --to json [--out FILE] [--format F] [--locale L] [--wire W] [--lenient]

    SOURCE is a file, a folder, or a built-in catalog: `unicode` (Unicode 15.0's
    emoji-test.txt, shipped with EmojiSim) or `demo`.
    The format is detected from the content; name it with --format:
      seed-plist    emtions.plist + emtionMeans.plist (+ EmtionImages/)
      sticker-pack  PPStickerKeyboard's InnerStickersInfo.plist
      weibo         Weibo/GYEmotion info.plist lists, one folder per group
      unicode       Unicode emoji-test.txt
      folder        images named by code point (emoji_u1f600.png, 1f600.png)
      json          EmojiSim's own JSON (docs/CATALOG-JSON.md)

    show     groups with their counts, the wire format and the first codes of each
    check    every problem, one line each with file and entry; exit 1 when there are
             errors, 0 with warnings only
    convert  writes EmojiSim JSON (to FILE, default standard output); images outside
             FILE's folder are copied into <FILE stem>.images/ beside it

    --lenient   load what is valid and list what was skipped (on standard error)
    --locale L  meanings from emtionMeans_L.plist where present
    --wire W    how emoji travel in the server's text: code ([f056], the seeds'
                default), meaning ([笑哭], the Weibo default), hex ([f09f9882], the
                UTF-8 of a meaning that is an emoji) or unicode (the emoji itself)
    """

    static func run(_ arguments: [String]) -> Int32 {
        let args: ParsedArguments
        do {
            args = try ParsedArguments(arguments, flags: ["json", "lenient"], options: ["format", "locale", "to", "out", "wire"])
        } catch {
            printError("error: \(error)\nsee: emojisim catalog --help")
            return 2
        }
        guard args.positionals.count == 2, let verb = args.positionals.first else {
            printError("error: expected a verb (show, check, convert) and a SOURCE\nsee: emojisim catalog --help")
            return 2
        }
        let format: CatalogFormat?, wire: WireFormat?
        do {
            format = try args.choice("format", describing: "format")
            wire = try args.choice("wire", describing: "wire format")
        } catch {
            printError("error: \(error)\nsee: emojisim catalog --help")
            return 2
        }
        let options = CatalogImportOptions(lenient: args.flags.contains("lenient"), locale: args.options["locale"] ?? "", wire: wire)
        let source = args.positionals[1]
        switch verb {
        case "show":
            guard let catalog = load(source, format: format, options: options) else { return 1 }
            print(args.flags.contains("json") ? showJSON(catalog) : showText(catalog), terminator: "")
            return 0
        case "check":
            let problems: [CatalogProblem]
            if let builtIn = builtIn(source, options: options) {
                problems = CatalogChecker.check(builtIn, wireCheck: CatalogBridge.wireCheck(for: builtIn), unreferencedImages: false)
            } else {
                let url = URL(fileURLWithPath: source)
                var opts = options
                opts.lenient = true
                do {
                    let catalog = try CatalogLoader.load(path: url, format: format, options: opts)
                    problems = CatalogChecker.check(catalog, wireCheck: CatalogBridge.wireCheck(for: catalog))
                } catch {
                    problems = [CatalogProblem(.error, error)]
                }
            }
            for p in problems { print(p) }
            let errors = problems.filter { $0.severity == .error }.count
            let warnings = problems.count - errors
            print("\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
            return errors > 0 ? 1 : 0
        case "convert":
            guard args.options["to"] == "json" else {
                printError("error: convert needs --to json\nsee: emojisim catalog --help")
                return 2
            }
            guard let catalog = load(source, format: format, options: options) else { return 1 }
            do {
                if let out = args.options["out"] {
                    let url = URL(fileURLWithPath: out)
                    let copied = try JSONCatalog.write(catalog, to: url)
                    printError("wrote \(out) (\(catalog.emojiCount) emoji, \(copied) image\(copied == 1 ? "" : "s") copied)")
                } else {
                    let data = try JSONCatalog.encode(catalog, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                    FileHandle.standardOutput.write(data)
                    print("")
                }
            } catch {
                printError("error: \(ErrorText.describe(error))")
                return 1
            }
            return 0
        default:
            printError("error: unknown verb '\(verb)' (show, check, convert)\nsee: emojisim catalog --help")
            return 2
        }
    }

    static func builtIn(_ source: String, options: CatalogImportOptions) -> ImportedCatalog? {
        switch source {
        case "unicode": return try? CatalogLoader.bundledUnicode(options: options)
        case "demo": return CatalogBridge.demoCatalog()
        default: return nil
        }
    }

    static func load(_ source: String, format: CatalogFormat?, options: CatalogImportOptions) -> ImportedCatalog? {
        if let c = builtIn(source, options: options) { return c }
        do {
            let c = try CatalogLoader.load(path: URL(fileURLWithPath: source), format: format, options: options)
            for s in c.skipped { printError("skipped: \(s.error)") }
            return c
        } catch {
            printError("error: \(error)")
            return nil
        }
    }

    static func showText(_ c: ImportedCatalog) -> String {
        var s = "catalog: \(c.source.lastPathComponent) (\(c.format.rawValue)), \(c.groups.count) group\(c.groups.count == 1 ? "" : "s"), \(c.emojiCount) emoji, wire: \(c.wire.rawValue)"
        if let v = c.unicodeVersion { s += ", Unicode \(v)" }
        s += "\n"
        let width = c.groups.map { $0.name.count }.max() ?? 0
        for g in c.groups {
            let first = g.emoji.prefix(8).map { CatalogBridge.wireText(for: $0, wire: c.wire) }.joined(separator: " ")
            let variants = g.variants.values.reduce(0) { $0 + $1.count }
            s += "  " + g.name + String(repeating: " ", count: max(0, width - g.name.count)) + "  \(g.emoji.count) emoji"
            if variants > 0 { s += " (+\(variants) skin-tone variants)" }
            s += "  \(first)\(g.emoji.count > 8 ? " ..." : "")\n"
        }
        return s
    }

    static func showJSON(_ c: ImportedCatalog) -> String {
        var groups: [[String: Any]] = []
        for g in c.groups {
            groups.append(["name": g.name, "count": g.emoji.count,
                           "first": g.emoji.prefix(8).map { CatalogBridge.wireText(for: $0, wire: c.wire) }])
        }
        var root: [String: Any] = ["source": c.source.lastPathComponent, "format": c.format.rawValue,
                                   "wire": c.wire.rawValue, "emoji": c.emojiCount, "groups": groups]
        if let v = c.unicodeVersion { root["unicodeVersion"] = v }
        let data = (try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
