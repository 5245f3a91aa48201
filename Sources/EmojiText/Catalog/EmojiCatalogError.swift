/// Why a catalog could not be built. Each case says which emoji (group name and index
/// within the group) was wrong.
public enum EmojiCatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two groups share a name.
    case duplicateGroup(name: String)
    /// An emoji's code is empty.
    case emptyCode(group: String, index: Int)
    /// Two emoji (or an emoji and a skin-tone variant) share a code.
    case duplicateCode(code: String, group: String, index: Int)
    /// A Unicode emoji's code (or variant) is not exactly one grapheme cluster, starts
    /// with a combining scalar or ends with a zero-width joiner, so the scanner could
    /// never find it as one unit.
    case notOneGraphemeCluster(code: String, group: String, index: Int)
    /// An image emoji's code cannot be written as a placeholder: it must be 1 to 128
    /// bytes of ASCII letters, digits, `_`, `-` or CJK ideographs.
    case codeNotPlaceholderSafe(code: String, group: String, index: Int)

    /// `group 'Seed', emoji #3: duplicate code 'f056'`: where, then what.
    public var description: String {
        switch self {
        case .duplicateGroup(let name):
            return "duplicate group name '\(name)'"
        case .emptyCode(let group, let index):
            return "group '\(group)', emoji #\(index): empty code"
        case .duplicateCode(let code, let group, let index):
            return "group '\(group)', emoji #\(index): duplicate code '\(code)'"
        case .notOneGraphemeCluster(let code, let group, let index):
            return "group '\(group)', emoji #\(index): '\(code)' is not one well-formed grapheme cluster"
        case .codeNotPlaceholderSafe(let code, let group, let index):
            return "group '\(group)', emoji #\(index): code '\(code)' cannot be written as [code] (1-128 bytes of letters, digits, _, - or CJK ideographs)"
        }
    }
}
