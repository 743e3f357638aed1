// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import ToteCore

/// How late Tote sees keystrokes, learnt from the display server's event times.
@Suite struct InputLagTests {
    @Test func theSoonestEventSetsTheClockAndLaterOnesAreMeasuredAgainstIt() {
        var lag = InputLag()
        // The server's clock runs 5,000 ms behind Tote's; the first event is handled 40 ms late.
        #expect(lag.delay(ofEventAt: 10_000, seenAt: 15.040) == 0, "nothing to compare with yet")
        #expect(abs(lag.delay(ofEventAt: 10_100, seenAt: 15.440) - 0.3) < 0.0001, "300 ms later than the first")
        // One handled at once: the clock is learnt anew, and the first one's 40 ms show.
        #expect(lag.delay(ofEventAt: 11_000, seenAt: 16.000) == 0)
        #expect(abs(lag.delay(ofEventAt: 11_500, seenAt: 16.540) - 0.04) < 0.0001)
    }

    @Test func eventsWithoutATimeOrBeyondBeliefCountAsOnTime() {
        var lag = InputLag()
        _ = lag.delay(ofEventAt: 1_000, seenAt: 1.0)
        #expect(lag.delay(ofEventAt: 0, seenAt: 2.0) == 0, "GDK_CURRENT_TIME: no time")
        #expect(lag.delay(ofEventAt: 1_100, seenAt: 4.0) == 0, "2.9 s late is not believed")
        #expect(abs(lag.delay(ofEventAt: 1_100, seenAt: 1.5) - 0.4) < 0.0001)
    }

    @Test func theServersClockWrappingIsNoJump() {
        var lag = InputLag()
        let nearEnd = UInt32.max - 50  // 51 ms before the server's clock wraps
        let seen = 100.0               // Tote's clock: 100,000 ms
        _ = lag.delay(ofEventAt: nearEnd, seenAt: seen)
        // 200 ms later on both clocks, the server's has wrapped to 149.
        #expect(lag.delay(ofEventAt: nearEnd &+ 200, seenAt: seen + 0.2) == 0)
        #expect(abs(lag.delay(ofEventAt: nearEnd &+ 300, seenAt: seen + 0.45) - 0.15) < 0.0001)
    }

    @Test func aClockThatJumpedIsLearntAnewAfterThreeUnbelievableDelays() {
        var lag = InputLag()
        _ = lag.delay(ofEventAt: 10_000, seenAt: 10.0)  // offset 0
        // The server's clock stepped back 5 s: every event now looks 5 s late.
        for index in 0..<3 { #expect(lag.delay(ofEventAt: 6_000 + UInt32(index) * 100, seenAt: 11.0 + Double(index) * 0.1) == 0) }
        #expect(abs(lag.delay(ofEventAt: 6_500, seenAt: 11.7) - 0.2) < 0.0001, "measured against the new clock")
    }

    @Test func anEditIsAsLateAsTheKeyPressThatMadeIt() {
        var lag = InputLag()
        lag.keyPressed(at: 1_000, seenAt: 1.0)
        lag.keyPressed(at: 1_100, seenAt: 1.4)  // 300 ms late
        #expect(abs(lag.lateness(ofEditSeenAt: 1.45) - 0.3) < 0.0001)
        #expect(lag.lateness(ofEditSeenAt: 1.6) == 0, "long after the key press: not its doing")
        #expect(lag.lateness(ofEditSeenAt: 1.3) == 0, "before it")
    }
}
