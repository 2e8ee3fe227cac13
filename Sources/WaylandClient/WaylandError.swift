import Glibc
import Localization

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
            return localized("cannot connect to a Wayland compositor at '%s': %s", display, String(cString: strerror(code)))
        case .runtimeDirectoryUnset(let display):
            return localized("cannot connect to a Wayland compositor at '%s': XDG_RUNTIME_DIR is not set", display)
        case .missingGlobal(let name):
            return localized("the Wayland compositor does not offer %s", name)
        case .connectionLost(let code):
            return localized("lost the connection to the Wayland compositor: %s", String(cString: strerror(code)))
        case .protocolError(let interface, let objectID, let code):
            return localized("the Wayland compositor reported protocol error %1$s on %2$s@%3$s", code, interface, objectID)
        case .sharedMemory(let what, let code):
            return localized("cannot create shared memory (%1$s): %2$s", what, String(cString: strerror(code)))
        }
    }
}
