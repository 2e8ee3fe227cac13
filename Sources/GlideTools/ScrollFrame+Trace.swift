import ScrollEngine
/// The frame trace: one JSON object per frame, the contract documented in docs/replay.md and
/// shared by `glide-replay` and the app's `--trace`.
extension ScrollFrame {
    /// This frame as one line of the trace, without a newline:
    /// `{"t":…,"x":…,"y":…,"zoom":…,"phase":"…","page":…,"pages":…,"vIndicator":…,"hIndicator":…}`.
    ///
    /// Numbers are rounded to thousandths, written without trailing zeros. It builds a string,
    /// so it is for trace writers, not for the frame loop.
    public var traceLine: String {
        "{" + traceFields + "}"
    }

    /// This frame as a trace object with `taps`, the taps recognised since the previous frame,
    /// as a last key `"taps":[{"x":…,"y":…,"count":…}]` when there are any.
    public func traceLine(taps: [Tap]) -> String {
        guard !taps.isEmpty else { return traceLine }
        let objects = taps.map { tap in
            "{\"x\":\(Self.traceNumber(tap.location.x)),\"y\":\(Self.traceNumber(tap.location.y)),"
                + "\"count\":\(tap.count)}"
        }
        return "{" + traceFields + ",\"taps\":[" + objects.joined(separator: ",") + "]}"
    }

    private var traceFields: String {
        "\"t\":\(Self.traceNumber(timeMilliseconds)),"
            + "\"x\":\(Self.traceNumber(contentOffset.x)),"
            + "\"y\":\(Self.traceNumber(contentOffset.y)),"
            + "\"zoom\":\(Self.traceNumber(zoomScale)),"
            + "\"phase\":\"\(phase.rawValue)\","
            + "\"page\":\(pageControl.currentPage),"
            + "\"pages\":\(pageControl.numberOfPages),"
            + "\"vIndicator\":\(Self.traceNumber(verticalIndicator.opacity)),"
            + "\"hIndicator\":\(Self.traceNumber(horizontalIndicator.opacity))"
    }

    /// `value` rounded to thousandths in plain decimal notation: "12.5", "-0.125", "499".
    public static func traceNumber(_ value: Double) -> String {
        let thousandths = (value * 1000).rounded()
        guard thousandths.magnitude < 1e15 else { return value.description }
        let scaled = Int64(thousandths)
        guard scaled != 0 else { return "0" }
        let sign = scaled < 0 ? "-" : ""
        let whole = scaled.magnitude / 1000
        var fraction = scaled.magnitude % 1000
        guard fraction != 0 else { return "\(sign)\(whole)" }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let fractionText = String(fraction)
        let padding = String(repeating: "0", count: digits - fractionText.count)
        return "\(sign)\(whole).\(padding)\(fractionText)"
    }
}
