import DocumentKit
import Glibc
import Machinery

/// For programs that draw a document once (a thumbnail, an exported PDF), never for the frame
/// loop: lays out what is shown and lets the work that asks for (decoded images, rendered
/// pages, chapters) arrive, for a bounded time.
public enum ContentSettling {
    /// How long no background work may arrive before what is shown is taken as done, in s:
    /// decoders and renderers post within milliseconds of each other while they work.
    public static let quietSeconds = 0.25

    /// Prepares `visible` at `drawScale` until a prepare changes nothing and nothing more
    /// arrives, or until `deadline` (MonotonicClock s).
    public static func settle(_ layout: any ContentLayout, showing visible: ContentRect, drawScale: Double, until deadline: Double) {
        while true {
            layout.prepareCompletely(visible, margin: 0, drawScale: drawScale)
            let revision = layout.revision
            waitForQuiet(of: layout, until: deadline)
            if layout.revision == revision || MonotonicClock.seconds() >= deadline { return }
        }
    }

    private static func waitForQuiet(of layout: any ContentLayout, until deadline: Double) {
        let mailbox = MainThreadMailbox.shared
        var lastDelivery = MonotonicClock.seconds()
        while true {
            let now = MonotonicClock.seconds()
            guard now < deadline, layout.isReadingContent || now - lastDelivery < quietSeconds else { return }
            var descriptor = pollfd(fd: mailbox.fileDescriptor, events: Int16(POLLIN), revents: 0)
            // 20 ms: how late the quiet is noticed at most, not a tuned figure.
            _ = poll(&descriptor, 1, 20)
            if mailbox.deliverPending() > 0 { lastDelivery = MonotonicClock.seconds() }
        }
    }
}
