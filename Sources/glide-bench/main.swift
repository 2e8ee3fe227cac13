// glide-bench: the cost of the scroll engine per frame step and per input event (touch, touchpad
// axis, pinch), and its heap
// allocations in steady state. Figures are also given as a ratio to a baseline loop measured
// in the same run, since machines are noisy. Run in release:
//   swift run -c release glide-bench [render | search | nested | pdf | epub | comics | djvu] [--json]
import CAllocationCounter
import Glibc
import ScrollEngine

// `glide-bench render` runs only the document and render benchmarks (RenderBenchmarks.swift);
// `--json` prints those as one JSON object; `nested` only the nested-Markdown first frames. Without arguments the engine's table comes first.
let arguments = CommandLine.arguments.dropFirst()
// `glide-bench search`: find over 100 MB against a byte scan, then over a PDF against its text
// extraction (SearchBenchmark.swift); `--pdf-only` runs only the PDF part.
if arguments.first == "search" {
    if !arguments.contains("--pdf-only") { SearchBenchmark.run() }
    SearchBenchmark.runPDF()
    exit(0)
}
if arguments.first == "nested" {
    RenderBenchmarks.printNested(RenderBenchmarks.nestedFirstFrames())
    exit(0)
}
// `glide-bench comics`: the first frames of a 10,000-page CBZ and a 10-page one, and of CBTs (ComicBenchmarks.swift).
if arguments.first == "comics" {
    ComicBenchmarks.run()
    exit(0)
}
// `glide-bench djvu`: the first frames of a 71-page DjVu document and a 1-page one (DjVuBenchmarks.swift).
if arguments.first == "djvu" {
    DjVuBenchmarks.run()
    exit(0)
}
// `glide-bench epub` runs only the book benchmarks (EPUBBenchmarks.swift).
if arguments.first == "epub-memory" {
    EPUBBenchmarks.printMemory(arguments: Array(arguments.dropFirst()))
    exit(0)
}
// `glide-bench first-frame book|one-chapter|markdown|comic-10|comic-10000|comic-10-cbt|comic-10000-cbt|djvu-1|djvu-71 [COUNT]`: one
// document's first frames, for callgrind (FirstFrameProfile.swift); `epub-first-frame` is its old name.
if arguments.first == "first-frame" || arguments.first == "epub-first-frame" {
    FirstFrameProfile.run(arguments: Array(arguments.dropFirst()))
    exit(0)
}
if arguments.first == "epub" {
    EPUBBenchmarks.run()
    exit(0)
}
// `glide-bench pages`: issue 25's figures: memory after flicking 500 PDF pages, the first frames of
// comics and DjVu (ComicBenchmarks.swift, DjVuBenchmarks.swift), a fling through scanned pages
// with 1 page renderer and with 2 (PageBenchmarks.swift); then the overview of a 1,000-page PDF
// (PageOverviewBenchmarks.swift); issue 26's night pages against normal ones (NightPageBenchmark.swift)
// and pages drawn turned with two fingers against upright ones (PageTiltBenchmark.swift).
if arguments.first == "pages" {
    // `glide-bench pages night` runs only the night pages' figure, `scaling` only the fling with
    // 1 and 2 renderers, `overview` only the overview's, `tilt` only the pages drawn turned with two fingers
    // (PageTiltBenchmark.swift), `spread` only the spreads' (SpreadBenchmark.swift; `spread --one-buffer`
    // draws every frame into one buffer, as it did before issue 26's last change).
    if arguments.dropFirst().first == "scaling" {
        PageBenchmarks.runScaling()
    } else if arguments.dropFirst().first == "night" {
        NightPageBenchmark.run()
    } else if arguments.dropFirst().first == "overview" {
        PageOverviewBenchmarks.run()
    } else if arguments.dropFirst().first == "tilt" {
        PageTiltBenchmark.run()
    } else if arguments.dropFirst().first == "spread" {
        SpreadBenchmark.run(arguments: Array(arguments.dropFirst(2)))
    } else {
        PageBenchmarks.run()
        PageOverviewBenchmarks.run()
        PageTiltBenchmark.run()
    }
    exit(0)
}
// `glide-bench pdf` runs only the PDF benchmarks (PDFBenchmarks.swift); `--own-cost N` only
// the fling from renderer processes against an in-process renderer, N runs each; `--first-frame N`
// only the first frames, N runs of each PDF; `--fling N`
// only the fling, N runs, each in a document opened afresh; `--zoom` only the zoom's end to
// crisp pixels.
if arguments.first == "pdf" {
    if arguments.contains("--zoom") {
        PDFBenchmarks.printZoomEndToCrisp()
        exit(0)
    }
    if let index = arguments.firstIndex(of: "--first-frame") {
        let (onePage, twoThousand) = PDFBenchmarks.writeFirstFrameDocuments()
        PDFBenchmarks.printFirstFrames(onePage: onePage, twoThousand: twoThousand,
                                       runs: arguments.dropFirst(index - arguments.startIndex + 1).first.flatMap { Int($0) } ?? 9)
        unlink(onePage)
        unlink(twoThousand)
        exit(0)
    }
    if let index = arguments.firstIndex(of: "--fling") {
        let path = PDFBenchmarks.writeTextHeavy()
        PDFBenchmarks.printFlings(path: path, runs: arguments.dropFirst(index - arguments.startIndex + 1).first.flatMap { Int($0) } ?? 5)
        unlink(path)
        exit(0)
    }
    if let index = arguments.firstIndex(of: "--own-cost") {
        let path = PDFBenchmarks.writeTextHeavy()
        PDFBenchmarks.printOwnCost(path: path, runs: arguments.dropFirst(index - arguments.startIndex + 1).first.flatMap { Int($0) } ?? 3)
        unlink(path)
        exit(0)
    }
    PDFBenchmarks.run()
    exit(0)
}
if arguments.first == "render" || arguments.contains("--json") {
    RenderBenchmarks.run(json: arguments.contains("--json"))
    exit(0)
}

