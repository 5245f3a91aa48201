import SimCore

/// The checks of `CatalogJSON.parse` over a parsed JSON tree: keys, kinds, limits,
/// uniqueness and paths, in file order, each failure at the value it concerns.
struct CatalogJSONReader {
    typealias Members = [(key: String, node: PureJSON.Node)]
    typealias Failure = CatalogJSON.Failure

    let bytes: [UInt8]
    let file: String
    let lenient: Bool
    var skipped: [Failure] = []

    init(bytes: [UInt8], file: String, lenient: Bool) {
        self.bytes = bytes; self.file = file; self.lenient = lenient
    }

    func fail(_ node: PureJSON.Node, entry: Int? = nil, _ key: String?, _ message: String) -> Failure {
        fail(at: node.offset, entry: entry, key, message)
    }

    func fail(at offset: Int, entry: Int? = nil, _ key: String?, _ message: String) -> Failure {
        let at = PureJSON.Failure(bytes, offset, "")
        return Failure(file: file, offset: at.offset, line: at.line, column: at.column, entry: entry, key: key, message: message)
    }

    /// An untrusted key inside a key path (`meanings.<key>`): escaped and cut, unquoted.
    static func echo(_ s: String) -> String { messageText(s, limit: 160) }

    // MARK: typed access

    func object(_ n: PureJSON.Node, entry: Int? = nil, _ key: String?) throws(Failure) -> Members {
        guard case .object(let m) = n.value else { throw fail(n, entry: entry, key, "expected an object, found \(n.value.kindName)") }
        return m
    }

    func array(_ n: PureJSON.Node, entry: Int? = nil, _ key: String?) throws(Failure) -> [PureJSON.Node] {
        guard case .array(let a) = n.value else { throw fail(n, entry: entry, key, "expected an array, found \(n.value.kindName)") }
        return a
    }

    func string(_ n: PureJSON.Node, entry: Int? = nil, _ key: String?) throws(Failure) -> String {
        guard case .string(let s) = n.value else { throw fail(n, entry: entry, key, "expected a string, found \(n.value.kindName)") }
        return s
    }

    func required(_ m: Members, _ name: String, in node: PureJSON.Node, entry: Int? = nil, key: String) throws(Failure) -> PureJSON.Node {
        guard let n = PureJSON.member(m, name) else { throw fail(node, entry: entry, key, "missing") }
        return n
    }

    /// An array of strings under `name` (absent: empty).
    func strings(_ m: Members, _ name: String, entry: Int) throws(Failure) -> [String] {
        guard let n = PureJSON.member(m, name) else { return [] }
        var out: [String] = []
        for (i, x) in try array(n, entry: entry, name).enumerated() { out.append(try string(x, entry: entry, "\(name)[\(i)]")) }
        return out
    }

    /// An object of strings under `name` (absent: empty): meanings and titles.
    func stringMap(_ m: Members, _ name: String, entry: Int?, keyPrefix: String) throws(Failure) -> [String: String] {
        guard let n = PureJSON.member(m, name) else { return [:] }
        var out: [String: String] = [:]
        for pair in try object(n, entry: entry, keyPrefix + name) {
            out[pair.key] = try string(pair.node, entry: entry, "\(keyPrefix)\(name).\(Self.echo(pair.key))")
        }
        return out
    }

