import SimCore

/// One chat message as the list stores it: the text exactly as it travels on the wire
/// (placeholders such as `[f056]` or `[笑哭]` included), who sent it and when.
/// The list decodes the server text through the catalog only when a row is laid out.
public struct Message: Hashable, Sendable {
    /// A stable identity; heights and layouts are cached under it.
    public struct ID: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The number behind the identity; the list orders messages by it.
        public var raw: Int
        /// Wraps a number as an identity.
        ///
        /// - Parameter raw: Any number unique within the conversation.
        public init(_ raw: Int) { self.raw = raw }
        /// Orders identities by their numbers (older messages have smaller ones).
        ///
        /// - Parameters:
        ///   - a: An identity.
        ///   - b: Another identity.
        /// - Returns: Whether `a`'s number is smaller.
        public static func < (a: ID, b: ID) -> Bool { a.raw < b.raw }
        /// `m` followed by the number (`m12`), as traces print it.
        public var description: String { "m\(raw)" }
    }

    /// Which side of the conversation sent the message.
    public enum Sender: String, Hashable, Sendable {
        /// Outgoing: bubble on the right, tail on the right.
        case me
        /// Incoming: bubble on the left, tail on the left.
        case other
    }

    /// The message's identity.
    public var id: ID
    /// Who sent it; decides the side, the bubble colour and the reuse identifier.
    public var sender: Sender
    /// The text as it travels on the wire, placeholders undecoded.
    public var serverText: String
    /// When it was sent, on the virtual clock.
    public var time: SimInstant

    /// Creates a message; each parameter sets the property of the same name.
    ///
    /// - Parameters:
    ///   - id: The identity.
    ///   - sender: Who sent it.
    ///   - serverText: The wire text.
    ///   - time: When it was sent.
    public init(id: ID, sender: Sender, serverText: String, time: SimInstant = .zero) {
        self.id = id; self.sender = sender; self.serverText = serverText; self.time = time
    }
}
