/// A problem in a user's catalog, saying which file, which entry and which key.
/// Prints as `emtions.plist: entry 3: key 'width': expected a number, found a string`.
public struct CatalogImportError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// 0-based index of the entry (array element or line-based entry), when it applies.
    public var entry: Int?
    /// 1-based line for text formats (emoji-test.txt).
    public var line: Int?
    public var key: String?
    public var message: String

    public init(file: String, entry: Int? = nil, line: Int? = nil, key: String? = nil, message: String) {
        self.file = file; self.entry = entry; self.line = line; self.key = key; self.message = message
    }

    public var description: String {
        var s = file
        if let line { s += ":\(line)" }
        s += ": "
        if let entry { s += "entry \(entry): " }
        if let key { s += "key '\(key)': " }
        return s + message
    }
}

/// What a lenient import skipped, or what `catalog check` found.
public struct CatalogProblem: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable { case error, warning }
    public var severity: Severity
    public var error: CatalogImportError

    public init(_ severity: Severity, _ error: CatalogImportError) {
        self.severity = severity; self.error = error
    }

    public var description: String { "\(severity.rawValue): \(error)" }
}