    /// A path inside the catalog's folder, normalized (`a/./b/../c` is `a/c`); absolute
    /// paths, `~`, NUL and other control characters and paths climbing out are refused (natively, `CatalogPaths`
    /// then also refuses a symlink that leads out).
    func path(_ n: PureJSON.Node, entry: Int?, _ key: String) throws(Failure) -> CatalogJSON.Path {
        let p = try string(n, entry: entry, key)
        if p.isEmpty { throw fail(n, entry: entry, key, "empty file name") }
        if p.utf8.contains(0) { throw fail(n, entry: entry, key, "path \(echoLiteral(p)) contains a NUL byte") }
        // A newline or tab would split the playground's `image NAME` lines and name files
        // the catalog does not (issue 47, item 18): refused by both readers alike.
        if let c = p.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            let hex = String(c.value, radix: 16, uppercase: true)
            throw fail(n, entry: entry, key, "path \(echoLiteral(p)) contains the control character U+"
                       + String(repeating: "0", count: 4 - hex.count) + hex + " (file names with control characters are refused)")
        }
        if p.hasPrefix("/") || p.hasPrefix("~") {
            throw fail(n, entry: entry, key, "path \(echoLiteral(p)) must be relative to the catalog folder")
        }
        var parts: [Substring] = []
        for seg in p.split(separator: "/", omittingEmptySubsequences: true) {
            if seg == "." { continue }
            if seg == ".." {
                guard !parts.isEmpty else { throw fail(n, entry: entry, key, "path \(echoLiteral(p)) escapes the catalog folder") }
                parts.removeLast()
            } else { parts.append(seg) }
        }
        guard !parts.isEmpty else { throw fail(n, entry: entry, key, "path \(echoLiteral(p)) escapes the catalog folder") }
        var out = ""
        for (i, s) in parts.enumerated() { if i > 0 { out += "/" }; out += String(s) }
        return CatalogJSON.Path(name: out, written: p, key: key, offset: n.offset)
    }

    /// A declared width or height: a JSON number from 0 to `maxDimension` points (a
    /// numeric string is refused: JSON has numbers); -0 is a size of 0.
    func dimension(_ m: Members, _ name: String, entry: Int) throws(Failure) -> Double? {
        guard let n = PureJSON.member(m, name) else { return nil }
        guard case .number(let d) = n.value else { throw fail(n, entry: entry, name, "expected a number, found \(n.value.kindName)") }
        guard d >= 0, d <= CatalogJSON.maxDimension else {
            throw fail(n, entry: entry, name, "size \(plainDecimal(d)) is out of range (0 to \(Int(CatalogJSON.maxDimension)) points)")
        }
        return d == 0 ? 0 : d
    }

    /// In lenient mode keeps `failure` and returns; otherwise throws it.
    mutating func report(_ failure: Failure) throws(Failure) {
        if !lenient { throw failure }
        skipped.append(failure)
    }

    // MARK: the document

    mutating func document(_ root: PureJSON.Node) throws(Failure) -> CatalogJSON.Document {
        let top = try object(root, nil)
        let formatNode = try required(top, "format", in: root, key: "format")
        let format = try string(formatNode, "format")
        guard format == CatalogJSON.formatName else {
            throw fail(formatNode, "format", "expected \"\(CatalogJSON.formatName)\", found \(echoLiteral(format))")
        }
        let versionNode = try required(top, "version", in: root, key: "version")
        guard case .number(let version) = versionNode.value else {
            throw fail(versionNode, "version", "expected a number, found \(versionNode.value.kindName)")
        }
        guard version == Double(CatalogJSON.version) else {
            throw fail(versionNode, "version", "version \(plainDecimal(version)) is not supported (this EmojiSim reads version \(CatalogJSON.version))")
        }
        var wire = WireFormat.code
        if let w = PureJSON.member(top, "wire") {
            let name = try string(w, "wire")
            guard let known = WireFormat(rawValue: name) else {
                throw fail(w, "wire", "unknown wire format \(echoLiteral(name)) (\(WireFormat.names))")
            }
            wire = known
        }
        var unicodeVersion: String?
        if let u = PureJSON.member(top, "unicodeVersion") { unicodeVersion = try string(u, "unicodeVersion") }
        let groupsNode = try required(top, "groups", in: root, key: "groups")
        var state = State()
        var groups: [CatalogJSON.Group] = []
        for (gi, gNode) in try array(groupsNode, "groups").enumerated() {
            do throws(Failure) {
                if let g = try group(gNode, gi, &state) { groups.append(g) }
            } catch {
                // Past a catalog-wide limit nothing more is read, lenient or not.
                if state.stop { throw error }
                try report(error)
            }
        }
        return CatalogJSON.Document(wire: wire, unicodeVersion: unicodeVersion, groups: groups, skipped: skipped)
    }

    /// What the entries read so far have taken: codes, group names, frame references.
    struct State {
        var entry = -1
        var codes: [String: String] = [:]        // code -> its group's name
        var groupNames: [String: Int] = [:]      // name -> index in the file
        var frameReferences = 0
        /// Set with a failure no lenient read may skip (a catalog-wide limit).
        var stop = false
    }

    mutating func group(_ gNode: PureJSON.Node, _ gi: Int, _ state: inout State) throws(Failure) -> CatalogJSON.Group? {
        let place = "groups[\(gi)]"
        let g = try object(gNode, place)
        let nameNode = try required(g, "name", in: gNode, key: place + ".name")
        let name = try string(nameNode, place + ".name")
        if let first = state.groupNames[name] {
            throw fail(nameNode, place + ".name", "duplicate group name \(echoLiteral(name)) (also groups[\(first)])")
        }
        let titles = try stringMap(g, "titles", entry: nil, keyPrefix: place + ".")
        var icon: CatalogJSON.Path?
        if let i = PureJSON.member(g, "icon") { icon = try path(i, entry: nil, place + ".icon") }
        let list = try required(g, "emoji", in: gNode, key: place + ".emoji")
        let entries = try array(list, place + ".emoji")
        state.groupNames[name] = gi
        var out: [CatalogJSON.Entry] = []
        for eNode in entries {
            state.entry += 1
            // Stop at the cap before building more entries.
            guard state.entry < CatalogJSON.maxEntries else {
                state.stop = true
                throw fail(eNode, entry: state.entry, nil, "more than \(CatalogJSON.maxEntries) entries; a catalog may have at most \(CatalogJSON.maxEntries)")
            }
            do throws(Failure) {
                out.append(try entry(eNode, state.entry, group: name, &state))
            } catch {
                if state.stop { throw error }
                try report(error)
            }
        }
        return CatalogJSON.Group(name: name, titles: titles, icon: icon, emoji: out, index: gi)
    }

    mutating func entry(_ eNode: PureJSON.Node, _ index: Int, group: String, _ state: inout State) throws(Failure) -> CatalogJSON.Entry {
        let e = try object(eNode, entry: index, nil)
        let codeNode = try required(e, "code", in: eNode, entry: index, key: "code")
        let code = try string(codeNode, entry: index, "code")
        guard !code.isEmpty else { throw fail(codeNode, entry: index, "code", "empty code") }
        if let other = state.codes[code] {
            throw fail(codeNode, entry: index, "code", "duplicate code \(echoLiteral(code)) (also in group \(echoLiteral(other)))")
        }
        let kindNode = try required(e, "kind", in: eNode, entry: index, key: "kind")
        let kindName = try string(kindNode, entry: index, "kind")
        let kind: Emoji.Kind
        switch kindName {
        case "unicode": kind = .unicode
        case "static": kind = .staticImage
        case "animated": kind = .animatedImage
        default: throw fail(kindNode, entry: index, "kind", "expected unicode, static or animated, found \(echoLiteral(kindName))")
        }
        var image: CatalogJSON.Path?
        if let i = PureJSON.member(e, "image") { image = try path(i, entry: index, "image") }
        var frames: [CatalogJSON.Path]?
        if let framesNode = PureJSON.member(e, "frames") {
            let list = try array(framesNode, entry: index, "frames")
            guard list.count <= CatalogJSON.maxFrames else {
                throw fail(framesNode, entry: index, "frames", "\(list.count) frames; a sequence may have at most \(CatalogJSON.maxFrames)")
            }
            guard state.frameReferences + list.count <= CatalogJSON.maxFrameReferences else {
                state.stop = true
                throw fail(framesNode, entry: index, "frames", "\(state.frameReferences + list.count) frame references so far; a catalog may have at most \(CatalogJSON.maxFrameReferences)")
            }
            var out: [CatalogJSON.Path] = []
            for (fi, f) in list.enumerated() { out.append(try path(f, entry: index, "frames[\(fi)]")) }
            frames = out
            state.frameReferences += list.count
        }
        if kind != .unicode && image == nil && frames == nil {
            throw fail(eNode, entry: index, "image", "missing (a \(kindName) emoji needs an image)")
        }
        var size: Size?
        let w = try dimension(e, "width", entry: index), h = try dimension(e, "height", entry: index)
        if let w, let h { size = Size(width: w, height: h) }
        let meanings = try stringMap(e, "meanings", entry: index, keyPrefix: "")
        let keywords = try strings(e, "keywords", entry: index)
        var variants: [CatalogJSON.Variant] = []
        if let v = PureJSON.member(e, "variants") {
            for (vi, x) in try array(v, entry: index, "variants").enumerated() {
                variants.append(try variant(x, entry: index, "variants[\(vi)]"))
            }
        }
        state.codes[code] = group
        return CatalogJSON.Entry(index: index, offset: eNode.offset, code: code, kind: kind, image: image, frames: frames,
                                 size: size, meanings: meanings, keywords: keywords, variants: variants)
    }

    /// A skin-tone variant: a code, or `{"code": ..., "image": ..., "meanings": {...}}`.
    func variant(_ n: PureJSON.Node, entry: Int, _ key: String) throws(Failure) -> CatalogJSON.Variant {
        if case .string(let s) = n.value { return CatalogJSON.Variant(code: s, image: nil, meanings: [:]) }
        guard case .object(let m) = n.value else {
            throw fail(n, entry: entry, key, "expected a string or an object, found \(n.value.kindName)")
        }
        let code = try string(try required(m, "code", in: n, entry: entry, key: key + ".code"), entry: entry, key + ".code")
        var image: CatalogJSON.Path?
        if let i = PureJSON.member(m, "image") { image = try path(i, entry: entry, key + ".image") }
        let meanings = try stringMap(m, "meanings", entry: entry, keyPrefix: key + ".")
        return CatalogJSON.Variant(code: code, image: image, meanings: meanings)
    }
}
