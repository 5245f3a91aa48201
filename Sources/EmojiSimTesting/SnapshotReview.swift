import Foundation
import EmojiSimIO
import Imaging
import Raster
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Pending snapshots (`<reference>.new`, written by a check that found a new or
/// differing render) and what `emojisim snapshots pending|review|accept|reject` does
/// with them.
///
/// Accepting renames the pending file over its reference (one `rename(2)` in the same
/// folder: a reader sees the old reference or the new one, never half of either);
/// rejecting deletes it. Only regular files are renamed or replaced: a pending file or
/// reference that is a symlink, device or folder is refused, so `/dev/null` or a file
/// outside the tree is never replaced. A pending image must decode before it is
/// accepted, so a truncated render never becomes a reference.
public enum SnapshotReview {
    /// One pending snapshot: its `.new` file and the reference it would replace.
    public struct Pending: Hashable, Sendable {
        /// The `.new` file.
        public var file: URL
        /// The reference it would replace (may not exist: a new snapshot).
        public var reference: URL
        /// Whether there is no reference yet (accepting creates it).
        public var isNew: Bool
    }

    /// Why a review command could not act, naming the path: prints as one line.
    public struct ReviewError: Error, CustomStringConvertible, Sendable {
        /// The message, naming the path and the reason.
        public var description: String
        /// Creates an error with its message.
        ///
        /// - Parameter d: The message, naming the path and the reason.
        public init(_ d: String) { description = d }
    }

    /// Every pending file under `folder`, sorted by path. Unreadable folders are errors
    /// naming them.
    ///
    /// - Parameter folder: A folder to search recursively, a reference, or a `.new` file
    ///   (a single file gives its one entry). Dot-files are skipped.
    /// - Returns: The pending snapshots, sorted by the `.new` file's path.
    /// - Throws: ``ReviewError`` when `folder` does not exist and has no pending file, or a
    ///   folder in the tree cannot be read.
    /// - Complexity: O(*n* log *n*) in the files under `folder`.
    public static func pending(under folder: URL) throws(ReviewError) -> [Pending] {
        var out: [Pending] = []
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDir) else {
            // A new snapshot's reference does not exist yet: the path names its pending file.
            if FileManager.default.fileExists(atPath: SnapshotStore.pendingURL(for: folder).path) {
                return [try pending(at: folder)]
            }
            throw ReviewError("\(folder.path): no such file or folder, and no pending snapshot for it")
        }
        if !isDir.boolValue {
            return [try pending(at: folder)]
        }
        guard access(folder.path, R_OK | X_OK) == 0 else { throw ReviewError("\(folder.path): cannot read the folder (permission denied)") }
        guard let e = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil,
                                                     errorHandler: { _, _ in true }) else {
            throw ReviewError("\(folder.path): cannot list the folder")
        }
        var unreadable: [String] = []
        for case let url as URL in e {
            var d: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &d), d.boolValue, access(url.path, R_OK | X_OK) != 0 {
                unreadable.append(url.path)
            }
            guard url.lastPathComponent.hasSuffix(".new"), !url.lastPathComponent.hasPrefix(".") else { continue }
            let ref = reference(of: url)
            out.append(Pending(file: url, reference: ref, isNew: !FileManager.default.fileExists(atPath: ref.path)))
        }
        if let first = unreadable.first { throw ReviewError("\(first): cannot read the folder (permission denied)") }
        return out.sorted { $0.file.path < $1.file.path }
    }

    /// The pending entry for a path naming either the `.new` file or its reference.
    ///
    /// - Parameter path: The `.new` file or the reference.
    /// - Returns: The pending entry.
    /// - Throws: ``ReviewError`` when the `.new` file does not exist.
    public static func pending(at path: URL) throws(ReviewError) -> Pending {
        let file = path.lastPathComponent.hasSuffix(".new") ? path : SnapshotStore.pendingURL(for: path)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw ReviewError("\(path.path): no pending snapshot (\(file.lastPathComponent) does not exist)")
        }
        let ref = reference(of: file)
        return Pending(file: file, reference: ref, isNew: !FileManager.default.fileExists(atPath: ref.path))
    }

    static func reference(of pending: URL) -> URL {
        pending.deletingLastPathComponent().appendingPathComponent(String(pending.lastPathComponent.dropLast(4)))
    }

    /// Makes the pending render the reference.
    ///
    /// - Parameter p: The pending snapshot.
    /// - Throws: ``ReviewError`` when the pending file or the reference is not a regular file,
    ///   a folder between the package root and the reference is a symlink, a pending image
    ///   does not decode, or the rename fails. Nothing changes then.
    /// - Complexity: O(*n*) in the pending file's size (it is validated), plus one rename.
    public static func accept(_ p: Pending) throws(ReviewError) {
        try requireRegular(p.file, what: "pending file")
        // The rename writes where the folders lead: refuse a symlinked folder between
        // the package root and the reference, as writing it would (a committed link
        // with a committed `.new` inside it must not replace a file elsewhere).
        if let root = SnapshotFiles.packageRoot(from: p.reference.path) {
            do throws(FileWriteError) { try SafeFileWriter.checkConfined(p.reference, within: root) } catch {
                throw ReviewError("cannot accept \(p.file.path): \(error.reason)")
            }
        }
        if FileManager.default.fileExists(atPath: p.reference.path) || isSymlink(p.reference) {
            try requireRegular(p.reference, what: "reference")
        }
        try validate(p)
        if rename(p.file.path, p.reference.path) != 0 {
            throw ReviewError("cannot accept \(p.file.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Drops the pending render; the reference stays as it was.
    ///
    /// - Parameter p: The pending snapshot.
    /// - Throws: ``ReviewError`` when the pending file is not a regular file or cannot be removed.
    public static func reject(_ p: Pending) throws(ReviewError) {
        try requireRegular(p.file, what: "pending file")
        if unlink(p.file.path) != 0 {
            throw ReviewError("cannot reject \(p.file.path): \(String(cString: strerror(errno)))")
        }
    }

    /// What changed, for `review`: a unified diff for text, the pixel summary for images
    /// (and the diff picture, when both decode).
    ///
    /// - Parameter p: The pending snapshot.
    /// - Returns: The description (`new snapshot ...` for a new one, else the diff or pixel
    ///   summary) and, for two images of the same size that differ, the diff picture.
    /// - Throws: ``ReviewError`` when a file cannot be read or an image does not decode.
    /// - Complexity: O(*n*) in the files' size; a text diff as ``SnapshotDiff/text(reference:actual:maxLines:)``.
    public static func describe(_ p: Pending) throws(ReviewError) -> (text: String, diffImage: Image?) {
        let new = try read(p.file)
        let isImage = SnapshotImageCodec.sniff(new) != nil
        guard !p.isNew else {
            if isImage {
                let image = try decode(new, p.file)
                return ("new snapshot (no reference yet): \(image.width)x\(image.height) image", nil)
            }
            return ("new snapshot (no reference yet):\n" + String(decoding: new, as: UTF8.self), nil)
        }
        let old = try read(p.reference)
        if isImage {
            let a = try decode(new, p.file)
            let b: Image
            do { b = try decode(old, p.reference) } catch {
                return ("the reference is unusable (\(error)); the pending render is \(a.width)x\(a.height)", nil)
            }
            guard let d = SnapshotDiff.image(reference: b, actual: a) else { return ("same pixels (only the encoding differs)", nil) }
            return (d.summary.description, d.diffImage)
        }
        let diff = SnapshotDiff.text(reference: String(decoding: old, as: UTF8.self), actual: String(decoding: new, as: UTF8.self),
                                     maxLines: 200)
        return (diff ?? "same text", nil)
    }

    // MARK: checks

    static func read(_ url: URL) throws(ReviewError) -> [UInt8] {
        do {
            guard let b = try SnapshotFiles.readReference(url) else { throw ReviewError("\(url.path): no such file") }
            return b
        } catch let e as SnapshotFiles.ReadError {
            throw ReviewError(e.description)
        } catch let e as ReviewError {
            throw e
        } catch {
            throw ReviewError("\(url.path): \(error)")
        }
    }

    static func decode(_ bytes: [UInt8], _ url: URL) throws(ReviewError) -> Image {
        do { return try SnapshotImageCodec.decode(bytes) } catch {
            throw ReviewError("\(url.path) is not a valid image: \(error)")
        }
    }

    /// A pending image must decode, and be the format its name says.
    static func validate(_ p: Pending) throws(ReviewError) {
        let ext = (p.reference.lastPathComponent as NSString).pathExtension.lowercased()
        guard ext == "png" || ext == "ppm" else { return }
        let bytes = try read(p.file)
        let format = SnapshotImageCodec.sniff(bytes)
        guard format?.rawValue == ext else {
            throw ReviewError("\(p.file.path) is not a \(ext.uppercased()) image; not accepted")
        }
        _ = try decode(bytes, p.file)
    }

    static func isSymlink(_ url: URL) -> Bool {
        var st = stat()
        return lstat(url.path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    static func requireRegular(_ url: URL, what: String) throws(ReviewError) {
        var st = stat()
        guard lstat(url.path, &st) == 0 else {
            throw ReviewError("\(url.path): \(String(cString: strerror(errno)))")
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw ReviewError("\(url.path): the \(what) is not a regular file (a symlink, device or folder); left alone")
        }
    }
}
