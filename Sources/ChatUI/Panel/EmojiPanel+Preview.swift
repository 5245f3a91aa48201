import SimCore
import EmojiText
import Interaction
import Imaging

// The long-press preview (the key magnified above the finger, its animation) and the
// skin-tone picker a long press opens on an emoji with variants.
extension EmojiPanel {
    /// The preview's animation as a value: the image and its playback state. Advanced
    /// by `.tick`; drawing reads `state.frameIndex`.
    public struct PreviewPlayback: Hashable {
        /// The previewed emoji's image.
        public let image: AnimatedImage
        /// Where the animation is: started at the long press, restarted from frame 0.
        public private(set) var state = PlaybackState()

        init(image: AnimatedImage, at t: SimInstant) {
            self.image = image
            state.start(at: t, reset: true)
        }

        mutating func tick(at t: SimInstant) {
            _ = state.tick(at: t, durations: image.playbackTicks, loopCount: image.loopCount, policy: .skipFrames)
        }

        /// The same image (by identity) at the same point of its playback.
        public static func == (a: PreviewPlayback, b: PreviewPlayback) -> Bool { a.image === b.image && a.state == b.state }

        /// Hashes the playback's point (equal playbacks share it).
        public func hash(into hasher: inout Hasher) { hasher.combine(state) }
    }
}

extension PanelMachine {
    mutating func longPressBegan(at p: Point, time t: SimInstant) {
        guard let id = touchID(state.touch) else { return }
        let hit: PanelHit
        if case let .pending(_, _, h) = state.touch { hit = h } else { hit = state.layout.hit(panel: p, offset: state.offset) }
        moments(state.scroller.setScrollEnabled(false, at: t), at: t)
        if case let .emoji(s, _, _, _, i) = hit, state.sections[s].emoji.indices.contains(i) {
            let base = state.sections[s].emoji[i]
            let variants = panel.variantsProvider(base)
            if !variants.isEmpty {
                openSkinPicker(base: base, variants: variants, hit: hit, id: id, at: t)
                return
            }
        }
        state.touch = .previewing(id: id)
        record(t, "longPressBegan", ("at", "\(p)"))
        updatePreview(at: p, time: t)
    }

    mutating func longPressMoved(to p: Point, time t: SimInstant) {
        switch state.touch {
        case .previewing:
            updatePreview(at: p, time: t)
        case .pickingSkinTone:
            guard var picker = state.skinPicker else { return }
            let before = picker
            picker.follow(p)
            if picker != before { state.skinPicker = picker }
            if picker.selected != before.selected {
                record(t, "skinToneChanged", ("code", picker.options[picker.selected].code))
            }
        default:
            break
        }
    }

    mutating func longPressEnded(at t: SimInstant, cancelled: Bool) {
        moments(state.scroller.setScrollEnabled(true, at: t), at: t)
        // The press may have caught a moving panel (a fling or a bounce past an edge):
        // its finger is gone now, so the caught motion settles as after any catch.
        if state.scroller.isHeld { settleAfterCatch(at: t) }
        if let picker = state.skinPicker {
            state.skinPicker = nil
            guard !cancelled else {
                record(t, "skinToneCancelled")
                return
            }
            let chosen = picker.options[picker.selected]
            // The base under no default tone is the key's own look: nothing to remember.
            if chosen.code == picker.base.code && state.defaultToned[picker.base.code] == nil {
                state.skinTones[picker.base.code] = nil
            } else {
                state.skinTones[picker.base.code] = chosen
            }
            state.contentGeneration += 1
            record(t, "skinToneEnded", ("base", picker.base.code), ("code", chosen.code))
            emitSelect(chosen, at: t, via: "skinTone")
            return
        }
        let p = state.preview
        state.preview = nil
        updatePreviewPlayback(old: p, new: nil, at: t)
        if cancelled {
            record(t, "previewCancelled", ("code", p?.emoji.code ?? "-"))
            return
        }
        let inserts = state.configuration.previewInserts && p != nil
        record(t, "previewEnded", ("code", p?.emoji.code ?? "-"), ("inserted", inserts ? "true" : "false"))
        if inserts, let p { emitSelect(p.emoji, at: t, via: "preview") }
    }

