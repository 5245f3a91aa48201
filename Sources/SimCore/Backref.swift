/// A back reference its owner clears: what the core uses where UIKit code would capture
/// `[weak self]` (Embedded Swift has no weak or unowned references).
///
/// The owner makes one (`Backref(self)` or `Backref()` then `bind(self)`), hands it to the
/// closures it registers with objects it owns or with the clock, and calls `clear()` in its
/// `deinit`. The reference does not retain its target, so it makes no cycle; a closure that
/// fires after the owner has gone reads `target == nil` and does nothing, exactly like a
/// weak capture. Reading `target` is O(1).
///
/// Invariant: `target` is non-nil only while the target is alive, which holds as long as
/// the owner clears the reference in its `deinit` (deinit runs before the memory is freed).
public final class Backref<Target: AnyObject> {
    private var pointer: Unmanaged<Target>?

    /// An unbound reference (`target` is nil until `bind`): for an owner that must
    /// exist before it can refer to itself (a stored property initialised first).
    public init() {}

    /// A reference to `target`, not retaining it.
    ///
    /// - Parameter target: The owner; it must call `clear()` in its `deinit`.
    public init(_ target: Target) { pointer = Unmanaged.passUnretained(target) }

    /// The target, or nil once the owner has cleared the reference.
    public var target: Target? { pointer?.takeUnretainedValue() }

    /// Points the reference at `target` (once the owner is fully initialised).
    ///
    /// - Parameter target: The owner; it must call `clear()` in its `deinit`.
    public func bind(_ target: Target) { pointer = Unmanaged.passUnretained(target) }

    /// Call from the target's `deinit`.
    public func clear() { pointer = nil }
}
