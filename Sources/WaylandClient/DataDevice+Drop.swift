import CSystem
import CWaylandClient
import Glibc
import Machinery

/// Files dragged onto the window from a file manager: a drag that offers `text/uri-list` is
/// accepted as a copy, and on the drop its list is read off the loop and handed to the seat's
/// delegate. Anything else dragged over the window is refused.
extension DataDevice {
    static let uriListType = "text/uri-list"
    /// The most of a list read: 10,000 long paths; a source that sends more is cut there.
    static let uriListLimitBytes = 4 << 20
    /// How long the dragging client may take to write its list, in s.
    static let uriListTimeoutSeconds = 5.0

    /// `wl_data_device.enter`: accept the drag when it carries files.
    func dragEntered(serial: UInt32, offer: DataOffer?) {
        dragOffer = offer
        guard let offer else { return }
        let carriesFiles = offer.mimeTypes.contains(Self.uriListType)
        wl_data_offer_accept(offer.proxy, serial, carriesFiles ? Self.uriListType : nil)
        // Version 3 negotiates the action: a copy, as a file manager's drop on a viewer is.
        if offer.version >= 3 {
            let copy = WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue
            wl_data_offer_set_actions(offer.proxy, carriesFiles ? copy : 0, carriesFiles ? copy : 0)
        }
    }

    /// `wl_data_device.drop`: read the list the dragging client writes into a pipe, on a
    /// worker, then finish the drag on the loop and hand the list on.
    func dropped() {
        guard let offer = dragOffer, offer.mimeTypes.contains(Self.uriListType) else {
            dragOffer = nil
            return
        }
        dragOffer = nil
        var ends: [Int32] = [0, 0]
        guard glide_pipe(&ends) == 0 else { return }
        wl_data_offer_receive(offer.proxy, Self.uriListType, ends[1])
        close(ends[1])
        let reader = ends[0]
        // The offer lives until the drag is finished, which tells the source to let go.
        let kept = LoopThreadValue(offer), device = LoopThreadReference(self)
        WorkQueue.shared.submit(priority: .immediate) { _ in
            let list = Self.readAll(reader)
            close(reader)
            MainThreadMailbox.shared.post {
                let offer = kept.value
                if offer.version >= 3 { wl_data_offer_finish(offer.proxy) }
                guard let list, let seat = device.object?.seat else { return }
                seat.noteDrop(uriList: list)
            }
        }
    }

    /// What the pipe holds up to its end, within the limits; nil when nothing came in time.
    private static func readAll(_ descriptor: Int32) -> String? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let deadline = MonotonicClock.seconds() + uriListTimeoutSeconds
        while bytes.count < uriListLimitBytes {
            let remaining = deadline - MonotonicClock.seconds()
            guard remaining > 0 else { break }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32(remaining * 1000)) > 0 else { break }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes.isEmpty ? nil : String(decoding: bytes.prefix(uriListLimitBytes), as: UTF8.self)
    }
}
