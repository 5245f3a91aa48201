/// What a cell needs from an animation player: started when its row is displayed,
/// stopped when it ends displaying. The list owns no clock logic of its own; the
/// player advances frames on the shared VirtualClock.
public protocol BubblePlayer: AnyObject {
    var isAnimating: Bool { get }
    func start()
    func stop()
}

/// Makes the player for one animated emoji of a row (nil when the image is unknown,
/// in which case the row shows its static placeholder).
public typealias BubblePlayerFactory = (BubbleLayout.AnimatedItem) -> (any BubblePlayer)?
