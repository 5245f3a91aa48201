/// The general pasteboard, as a value: cut and copy put the plain backed text here
/// (`你好[笑哭]`), paste reads it back and the scanner turns placeholders into emoji.
public struct Pasteboard: Hashable, Sendable {
    public var string: String?

    public init(string: String? = nil) { self.string = string }

    public var hasStrings: Bool { string != nil }
}
