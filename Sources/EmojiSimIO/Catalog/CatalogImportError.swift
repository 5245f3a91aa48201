import SimCore

/// A problem in a user's catalog, saying which file, where in it, which entry and which
/// key. Prints as `emtions.plist: entry 3: key 'width': expected a number, found a string`,
/// or with a position for text formats, `c.json:4:17: entry 3: key 'kind': ...`.
public struct CatalogImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's name (or its path inside the catalog's folder).
    public var file: String
    /// 0-based index of the entry (array element or line-based entry), when it applies.
    public var entry: Int?
    /// 1-based line for text formats (emoji-test.txt, JSON).
    public var line: Int?
    /// 1-based column (in bytes) on `line`, when known.
    public var column: Int?
    /// The key (or key path, `groups[2].name`) at fault, when it applies.
    public var key: String?
    /// What is wrong; untrusted values in it are cut and escaped (`CatalogImportError.echo`).
    public var message: String

    /// - Parameters: see the properties; `line` and `column` are 1-based.
    public init(file: String, entry: Int? = nil, line: Int? = nil, column: Int? = nil, key: String? = nil, message: String) {
        self.file = file; self.entry = entry; self.line = line; self.column = column; self.key = key; self.message = message
    }

    /// `file[:line[:column]]: [entry N: ][key 'k': ]message`.
    public var description: String {
        var s = file
        if let line {
            s += ":\(line)"
            if let column { s += ":\(column)" }
        }
        s += ": "
        if let entry { s += "entry \(entry): " }
        if let key { s += "key '\(messageText(key, limit: 160))': " }
        return s + message
    }

    /// An untrusted value (a code, a name, a path from the user's file) as a message
    /// shows it: SimCore's `echoLiteral` (quoted, escaped, bounded), the one form every
    /// message of the product uses.
    static func echo(_ value: String) -> String { echoLiteral(value) }
}

/// What a lenient import skipped, or what `catalog check` found.
public struct CatalogProblem: Hashable, Sendable, CustomStringConvertible {
    /// How much a problem matters: an `error` skipped an entry (or failed a strict import);
    /// a `warning` (from `catalog check`) loses nothing but is likely a mistake.
    public enum Severity: String, Hashable, Sendable {
        /// Data was lost: the entry was skipped, or a strict import failed.
        case error
        /// Nothing was lost, but the catalog is likely wrong (a size that differs from
        /// the image's, an image no entry uses).
        case warning
    }
    /// Whether the problem lost data (`error`) or only looks wrong (`warning`).
    public var severity: Severity
    /// What is wrong and where, with the file, entry and key it concerns.
    public var error: CatalogImportError

    /// Creates a problem from an import error.
    ///
    /// - Parameters:
    ///   - severity: `.error` for what a lenient import skipped, `.warning` for a check's hint.
    ///   - error: The problem's location and message.
    public init(_ severity: Severity, _ error: CatalogImportError) {
        self.severity = severity; self.error = error
    }

    /// `error: ` or `warning: ` followed by the error's own line, as `catalog check` prints it.
    public var description: String { "\(severity.rawValue): \(error)" }
}
