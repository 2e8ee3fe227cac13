import Foundation

/// What a running process holds, from /proc: for checking that glide does not leak.
public enum ProcessStatistics {
    /// Resident memory (VmRSS) of process `pid` in kB.
    public static func residentKilobytes(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let value = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first,
              let kilobytes = Int(value)
        else { throw SessionError("no VmRSS in /proc/\(pid)/status") }
        return kilobytes
    }

    /// How many file descriptors process `pid` has open.
    public static func openFileDescriptorCount(of pid: Int32) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
    }
}
