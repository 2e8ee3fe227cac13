import XCTest
@testable import ScrollEngine
final class ScrollEnginePlaceholderTests: XCTestCase { func testModuleLoads() { XCTAssertTrue(true) } }
