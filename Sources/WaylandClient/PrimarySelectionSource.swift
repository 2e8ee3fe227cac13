import CWaylandClient
import CWaylandProtocols

/// Glide's primary selection content (`zwp_primary_selection_source_v1`).
final class PrimarySelectionSource: ProxyOwner {
    let proxy: OpaquePointer
    private let text: SelectionText
    var onCancelled: (() -> Void)?

    private static let listener = ListenerTable(zwp_primary_selection_source_v1_listener(
        send: { data, _, _, fd in owner(data, as: PrimarySelectionSource.self).text.write(to: fd) },
        cancelled: { data, _ in owner(data, as: PrimarySelectionSource.self).onCancelled?() }))

    init(manager: PrimarySelectionManager, text: SelectionText) {
        self.text = text
        proxy = zwp_primary_selection_device_manager_v1_create_source(manager.proxy)
        zwp_primary_selection_source_v1_add_listener(proxy, PrimarySelectionSource.listener.pointer, unretainedPointer)
        for type in SelectionText.mimeTypes { zwp_primary_selection_source_v1_offer(proxy, type) }
    }

    deinit {
        zwp_primary_selection_source_v1_destroy(proxy)
    }
}
