import Foundation
import TestSupport

/// The repository the tests were built from, and the programs its Makefile runs.
enum SourceTree {
    /// Tests/GlideTests/SourceTree.swift → the repository.
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Runs `make -C <tree>` with `arguments` (targets that build no Swift: a test runs inside
    /// a build, and a second one would wait for its lock).
    static func make(_ arguments: [String]) throws -> (status: Int32?, output: String, error: String) {
        try ChildProcess.run("/usr/bin/make", ["-C", path] + arguments, timeoutSeconds: 600)
    }

    /// The environment with no locale variables, so a test sets exactly the ones it means.
    static var environmentWithoutLocale: [String: String] {
        ProcessInfo.processInfo.environment.filter { !["LANG", "LANGUAGE"].contains($0.key) && !$0.key.hasPrefix("LC_") }
    }
}
