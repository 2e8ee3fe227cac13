import CLibXML2

/// An XML document read by libxml2 from bytes of an archive's entry (a book's package, a
/// comic's `ComicInfo.xml`), and nothing else:
/// - no network (`XML_PARSE_NONET`);
/// - no DTD and no external entity: neither `XML_PARSE_DTDLOAD` nor `XML_PARSE_DTDATTR` asks
///   for one, and libxml2's external entity loader answers nothing. That loader is
///   process-wide in libxml2 2.9 (no parser context has its own; with `XML_PARSE_NOENT` an
///   external entity is read through it whatever the context's handlers say), and Glide never
///   wants a file or URL that a document names, so it is set once, for every libxml2 user;
/// - no declared entity expanded (no `XML_PARSE_NOENT`): a reference stays a reference node,
///   which the text of an element leaves out, and libxml2's amplification check refuses a
///   billion laughs before it grows.
///
/// `XML_PARSE_RECOVER` keeps what it can of a document with a mistake (a stray `&`, a tag
/// left open), as reading systems do.
public final class XMLDocument {
    private let document: xmlDocPtr

    /// libxml2 sets up its globals once, before any thread parses.
    private static let initialized: Void = {
        xmlInitParser()
        xmlSetExternalEntityLoader { _, _, _ in nil }
    }()

    static let options = Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
        | XML_PARSE_NOWARNING.rawValue | XML_PARSE_RECOVER.rawValue | XML_PARSE_NOCDATA.rawValue)

    /// The document of `bytes` (its encoding from its declaration, else UTF-8); nil when
    /// libxml2 makes no tree of them.
    public init?(bytes: [UInt8]) {
        _ = XMLDocument.initialized
        guard !bytes.isEmpty, bytes.count < Int(Int32.max), let context = xmlNewParserCtxt() else { return nil }
        defer { xmlFreeParserCtxt(context) }
        // The context's own handler table (xmlNewParserCtxt copies the defaults): the
        // resolver and the external subset, which a DTD-loading option would consult, do
        // nothing either.
        context.pointee.sax.pointee.resolveEntity = { _, _, _ in nil }
        context.pointee.sax.pointee.externalSubset = { _, _, _, _ in }
        // An entity the document does not declare may be one of HTML's that books use
        // without a DTD (`&nbsp;`): it reads as its character. Left undeclared, libxml2
        // would drop it and, the document no longer well-formed, every later `&amp;` too.
        context.pointee.sax.pointee.getEntity = { context, name in
            if let declared = xmlSAX2GetEntity(context, name) { return declared }
            return name.flatMap { HTMLCharacterEntities.shared.entity(named: String(cString: $0)) }
        }
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlCtxtReadMemory(context, $0.baseAddress, Int32($0.count), nil, nil, XMLDocument.options)
            }
        }
        guard let parsed else { return nil }
        document = parsed
    }

    /// The document of `bytes` read by libxml2's HTML parser, which recovers from anything,
    /// a document cut short included (the head of a chapter); names come out in lower case.
    /// No network, no DTD (`HTML_PARSE_NODEFDTD` adds none either).
    public init?(html bytes: [UInt8]) {
        _ = XMLDocument.initialized
        guard !bytes.isEmpty, bytes.count < Int(Int32.max) else { return nil }
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                htmlReadMemory($0.baseAddress, Int32($0.count), nil, "UTF-8", XMLDocument.htmlOptions)
            }
        }
        guard let parsed else { return nil }
        document = parsed
    }

    private static let htmlOptions = Int32(bitPattern: HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue)

    deinit { xmlFreeDoc(document) }

    public var root: XMLElement? {
        xmlDocGetRootElement(document).map { XMLElement(pointer: $0, document: self) }
    }
}

/// An element of an `XMLDocument`; it keeps the document alive.
public struct XMLElement {
    let pointer: xmlNodePtr
    let document: XMLDocument

    /// The name without its prefix. An element whose prefix no `xmlns` declares (libxml2
    /// keeps it as `dc:title` with no namespace) answers the part after the colon.
    public var localName: String {
        let name = pointer.pointee.name.map { String(cString: $0) } ?? ""
        guard pointer.pointee.ns == nil, let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    /// The namespace's URI; nil for none.
    public var namespace: String? {
        pointer.pointee.ns?.pointee.href.map { String(cString: $0) }
    }

    /// The element children, in order.
    public var children: [XMLElement] {
        var elements: [XMLElement] = []
        var child = pointer.pointee.children
        while let node = child {
            if node.pointee.type == XML_ELEMENT_NODE { elements.append(XMLElement(pointer: node, document: document)) }
            child = node.pointee.next
        }
        return elements
    }

    /// The element children called `localName`, in any namespace: EPUB's vocabularies never
    /// share a local name within one parent, and books get their namespaces wrong.
    public func children(named localName: String) -> [XMLElement] {
        children.filter { $0.localName == localName }
    }

    public func firstChild(named localName: String) -> XMLElement? {
        var child = pointer.pointee.children
        while let node = child {
            if node.pointee.type == XML_ELEMENT_NODE {
                let element = XMLElement(pointer: node, document: document)
                if element.localName == localName { return element }
            }
            child = node.pointee.next
        }
        return nil
    }

    /// The value of the attribute `localName` in `namespace` (nil: in none). An attribute
    /// written with a prefix no `xmlns` declares (`epub:type` in a nav document that forgot
    /// its declaration) matches any namespace asked for. Entity references in the value are
    /// left out.
    public func attribute(_ localName: String, namespace: String? = nil) -> String? {
        var attribute = pointer.pointee.properties
        while let current = attribute {
            defer { attribute = current.pointee.next }
            guard let rawName = current.pointee.name else { continue }
            let name = String(cString: rawName)
            let attributeNamespace = current.pointee.ns?.pointee.href.map { String(cString: $0) }
            let matches: Bool
            if let namespace {
                matches = (name == localName && attributeNamespace == namespace)
                    || (attributeNamespace == nil && name.hasSuffix(":" + localName))
            } else {
                matches = name == localName && attributeNamespace == nil
            }
            guard matches else { continue }
            var value = ""
            var child = current.pointee.children
            while let node = child {
                if node.pointee.type == XML_TEXT_NODE, let content = node.pointee.content {
                    value += String(cString: content)
                }
                child = node.pointee.next
            }
            return value
        }
        return nil
    }

    /// The text of the element and its descendants, entity references left out, cut at
    /// `maximumCharacters` (a title is a line, not a chapter).
    public func text(maximumCharacters: Int = XMLElement.maximumTextCharacters) -> String {
        var text = ""
        XMLElement.appendText(of: pointer.pointee.children, to: &text, maximumCharacters: maximumCharacters)
        return text.count > maximumCharacters ? String(text.prefix(maximumCharacters)) : text
    }

    /// The text with runs of white space made one space, and none at either end.
    public func collapsedText(maximumCharacters: Int = XMLElement.maximumTextCharacters) -> String {
        text(maximumCharacters: maximumCharacters).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A title or a name; a longer text is cut here.
    public static let maximumTextCharacters = 1_000

    private static func appendText(of first: xmlNodePtr?, to text: inout String, maximumCharacters: Int) {
        var child = first
        while let node = child, text.utf8.count <= maximumCharacters * 4 {
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content { text += String(cString: content) }
            case XML_ELEMENT_NODE:
                appendText(of: node.pointee.children, to: &text, maximumCharacters: maximumCharacters)
            default:
                break
            }
            child = node.pointee.next
        }
    }
}
