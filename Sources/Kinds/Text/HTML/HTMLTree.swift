import CLibXML2

/// HTML read by libxml2's HTML parser, which recovers from any markup as a browser does:
/// unclosed and stray tags, bad nesting, missing `<html>` and `<body>`. It reads nothing but
/// the bytes given: no network (`HTML_PARSE_NONET`), no DTD, no external entity.
final class HTMLTree {
    private let document: htmlDocPtr

    /// libxml2 sets up its globals once, before any thread parses.
    private static let initialized: Void = xmlInitParser()

    private static let options = Int32(bitPattern: HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue
        | HTML_PARSE_COMPACT.rawValue)

    /// The tree of `bytes`, UTF-8; nil when libxml2 makes no document of them (empty input).
    init?(utf8 bytes: [UInt8]) {
        _ = HTMLTree.initialized
        guard !bytes.isEmpty, bytes.count < Int(Int32.max) else { return nil }
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                htmlReadMemory($0.baseAddress, Int32($0.count), nil, "UTF-8", HTMLTree.options)
            }
        }
        guard let parsed else { return nil }
        document = parsed
    }

    deinit { xmlFreeDoc(document) }

    /// The `<html>` element, under which libxml2 puts everything.
    var root: HTMLNode? { xmlDocGetRootElement(document).map(HTMLNode.init) }
}

/// A node of an `HTMLTree`, valid while the tree lives.
struct HTMLNode {
    let pointer: xmlNodePtr

    /// The element's name in lower case without a namespace prefix; nil for text, comments
    /// and the rest.
    var elementName: String? {
        guard pointer.pointee.type == XML_ELEMENT_NODE, let name = pointer.pointee.name else { return nil }
        return String(cString: name).lowercased()
    }

    /// A text or CDATA node's text; nil for elements, comments and processing instructions.
    var text: String? {
        let type = pointer.pointee.type
        guard type == XML_TEXT_NODE || type == XML_CDATA_SECTION_NODE, let content = pointer.pointee.content else {
            return nil
        }
        return String(cString: content)
    }

    var children: UnfoldSequence<HTMLNode, xmlNodePtr?> {
        sequence(state: pointer.pointee.children) { next in
            guard let current = next else { return nil }
            next = current.pointee.next
            return HTMLNode(pointer: current)
        }
    }

    /// The element children, in order.
    var elementChildren: [HTMLNode] { children.filter { $0.elementName != nil } }

    /// The value of attribute `name` (lower case), entities resolved; nil when absent.
    func attribute(_ name: String) -> String? {
        var attribute = pointer.pointee.properties
        while let current = attribute {
            if let attributeName = current.pointee.name, String(cString: attributeName).lowercased() == name {
                var value = ""
                var child = current.pointee.children
                while let node = child {
                    if let content = node.pointee.content { value += String(cString: content) }
                    child = node.pointee.next
                }
                return value
            }
            attribute = current.pointee.next
        }
        return nil
    }

    /// The classes of the `class` attribute.
    var classes: [Substring] {
        (attribute("class") ?? "").split(whereSeparator: \.isWhitespace)
    }
}
