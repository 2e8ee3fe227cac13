import CAccessibility
import CAtk
import Glibc

/// One object of the accessible tree: a Swift object behind one AtkObject, which forwards
/// every question ATK asks to it (see `AccessibleNode+Callbacks.swift`).
///
/// The node owns a reference to its AtkObject; when the node goes, the object is detached
/// (defunct, answering empty) and released, so a client holding its path learns it is gone.
class AccessibleNode {
    private(set) var accessible: UnsafeMutablePointer<AtkObject>!
    /// The node this one is a child of; set by the parent when it makes the child.
    weak var parent: AccessibleNode?

    init(role: AtkRole, interfaces: AccessibleInterfaces, name: String? = nil, parent: AccessibleNode?) {
        self.parent = parent
        let opaque = Unmanaged.passUnretained(self).toOpaque()
        accessible = glide_accessible_new(interfaces.rawValue, opaque, role)
        if let name { atk_object_set_name(accessible, name) }
        if let parent { atk_object_set_parent(accessible, parent.accessible) }
    }

    /// C strings handed to ATK (action names, value texts), kept while the node lives.
    private var keptStrings: [String: UnsafeMutablePointer<CChar>] = [:]

    deinit {
        glide_accessible_detach(accessible)
        g_object_unref(UnsafeMutableRawPointer(accessible))
        for string in keptStrings.values { free(string) }
    }

    /// `string` as a C string that stays valid as long as the node.
    func keep(_ string: String) -> UnsafePointer<CChar> {
        if let kept = keptStrings[string] { return UnsafePointer(kept) }
        let copy = strdup(string)!
        keptStrings[string] = copy
        return UnsafePointer(copy)
    }

    /// The node behind a pointer handed to C.
    static func from(_ pointer: UnsafeMutableRawPointer) -> AccessibleNode {
        Unmanaged<AccessibleNode>.fromOpaque(pointer).takeUnretainedValue()
    }

    func setAttribute(_ name: String, _ value: String) {
        glide_accessible_set_attribute(accessible, name, value)
    }

    // MARK: What subclasses answer

    var childCount: Int { 0 }
    func child(at index: Int) -> AccessibleNode? { nil }
    /// The index of `child` among this node's children, or -1.
    func index(of child: AccessibleNode) -> Int { -1 }

    /// The states the node is in besides ENABLED, SENSITIVE and VISIBLE (which every node
    /// is in) and SHOWING (which follows `frame`).
    var extraStates: [AtkStateType] { [] }

    /// The text of a node with the text interface.
    var text: AccessibleText? { nil }
    /// Where the text's lines start as drawn, if known (see `TextSegmentation`).
    var lineStartOffsets: [Int]? { nil }
    var caretOffset: Int { -1 }
    func setCaretOffset(_ offset: Int) -> Bool { false }
    var selection: Range<Int>? { nil }

    /// Where the node is drawn in the window, if on screen.
    var frame: AccessibleRect? { nil }
    /// Where the character at `offset` of its text is drawn, if on screen.
    func frame(ofCharacter offset: Int) -> AccessibleRect? { nil }
    func grabFocus() -> Bool { false }

    var actions: [AccessibleAction] { [] }

    /// The value of a node with the value interface.
    var value: AccessibleValue? { nil }
    func setValue(_ value: Double) -> Bool { false }

    /// The page shown (from 1) and the page count of a node with the document interface.
    var pages: (current: Int, count: Int)? { nil }

    // MARK: Events

    /// The node's states changed: tells the clients listening.
    func notifyState(_ state: AtkStateType, _ isOn: Bool) {
        atk_object_notify_state_change(accessible, AtkState(state.rawValue), isOn ? 1 : 0)
    }
}

/// An action a node offers (`jump`, `activate`, `next`…).
struct AccessibleAction {
    var name: String
    var description: String
    var perform: () -> Bool
}

/// A value with its range and how it is read.
struct AccessibleValue {
    var current: Double
    var minimum: Double
    var maximum: Double
    var text: String
}

/// A node's text, kept in the form C reads (NUL-terminated UTF-8) with its segmentation,
/// which is found when a client first asks for words, sentences or lines (most nodes a client
/// walks past are never read that way).
final class AccessibleText {
    let string: String
    /// The text as C reads it, owned.
    let cString: UnsafeMutablePointer<CChar>
    private(set) lazy var segmentation = TextSegmentation(string)

    init(_ string: String) {
        self.string = string
        cString = strdup(string)!
    }

    deinit {
        free(cString)
    }

    var characterCount: Int { string.unicodeScalars.count }
}

/// Interface bits as a Swift option set over the C enum.
struct AccessibleInterfaces: OptionSet {
    let rawValue: UInt32
    static let text = Self(rawValue: GLIDE_ACCESSIBLE_TEXT.rawValue)
    static let action = Self(rawValue: GLIDE_ACCESSIBLE_ACTION.rawValue)
    static let component = Self(rawValue: GLIDE_ACCESSIBLE_COMPONENT.rawValue)
    static let value = Self(rawValue: GLIDE_ACCESSIBLE_VALUE.rawValue)
    static let document = Self(rawValue: GLIDE_ACCESSIBLE_DOCUMENT.rawValue)
    static let window = Self(rawValue: GLIDE_ACCESSIBLE_WINDOW.rawValue)
}
