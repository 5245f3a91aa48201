import SimCore

/// One chat message as the list stores it: the text exactly as it travels on the wire
/// (placeholders such as `[f056]` or `[笑哭]` included), who sent it and when.
/// The list decodes the server text through the catalog only when a row is laid out.
public struct Message: Hashable, Sendable {
    /// A stable identity; heights and layouts are cached under it.
    public struct ID: Hashable, Sendable, Comparable, CustomStringConvertible {
        public var raw: Int
        public init(_ raw: Int) { self.raw = raw }
        public static func < (a: ID, b: ID) -> Bool { a.raw < b.raw }
        public var description: String { "m\(raw)" }
    }

    public enum Sender: String, Hashable, Sendable {
        /// Outgoing: bubble on the right, tail on the right.
        case me
        /// Incoming: bubble on the left, tail on the left.
        case other
    }

    public var id: ID
    public var sender: Sender
    public var serverText: String
    public var time: SimInstant

    public init(id: ID, sender: Sender, serverText: String, time: SimInstant = .zero) {
        self.id = id; self.sender = sender; self.serverText = serverText; self.time = time
    }
}
