import Foundation

/// Links found by their colour in a screenshot of Glide's light palette.
extension RGBImage {
    /// The centres of the runs of link-blue text, top to bottom.
    func linkCentres() -> [(x: Int, y: Int)] {
        var bands: [(rows: ClosedRange<Int>, columns: ClosedRange<Int>)] = []
        for y in 0..<height {
            let columns = (0..<width).filter { isLinkBlue(rgb(x: $0, y: y)) }
            guard let first = columns.first, let last = columns.last else { continue }
            if let band = bands.last, band.rows.upperBound >= y - 4 {
                bands[bands.count - 1] = (band.rows.lowerBound...y,
                                          min(band.columns.lowerBound, first)...max(band.columns.upperBound, last))
            } else {
                bands.append((y...y, first...last))
            }
        }
        return bands.filter { $0.rows.count > 4 }.map {
            (($0.columns.lowerBound + $0.columns.upperBound) / 2, ($0.rows.lowerBound + $0.rows.upperBound) / 2)
        }
    }

    /// How many pixels have the colour of find's current match, 0xFB9625, give or take 24 a
    /// channel.
    var matchHighlightPixelCount: Int {
        (0..<height).reduce(0) { total, y in
            total + (0..<width).filter { x in
                let pixel = rgb(x: x, y: y)
                return abs(Int(pixel >> 16) - 0xFB) < 24 && abs(Int((pixel >> 8) & 0xff) - 0x96) < 24
                    && abs(Int(pixel & 0xff) - 0x25) < 24
            }.count
        }
    }

    /// The light palette's link colour, 0x0A5FC2, give or take antialiasing.
    private func isLinkBlue(_ pixel: UInt32) -> Bool {
        let red = Int(pixel >> 16), green = Int((pixel >> 8) & 0xff), blue = Int(pixel & 0xff)
        return abs(red - 0x0A) < 30 && abs(green - 0x5F) < 30 && abs(blue - 0xC2) < 30
    }
}

extension HeadlessSway {
    /// The links on screen once the window has its tiled size and is drawn: two screenshots
    /// in a row agree (10 s at most).
    func settledLinkCentres() throws -> [(x: Int, y: Int)] {
        var links: [(x: Int, y: Int)] = [], previous: [(x: Int, y: Int)] = [(-1, -1)]
        let deadline = Date().addingTimeInterval(10)
        while links.isEmpty || links.map(\.x) != previous.map(\.x) || links.map(\.y) != previous.map(\.y),
              Date() < deadline {
            previous = links
            usleep(200_000)
            links = try screenshot().linkCentres()
        }
        return links
    }
}
