import Foundation
import ScrollPhysics
import XCTest

final class ElementaryFunctionsTests: XCTestCase {
    func testExponentialOfKnownValues() {
        XCTAssertEqual(ElementaryFunctions.exp(0), 1)
        XCTAssertEqual(ElementaryFunctions.exp(1), 2.718281828459045, accuracy: 1e-15)
        XCTAssertEqual(ElementaryFunctions.exp(-1), 0.36787944117144233, accuracy: 1e-16)
        XCTAssertEqual(ElementaryFunctions.exp(10), 22026.465794806718, accuracy: 1e-10)
        XCTAssertEqual(ElementaryFunctions.exp(-2.004008016032066), 0.13479394282689947, accuracy: 1e-15)
        XCTAssertEqual(ElementaryFunctions.exp(1000), .infinity)
        XCTAssertEqual(ElementaryFunctions.exp(-1000), 0)
        XCTAssertTrue(ElementaryFunctions.exp(.nan).isNaN)
    }

    func testLogarithmOfKnownValues() {
        XCTAssertEqual(ElementaryFunctions.log(1), 0)
        XCTAssertEqual(ElementaryFunctions.log(2.718281828459045), 1, accuracy: 1e-15)
        XCTAssertEqual(ElementaryFunctions.log(10), 2.302585092994046, accuracy: 1e-15)
        XCTAssertEqual(ElementaryFunctions.log(0.998), -0.0020020026706730793, accuracy: 1e-18)
        XCTAssertEqual(ElementaryFunctions.log(0), -.infinity)
        XCTAssertTrue(ElementaryFunctions.log(-1).isNaN)
        XCTAssertEqual(ElementaryFunctions.log(.infinity), .infinity)
    }

    func testAgreesWithGlibcAcrossTheRange() {
        var x = -700.0
        while x < 700 {
            let expected = Foundation.exp(x)
            XCTAssertEqual(ElementaryFunctions.exp(x), expected, accuracy: expected * 4e-16, "exp(\(x))")
            x += 0.37
        }
        var y = 1e-300
        while y < 1e300 {
            let expected = Foundation.log(y)
            XCTAssertEqual(ElementaryFunctions.log(y), expected, accuracy: abs(expected) * 4e-16 + 1e-16, "log(\(y))")
            y *= 1.7
        }
        for z in [Double.leastNonzeroMagnitude, 0.5, 0.9999999, 1.0000001, 1.41421356, 1.41421357] {
            XCTAssertEqual(ElementaryFunctions.log(z), Foundation.log(z), accuracy: abs(Foundation.log(z)) * 4e-16 + 1e-16)
        }
    }

    func testAngleAgreesWithGlibcAllRoundTheCircle() {
        for step in 0..<720 {
            let angle = Double(step) * Double.pi / 360 - Double.pi + 0.001
            for length in [1e-3, 1.0, 300.0] {
                let x = length * Foundation.cos(angle), y = length * Foundation.sin(angle)
                XCTAssertEqual(ElementaryFunctions.atan2(y, x), Foundation.atan2(y, x), accuracy: 4e-16 * Double.pi,
                               "atan2(\(y), \(x))")
            }
        }
        for (y, x) in [(0.0, 1.0), (1.0, 0.0), (-1.0, 0.0), (0.0, -1.0), (-0.0, -1.0), (1.0, .infinity), (.infinity, 1.0)] {
            XCTAssertEqual(ElementaryFunctions.atan2(y, x), Foundation.atan2(y, x), "atan2(\(y), \(x))")
        }
        XCTAssertTrue(ElementaryFunctions.atan2(.nan, 1).isNaN)
    }
}
