import SimCore
import Imaging

/// A `BubblePlayer` over Imaging's `AnimationPlayer`: frames come through the shared
/// `FrameCache`, so after a memory warning purged it a running player simply decodes
/// its current frame again when it next needs it.
///
/// Each start plays from the first frame (FLAnimatedImage #217: a GIF scrolled back
/// into view restarts rather than freezing on the frame it left).
public final class GIFBubblePlayer: BubblePlayer {
    /// The underlying player: timing, loop count and frame fetching.
    public let player: AnimationPlayer
    /// Whether the player runs (between ``start(at:)`` and ``stop(at:)``).
    public private(set) var isAnimating = false
    /// Frames this player requested from the cache (hits and decodes).
    public private(set) var framesRequested = 0
    private var shownFrame = -1

    /// A stopped player.
    ///
    /// - Parameters:
    ///   - image: The animation.
    ///   - cache: The frame cache shared by the list's players.
    public init(image: AnimatedImage, cache: FrameCache) {
        player = AnimationPlayer(image: image, cache: cache)
    }

    /// The frame the underlying player shows now.
    public var frameIndex: Int { player.frameIndex }

    /// Plays from the first frame and fetches it.
    ///
    /// - Parameter now: The instant the row was displayed.
    public func start(at now: SimInstant) {
        isAnimating = true
        player.start(at: now, mode: .reset)
        shownFrame = -1
        _ = tick(at: now)
    }

    /// Stops the underlying player; the last frame fetched stays cached.
    ///
    /// - Parameter now: The instant the row ended displaying.
    public func stop(at now: SimInstant) {
        isAnimating = false
        player.stop(at: now)
    }

    /// Advances the underlying player and fetches the frame it shows when it changed or
    /// was purged from the cache (a frame that fails to decode keeps the previous one);
    /// a frame larger than the cache's budget is left to be composited when drawn.
    ///
    /// - Parameter now: The frame's instant.
    /// - Returns: `true` when the shown frame changed; `false` while stopped.
    public func tick(at now: SimInstant) -> Bool {
        guard isAnimating else { return false }
        player.tick(at: now)
        let changed = player.frameIndex != shownFrame
        // What a visible image view does on a new frame: fetch it (decoding on a miss).
        // A frame that fails to decode leaves the previous one on screen. A frame larger
        // than the cache's whole budget is never kept, so fetching it would composite a
        // canvas (64 MB at 4096x4096) on every tick only to drop it: it is composited
        // when drawn, on demand (issue 47, item 15).
        let cacheable = player.image.frameByteCount <= player.cache.byteBudget
        if changed || (cacheable && !player.cache.contains(player.image, frame: player.frameIndex)) {
            if cacheable {
                framesRequested += 1
                _ = try? player.currentFrame()
            }
            shownFrame = player.frameIndex
        }
        return changed
    }

    /// Whether `factory(library:cache:)` makes a player for an item: its image loads.
    /// The list's `playable` for the same library.
    ///
    /// - Parameter library: The images the factory would use.
    /// - Returns: A predicate that loads the item's image (parsing metadata, not frames).
    public static func playable(library: ImageLibrary) -> BubbleList.Playable {
        { item in (try? library.image(named: item.imageName)) != nil }
    }

    /// A factory for the list: images come from `library` (one `AnimatedImage` per name,
    /// shared), frames through `cache`. Unknown or undecodable names get no player.
    ///
    /// - Parameters:
    ///   - library: The images.
    ///   - cache: The frame cache the players share.
    /// - Returns: The factory for ``BubblePlayers``.
    public static func factory(library: ImageLibrary, cache: FrameCache) -> BubblePlayerFactory<GIFBubblePlayer> {
        { item in
            guard let image = try? library.image(named: item.imageName) else { return nil }
            return GIFBubblePlayer(image: image, cache: cache)
        }
    }
}
