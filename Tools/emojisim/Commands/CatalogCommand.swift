import Foundation
import EmojiText
import SimCore
import EmojiSimIO

/// `emojisim catalog show|check|convert`.
enum CatalogCommand: CLICommand {
    static let name = "catalog"
    static let summary = "show, check or convert an emoji catalog"
    static let help = """
    usage: emojisim catalog show SOURCE [--entries] [--json] [--format F] [--locale L] [--wire W] [--lenient]
           emojisim catalog check SOURCE [--json] [--format F] [--locale L] [--wire W]
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

    show     groups with their titles, counts, the wire format and the first codes of
             each; --entries also lists every emoji (kind, image files, size, meanings
             in every locale, keywords, variants); --json as JSON
    check    every problem, one line each with file and entry; exit 1 when there are
             errors, 0 with warnings only. Images are checked from their headers
             (format, canvas size, frames), not decoded; --json as one JSON object
             (schemaVersion, passed, errors, warnings, problems)
    convert  writes EmojiSim JSON (to FILE, default standard output), losslessly: group
             titles, every locale's meanings, sequences' frames, variants' images;
             images outside FILE's folder are copied into <FILE stem>.images/ beside it

    --lenient   load what is valid and list what was skipped (on standard error)
    --locale L  show the catalog as an app in locale L does: L's meanings and group
                titles become the defaults (the label, the search text, [meaning] on
                the wire), where they exist; every locale is kept either way
    --wire W    how emoji travel in the server's text: code ([f056], the seeds'
                default), meaning ([笑哭], the Weibo default), hex ([f09f9882], the
                UTF-8 of a meaning that is an emoji) or unicode (the emoji itself)
    """

    static let verbs = ["show", "check", "convert"]

    /// The flags and options each verb takes: one it does not take is refused (`check
    /// --entries` was accepted and ignored), with a did-you-mean among these.
    static let accepted: [String: (flags: Set<String>, options: Set<String>)] = [
        "show": (["json", "lenient", "entries"], ["format", "locale", "wire"]),
        "check": (["json"], ["format", "locale", "wire"]),
        "convert": (["lenient"], ["format", "locale", "wire", "to", "out"]),
    ]

