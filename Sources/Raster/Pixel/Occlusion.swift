import SimCore

/// Which drawing commands of a display list a later opaque rectangle hides entirely, so
/// the rasterizer can skip them: a screen's background under the bands of its bars, list
/// and panel, or a panel background painted twice, was about half the bytes a render
/// wrote (the demo screen filled 2.6 framebuffers' worth a frame).
///
/// Exactness: an *occluder* is a `fillRect` or a `roundedRect` of radius 0 whose pixel
/// edges are whole numbers, in an opaque colour at full opacity: every pixel centre
/// inside it lies at least half a pixel from its edges, so its coverage is exactly 255
/// and it stores its colour over whatever was there (`Target.span`). Every draw is per
/// pixel (a pixel's result depends only on that pixel's earlier value, never a
/// neighbour's), so a command whose pixels (`PixelDamage.pixelBounds` within its clip)
/// all lie in the union of the occluders after it cannot change the final image: at each
/// of those pixels the last occluder covering it decides the value. Only commands with
/// rectangle bounds are considered (shapes, shadows, images); text, icons and lines are
/// always drawn, as their bounds cost a walk over their glyphs or parts.
///
/// Complexity: O(n) for a list of n items to find the occluders, then O(k log k) for each
/// of the m candidates before the last occluder, for the k occluders after it (a handful
/// on a screen): O(n + m k log k).
struct Occlusion {
    /// An occluder: its item's index and the pixels it is sure to repaint (clipped).
    private struct Cover {
        var index: Int
        var rect: PixelClip
    }

    /// Per item, whether it is hidden (see the type's note); nil when the list has no
    /// occluder, so nothing is hidden. `clip` and `opacity` (0...255) are those the list
    /// is drawn in.
    static func hiddenItems(in list: DisplayList, scale: Double, theme: Theme, clip: PixelClip,
                            opacity: Int = 255) -> [Bool]? {
        // First the occluders alone (a list without one costs a walk, no bounds).
        var covers: [Cover] = []
        Target.walk(list, scale: scale, clip: clip, opacity: opacity, upTo: list.items.count) { i, command, clip, opacity in
            switch command {
            case .fillRect(let r, let role), .roundedRect(let r, 0, let role):
                if opacity == 255, theme.color(role).a == 255, let cover = wholePixels(r, scale: scale) {
                    let c = cover.intersection(clip)
                    if !c.isEmpty { covers.append(Cover(index: i, rect: c)) }
                }
            default:
                break
            }
        }
        guard let lastCover = covers.last?.index else { return nil }
        // Then each candidate before the last occluder against the occluders after it.
        var hidden = [Bool](repeating: false, count: list.items.count)
        var after: [PixelClip] = []
        Target.walk(list, scale: scale, clip: clip, opacity: opacity, upTo: lastCover) { i, command, clip, _ in
            switch command {
            case .fillRect, .roundedRect, .border, .circle, .caret, .selection, .image, .shadow:
                guard let p = PixelDamage.pixelBounds(command, scale: scale) else { return }
                let b = PixelClip(x0: p.x0, y0: p.y0, x1: p.x1, y1: p.y1).intersection(clip)
                guard !b.isEmpty else { return }
                after.removeAll(keepingCapacity: true)
                for c in covers where c.index > i && c.rect.x0 <= b.x0 && c.rect.x1 >= b.x1
                    && c.rect.y1 > b.y0 && c.rect.y0 < b.y1 {
                    after.append(c.rect)
                }
                guard !after.isEmpty else { return }
                after.sort { $0.y0 < $1.y0 }
                var reached = b.y0
                for c in after where c.y0 <= reached { reached = max(reached, c.y1) }
                hidden[i] = reached >= b.y1
            default:
                break
            }
        }
        return hidden
    }

    /// The pixels of `r` at `scale` when its edges are whole pixels (below 2^20, where
    /// the coverage arithmetic is exact), else nil.
    static func wholePixels(_ r: Rect, scale: Double) -> PixelClip? {
        let e = (r.minX * scale, r.minY * scale, r.maxX * scale, r.maxY * scale)
        func whole(_ v: Double) -> Bool { v.isFinite && abs(v) < 1_048_576 && v.rounded(.towardZero) == v }
        guard whole(e.0), whole(e.1), whole(e.2), whole(e.3), e.2 > e.0, e.3 > e.1 else { return nil }
        return PixelClip(x0: Int(e.0), y0: Int(e.1), x1: Int(e.2), y1: Int(e.3))
    }
}
