import XCTest
@testable import ScrollPhysics
final class ScrollPhysicsPlaceholderTests: XCTestCase { func testModuleLoads() { XCTAssertTrue(true) } }
