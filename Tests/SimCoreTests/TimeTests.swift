import Testing
@testable import SimCore

@Suite struct TimeTests {
    @Test func sixtyFramesAtSixtyHertzAreExactlyOneSecond() {
        #expect(SimDuration.frames(60, at: 60) == .seconds(1))
        #expect(SimDuration.frames(120, at: 120) == .seconds(1))
        #expect(SimDuration.frames(1, at: 60) * 60 == .seconds(1))
        #expect(SimDuration.milliseconds(1000) == .seconds(1))
    }

    @Test func secondsRoundToTheNearestTick() {
        #expect(SimDuration.seconds(0.3) == .milliseconds(300))
        #expect(SimDuration.seconds(1.5).milliseconds == 1500)
    }

    @Test func formattingIsMillisecondPrecise() {
        #expect(SimDuration.milliseconds(300).description == "0.300s")
        #expect(SimInstant(ticks: ticksPerSecond * 12 + 720).description == "12.001s")
        #expect(SimDuration(ticks: -ticksPerSecond / 2).description == "-0.500s")
        #expect(SimDuration.frames(1, at: 60).description == "0.017s")
    }
}

@Suite struct VirtualClockTests {
    @Test func timersFireInDueOrderThenSchedulingOrder() {
        let clock = VirtualClock()
        var log: [String] = []
        clock.schedule(after: .milliseconds(20)) { _ in log.append("b") }
        clock.schedule(after: .milliseconds(10)) { _ in log.append("a") }
        clock.schedule(after: .milliseconds(20)) { _ in log.append("c") }
        clock.advance(by: .milliseconds(15))
        #expect(log == ["a"])
        clock.advance(by: .milliseconds(15))
        #expect(log == ["a", "b", "c"])
        #expect(clock.now == SimInstant.zero + .milliseconds(30))
    }

    @Test func actionsSeeTheirOwnDueInstant() {
        let clock = VirtualClock()
        var seen: [SimInstant] = []
        clock.schedule(after: .milliseconds(100)) { t in seen.append(t); #expect(clock.now == t) }
        clock.advance(by: .seconds(5))
        #expect(seen == [SimInstant.zero + .milliseconds(100)])
    }

    @Test func repeatingTimersDoNotDriftAndCancel() {
        let clock = VirtualClock()
        var fires: [SimInstant] = []
        let id = clock.scheduleRepeating(every: .frames(1, at: 60)) { fires.append($0) }
        clock.advance(by: .seconds(1))
        #expect(fires.count == 60)
        #expect(fires.last == SimInstant.zero + .seconds(1))
        clock.cancel(id)
        clock.advance(by: .seconds(1))
        #expect(fires.count == 60)
        #expect(clock.pendingTimerCount == 0)
    }

    @Test func timersScheduledDuringAnAdvanceFireWhenDue() {
        let clock = VirtualClock()
        var log: [Int] = []
        clock.schedule(after: .milliseconds(10)) { _ in
            log.append(1)
            clock.schedule(after: .milliseconds(10)) { _ in log.append(2) }
            clock.schedule(after: .milliseconds(100)) { _ in log.append(3) }
        }
        clock.advance(by: .milliseconds(50))
        #expect(log == [1, 2])
    }

    @Test func pastInstantsFireImmediatelyWithoutGoingBack() {
        let clock = VirtualClock()
        clock.advance(by: .seconds(1))
        var fired: SimInstant?
        clock.schedule(at: .zero) { fired = $0 }
        clock.advance(by: .zero)
        #expect(fired == SimInstant.zero + .seconds(1))
    }
}

@Suite struct DisplayLinkTests {
    @Test func deliversFramesOnTheGlobalGrid() {
        let clock = VirtualClock()
        clock.advance(by: .milliseconds(5))
        let link = DisplayLink(clock: clock, hz: 60)
        var stamps: [SimInstant] = []
        link.add { stamps.append($0) }
        link.start()
        clock.advance(to: SimInstant.zero + .seconds(1))
        #expect(stamps.count == 60)
        #expect(stamps.first == SimInstant.zero + .frames(1, at: 60))
        #expect(stamps.last == SimInstant.zero + .seconds(1))
        link.stop()
        clock.advance(by: .seconds(1))
        #expect(stamps.count == 60)
    }

    @Test func oneHundredTwentyHertz() {
        let clock = VirtualClock()
        let link = DisplayLink(clock: clock, hz: 120)
        link.add { _ in }
        link.start()
        clock.advance(by: .seconds(2))
        #expect(link.frameCount == 240)
    }
}

@Suite struct TraceTests {
    @Test func linesAreOrderedAndPrintable() {
        let trace = Trace()
        trace.record(.zero + .milliseconds(300), "panel", "didSelect", ("code", "f056"), ("page", "0"))
        trace.record(.zero + .milliseconds(316), "list", "willDisplay", ("row", "3"))
        #expect(trace.lines == ["0.300s panel didSelect code=f056 page=0", "0.316s list willDisplay row=3"])
    }

    @Test func capacityDropsOldestFirst() {
        let trace = Trace(capacity: 10)
        for i in 0..<100 { trace.record(.zero, "t", "e\(i)") }
        #expect(trace.retained.count == 10)
        #expect(trace.retained.first?.name == "e90")
        #expect(trace.totalCount == 100)
        #expect(trace.droppedCount == 90)
    }
}

@Suite struct SeededRandomTests {
    @Test func sameSeedSameSequence() {
        var a = SeededRandom(seed: 42), b = SeededRandom(seed: 42)
        for _ in 0..<1000 { #expect(a.next() == b.next()) }
    }

    @Test func knownFirstValues() {
        // SplitMix64 reference values for seed 0.
        var r = SeededRandom(seed: 0)
        #expect(r.next() == 0xE220_A839_7B1D_CDAF)
        #expect(r.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test func boundedIntsStayInRange() {
        var r = SeededRandom(seed: 7)
        var seen = Set<Int>()
        for _ in 0..<10_000 {
            let v = r.int(in: -3...3)
            #expect((-3...3).contains(v))
            seen.insert(v)
            let u = r.unit()
            #expect(u >= 0 && u < 1)
        }
        #expect(seen.count == 7)
    }
}

@Suite struct GeometryTests {
    @Test func halfOpenContainmentGivesEachPointOneOwner() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 10, y: 0, width: 10, height: 10)
        let p = Point(x: 10, y: 5)
        #expect(!a.contains(p) && b.contains(p))
        #expect(!a.intersects(b))
        #expect(a.intersection(b) == nil)
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 20, height: 10))
    }

    @Test func formattingIsStable() {
        #expect(formatPoints(12) == "12")
        #expect(formatPoints(0.5) == "0.5")
        #expect(formatPoints(-3.14159) == "-3.14")
        #expect(formatPoints(0.05) == "0.05")
        #expect(Rect(x: 1, y: 2, width: 3.5, height: 4).description == "[1,2 3.5x4]")
    }
}
