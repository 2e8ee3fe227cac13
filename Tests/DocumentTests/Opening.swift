import DocumentKit
import KindRegistry
import XCTest

/// Opens `path` as the app does (`KindRegistry`), and checks that it opened as `kind`.
func opened<Kind>(_ path: String, as kind: Kind.Type, alone: Bool = false, file: StaticString = #filePath,
                  line: UInt = #line) throws -> Kind {
    let document = try alone ? KindRegistry.openAlone(path) : KindRegistry.open(path)
    return try XCTUnwrap(document as? Kind, "'\(path)' opened as \(type(of: document)), not \(kind)", file: file, line: line)
}
