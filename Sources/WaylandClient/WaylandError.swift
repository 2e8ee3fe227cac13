import Glibc

/// What can go wrong between the client and the compositor.
public enum WaylandError: Error, CustomStringConvertible {
    /// No compositor answered at the socket named by `WAYLAND_DISPLAY` (or `wayland-0`).
    case cannotConnect(display: String, errno: Int32)
    /// No socket can be found because `XDG_RUNTIME_DIR` is not set.
    case runtimeDirectoryUnset(display: String)
    /// The compositor lacks a global the client cannot work without.
    case missingGlobal(String)
    /// The connection broke: the compositor went away.
    case connectionLost(errno: Int32)
    /// The compositor ended the connection over a protocol error by the client.
    case protocolError(interface: String, objectID: UInt32, code: UInt32)
    /// Shared memory for a buffer could not be created.
    case sharedMemory(String, errno: Int32)

    public var description: String {
        switch self {
        case .cannotConnect(let display, let code):
            return "cannot connect to a Wayland compositor at '\(display)': \(String(cString: strerror(code)))"
        case .runtimeDirectoryUnset(let display):
            return "cannot connect to a Wayland compositor at '\(display)': XDG_RUNTIME_DIR is not set"
        case .missingGlobal(let name):
            return "the Wayland compositor does not offer \(name)"
        case .connectionLost(let code):
            return "lost the connection to the Wayland compositor: \(String(cString: strerror(code)))"
        case .protocolError(let interface, let objectID, let code):
            return "the Wayland compositor reported protocol error \(code) on \(interface)@\(objectID)"
        case .sharedMemory(let what, let code):
            return "cannot create shared memory (\(what)): \(String(cString: strerror(code)))"
        }
    }
}
