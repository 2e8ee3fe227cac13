import Foundation
import Glibc

/// Glide's page renderers as /proc shows them, for the tests that watch or kill them.
enum RendererProcesses {
    /// The children of `parent` named glide-page-renderer (cut to 15 bytes), or `name` (the
    /// zygote's `glide-zygote`), zombies left out.
    static func of(_ parent: pid_t, named expected: String = "glide-page-rend") -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { processID in
            guard let stat = try? String(contentsOfFile: "/proc/\(processID)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return false }
            let name = stat[stat.index(after: open)..<close]
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            return name == expected && fields.count > 1 && Int32(fields[1]) == parent && fields[0] != "Z"
        }
    }
}
