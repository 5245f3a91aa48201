/// Emoji images by resource name (`f056.gif`, `emoji_u1f602.png`, ...), registered from
/// bytes and decoded lazily: `image(named:)` reads the metadata the first time it is
/// asked for a name and keeps the `AnimatedImage` (one per name, shared by every
/// player); pixels are decoded only when a frame is asked for (through a `FrameCache`).
///
/// The UI layers ask it for an emoji's image; EmojiSimIO fills it from bundled files.
/// Not thread-safe (a simulation runs on one thread).
public final class ImageLibrary {
    /// Why `image(named:)` gave no image; each case names the resource.
    public enum Failure: Error, CustomStringConvertible {
        /// Nothing is registered under the name.
        case unknownName(String)
        /// The registered bytes do not decode (within `limits`); the decoder's error says where.
        case decodingFailed(name: String, underlying: AnimatedImageDecoder.Failure)
        /// The stills of a sequence do not make one (an empty frame list).
        case invalidSequence(name: String, underlying: AnimationError)
        /// A sequence frame that is itself a sequence (sequences do not nest, so no cycles).
        case nestedSequence(name: String, frame: String)
        /// One composited frame of the image alone is larger than the library's
        /// `decodedByteBudget`.
        case overBudget(name: String, bytes: Int, budget: Int)
        /// The message a user sees, starting with the resource name.
        public var description: String {
            switch self {
            case .unknownName(let n): return "no image named '\(n)'"
            case .decodingFailed(let n, let e): return "\(n): \(e)"
            case .invalidSequence(let n, let e): return "\(n): \(e)"
            case .nestedSequence(let n, let f): return "\(n): sequence frame '\(f)' is itself a sequence"
            case .overBudget(let n, let b, let budget):
                return "\(n): a decoded frame takes \(b) bytes, more than the \(budget) bytes all decoded images may hold"
            }
        }
    }

    /// The default `decodedByteBudget`: 512 MiB, eight emoji images at the largest
    /// canvas `ImageLimits.emoji` allows (64 MiB each), thousands of real ones.
    public static let defaultDecodedByteBudget = 512 << 20

    /// Bytes that the decoded state of all images (decoders' canvases and checkpoints,
    /// decoded stills; `AnimatedImage.retainedByteCount`) may hold together, beside the
    /// `FrameCache`'s own budget for composited frames. When a lookup finds the total
    /// past it, the least recently used images release their memory
    /// (`AnimatedImage.releaseMemory`; they decode again from scratch when next drawn)
    /// until it fits. An image is measured when it is looked up and again at the next
    /// lookup (its decode happens in between), so the total can pass the budget by at
    /// most the growth of the image drawn last.
    public var decodedByteBudget: Int = ImageLibrary.defaultDecodedByteBudget {
        didSet { trim(keeping: nil) }
    }
    /// The decoded bytes held, as last measured (at most about `decodedByteBudget`).
    public private(set) var decodedBytesHeld = 0
    /// The most `decodedBytesHeld` has been.
    public private(set) var peakDecodedBytes = 0
    /// Images whose memory the budget made them release.
    public private(set) var budgetReleases = 0

    /// Everything known of one registered name, so that a lookup finds it all with one
    /// hash of the name (a render looks up every emoji it draws; under wasm a String
    /// hash and compare cost several times what they do natively). A name registered
    /// again keeps its slot, reset (`store`): `uses` entries that point at it go stale.
    final class Slot {
        /// The registered name (trimming reports and sequence frames name it).
        let name: String
        /// What is registered: bytes, a sequence, or the image built from them.
        var entry: Entry
        /// Decoded bytes at the last measure and the use number of the last hand-out;
        /// nil until the image is first measured.
        var held: (bytes: Int, lastUse: Int)?
        /// Releasing frees nothing (a decoded still): `trim` skips it.
        var pinned = false
        /// `contentBounds(named:)`, once computed (the inner nil: known to have none).
        var contentBounds: PixelRect??

        /// A slot holding `entry` under `name`, not yet measured, pinned or bounded.
        init(name: String, entry: Entry) {
            self.name = name
            self.entry = entry
        }
    }

    /// A slot's registered content.
    enum Entry {
        /// A file's bytes, not parsed yet.
        case encoded([UInt8])
        /// A `png_sequence` of the named stills, not built yet.
        case sequence(frames: [String], delay: FrameDelay, loopCount: LoopCount)
        /// The image handed out for the name.
        case ready(AnimatedImage)
    }

