import Testing
@testable import SimCore

/// Issue 18 items 1 and 16: conversions and printing that any value can go through.
@Suite struct HostileNumberTests {
    @Test func durationConversionsSaturateInsteadOfTrapping() {
        #expect(SimDuration.seconds(99999999999999999999.0).ticks == .max)
        #expect(SimDuration.seconds(-1e300).ticks == .min)
        #expect(SimDuration.seconds(Double.infinity).ticks == .max)
        #expect(SimDuration.seconds(Double.nan).ticks == 0)
        #expect(SimDuration.milliseconds(1e30).ticks == .max)
        #expect(SimDuration.seconds(66666666666660.0).ticks == .max)
        // Ordinary values are unchanged: rounded to the nearest tick.
        #expect(SimDuration.seconds(1.5).ticks == 1_080_000)
        #expect(SimDuration.milliseconds(0.3).ticks == 216)
        #expect(SimDuration.seconds(-0.5).ticks == -360_000)
        // The largest Double below 2^63 still converts exactly.
        #expect(SimDuration.saturatingTicks(9_223_372_036_854_774_784.0) == 9_223_372_036_854_774_784)
    }

    @Test func plainDecimalsNeverUseAnExponent() {
        #expect(plainDecimal(1e23) == "100000000000000000000000")
        #expect(plainDecimal(1e15) == "1000000000000000")
        #expect(plainDecimal(-2.5e16) == "-25000000000000000")
        #expect(plainDecimal(1.5e-5) == "0.000015")
        #expect(plainDecimal(0.1) == "0.1")
        #expect(plainDecimal(3) == "3")
        #expect(plainDecimal(-0.0) == "0")
        #expect(plainDecimal(123.456) == "123.456")
        #expect(plainDecimal(.greatestFiniteMagnitude).count == 309)
        // Every output reads back to the same Double.
        for v in [1e23, 1.7976931348623157e308, Double.leastNonzeroMagnitude, 0.1 + 0.2, 123456789.123, -9.999e-10] {
            #expect(Double(plainDecimal(v)) == v, "\(v)")
        }
    }

    @Test func pointsAreNeverClamped() {
        #expect(formatPoints(1e23) == "100000000000000000000000")
        #expect(formatPoints(-1e17) == "-100000000000000000")
        #expect(formatPoints(12.345) == "12.35")
    }

    @Test func messagesCutAndEscapeHostileText() {
        #expect(messageText("a\u{0}b\u{1B}[31m") == "a\\u{0}b\\u{1B}[31m")
        let long = "found '" + String(repeating: "x", count: 200_000) + "' (use 80pt)"
        let cut = messageText(long)
        #expect(cut.unicodeScalars.count < 450)
        #expect(cut.hasPrefix("found 'xxx"))
        #expect(cut.hasSuffix("' (use 80pt)"))
        #expect(cut.contains("characters cut"))
        #expect(messageText("plain") == "plain")
        // The limit holds for the printed form: control bytes grow six-fold when escaped
        // (found by the scenario fuzzer), and no escape is split by the cut.
        let controls = "for " + String(repeating: "\u{17}", count: 300) + "289ms"
        let printed = messageText(controls)
        #expect(printed.unicodeScalars.count <= 400)
        #expect(printed.hasSuffix("289ms"))
        #expect(!printed.contains("\\u{1…") && !printed.contains("{17…"))
        #expect(messageText(long).unicodeScalars.count <= 400)
    }
}
