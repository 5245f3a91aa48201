import SimCore
import Imaging

/// A `BubblePlayer` over Imaging's `AnimationPlayer`: frames come through the shared
/// `FrameCache`, so after a memory warning purged it a running player simply decodes
/// its current frame again when it next needs it.
///
/// Each start plays from the first frame (FLAnimatedImage #217: a GIF scrolled back
/// into view restarts rather than freezing on the frame it left).
public final class GIFBubblePlayer: BubblePlayer {
    public let player: AnimationPlayer
    public private(set) var isAnimating = false
    /// Frames this player requested from the cache (hits and decodes).
    public private(set) var framesRequested = 0
    private var shownFrame = -1

    public init(image: AnimatedImage, cache: FrameCache) {
        player = AnimationPlayer(image: image, cache: cache)
    }

    public var frameIndex: Int { player.frameIndex }

    public func start(at now: SimInstant) {
        isAnimating = true
        player.start(at: now, mode: .reset)
        shownFrame = -1
        _ = tick(at: now)
    }

    public func stop(at now: SimInstant) {
        isAnimating = false
        player.stop(at: now)
    }

    public func tick(at now: SimInstant) -> Bool {
        guard isAnimating else { return false }
        player.tick(at: now)
        let changed = player.frameIndex != shownFrame
        // What a visible image view does on a new frame: fetch it (decoding on a miss).
        // A frame that fails to decode leaves the previous one on screen.
        if changed || !player.cache.contains(player.image, frame: player.frameIndex) {
            framesRequested += 1
            _ = try? player.currentFrame()
            shownFrame = player.frameIndex
        }
        return changed
    }

    /// Whether `factory(library:cache:)` makes a player for an item: its image loads.
    /// The list's `playable` for the same library.
    public static func playable(library: ImageLibrary) -> BubbleList.Playable {
        { item in (try? library.image(named: item.imageName)) != nil }
    }

    /// A factory for the list: images come from `library` (one `AnimatedImage` per name,
    /// shared), frames through `cache`. Unknown or undecodable names get no player.
    public static func factory(library: ImageLibrary, cache: FrameCache) -> BubblePlayerFactory<GIFBubblePlayer> {
        { item in
            guard let image = try? library.image(named: item.imageName) else { return nil }
            return GIFBubblePlayer(image: image, cache: cache)
        }
    }
}
