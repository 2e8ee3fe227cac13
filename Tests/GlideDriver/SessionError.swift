/// A session step that could not be completed.
public struct SessionError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Glide ended before its window showed: its exit status and what it wrote to stderr (a
/// demo tells "not supported yet", status 2, from a crash).
public struct GlideExitedError: Error, CustomStringConvertible {
    public let status: Int32
    public let standardError: String

    public var description: String { "glide exited with status \(status) before showing a window: \(standardError)" }
}