/// Nanoseconds on the monotonic clock.
func nowNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// How many allocations the process has made so far (counted by CAllocationCounter).
func allocationCount() -> Int {
    Int(allocation_counter_count())
}

/// A result the optimiser cannot see through, so measured work is not removed.
@inline(never)
func consume(_ value: Double) {
    if value == -.infinity { print("unreachable") }
}

struct Measurement {
    var nanosecondsPerIteration: Double
    var allocationsPerIteration: Double
}

/// Runs `body` `iterations` times after a warm-up and reports the best of five rounds.
func measure(iterations: Int, _ body: (Int) -> Void) -> Measurement {
    for index in 0..<iterations / 10 { body(index) }
    var best = Double.infinity
    var allocations = 0
    for _ in 0..<5 {
        let allocationsBefore = allocationCount()
        let start = nowNanoseconds()
        for index in 0..<iterations { body(index) }
        let elapsed = Double(nowNanoseconds() - start)
        allocations = max(allocations, allocationCount() - allocationsBefore)
        best = min(best, elapsed / Double(iterations))
    }
    return Measurement(
        nanosecondsPerIteration: best, allocationsPerIteration: Double(allocations) / Double(iterations))
}

let iterations = 1_000_000
let viewport = LogicalSize(width: 800, height: 600)
let content = LogicalSize(width: 800, height: 2_000_000)

// Baseline: one opaque call per iteration.
let baseline = measure(iterations: iterations) { index in consume(Double(index)) }

// A frame step during a fling: advance, then read the frame as the renderer does. Tiny time
// steps keep a single fling running for every iteration.
var flinging = ScrollView(viewportSize: viewport, contentSize: content)
flinging.touchDown(id: 1, at: LogicalPoint(x: 400, y: 590), timeMilliseconds: 0)
flinging.touchFrame()
for step in 1...10 {
    flinging.touchMotion(
        id: 1, to: LogicalPoint(x: 400, y: 590 - Double(step) * 40), timeMilliseconds: Double(step) * 5)
    flinging.touchFrame()
}
flinging.touchUp(id: 1, timeMilliseconds: 50)
flinging.touchFrame()
var frameTime = 50.0
let step = measure(iterations: iterations) { _ in
    frameTime += 0.0005
    flinging.advance(to: frameTime)
    let frame = flinging.frame
    consume(frame.contentOffset.y + frame.verticalIndicator.opacity)
}
let stillFlinging = flinging.frame.phase == .decelerating

