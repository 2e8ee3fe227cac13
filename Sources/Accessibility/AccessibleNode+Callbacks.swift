import CAccessibility
import CAtk

extension AccessibleNode {
    /// The table every Glide accessible forwards ATK's questions through; C functions, so
    /// each finds its node from the pointer it was made with.
    static let callbacks: GlideAccessibleCallbacks = {
        var table = GlideAccessibleCallbacks()
        table.child_count = { node in Int32(AccessibleNode.from(node!).childCount) }
        table.ref_child = { node, index in
            guard let child = AccessibleNode.from(node!).child(at: Int(index)) else { return nil }
            return g_object_ref(UnsafeMutableRawPointer(child.accessible)).assumingMemoryBound(to: AtkObject.self)
        }
        table.index_in_parent = { node in
            let child = AccessibleNode.from(node!)
            return Int32(child.parent?.index(of: child) ?? -1)
        }
        table.states = { node in
            let node = AccessibleNode.from(node!)
            var states = [ATK_STATE_ENABLED, ATK_STATE_SENSITIVE, ATK_STATE_VISIBLE] + node.extraStates
            if node.frame != nil { states.append(ATK_STATE_SHOWING) }
            return states.reduce(UInt64(0)) { $0 | (1 << UInt64($1.rawValue)) }
        }
        table.text = { node in
            // The text lives as long as the node, which outlives the call.
            AccessibleNode.from(node!).text.map { UnsafePointer($0.cString) }
        }
        table.text_boundary = { node, granularity, offset, start, end in
            let node = AccessibleNode.from(node!)
            guard let text = node.text, let unit = TextSegmentation.Granularity(rawValue: granularity) else { return 0 }
            let range = text.segmentation.range(of: unit, at: Int(offset),
                                                lineStarts: unit == .line ? node.lineStartOffsets : nil)
            start!.pointee = Int32(range.lowerBound)
            end!.pointee = Int32(range.upperBound)
            return 1
        }
        table.caret_offset = { node in Int32(AccessibleNode.from(node!).caretOffset) }
        table.set_caret_offset = { node, offset in AccessibleNode.from(node!).setCaretOffset(Int(offset)) ? 1 : 0 }
        table.selection = { node, start, end in
            guard let range = AccessibleNode.from(node!).selection else { return 0 }
            start!.pointee = Int32(range.lowerBound)
            end!.pointee = Int32(range.upperBound)
            return 1
        }
        table.character_extents = { node, offset, x, y, width, height in
            guard let frame = AccessibleNode.from(node!).frame(ofCharacter: Int(offset)) else { return 0 }
            frame.store(x!, y!, width!, height!)
            return 1
        }
        table.extents = { node, x, y, width, height in
            guard let frame = AccessibleNode.from(node!).frame else { return 0 }
            frame.store(x!, y!, width!, height!)
            return 1
        }
        table.grab_focus = { node in AccessibleNode.from(node!).grabFocus() ? 1 : 0 }
        table.action_count = { node in Int32(AccessibleNode.from(node!).actions.count) }
        table.action_name = { node, index in AccessibleNode.from(node!).actionString(Int(index), \.name) }
        table.action_description = { node, index in
            AccessibleNode.from(node!).actionString(Int(index), \.description)
        }
        table.do_action = { node, index in
            let actions = AccessibleNode.from(node!).actions
            guard actions.indices.contains(Int(index)) else { return 0 }
            return actions[Int(index)].perform() ? 1 : 0
        }
        table.value = { node, current, minimum, maximum, text in
            let node = AccessibleNode.from(node!)
            guard let value = node.value else { return }
            current!.pointee = value.current
            minimum!.pointee = value.minimum
            maximum!.pointee = value.maximum
            text!.pointee = node.keep(value.text)
        }
        table.set_value = { node, value in AccessibleNode.from(node!).setValue(value) ? 1 : 0 }
        table.pages = { node, current, count in
            guard let pages = AccessibleNode.from(node!).pages else { return }
            current!.pointee = Int32(pages.current)
            count!.pointee = Int32(pages.count)
        }
        return table
    }()

    /// An action's name or description as a C string that stays valid after the call.
    private func actionString(_ index: Int, _ field: KeyPath<AccessibleAction, String>) -> UnsafePointer<CChar>? {
        let actions = self.actions
        guard actions.indices.contains(index) else { return nil }
        return keep(actions[index][keyPath: field])
    }
}

extension AccessibleRect {
    /// Writes the rectangle, rounded to whole logical px, where C asked for it.
    func store(_ x: UnsafeMutablePointer<Int32>, _ y: UnsafeMutablePointer<Int32>, _ width: UnsafeMutablePointer<Int32>,
               _ height: UnsafeMutablePointer<Int32>) {
        x.pointee = Int32(self.x.rounded())
        y.pointee = Int32(self.y.rounded())
        width.pointee = Int32(self.width.rounded())
        height.pointee = Int32(self.height.rounded())
    }
}
