import CLibXML2

/// HTML or XHTML read by libxml2 into a tree the block mapping walks. It reads nothing but the
/// bytes given: no network, no DTD, no external entity.
///
/// HTML goes through libxml2's HTML parser, which recovers from any markup as a browser does:
/// unclosed and stray tags, bad nesting, missing `<html>` and `<body>`. A book's XHTML goes
/// through its XML parser (`init?(xml:)`), which keeps namespaces (`epub:type`) and reads
/// only well-formed documents; the caller falls back to the HTML parser for the rest.
final class HTMLTree {
    private let document: xmlDocPtr
    /// Whether the XML parser read the tree: its elements and attributes have namespaces.
    let isXML: Bool

    /// libxml2 sets up its globals once, before any thread parses.
    private static let initialized: Void = xmlInitParser()

    private static let options = Int32(bitPattern: HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue
        | HTML_PARSE_COMPACT.rawValue)

    /// No network, nothing said on stderr, and neither `XML_PARSE_NOENT` nor `XML_PARSE_DTDLOAD`
    /// nor `XML_PARSE_DTDATTR`: an entity stays a reference the walk does not follow (only the
    /// names HTML defines become their characters, `HTMLNode.text`), and no DTD, internal or
    /// external, adds anything. libxml2 refuses what would amplify past its limits (a billion
    /// laughs) as not well-formed, and loads an external entity only with `NOENT` or
    /// `DTDVALID`, which are never set. Not `XML_PARSE_RECOVER`: a document that is not
    /// well-formed goes to the HTML parser, which recovers as a browser does.
    private static let xmlOptions = Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
        | XML_PARSE_NOWARNING.rawValue | XML_PARSE_COMPACT.rawValue)

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
        isXML = false
    }

    /// The tree of `bytes` as XML, in the encoding its declaration or byte order mark names
    /// (UTF-8 without either); nil when they are not well-formed XML.
    init?(xml bytes: [UInt8]) {
        _ = HTMLTree.initialized
        guard !bytes.isEmpty, bytes.count < Int(Int32.max) else { return nil }
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlReadMemory($0.baseAddress, Int32($0.count), nil, nil, HTMLTree.xmlOptions)
            }
        }
        guard let parsed else { return nil }
        document = parsed
        isXML = true
    }

    deinit { xmlFreeDoc(document) }

    /// The `<html>` element, under which libxml2 puts everything.
    var root: HTMLNode? { xmlDocGetRootElement(document).map(HTMLNode.init) }
}

/// A node of an `HTMLTree`, valid while the tree lives.
struct HTMLNode {
    let pointer: xmlNodePtr

    /// The namespace of EPUB's own attributes and elements (`epub:type`, `epub:switch`).
    static let opsNamespace = "http://www.idpf.org/2007/ops"
    /// The namespace of SVG's `xlink:href`.
    static let xlinkNamespace = "http://www.w3.org/1999/xlink"

    /// The element's name in lower case without a namespace prefix (libxml2's HTML parser
    /// drops the prefix too: `<epub:switch>` is `switch`, and so is it where the XML parser
    /// found its prefix bound to no namespace); nil for text, comments and the rest.
    var elementName: String? {
        guard pointer.pointee.type == XML_ELEMENT_NODE, let name = pointer.pointee.name else { return nil }
        let qualified = String(cString: name).lowercased()
        guard let colon = qualified.lastIndex(of: ":") else { return qualified }
        return String(qualified[qualified.index(after: colon)...])
    }

    /// A text or CDATA node's text, or the character of an entity reference HTML names
    /// (`&nbsp;` in XHTML whose DTD is never read); nil for elements, comments, processing
    /// instructions and any other entity, which is never expanded.
    var text: String? {
        let type = pointer.pointee.type
        if type == XML_ENTITY_REF_NODE {
            guard let name = pointer.pointee.name, let entity = htmlEntityLookup(name),
                  let scalar = Unicode.Scalar(entity.pointee.value) else { return nil }
            return String(Character(scalar))
        }
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

    /// The value of attribute `name` (lower case) in no namespace, entities HTML names
    /// resolved; nil when absent. `epub:type` is never `type` (`attribute(_:namespace:prefix:)`).
    func attribute(_ name: String) -> String? {
        attribute { attributeName, namespace in namespace == nil && attributeName == name }
    }

    /// The value of attribute `localName` in `namespace`: as the XML parser reads it, or as
    /// `prefix:localName` in a tree the HTML parser read, which knows no namespaces.
    func attribute(_ localName: String, namespace: String, prefix: String) -> String? {
        let qualified = prefix + ":" + localName
        return attribute { attributeName, attributeNamespace in
            attributeNamespace == nil ? attributeName == qualified
                : attributeName == localName && attributeNamespace == namespace
        }
    }

    private func attribute(where matches: (String, String?) -> Bool) -> String? {
        var attribute = pointer.pointee.properties
        while let current = attribute {
            if let attributeName = current.pointee.name {
                let namespace = current.pointee.ns?.pointee.href.map { String(cString: $0) }
                if matches(String(cString: attributeName).lowercased(), namespace) {
                    var value = ""
                    var child = current.pointee.children
                    while let node = child {
                        if let text = HTMLNode(pointer: node).text { value += text }
                        child = node.pointee.next
                    }
                    return value
                }
            }
            attribute = current.pointee.next
        }
        return nil
    }

    /// The classes of the `class` attribute.
    var classes: [Substring] {
        (attribute("class") ?? "").split(whereSeparator: \.isWhitespace)
    }

    /// What `epub:type` says the element is (`noteref`, `footnote`), in lower case.
    var epubTypes: [Substring] {
        (attribute("type", namespace: HTMLNode.opsNamespace, prefix: "epub") ?? "").lowercased()
            .split(whereSeparator: \.isWhitespace)
    }

    /// What the DPUB-ARIA `role` says the element is (`doc-noteref`), in lower case.
    var roles: [Substring] {
        (attribute("role") ?? "").lowercased().split(whereSeparator: \.isWhitespace)
    }
}