    private mutating func updatePreview(at p: Point, time t: SimInstant) {
        let layout = state.layout
        let old = state.preview
        var new: Preview?
        if case let .emoji(s, page, row, col, i) = layout.hit(panel: p, offset: state.offset),
           let e = state.shown(section: s, index: i) {
            let key = state.panelFrame(layout.cellFrame(page: page, row: row, column: col))
            let size = PreviewPlacement.size(for: state.configuration.preview, key: layout.itemSize)
            let placement = PreviewPlacement(key: key, size: size, lift: state.configuration.previewLift,
                                             bounds: previewArea)
            let since = (old?.emoji.code == e.code && old?.index == i) ? old!.since : t
            new = Preview(emoji: e, section: s, index: i, keyFrame: key, placement: placement, since: since)
        }
        state.preview = new
        updatePreviewPlayback(old: old, new: new, at: t)
        switch (old, new) {
        case (nil, let n?):
            record(t, "previewBegan", ("code", n.emoji.code), ("frame", "\(n.placement.frame)"))
        case (let o?, let n?) where o.emoji.code != n.emoji.code || o.index != n.index || o.section != n.section:
            record(t, "previewChanged", ("code", n.emoji.code), ("frame", "\(n.placement.frame)"))
        case (let o?, nil):
            record(t, "previewHidden", ("code", o.emoji.code))
        default:
            break
        }
    }

    /// Starts the animation of a newly previewed animated emoji, drops the previous one.
    private mutating func updatePreviewPlayback(old: Preview?, new: Preview?, at t: SimInstant) {
        guard old?.emoji.code != new?.emoji.code || old?.since != new?.since else { return }
        state.previewPlayback = nil
        guard let n = new, n.emoji.kind == .animatedImage, let name = n.emoji.imageName,
              let image = try? panel.images?.image(named: name), image.isAnimated else { return }
        state.previewPlayback = PreviewPlayback(image: image, at: t)
    }

    private mutating func openSkinPicker(base: Emoji, variants: [Emoji], hit: PanelHit, id: Int, at t: SimInstant) {
        guard case let .emoji(_, page, row, col, _) = hit else { return }
        let layout = state.layout
        let key = state.panelFrame(layout.cellFrame(page: page, row: row, column: col))
        let options = [base] + variants
        let cell = layout.itemSize.width + 4
        // Two people with a tone each: two rows of five tones beside a preview, not a
        // strip of 26 wider than the screen.
        let twoPeople = variants.contains { Set(SkinTone.perPerson(in: $0.code)).count == 2 }
        let size = twoPeople ? Size(width: cell * 6, height: 2 * (layout.itemSize.height + 4) + 8)
                             : Size(width: cell * Double(options.count), height: layout.itemSize.height + 8)
        let frame = SkinTonePicker.calloutFrame(key: key, size: size, bounds: previewArea)
        let shown = state.toned(base)
        let current = options.firstIndex { $0.code == shown.code } ?? 0
        var picker = SkinTonePicker(base: base, options: options, selected: current,
                                    frame: frame, cellWidth: cell, keyFrame: key)
        if twoPeople {
            let tones = SkinTone.perPerson(in: options[current].code)
            picker.twoTone = SkinTonePicker.TwoTone(first: tones.first, second: tones.last)
        }
        state.skinPicker = picker
        state.touch = .pickingSkinTone(id: id)
        record(t, "skinToneBegan", ("base", base.code), ("options", String(options.count)))
    }

    private var previewArea: Rect {
        state.previewBounds ?? Rect(x: 0, y: 0, width: state.width, height: state.configuration.height)
    }
}
