@testable import GlideTools
@testable import ScrollEngine
import TestSupport
import XCTest

final class ReplayRunnerTests: XCTestCase {
    /// The flick of `FlingTests.testFlickCoastsAppleProjection`, as a script.
    private let flick: [ReplayInput] = {
        var inputs = [ReplayInput(timeMilliseconds: 0, event: .touchDown(id: 1, point: LogicalPoint(400, 500)))]
        for index in 1...10 {
            let time = Double(index) * 8
            inputs.append(ReplayInput(timeMilliseconds: time, event: .touchMotion(id: 1, point: LogicalPoint(400, 500 - time))))
        }
        inputs.append(ReplayInput(timeMilliseconds: 80, event: .touchUp(id: 1)))
        return inputs
    }()

    private func frames(_ inputs: [ReplayInput], options: ReplayOptions = ReplayOptions()) -> [ScrollFrame] {
        var frames: [ScrollFrame] = []
        ReplayRunner.run(inputs, options: options) { frames.append($0.views[0]) }
        return frames
    }

    func testFlickRunsToRestAtSixtyHertz() {
        let trace = frames(flick)
        XCTAssertEqual(trace.first?.timeMilliseconds, 0)
        XCTAssertEqual(trace.first?.phase, .tracking)
        XCTAssertEqual(trace[1].timeMilliseconds, 1000.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(trace[5].phase, .decelerating, "lifted at 80 ms")
        XCTAssertEqual(trace.last?.isAtRest, true)
        XCTAssertEqual(trace.last?.contentOffset.y ?? 0, 569, accuracy: 1e-6)
        XCTAssertEqual(trace.dropLast().filter(\.isAtRest).count, 0, "it stops at the first frame at rest")
        // Rest = coast done (ln(499/0.5)/k = 3446 ms after the lift) + 1200 ms + 250 ms of fade.
        XCTAssertEqual(trace.last?.timeMilliseconds ?? 0, 80 + 3446 + 1450, accuracy: 17)
    }

    func testImplicitAndExplicitTouchFramesAgree() {
        var explicit: [ReplayInput] = []
        for input in flick {
            explicit.append(input)
            explicit.append(ReplayInput(timeMilliseconds: input.timeMilliseconds, event: .touchFrame))
        }
        XCTAssertEqual(frames(explicit), frames(flick))
    }

    func testGroupedEventsActTogether() {
        // Two fingers land in one frame and move 20 px up together: the content moves 10
        // (past the 10 px slop), not twice.
        let inputs: [ReplayInput] = [
            ReplayInput(timeMilliseconds: 0, event: .touchDown(id: 1, point: LogicalPoint(100, 500))),
            ReplayInput(timeMilliseconds: 0, event: .touchDown(id: 2, point: LogicalPoint(300, 500))),
            ReplayInput(timeMilliseconds: 0, event: .touchFrame),
            ReplayInput(timeMilliseconds: 16, event: .touchMotion(id: 1, point: LogicalPoint(100, 480))),
            ReplayInput(timeMilliseconds: 16, event: .touchMotion(id: 2, point: LogicalPoint(300, 480))),
            ReplayInput(timeMilliseconds: 16, event: .touchFrame),
        ]
        let trace = frames(inputs, options: { var options = ReplayOptions(); options.untilMilliseconds = 40; return options }())
        XCTAssertEqual(trace[1].contentOffset.y, 10, accuracy: 1e-9)
        XCTAssertEqual(trace.last?.phase, .dragging)
        XCTAssertGreaterThanOrEqual(trace.last?.timeMilliseconds ?? 0, 40)
        XCTAssertLessThan(trace.count, 20, "with a finger still down it stops once past --until")
    }

    func testUntilKeepsSteppingPastRest() {
        var options = ReplayOptions()
        options.untilMilliseconds = 10000
        let trace = frames(flick, options: options)
        XCTAssertEqual(trace.last?.timeMilliseconds ?? 0, 10000, accuracy: 17)
    }

    func testResizeAndPagingOptions() {
        var options = ReplayOptions()
        options.isPagingEnabled = true
        options.showsPageControl = true
        options.framesPerSecond = 120
        let inputs = flick + [ReplayInput(timeMilliseconds: 2000, event: .resize(LogicalSize(width: 800, height: 400)))]
        let trace = frames(inputs, options: options)
        XCTAssertEqual(trace[1].timeMilliseconds, 1000.0 / 120, accuracy: 1e-9)
        XCTAssertEqual(trace.first { $0.timeMilliseconds >= 1990 }?.contentOffset.y, 600)
        XCTAssertEqual(trace.last?.contentOffset.y, 400, "page 1 of 400 px pages")
        XCTAssertEqual(trace.last?.pageControl.numberOfPages, 50)
        XCTAssertEqual(trace.last?.verticalIndicator.opacity, 0)
    }

    func testEmptyScriptIsOneFrameAtRest() {
        let trace = frames([])
        XCTAssertEqual(trace.count, 1)
        XCTAssertEqual(trace.first?.phase, .idle)
    }

    func testTraceLine() {
        let first = frames(flick)[0]
        XCTAssertEqual(
            first.traceLine,
            #"{"t":0,"x":0,"y":0,"zoom":1,"phase":"tracking","page":0,"pages":34,"vIndicator":0,"hIndicator":0}"#)
        XCTAssertEqual(ScrollFrame.traceNumber(12.5), "12.5")
        XCTAssertEqual(ScrollFrame.traceNumber(-0.125), "-0.125")
        XCTAssertEqual(ScrollFrame.traceNumber(499), "499")
        XCTAssertEqual(ScrollFrame.traceNumber(1.0 / 3), "0.333")
        XCTAssertEqual(ScrollFrame.traceNumber(0.0004), "0")
        XCTAssertEqual(ScrollFrame.traceNumber(-0.0004), "0")
        XCTAssertEqual(ScrollFrame.traceNumber(16.6666), "16.667")
        XCTAssertEqual(ScrollFrame.traceNumber(-19400.05), "-19400.05")
    }
}