    static func run(_ arguments: [String]) -> Int32 {
        let args: ParsedArguments
        do {
            // The verb is the first word that is not an option; unknown verbs are
            // reported below, with every flag allowed meanwhile so the verb's message wins.
            let verb = arguments.first { !$0.hasPrefix("-") } ?? ""
            let known = accepted[verb] ?? (flags: accepted.values.reduce(Set<String>()) { $0.union($1.flags) },
                                           options: accepted.values.reduce(Set<String>()) { $0.union($1.options) })
            args = try ParsedArguments(arguments, flags: known.flags, options: known.options)
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
            var out = StandardOutput()
            if args.flags.contains("json") {
                showJSON(catalog, entries: args.flags.contains("entries"), to: &out)
            } else {
                CatalogListing.write(catalog, entries: args.flags.contains("entries")) { out.line($0) }
            }
            out.flush()
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
            let errors = problems.filter { $0.severity == .error }.count
            let warnings = problems.count - errors
            if args.flags.contains("json") {
                print(checkJSON(problems, source: source))
                return errors > 0 ? 1 : 0
            }
            for p in problems { print(p) }
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
        case "unicode": return (try? CatalogLoader.bundledUnicode(options: options))?.applyingLocale(options.locale)
        case "demo": return CatalogBridge.demoCatalog().applyingLocale(options.locale)
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

    /// `check --json`: `{"schemaVersion", "source", "passed", "errors", "warnings",
    /// "problems": [{"severity", "message"}]}`; `passed` is false exactly when the exit
    /// status is 1.
    static func checkJSON(_ problems: [CatalogProblem], source: String) -> String {
        let errors = problems.filter { $0.severity == .error }.count
        var s = "{\n  \"schemaVersion\" : \(jsonSchemaVersion),\n  \"source\" : \(jsonString(source)),\n"
        s += "  \"passed\" : \(errors == 0),\n  \"errors\" : \(errors),\n  \"warnings\" : \(problems.count - errors),\n"
        s += "  \"problems\" : ["
        s += problems.map { "\n    {\"severity\":\(jsonString($0.severity.rawValue)),\"message\":\(jsonString("\($0.error)"))}" }
            .joined(separator: ",")
        return s + (problems.isEmpty ? "]\n}" : "\n  ]\n}")
    }

    /// `show --json`: the header keys, then one group object a line, streamed. Names and
    /// codes are whole (it is for programs); `entries` adds each group's emoji.
    static func showJSON(_ c: ImportedCatalog, entries: Bool, to out: inout StandardOutput) {
        let q = jsonString
        func array(_ items: [String]) -> String { "[" + items.map(q).joined(separator: ",") + "]" }
        func object(_ d: [String: String]) -> String {
            "{" + d.keys.sorted().map { q($0) + ":" + q(d[$0]!) }.joined(separator: ",") + "}"
        }
        out.line("{")
        out.line("  \"schemaVersion\" : \(jsonSchemaVersion),")
        out.line("  \"emoji\" : \(c.emojiCount),")
        out.line("  \"format\" : \(q(c.format.rawValue)),")
        out.line("  \"groups\" : [")
        for (i, g) in c.groups.enumerated() {
            var s = "    {\"count\":\(g.emoji.count)"
            if entries {
                s += ",\"emoji\":[" + g.emoji.map { e -> String in
                    var x = "{\"code\":\(q(e.code)),\"kind\":\(q(e.kind.rawValue))"
                    if let name = e.imageName {
                        if let frames = c.sequences[name] { x += ",\"frames\":" + array(frames.map(\.lastPathComponent)) }
                        else { x += ",\"image\":" + q(c.images[name]?.lastPathComponent ?? name) }
                    }
                    if !e.keywords.isEmpty { x += ",\"keywords\":" + array(e.keywords) }
                    if !e.meanings.isEmpty { x += ",\"meanings\":" + object(e.meanings) }
                    if let v = g.variants[e.code], !v.isEmpty { x += ",\"variants\":" + array(v) }
                    if let z = e.size { x += ",\"width\":\(plainDecimal(z.width)),\"height\":\(plainDecimal(z.height))" }
                    return x + ",\"wire\":" + q(CatalogBridge.wireText(for: e, wire: c.wire)) + "}"
                }.joined(separator: ",") + "]"
            }
            s += ",\"first\":" + array(g.emoji.prefix(CatalogListing.firstCodes).map { CatalogBridge.wireText(for: $0, wire: c.wire) })
            s += ",\"name\":" + q(g.name)
            if !g.titles.isEmpty { s += ",\"titles\":" + object(g.titles) }
            out.line(s + "}" + (i + 1 < c.groups.count ? "," : ""))
        }
        out.line("  ],")
        out.line("  \"source\" : \(q(c.source.lastPathComponent)),")
        if let v = c.unicodeVersion { out.line("  \"unicodeVersion\" : \(q(v)),") }
        out.line("  \"wire\" : \(q(c.wire.rawValue))")
        out.line("}")
    }

    /// `s` as a JSON string: quotes, backslashes and control characters escaped, the
    /// rest as UTF-8. O(length).
    static func jsonString(_ s: String) -> String {
        var out = [UInt8]()
        out.reserveCapacity(s.utf8.count + 2)
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                out += Array("\\u00".utf8) + [hex[Int(b >> 4)], hex[Int(b & 15)]]
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }
}

/// Standard output written in blocks of 64 KB: a listing of 300,000 groups is streamed,
/// never held whole.
struct StandardOutput {
    var buffer: [UInt8] = []

    mutating func line(_ s: String) {
        buffer.append(contentsOf: s.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
