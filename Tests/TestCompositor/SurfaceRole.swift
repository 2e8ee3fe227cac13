/// What a surface is for (`xdg_surface`, `wl_subsurface`, cursor); a surface has at most one
/// role for its whole life, and the role has its own rules about commits.
protocol SurfaceRole: AnyObject {
    /// The role's name in problems and protocol errors.
    var roleName: String { get }
    /// Checks a commit against the role's rules; posts the protocol error and returns false
    /// when the commit breaks them.
    func validateCommit(attachesBuffer: Bool) -> Bool
    /// Whether the commit's state waits for the parent's commit (a synchronized subsurface).
    var defersCommit: Bool { get }
    /// Called after a commit's state was applied.
    func surfaceDidApplyCommit()
}

extension SurfaceRole {
    func validateCommit(attachesBuffer: Bool) -> Bool { true }
    var defersCommit: Bool { false }
    func surfaceDidApplyCommit() {}
}
