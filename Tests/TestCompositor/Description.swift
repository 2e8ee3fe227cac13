import CWaylandServer

/// A client as problems name it: "client pid 1234".
func describe(client: OpaquePointer?) -> String {
    guard let client else { return "no client" }
    var pid: pid_t = 0
    wl_client_get_credentials(client, &pid, nil, nil)
    return "client pid \(pid)"
}
