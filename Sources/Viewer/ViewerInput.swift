import DocumentKit
import ScrollEngine

/// One input event for the viewer, already translated from the seat (the viewer knows no
/// Wayland), with the time it happened on the compositor's millisecond clock.
public struct ViewerInput: Sendable, Equatable {
    /// What happened.
    public enum Event: Sendable, Equatable {
        /// Input as the scene takes it: the viewer hands the scene every such input no control
        /// or reading tool claims, through the scene's one `apply`.
        case scene(SceneInput)
        /// An on-screen keyboard or input method typed `text` after deleting `deletingBefore`
        /// bytes before the cursor (`zwp_text_input_v3.commit_string`): it goes to the find
        /// field.
        case textCommitted(String, deletingBefore: Int)
        /// Text an input method is composing (empty when it ends), shown in the find field.
        case textComposing(String)
    }

    public var event: Event
    /// When it happened, in ms; the viewer clamps it so its clock never runs backwards. 0 is
    /// no time (virtual keyboards send it): what the input starts begins at the next frame.
    public var timeMilliseconds: Double
    /// The compositor's serial of a touch down or button press, which lets a window control
    /// start a compositor move with it; 0 for other input.
    public var serial: UInt32
    /// What a key types with the keymap and modifiers (empty for keys that type nothing):
    /// what the find field inserts.
    public var text: String
    /// The keyboard's modifiers held with a button press (Shift+click extends a selection).
    public var heldModifiers: InputModifiers

    public init(_ event: SceneInput, timeMilliseconds: Double, serial: UInt32 = 0, text: String = "",
                heldModifiers: InputModifiers = []) {
        self.init(event: .scene(event), timeMilliseconds: timeMilliseconds, serial: serial, text: text,
                  heldModifiers: heldModifiers)
    }

    public init(event: Event, timeMilliseconds: Double, serial: UInt32 = 0, text: String = "",
                heldModifiers: InputModifiers = []) {
        self.event = event
        self.timeMilliseconds = timeMilliseconds
        self.serial = serial
        self.text = text
        self.heldModifiers = heldModifiers
    }
}

/// What the viewer asks of its window; the app drains them after each input.
public enum ViewerRequest: Sendable, Equatable {
    case quit
    case setFullscreen(Bool)
    /// Let the compositor move the window with the touch or click that had `serial`.
    case beginMove(serial: UInt32)
    /// Offer this text of the document to the clipboard and/or the primary selection.
    case copy(TextRange, toClipboard: Bool, toPrimary: Bool)
    /// Hand a web or mail address (already checked: http, https, mailto) to the desktop.
    case openURL(String)
    /// Whether on-screen keyboards and input methods should type into the window (find is open).
    case setTextInput(Bool)
    /// The pointer's image over the window.
    case setPointerLook(PointerLook)
    /// Print the document shown (Ctrl+P): the desktop's print dialog, then the printer.
    case print
    /// Choose documents to open (Ctrl+O): the desktop's file chooser.
    case openFile
    /// A diagnostic for GLIDE_DEBUG (a link not followed, and why).
    case diagnostic(String)
}
