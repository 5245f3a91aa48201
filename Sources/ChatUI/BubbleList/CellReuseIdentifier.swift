/// The kinds of cells the list reuses, one pool per kind, as with
/// `dequeueReusableCell(withIdentifier:)`.
public enum CellReuseIdentifier: String, Hashable, Sendable, CaseIterable {
    case incoming
    case outgoing
    case bigEmoji
}
