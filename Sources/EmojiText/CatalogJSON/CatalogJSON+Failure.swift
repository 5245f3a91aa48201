extension CatalogJSON {
    /// Why a catalog JSON was refused (or, when lenient, an entry skipped): the file,
    /// the byte offset, line and column of the value at fault, the entry and key it
    /// concerns, and the reason. Prints as
    /// `broken.json:1:103: (byte 102) entry 0 (kind): expected unicode, static or animated, found "gif"`.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The file's name as the caller gave it.
        public var file: String
        /// 0-based byte offset in the file.
        public var offset: Int
        /// 1-based line.
        public var line: Int
        /// 1-based column, in bytes.
        public var column: Int
        /// 0-based index of the entry over the whole catalog, when the problem is in one.
        public var entry: Int?
        /// The key at fault: a member of the entry (`kind`, `frames[3]`, `meanings.en`),
        /// a path from the top (`groups[0].emoji`, `groups[1].titles.en`), a top-level
        /// key (`format`), or nil for the text itself.
        public var key: String?
        /// What is wrong (untrusted values cut and escaped).
        public var message: String

        /// - Parameters: see the properties.
        public init(file: String, offset: Int, line: Int, column: Int, entry: Int? = nil, key: String? = nil, message: String) {
            self.file = file; self.offset = offset; self.line = line; self.column = column
            self.entry = entry; self.key = key; self.message = message
        }

        /// `entry 3 (kind)`, `groups[0].emoji`, `(format)`, or empty for the text itself.
        public var place: String {
            if let entry { return "entry \(entry)" + (key.map { " (\($0))" } ?? "") }
            guard let key else { return "" }
            return key.hasPrefix("groups[") ? key : "(\(key))"
        }

        /// `file:line:column: (byte N) place: message`.
        public var description: String {
            "\(file):\(line):\(column): (byte \(offset))\(place.isEmpty ? "" : " " + place): \(message)"
        }
    }
}
