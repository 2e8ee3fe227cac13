/// What a screenshot of a page of text looks like, measured.
struct InkAnalysis {
    /// The most common luminance (0…255): the page colour.
    let backgroundLuminance: Double
    /// Pixels far from the page colour (glyph strokes).
    let inkPixelCount: Int
    /// Runs of consecutive pixel rows that contain ink: lines of text.
    let textLineCount: Int
    /// Whether the page is light and the ink dark.
    var isDarkOnLight: Bool { backgroundLuminance > 180 }

    init(_ image: RGBImage) {
        var histogram = [Int](repeating: 0, count: 256)
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                histogram[Int(image.luminance(x: x, y: y))] += 1
            }
        }
        let background = Double(histogram.indices.max { histogram[$0] < histogram[$1] }!)
        backgroundLuminance = background
        var inkCount = 0
        var lines = 0
        var previousRowHadInk = false
        for y in 0..<image.height {
            var rowInk = 0
            for x in 0..<image.width where abs(image.luminance(x: x, y: y) - background) > 100 {
                rowInk += 1
            }
            inkCount += rowInk
            let rowHasInk = rowInk >= 2
            if rowHasInk && !previousRowHadInk { lines += 1 }
            previousRowHadInk = rowHasInk
        }
        inkPixelCount = inkCount
        textLineCount = lines
    }
}
