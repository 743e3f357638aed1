// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Dispatch
import Foundation
@testable import ToteApp
import XCTest

/// Swift concurrency runs while GTK's GLib main loop owns the main thread.
final class MainLoopTests: GTKTestCase {
    func testTaskHopsToABackgroundExecutorAndBackToTheMainActor() {
        onMainActor {
            var steps: [String] = []
            Task { @MainActor in
                steps.append(Thread.isMainThread ? "main" : "not main")
                let sum = await Task.detached { () -> Int in
                    precondition(!Thread.isMainThread)
                    return (1...1000).reduce(0, +)
                }.value
                steps.append("background summed \(sum)")
                try? await Task.sleep(for: .milliseconds(20))
                steps.append(Thread.isMainThread ? "main again" : "not main")
            }
            waitFor("the task to finish") { steps.count == 3 }
            XCTAssertEqual(steps, ["main", "background summed 500500", "main again"])
        }
    }

    func testDispatchMainQueueBlocksRunInsideTheGLibLoop() {
        onMainActor {
            let ran = Flag()
            DispatchQueue.global().async {
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { ran.value = Thread.isMainThread }
                }
            }
            waitFor("the main-queue block") { ran.value }
        }
    }

    func testAnIdleMainQueueLetsTheLoopSleep() {
        onMainActor {
            let ran = Flag()
            DispatchQueue.main.async { MainActor.assumeIsolated { ran.value = true } }
            waitFor("the main-queue block") { ran.value }
            // With nothing queued, the main-queue source must not stay ready: a handle left
            // readable makes every iteration dispatch it, spinning the CPU and starving redraw.
            var busyIterations = 0
            while g_main_context_iteration(nil, 0).isTrue, busyIterations < 1000 {
                busyIterations += 1
            }
            XCTAssertLessThan(busyIterations, 50, "the main loop never goes idle")
        }
    }
}

@MainActor
private final class Flag {
    var value = false
}
