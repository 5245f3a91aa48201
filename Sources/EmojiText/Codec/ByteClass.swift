/// Byte classes of the scanner's dispatch table.
enum ByteClass {
    /// Nothing can start here (or it is inside a scalar): move on one byte.
    static let plain: UInt8 = 0
    /// `[`: a placeholder may start.
    static let bracket: UInt8 = 5
    /// An ASCII byte some known emoji starts with (keycap bases #, *, 0-9).
    static let keycapBase: UInt8 = 6
    /// A lead byte some known emoji starts with: decode and look up.
    static let emojiLead: UInt8 = 7

    /// The table for a catalog without Unicode emoji: only `[` is of interest.
    static let plainTable: [UInt8] = (0..<256).map { $0 == 0x5B ? bracket : plain }
}
