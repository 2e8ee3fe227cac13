import CCairo
import Foundation
import GlideDriver

// glide-demo [--tour] [DIRECTORY]: plays the demo on the glide built beside this program in
// the test compositor (headless, so it runs anywhere, as root too) and writes the pictures
// and a contact sheet to DIRECTORY (default: demo). --tour plays only the bundled guide (a
// flick, a rubber band, a pinch, a page turn): `make run` shows it where there is no
// compositor to open the window in.

var arguments = CommandLine.arguments.dropFirst()
let isTour = arguments.first == "--tour"
if isTour { arguments = arguments.dropFirst() }
let directory = arguments.first ?? "demo"

do {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var shots = try Scenes.document()
    if isTour {
        shots.append(try Scenes.pageTurn())
    } else {
        shots.append(try Scenes.paging())
        if let split = try Scenes.split() { shots.append(split) }
        shots += try Scenes.pdf()
        shots += [try NewUserScenes.pageControl(), try NewUserScenes.textZoom(), try NewUserScenes.imageZoom()]
        shots.append(try Scenes.book())
    }

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
    let absolute = directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
    print("glide-demo: \(shots.count) pictures of Glide at work and a contact sheet are in \(absolute)/")
} catch {
    FileHandle.standardError.write(Data("glide-demo: \(error)\n".utf8))
    exit(1)
}
