import GlideDriver
import TestCompositor
import XCTest

/// An end-to-end test: `session` is started by the test (with its own configuration); the
/// teardown fails the test if the compositor saw a problem the test did not take, and
/// stops glide and the compositor.
class GlideTestCase: XCTestCase {
    var session: GlideSession?

    func start(configuration: Configuration = Configuration(), size: Size = Size(width: 800, height: 600),
               outputScale: Int32 = 1, document: SessionDocument = .longDocument,
               arguments: [String] = [], environment: [String: String] = [:]) throws -> GlideSession {
        let session = try GlideSession(configuration: configuration, size: size, outputScale: outputScale,
                                       document: document, arguments: arguments, environment: environment)
        self.session = session
        return session
    }

    override func tearDown() {
        if let session {
            let problems = session.takeProblems()
            XCTAssertEqual(problems, [], "the test compositor saw problems: \(problems.map(\.description).joined(separator: "; "))")
            session.stop()
        }
        session = nil
        super.tearDown()
    }
}
