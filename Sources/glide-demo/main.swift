import CCairo
import Foundation
import GlideDriver

// glide-demo [DIRECTORY]: plays the demo on the glide built beside this program in the test
// compositor (headless, so it runs anywhere, as root too) and writes the pictures and a
// contact sheet to DIRECTORY (default: demo).

let directory = CommandLine.arguments.dropFirst().first ?? "demo"

do {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var shots = try Scenes.document()
    shots.append(try Scenes.paging())
    if let split = try Scenes.split() { shots.append(split) }
    shots += try Scenes.pdf()
    shots += [try NewUserScenes.pageControl(), try NewUserScenes.textZoom(), try NewUserScenes.imageZoom()]

    var sheet: [(label: String, surface: OpaquePointer)] = []
    for shot in shots {
        let surface = PNGFile.surface(of: shot.image)
        let path = "\(directory)/\(shot.name).png"
        try PNGFile.write(surface, to: path)
        sheet.append((shot.label, surface))
        print("glide-demo: \(path): \(shot.label) (\(shot.frame))")
    }
    try ContactSheet.write(sheet, to: "\(directory)/contact-sheet.png")
    for (_, surface) in sheet { cairo_surface_destroy(surface) }
    print("glide-demo: \(directory)/contact-sheet.png")
} catch {
    FileHandle.standardError.write(Data("glide-demo: \(error)\n".utf8))
    exit(1)
}