// An input event during a drag: one touch motion and its touch frame.
var dragging = ScrollView(viewportSize: viewport, contentSize: content)
dragging.touchDown(id: 1, at: LogicalPoint(x: 400, y: 300), timeMilliseconds: 0)
dragging.touchFrame()
var eventTime = 0.0
let event = measure(iterations: iterations) { index in
    eventTime += 0.01
    let y = 300 - Double(index % 100)
    dragging.touchMotion(id: 1, to: LogicalPoint(x: 400, y: y), timeMilliseconds: eventTime)
    dragging.touchFrame()
    consume(dragging.contentOffset.y)
}
let stillDragging = dragging.phase == .dragging

// A touchpad scroll: one finger-source axis event, 1:1 with the rubber band and its history.
var touchpad = ScrollView(viewportSize: viewport, contentSize: content)
var axisTime = 0.0
let axis = measure(iterations: iterations) { index in
    axisTime += 0.01
    let delta = index % 200 < 100 ? 3.0 : -3.0
    touchpad.pointerAxis(source: .finger, delta: LogicalPoint(x: 0, y: delta), timeMilliseconds: axisTime)
    consume(touchpad.contentOffset.y)
}
let stillScrolling = touchpad.phase == .dragging

// A touch pinch: both fingers move and their frame zooms and pans about the centroid.
var pinching = ScrollView(viewportSize: viewport, contentSize: content)
pinching.minimumZoomScale = 1
pinching.maximumZoomScale = 4
pinching.touchDown(id: 1, at: LogicalPoint(x: 300, y: 300), timeMilliseconds: 0)
pinching.touchDown(id: 2, at: LogicalPoint(x: 500, y: 300), timeMilliseconds: 0)
pinching.touchFrame()
var pinchTime = 0.0
let pinch = measure(iterations: iterations) { index in
    pinchTime += 0.01
    let spread = 100 + Double(index % 100)
    pinching.touchMotion(id: 1, to: LogicalPoint(x: 400 - spread, y: 300), timeMilliseconds: pinchTime)
    pinching.touchMotion(id: 2, to: LogicalPoint(x: 400 + spread, y: 300), timeMilliseconds: pinchTime)
    pinching.touchFrame()
    consume(pinching.zoomScale)
}
let stillPinching = pinching.phase == .zooming

// The counter's own check: building a string per iteration must count about one allocation.
let control = measure(iterations: 10_000) { index in
    consume(Double(String(repeating: "x", count: 64 + index % 2).utf8.count))
}

func format(_ value: Double, decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return "\(rounded)"
}

func report(_ name: String, _ measurement: Measurement) {
    let ratio = measurement.nanosecondsPerIteration / baseline.nanosecondsPerIteration
    print(
        "\(name): \(format(measurement.nanosecondsPerIteration, decimals: 1)) ns"
            + " (\(format(ratio, decimals: 1))× baseline),"
            + " \(format(measurement.allocationsPerIteration, decimals: 4)) allocations")
}

print("glide-bench: best of 5 rounds of \(iterations) iterations")
report("baseline (opaque call)", baseline)
report("frame step (fling, advance + frame)", step)
report("input event (touch motion + frame)", event)
report("input event (touchpad axis)", axis)
report("input event (pinch: 2 touch motions + frame)", pinch)
report("control (a 64-byte String)", control)
if control.allocationsPerIteration < 0.9 {
    print("warning: the allocation counter is not counting")
}
if !stillFlinging || !stillDragging || !stillScrolling || !stillPinching {
    print("warning: a fling, drag, touchpad scroll or pinch ended during the measurement")
}
let measured = [step, event, axis, pinch]
let goal = control.allocationsPerIteration >= 0.9
    && measured.allSatisfy { $0.nanosecondsPerIteration < 1000 && $0.allocationsPerIteration == 0 }
print("goal (< 1 µs, zero allocations): \(goal ? "met" : "NOT met")")

print("")
RenderBenchmarks.run(json: false)
print("")
EPUBBenchmarks.run()