    /// The limits every registered file is decoded within.
    public let limits: ImageLimits
    private var slots: [String: Slot] = [:]
    /// Slots whose `held` is set (what `uses` is compacted against).
    private var heldCount = 0
    private var useCounter = 0
    /// The image handed out last: measured again at the next lookup.
    private var lastHanded: Slot?
    /// Every use in order (slot, use number), read from `usesHead` by `trim`.
    private var uses: [(slot: Slot, use: Int)] = []
    private var usesHead = 0

    /// An empty library.
    ///
    /// - Parameter limits: Applied to every file registered; `ImageLimits.default` unless
    ///   the caller (a run, a catalog) passes `ImageLimits.emoji`.
    public init(limits: ImageLimits = .default) { self.limits = limits }

    /// Registers (or replaces) `name` with encoded bytes; nothing is parsed yet.
    ///
    /// - Parameters:
    ///   - name: The resource name the UI asks for.
    ///   - bytes: The file's bytes, kept encoded until first use.
    public func register(_ name: String, bytes: [UInt8]) { store(name, .encoded(bytes)) }

    /// Registers an already built image.
    ///
    /// - Parameters:
    ///   - name: The resource name.
    ///   - image: The image handed out for it from now on.
    public func register(_ name: String, image: AnimatedImage) { store(name, .ready(image)) }

    /// Registers `entry` under `name`, dropping what was known of an earlier registration
    /// (its measure, pin and bounds; its `uses` entries go stale with its `held`).
    private func store(_ name: String, _ entry: Entry) {
        guard let slot = slots[name] else {
            slots[name] = Slot(name: name, entry: entry)
            return
        }
        if let h = slot.held {
            decodedBytesHeld -= h.bytes
            heldCount -= 1
        }
        slot.held = nil
        slot.pinned = false
        slot.contentBounds = nil
        slot.entry = entry
    }

    /// Registers a `png_sequence`: the named stills shown in order, each for `delay`.
    /// The stills are looked up (and checked) when the sequence is first asked for, so they
    /// may be registered after it.
    ///
    /// - Parameters:
    ///   - name: The sequence's resource name.
    ///   - frames: The stills' resource names, in order.
    ///   - delay: Each still's display time.
    ///   - loopCount: How often it plays; forever by default.
    public func registerSequence(_ name: String, frames: [String], delay: FrameDelay, loopCount: LoopCount = .forever) {
        store(name, .sequence(frames: frames, delay: delay, loopCount: loopCount))
    }

    /// Whether `name` is registered (decoded or not).
    public func contains(_ name: String) -> Bool { slots[name] != nil }

    /// Every registered name, sorted.
    /// - Complexity: O(n log n) in the number of names.
    public var names: [String] { slots.keys.sorted() }

    /// The format of a registered name by its magic bytes, without decoding.
    /// Nil for a name registered as an image or a sequence, or not registered.
    public func format(of name: String) -> ImageFormat? {
        switch slots[name]?.entry {
        case .encoded(let b): return ImageFormat.sniff(b)
        default: return nil
        }
    }

    /// The image for `name`, reading its metadata on first use, and keeping every
    /// image's decoded state within `decodedByteBudget` (see there).
    ///
    /// - Parameter name: The resource name.
    /// - Returns: The one shared image for that name.
    /// - Throws: `Failure`: an unknown name, a file that does not decode (within
    ///   `limits`), a broken sequence, a frame larger than the whole budget.
    /// - Complexity: O(1) amortized; O(images) when the budget makes images release.
    public func image(named name: String) throws(Failure) -> AnimatedImage {
        guard let slot = slots[name] else { throw Failure.unknownName(name) }
        return try image(in: slot)
    }

    /// Counts a decode of `image` (a frame composited through a `FrameCache` whose
    /// `library` is this one) as a use: its decoder state is measured now, not at the
    /// next lookup, and the least recently used other images release theirs until the
    /// total fits `decodedByteBudget`. An image this library did not hand out (or that
    /// its name no longer holds) is ignored.
    ///
    /// - Parameter image: The image a frame was just decoded from.
    /// - Complexity: O(1) amortized (one hash of the name); O(images) when images release.
    public func noteDecoded(_ image: AnimatedImage) {
        guard let slot = slots[image.name], case .ready(let held) = slot.entry, held === image else { return }
        account(slot, image)
    }

