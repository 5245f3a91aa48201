import SimCore
import Raster

/// How a finder resolves, for every subject: the drawn kinds (`label`, `view`, `text`)
/// against the display list, the modifiers (`first`, `nth`, `within`) over any kind,
/// and the subject's own kinds through `components`. `Testable.resolve(_:)`'s default
/// calls it with no components; the chat screen passes its own.
///
/// Resolution reads; it never changes the subject (no layout, no trace line).
public enum FinderResolution {
    /// Resolves `finder`.
    ///
    /// - Parameters:
    ///   - finder: What to find.
    ///   - drawn: The display list as drawn now; called at most once, only when a drawn
    ///     kind is involved (component finders never pay for a display list).
    ///   - components: Resolves a kind other than `label`/`view`/`text`/`point` and
    ///     without modifiers.
    /// - Complexity: O(drawn items) for drawn kinds, plus what `components` costs.
    public static func resolve(_ finder: Finder, drawn: () -> DisplayList,
                               components: (Finder) -> FinderResult) -> FinderResult {
        var cache: DisplayListFinder?
        func list() -> DisplayListFinder {
            if let cache { return cache }
            let f = DisplayListFinder(drawn())
            cache = f
            return f
        }
        return resolve(finder, list, components)
    }

    private static func resolve(_ finder: Finder, _ list: () -> DisplayListFinder,
                                _ components: (Finder) -> FinderResult) -> FinderResult {
        if case .point(let p) = finder {
            return .hit(FinderHit(frame: Rect(origin: p, size: Size(width: 0, height: 0)), point: p))
        }
        if finder.isDrawnKind {
            let l = list()
            switch matches(finder, l, components) {
            case .failure(let r): return r.result
            case .success(let m):
                guard let pick = m.items.last else { return .missing(m.none) }
                return actionability(pick, count: m.count, l)
            }
        }
        switch finder {
        case .first(let f): return resolve(f, list, components)
        case .nth(let f, let n):
            let r = resolve(f, list, components)
            guard n != 0, r.exists else { return r }
            return .missing("\(f) finds one match (nth 0 only)")
        case .within(let f, let c):
            let r = resolve(f, list, components)
            guard let h = r.found else { return r }
            let cr = resolve(c, list, components)
            guard let cf = cr.found?.frame else { return .missing(containerMiss(c, cr)) }
            if !cf.contains(h.point) { return .missing("\(f) is not within \(c) (at \(h.frame); \(c) is at \(cf))") }
            return r
        default:
            return components(finder)
        }
    }

    private static func containerMiss(_ c: Finder, _ r: FinderResult) -> String {
        "\(c) finds nothing to look within (\(r))"
    }

    /// A refusal found while matching, carried out through `Result`.
    private struct Refusal: Error { var result: FinderResult }

    /// The drawn items a drawn finder matches, in paint order; `count` is how many
    /// matched before `first`/`nth` picked; `none` says why nothing did.
    private struct Matches {
        var items: [DisplayListFinder.Visible]
        var count: Int
        var none: String
    }

    private static func matches(_ finder: Finder, _ l: DisplayListFinder,
                                _ components: (Finder) -> FinderResult) -> Result<Matches, Refusal> {
        switch finder {
        case .label(let text):
            let m = l.visible.filter { $0.label == text }
            return .success(Matches(items: m, count: m.count,
                                    none: "nothing drawn has the accessibility label \(boundedQuotedLiteral(text))"))
        case .text(let text):
            let m = l.visible.filter { $0.text == text }
            return .success(Matches(items: m, count: m.count, none: "no text \(boundedQuotedLiteral(text)) is drawn"))
        case .view(let name):
            // A view is one match: the union of what it and its subviews draw, with the
            // state of its topmost item.
            var union: DisplayListFinder.Visible?
            for v in l.visible where DisplayListFinder.belongs(v.view, to: name) {
                if var u = union {
                    u.frame = u.frame.union(v.frame); u.state = v.state; u.index = v.index
                    if u.text == nil { u.text = v.text }
                    union = u
                } else {
                    union = DisplayListFinder.Visible(index: v.index, frame: v.frame, label: v.label, view: name,
                                                      state: v.state, text: v.text)
                }
            }
            let names = Set(l.visible.compactMap({ $0.view })).sorted().prefix(12).joined(separator: ", ")
            return .success(Matches(items: union.map { [$0] } ?? [], count: union == nil ? 0 : 1,
                                    none: "no view named '\(name)' is drawn (views: \(names))"))
        case .first(let f):
            return matches(f, l, components).map { m in
                Matches(items: Array(m.items.prefix(1)), count: m.count, none: m.none)
            }
        case .nth(let f, let n):
            switch matches(f, l, components) {
            case .failure(let r): return .failure(r)
            case .success(let m):
                guard n < m.items.count else {
                    if m.items.isEmpty { return .success(m) }
                    let range = m.items.count == 1 ? "nth 0 only" : "nth 0 to \(m.items.count - 1)"
                    return .failure(Refusal(result: .missing("\(f) finds \(m.items.count) (\(range))")))
                }
                return .success(Matches(items: [m.items[n]], count: m.count, none: m.none))
            }
        case .within(let f, let c):
            let cr = resolve(c, { l }, components)
            guard let cf = cr.found?.frame else { return .failure(Refusal(result: .missing(containerMiss(c, cr)))) }
            return matches(f, l, components).map { m in
                let inside = m.items.filter { cf.contains($0.frame.center) }
                return Matches(items: inside, count: inside.count, none: "\(f) finds nothing within \(c) (at \(cf))")
            }
        default:
            // Not a drawn kind: only reached through a modifier whose base is drawn.
            return .failure(Refusal(result: .missing("\(finder) is not drawn")))
        }
    }

    /// Disabled when drawn disabled; covered when the topmost named item at its centre
    /// belongs to another view (a touch there would go to it).
    private static func actionability(_ v: DisplayListFinder.Visible, count: Int, _ l: DisplayListFinder) -> FinderResult {
        let hit = FinderHit(frame: v.frame, count: count, isSelected: v.state.contains(.selected) ? true : nil, text: v.text)
        let view = v.view ?? ""
        if let top = l.topmost(at: hit.point), !DisplayListFinder.belongs(top.view, to: view),
           !DisplayListFinder.belongs(view, to: top.view ?? "") {
            return .covered(by: top.view ?? "another view", hit)
        }
        if v.state.contains(.disabled) { return .disabled("it is drawn disabled", hit) }
        return .hit(hit)
    }
}

extension Testable {
    /// Resolves the drawn kinds (`label`, `view`, `text`), points and the modifiers
    /// against `displayList()`; any other kind is missing (`FinderResolution`).
    public func resolve(_ finder: Finder) -> FinderResult {
        FinderResolution.resolve(finder, drawn: { displayList() }) { f in
            .missing("\(f) is not part of this subject (it resolves label, view, text and points)")
        }
    }
}
