import ScrollPhysics
import XCTest

/// Expected values from b = (1 − 1/(x·0.55/d + 1))·d.
final class RubberBandTests: XCTestCase {
    let band = RubberBand()

    func testDisplacementTable() {
        XCTAssertEqual(band.displacement(forOverdrag: 200, dimension: 600), 92.958, accuracy: 0.001)
        XCTAssertEqual(band.displacement(forOverdrag: 100, dimension: 800), 51.462, accuracy: 0.001)
        XCTAssertEqual(band.displacement(forOverdrag: 300, dimension: 800), 136.788, accuracy: 0.001)
        XCTAssertEqual(band.displacement(forOverdrag: 1000, dimension: 800), 325.926, accuracy: 0.001)
        XCTAssertEqual(band.displacement(forOverdrag: -200, dimension: 600), -92.958, accuracy: 0.001)
        XCTAssertEqual(band.displacement(forOverdrag: 0, dimension: 600), 0)
    }

    func testNeverReachesTheViewportSize() {
        XCTAssertLessThan(band.displacement(forOverdrag: 1e12, dimension: 600), 600)
        XCTAssertEqual(band.displacement(forOverdrag: 50, dimension: 0), 0)
    }

    func testSlopeIsCoefficientAtTheEdge() {
        XCTAssertEqual(band.slope(atOverdrag: 0, dimension: 600), 0.55)
        // c/(x·c/d + 1)² at x = 200, d = 600: 0.55/1.18333² = 0.39278.
        XCTAssertEqual(band.slope(atOverdrag: 200, dimension: 600), 0.39278, accuracy: 0.00001)
    }

    func testInverseRoundTrips() {
        for overdrag in [-5000.0, -200, -1, 0, 3, 200, 1000] {
            let shown = band.displacement(forOverdrag: overdrag, dimension: 600)
            XCTAssertEqual(band.overdrag(forDisplacement: shown, dimension: 600), overdrag, accuracy: 1e-6)
        }
    }
}