    /// `image(named:)` for the slot of its name (one hash of the name in all).
    func image(in slot: Slot) throws(Failure) -> AnimatedImage {
        let image = try lookup(slot)
        account(slot, image)
        return image
    }

    /// The slot of `name`, if registered.
    func slot(_ name: String) -> Slot? { slots[name] }

    /// Measures the image handed out before (decoded since) and this one, and trims.
    private func account(_ slot: Slot, _ image: AnimatedImage) {
        useCounter += 1
        if let previous = lastHanded, previous !== slot { measure(previous) }
        measure(slot, image: image)
        lastHanded = slot
        if decodedBytesHeld > decodedByteBudget { trim(keeping: slot) }
    }

    private func measure(_ slot: Slot, image: AnimatedImage? = nil) {
        let img: AnimatedImage
        if let image { img = image } else if case .ready(let r) = slot.entry { img = r } else { return }
        let bytes = img.retainedByteCount
        let use = useCounter, handed = image != nil
        let old = slot.held?.bytes ?? 0
        let lastUse = handed ? use : slot.held?.lastUse ?? use
        if slot.held == nil { heldCount += 1 }
        slot.held = (bytes: bytes, lastUse: lastUse)
        decodedBytesHeld += bytes - old
        if handed {
            uses.append((slot, use))
            // Drop the stale entries once they outnumber the live ones (amortized O(1)).
            if uses.count - usesHead > 4 * heldCount + 64 {
                uses = uses[usesHead...].filter { $0.slot.held?.lastUse == $0.use }
                usesHead = 0
            }
        } else {
            // Decoded since its use: back in line (`trim` drops entries holding nothing).
            if old == 0 && bytes > 0 { uses.append((slot, lastUse)) }
        }
        peakDecodedBytes = max(peakDecodedBytes, decodedBytesHeld)
    }

    /// Releases the least recently used images' memory (not `keeping`'s) until the
    /// total fits the budget, or nothing is left to release (stills hold their pixels).
    /// Amortized O(1) a release: `uses` lists every use in order, an entry is stale once
    /// its image was used again, and stale entries are dropped as the front is read.
    private func trim(keeping: Slot?) {
        var partly: [(slot: Slot, use: Int)] = []   // released some, still hold some: stay in front
        var kept: [(slot: Slot, use: Int)] = []     // the image being drawn: the most recent
        while decodedBytesHeld > decodedByteBudget, usesHead < uses.count {
            let u = uses[usesHead]
            usesHead += 1
            guard let h = u.slot.held, h.lastUse == u.use, h.bytes > 0, !u.slot.pinned else { continue }
            guard u.slot !== keeping, case .ready(let image) = u.slot.entry else { kept.append(u); continue }
            image.releaseMemory()
            budgetReleases += 1
            measure(u.slot)
            let now = u.slot.held?.bytes ?? 0
            if now >= h.bytes { u.slot.pinned = true } else if now > 0 { partly.append(u) }
        }
        if !partly.isEmpty { uses.insert(contentsOf: partly, at: usesHead) }
        uses.append(contentsOf: kept)
    }

    private func lookup(_ slot: Slot) throws(Failure) -> AnimatedImage {
        let name = slot.name
        switch slot.entry {
        case .ready(let image):
            return image
        case .encoded(let bytes):
            let image: AnimatedImage
            do throws(AnimatedImageDecoder.Failure) {
                image = try AnimatedImageDecoder.decode(bytes, name: name, limits: limits)
            } catch {
                throw Failure.decodingFailed(name: name, underlying: error)
            }
            guard image.frameByteCount <= decodedByteBudget else {
                throw Failure.overBudget(name: name, bytes: image.frameByteCount, budget: decodedByteBudget)
            }
            slot.entry = .ready(image)
            return image
        case .sequence(let frames, let delay, let loops):
            var stills: [AnimatedImage] = []
            for f in frames {
                if case .sequence = slots[f]?.entry { throw Failure.nestedSequence(name: name, frame: f) }
                let still = try image(named: f)
                if still.formatName == ImageSequenceSource.formatName { throw Failure.nestedSequence(name: name, frame: f) }
                stills.append(still)
            }
            let image: AnimatedImage
            do throws(AnimationError) {
                image = AnimatedImage(source: try ImageSequenceSource(stills: stills, delay: delay, loopCount: loops), name: name)
            } catch {
                throw Failure.invalidSequence(name: name, underlying: error)
            }
            slot.entry = .ready(image)
            return image
        }
    }
}
