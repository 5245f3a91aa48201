import Testing
@testable import Imaging

/// What the wasm32 port (a 32-bit `Int`) found in the decoders: each of these traps or
/// decodes differently where `Int` has 32 bits, and must fail the same clear way on
/// every platform. The wasm comparison (Tools/wasm/compare.sh) runs the same decoders
/// on wasm32; these pin the behaviour on the host.
@Suite struct Int32PortabilityTests {
    /// `1 << 32` (the old default) is 0 on a 32-bit Int: it refused every animation.
    /// The default must be positive and fit a 32-bit Int.
    @Test func defaultDecodedByteLimitFits32Bits() {
        #expect(ImageLimits.default.maxDecodedBytes > 0)
        #expect(ImageLimits.default.maxDecodedBytes <= Int(Int32.max))
    }

    /// A chunk length over 2^31-1 is an `invalidChunk` error, not an `Int(_:)` trap.
    @Test func hugePNGChunkLengthIsAnError() {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += [0x80, 0x00, 0x00, 0x00] + Array("IHDR".utf8) + [UInt8](repeating: 0, count: 17)
        #expect(throws: PNGError.invalidChunk("length 2147483648 over 2^31-1", offset: 8)) { try PNGDecoder().decode(bytes) }
    }

    /// A chunk length near 2^31-1 must not overflow `offset + length` (a trap on 32 bits).
    @Test func largePNGChunkLengthIsTruncation() {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += [0x7F, 0xFF, 0xFF, 0xFF] + Array("IHDR".utf8) + [UInt8](repeating: 0, count: 17)
        #expect(throws: PNGError.self) { try PNGDecoder().decode(bytes) }
    }

    /// PNM numbers: `1 << 31` was Int.min on 32 bits (every number failed); now any
    /// number over Int32.max fails, the same on every platform.
    @Test func pnmNumbersBoundedByInt32() throws {
        let ok = try PNMCodec().decode(Array("P6\n1 1\n255\n".utf8) + [1, 2, 3])
        #expect(ok.width == 1 && ok.height == 1)
        #expect(throws: PNMError.self) { try PNMCodec().decode(Array("P6\n2147483648 1\n255\n".utf8)) }
        #expect(throws: PNMError.self) { try PNMCodec().decode(Array("P6\n99999999999999999999 1\n255\n".utf8)) }
    }
}
