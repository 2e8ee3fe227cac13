import CWaylandClient
import CWaylandProtocols

/// When frames reach the screen (`wp_presentation`), for latency figures.
public final class Presentation: ProxyOwner {
    let proxy: OpaquePointer
    /// The clock the presentation times are on (`clk_id`, e.g. CLOCK_MONOTONIC = 1).
    public private(set) var clockID: UInt32 = 1

    private static let listener = ListenerTable(wp_presentation_listener(
        clock_id: { data, _, clock in owner(data, as: Presentation.self).clockID = clock }))

    init(proxy: OpaquePointer) {
        self.proxy = proxy
        wp_presentation_add_listener(proxy, Presentation.listener.pointer, unretainedPointer)
    }

    deinit {
        wp_presentation_destroy(proxy)
    }
}

/// The fate of one commit (`wp_presentation_feedback`): presented at a time, or discarded.
final class PresentationFeedback: ProxyOwner {
    let proxy: OpaquePointer
    /// Gets the presentation time in ms on the presentation clock, or nil when discarded.
    private let handler: (Double?) -> Void

    private static let listener = ListenerTable(wp_presentation_feedback_listener(
        sync_output: { _, _, _ in },
        presented: { data, _, secondsHigh, secondsLow, nanoseconds, _, _, _, _ in
            let seconds = Double(UInt64(secondsHigh) << 32 | UInt64(secondsLow))
            owner(data, as: PresentationFeedback.self).handler(seconds * 1000 + Double(nanoseconds) / 1_000_000)
        },
        discarded: { data, _ in owner(data, as: PresentationFeedback.self).handler(nil) }))

    init(presentation: Presentation, surface: Surface, handler: @escaping (Double?) -> Void) {
        proxy = wp_presentation_feedback(presentation.proxy, surface.proxy)
        self.handler = handler
        wp_presentation_feedback_add_listener(proxy, PresentationFeedback.listener.pointer, unretainedPointer)
    }

    deinit {
        wp_presentation_feedback_destroy(proxy)
    }
}
