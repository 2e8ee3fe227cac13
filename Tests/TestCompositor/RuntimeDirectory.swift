import Foundation
import Glibc

/// A private `XDG_RUNTIME_DIR` (mode 0700, like the one logind makes) with the compositor's
/// listening socket in it, removed when the compositor stops.
///
/// The socket is made here rather than by `wl_display_add_socket`, which would read
/// `XDG_RUNTIME_DIR` from the test process's own environment.
public struct RuntimeDirectory: Sendable {
    /// The directory's path: the client's `XDG_RUNTIME_DIR`.
    public let path: String
    /// The socket's name in it: the client's `WAYLAND_DISPLAY`.
    public let socketName = "wayland-test"

    /// The socket's full path.
    public var socketPath: String { path + "/" + socketName }

    /// The environment that makes a client connect here.
    /// What a client needs to find this compositor, and state and data directories of its own
    /// so that saved reading positions and recent documents never leak between tests (or into
    /// the user's).
    public var environment: [String: String] {
        ["XDG_RUNTIME_DIR": path, "WAYLAND_DISPLAY": socketName, "XDG_STATE_HOME": path + "/state", "XDG_DATA_HOME": path + "/data",
         "XDG_CACHE_HOME": path + "/cache"]
    }

    init() throws(TestCompositorError) {
        var template = Array("/tmp/glide-test-compositor-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw .cannotStart("mkdtemp: \(String(cString: strerror(errno)))")
        }
        path = String(cString: created)
    }

    /// A socket listening at `socketPath`, for `wl_display_add_socket_fd`.
    func listen() throws(TestCompositorError) -> Int32 {
        let socket = try makeSocket()
        var address = try socketAddress()
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, Glibc.listen(socket, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw .cannotStart("cannot listen at \(socketPath): \(reason)")
        }
        return socket
    }

    /// A new connection to the compositor, for an in-process client (`wl_display_connect_to_fd`).
    public func connect() throws(TestCompositorError) -> Int32 {
        let socket = try makeSocket()
        var address = try socketAddress()
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw .cannotConnect("cannot connect to \(socketPath): \(reason)")
        }
        return socket
    }

    /// Deletes the directory and the socket in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    private func makeSocket() throws(TestCompositorError) -> Int32 {
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw .cannotStart("socket: \(String(cString: strerror(errno)))") }
        return socket
    }

    private func socketAddress() throws(TestCompositorError) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(socketPath.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw .cannotStart("socket path too long: \(socketPath)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return address
    }
}
