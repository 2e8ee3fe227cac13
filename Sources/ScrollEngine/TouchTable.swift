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

    /// What a touch frame needs to know about the fingers, gathered in one pass: the table is
    /// large, and each separate query of a stored table may cost a copy of it.
    struct Summary: Sendable {
        /// How many fingers are down or lifting in the current frame.
        var count = 0
        /// Whether every finger lifted in the current frame (false when there are none).
        var isAllLifting = false
        /// The mean move of the fingers since the last frame, in px.
        var meanMotion = LogicalPoint.zero
        /// The mean position of the fingers, in px.
        var centroid = LogicalPoint.zero
        /// The two fingers that landed first, lifting ones included; a third finger does not
        /// change the pair.
        var pair: Pair?
        /// The two fingers that landed first among those staying down after this frame.
        var stayingPair: Pair?
    }

    /// The fingers of the current frame, summarised.
    var summary: Summary {
        var summary = Summary()
        var motion = LogicalPoint.zero
        var position = LogicalPoint.zero
        var lifting = 0
        var earliest = PairSearch()
        var earliestStaying = PairSearch()
        for index in slots.indices where slots[index].isActive {
            let slot = slots[index]
            summary.count += 1
            motion.x += slot.position.x - slot.positionAtLastFrame.x
            motion.y += slot.position.y - slot.positionAtLastFrame.y
            position.x += slot.position.x
            position.y += slot.position.y
            earliest.consider(slot.id, slot.position, order: slot.landingOrder)
            if slot.isLifting {
                lifting += 1
            } else {
                earliestStaying.consider(slot.id, slot.position, order: slot.landingOrder)
            }
        }
        guard summary.count > 0 else { return summary }
        let count = Double(summary.count)
        summary.isAllLifting = lifting == summary.count
        summary.meanMotion = LogicalPoint(x: motion.x / count, y: motion.y / count)
        summary.centroid = LogicalPoint(x: position.x / count, y: position.y / count)
        summary.pair = earliest.pair
        summary.stayingPair = earliestStaying.pair
        return summary
    }

    /// Whether any finger is down or lifting in the current frame.
    var isEmpty: Bool {
        for index in slots.indices where slots[index].isActive { return false }
        return true
    }

    /// The two earliest-landed fingers seen so far in a pass over the slots.
    private struct PairSearch {
        private var first: (id: Int, position: LogicalPoint, order: Int)?
        private var second: (id: Int, position: LogicalPoint, order: Int)?

        mutating func consider(_ id: Int, _ position: LogicalPoint, order: Int) {
            let finger = (id: id, position: position, order: order)
            if let current = first, order >= current.order {
                if second.map({ order < $0.order }) ?? true { second = finger }
            } else {
                second = first
                first = finger
            }
        }

        var pair: Pair? {
            guard let first, let second else { return nil }
            return Pair(ids: (first.id, second.id), first: first.position, second: second.position)
        }
    }

    /// Whether finger `id` is down here and not lifting: the view holds it.
    func holds(id: Int) -> Bool {
        slotIndex(of: id).map { !slots[$0].isLifting } ?? false
    }

    /// Puts finger `id` down at `point`; a finger already down with that id just moves there,
    /// and one lifting in this frame is replaced by the new finger.
    mutating func press(id: Int, at point: LogicalPoint) {
        if let index = slotIndex(of: id) {
            if slots[index].isLifting {
                // Lifted and down again in one frame: a new finger, which has not moved yet.
                landings += 1
                slots[index].positionAtLastFrame = point
                slots[index].landingOrder = landings
            }
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
