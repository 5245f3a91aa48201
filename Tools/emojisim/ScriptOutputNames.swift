import Foundation
import EmojiSimTestingCore

/// The names under which one `emojisim run` writes each script's outputs: its trace
/// viewer page (`--viewer DIR/<name>.html`) and its `--out DIR/<name>/` folder and GIF.
///
/// A script's name is its path from its package root without `.scenario` for the viewer
/// and its stem for `--out` (as documented); outside a package both are its stem. Two
/// scripts of one run that would get the same name (`a/x.scenario` and `b/x.scenario`
/// outside a package) would write one file over the other and the report would link
/// both to the survivor, so each colliding name is lengthened with the folders above
/// it, one at a time, until the run's names are distinct (`a/x`, `b/x`). The names
/// depend only on the run's script paths, never on the order they ran in; the same file
/// named twice gets `-2`, `-3` after its name in the order given.
enum ScriptOutputNames {
    /// The viewer page's name for each script, in the order given.
    static func viewerNames(_ scripts: [URL]) -> [String] {
        distinct(scripts.map(viewerBase), scripts)
    }

    /// The `--out` folder's name for each script, in the order given.
    static func outNames(_ scripts: [URL]) -> [String] {
        distinct(scripts.map { $0.deletingPathExtension().lastPathComponent }, scripts)
    }

    /// The script's path from its package root without the extension, or its stem
    /// outside a package (`TraceViewer.url(for:in:)`'s rule); `.` and `..` are dropped.
    static func viewerBase(_ script: URL) -> String {
        let url = script.standardizedFileURL
        var name = url.deletingPathExtension().lastPathComponent
        if let root = SnapshotFiles.packageRoot(from: url.path), url.path.hasPrefix(root.path + "/") {
            name = String(url.deletingPathExtension().path.dropFirst(root.path.count + 1))
        }
        let parts = name.split(separator: "/").filter { $0 != "." && $0 != ".." && !$0.isEmpty }
        return parts.isEmpty ? "script" : parts.joined(separator: "/")
    }

    /// `bases`, each made unique among them by taking more of its script's absolute path.
    static func distinct(_ bases: [String], _ scripts: [URL]) -> [String] {
        // The same file named again gets a number first: no folder tells it apart.
        var bases = bases
        var seen: [String: Int] = [:]
        for (i, url) in scripts.enumerated() {
            let times = seen[url.standardizedFileURL.path, default: 0] + 1
            seen[url.standardizedFileURL.path] = times
            if times > 1 { bases[i] += "-\(times)" }
        }
        var names = bases
        // The folders above each script, nearest last: the parts a name may grow by.
        let folders = scripts.map { url -> [String] in
            url.standardizedFileURL.deletingLastPathComponent().pathComponents.filter { $0 != "/" }
        }
        var depth = [Int](repeating: 0, count: names.count)
        while true {
            var groups: [String: [Int]] = [:]
            for (i, n) in names.enumerated() { groups[n, default: []].append(i) }
            let colliding = groups.values.filter { $0.count > 1 }
            if colliding.isEmpty { return names }
            var grew = false
            for group in colliding {
                for i in group {
                    // The base already holds the folders from the package root; grow
                    // from the first folder it does not name.
                    let baseFolders = bases[i].split(separator: "/").count - 1
                    let available = folders[i].count - baseFolders
                    guard depth[i] < available else { continue }
                    depth[i] += 1
                    let extra = folders[i][(available - depth[i])..<available]
                    names[i] = (extra + [bases[i]]).joined(separator: "/")
                    grew = true
                }
            }
            if !grew {
                // Out of folders (`/x` against `/x-2` numbered `x-2`): number what is left.
                for group in colliding {
                    for (k, i) in group.enumerated() where k > 0 { names[i] += "~\(k + 1)" }
                }
            }
        }
    }
}
