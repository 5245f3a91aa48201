import SimCore

/// A snapshot file format.
public enum SnapshotFormat: String, Hashable, Sendable, CaseIterable {
    /// The character grid (`.txt`).
    case ascii
    /// The character grid followed by its style layer (`CharGridOptions.styled`), `.styled.txt`.
    case styled
    /// The RGBA framebuffer as PNG.
    case png
    /// The framebuffer as binary PPM.
    case ppm
    /// The display list as an indented tree of views and items.
    case tree
}

// Here, beside the format, so that the script parser (which refuses two snapshots
// writing one file) builds without the renderer (the scenario fuzz target compiles it alone).
extension SnapshotFormat {
    /// The reference file's extension, without the dot (`txt`, `styled.txt`, `tree.txt`,
    /// `png`, `ppm`).
    public var fileExtension: String {
        switch self {
        case .ascii: return "txt"
        case .styled: return "styled.txt"
        case .tree: return "tree.txt"
        case .png: return "png"
        case .ppm: return "ppm"
        }
    }

    /// True for the character formats (ascii, styled, tree), which diff line by line.
    public var isText: Bool { self == .ascii || self == .styled || self == .tree }
}
