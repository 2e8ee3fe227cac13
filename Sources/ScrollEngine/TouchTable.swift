/// The fingers on the surface, in a fixed number of slots, so touch handling never allocates.
///
/// Each finger keeps its position at the last processed touch frame, so the motion of a frame
/// is the mean of the fingers' own moves: fingers that land or lift do not make the content
/// jump, as a centroid would. A pinch follows the two fingers that landed first.
struct TouchTable: Sendable {
    /// Two fingers of a pinch: their ids, in landing order, and their current positions.
    struct Pair: Sendable {
        var ids: (Int, Int)
        var first: LogicalPoint
        var second: LogicalPoint

        /// The distance between the fingers, in px.
        var span: Double {
            let dx = second.x - first.x
            let dy = second.y - first.y
            return (dx * dx + dy * dy).squareRoot()
        }

        /// The point between the fingers, in px.
        var centroid: LogicalPoint {
            LogicalPoint(x: (first.x + second.x) / 2, y: (first.y + second.y) / 2)
        }

        /// Whether `other` is made of the same two fingers.
        func hasSameFingers(as other: Pair) -> Bool {
            ids.0 == other.ids.0 && ids.1 == other.ids.1
        }
    }

    /// How many fingers are followed at once; more are ignored.
    static let capacity = 10

    private struct Slot {
        var id = 0
        var position = LogicalPoint.zero
        var positionAtLastFrame = LogicalPoint.zero
        var isActive = false
        var isLifting = false
        /// When it landed, counted in fingers: smaller landed earlier.
        var landingOrder = 0
    }

    private var slots = InlineArray<10, Slot>(repeating: Slot())
    private var landings = 0

    /// How many fingers are down or lifting in the current frame.
    var count: Int {
        var count = 0
        for index in slots.indices where slots[index].isActive { count += 1 }
        return count
    }

    /// The mean position of the fingers, in px; zero with none.
    var centroid: LogicalPoint {
        var sum = LogicalPoint.zero
        var count = 0.0
        for index in slots.indices where slots[index].isActive {
            sum.x += slots[index].position.x
            sum.y += slots[index].position.y
            count += 1
        }
        return count == 0 ? .zero : LogicalPoint(x: sum.x / count, y: sum.y / count)
    }

    /// The two fingers that landed first, if two are down; a third finger does not change the
    /// pair. With `includingLifting` false, fingers lifting in this frame do not count.
    func earliestPair(includingLifting: Bool) -> Pair? {
        var first: Int?
        var second: Int?
        for index in slots.indices where slots[index].isActive && (includingLifting || !slots[index].isLifting) {
            let order = slots[index].landingOrder
            if let current = first, order >= slots[current].landingOrder {
                if second.map({ order < slots[$0].landingOrder }) ?? true { second = index }
            } else {
                second = first
                first = index
            }
        }
        guard let first, let second else { return nil }
        return Pair(
            ids: (slots[first].id, slots[second].id), first: slots[first].position,
            second: slots[second].position)
    }

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
            landings += 1
            slots[index] = Slot(
                id: id, position: point, positionAtLastFrame: point, isActive: true,
                isLifting: false, landingOrder: landings)
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
