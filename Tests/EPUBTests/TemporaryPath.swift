// The book writers live in EPUBFixtures, shared with glide-bench, glide-demo and the end-to-end
// tests; every test file here uses them.
@_exported import EPUBFixtures
import Foundation
import XCTest

/// A fresh path in the temporary directory, removed when the test ends.
func temporaryPath(_ test: XCTestCase, _ suffix: String = ".epub") -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-epub-\(UUID().uuidString)\(suffix)").path
    test.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    return path
}
