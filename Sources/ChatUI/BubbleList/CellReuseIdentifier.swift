/// The kinds of cells the list reuses, one pool per kind, as with
/// `dequeueReusableCell(withIdentifier:)`.
public enum CellReuseIdentifier: String, Hashable, Sendable, CaseIterable {
    /// A bubble on the left (a message from the other side).
    case incoming
    /// A bubble on the right (a message I sent).
    case outgoing
    /// A message of only a few emoji, drawn large without a bubble (either side).
    case bigEmoji
}
