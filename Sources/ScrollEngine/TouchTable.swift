/// The fingers on the surface, in a fixed number of slots, so touch handling never allocates.
///
/// Each finger keeps its position at the last processed touch frame, so the motion of a frame
/// is the mean of the fingers' own moves: fingers that land or lift do not make the content
/// jump, as a centroid would.
struct TouchTable: Sendable {
    /// How many fingers are followed at once; more are ignored.
    static let capacity = 10

    private struct Slot {
        var id = 0
        var position = LogicalPoint.zero
        var positionAtLastFrame = LogicalPoint.zero
        var isActive = false
        var isLifting = false
    }

    private var slots = InlineArray<10, Slot>(repeating: Slot())

    /// Whether any finger is down or lifting in the current frame.
    var isEmpty: Bool {
        for index in slots.indices where slots[index].isActive { return false }
        return true
    }

    /// Whether every finger lifted in the current frame (false when there are none).
    var isAllLifting: Bool {
        var sawFinger = false
        for index in slots.indices where slots[index].isActive {
            if !slots[index].isLifting { return false }
            sawFinger = true
        }
        return sawFinger
    }

    /// The mean move of the fingers since the last frame, in px.
    var meanMotion: LogicalPoint {
        var sum = LogicalPoint.zero
        var count = 0.0
        for index in slots.indices where slots[index].isActive {
            sum.x += slots[index].position.x - slots[index].positionAtLastFrame.x
            sum.y += slots[index].position.y - slots[index].positionAtLastFrame.y
            count += 1
        }
        return count == 0 ? .zero : LogicalPoint(x: sum.x / count, y: sum.y / count)
    }

    /// Puts finger `id` down at `point`; a finger already down with that id just moves there.
    mutating func press(id: Int, at point: LogicalPoint) {
        if let index = slotIndex(of: id) {
            slots[index].isLifting = false
            slots[index].position = point
            return
        }
        for index in slots.indices where !slots[index].isActive {
            slots[index] = Slot(
                id: id, position: point, positionAtLastFrame: point, isActive: true,
                isLifting: false)
            return
        }
    }

    /// Moves finger `id` to `point`.
    mutating func move(id: Int, to point: LogicalPoint) {
        guard let index = slotIndex(of: id) else { return }
        slots[index].position = point
    }

    /// Marks finger `id` as lifting; it leaves at the end of the frame.
    mutating func lift(id: Int) {
        guard let index = slotIndex(of: id) else { return }
        slots[index].isLifting = true
    }

    /// Ends the frame: positions become the reference for the next one, lifted fingers leave.
    mutating func commitFrame() {
        for index in slots.indices where slots[index].isActive {
            slots[index].positionAtLastFrame = slots[index].position
            if slots[index].isLifting { slots[index].isActive = false }
        }
    }

    /// Forgets every finger.
    mutating func removeAll() {
        for index in slots.indices { slots[index].isActive = false }
    }

    private func slotIndex(of id: Int) -> Int? {
        for index in slots.indices where slots[index].isActive && slots[index].id == id {
            return index
        }
        return nil
    }
}
