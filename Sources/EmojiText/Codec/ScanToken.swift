/// One recognised emoji in a plain text: UTF-8 byte range and catalog entry.
struct ScanToken: Hashable, Sendable {
    var start: Int
    var end: Int
    var entry: Int
    var encoding: PlaceholderEncoding
}
