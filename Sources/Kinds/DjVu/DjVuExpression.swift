import CDjVu

/// One of DjVuLibre's s-expressions (`miniexp_t`) copied into Swift values: a document's text
/// layer, outline and annotations arrive as these, and are read in Swift once ddjvuapi has let
/// them go. The copy is bounded: a hostile file's expression deeper than `maximumDepth` or
/// larger than `maximumNodeCount` is cut there.
indirect enum DjVuExpression: Equatable, Sendable {
    case list([DjVuExpression])
    case symbol(String)
    case string(String)
    case number(Int)
    case double(Double)
    /// Anything else miniexp holds (objects of other classes), and what was cut.
    case other

    /// The deepest nesting copied: a text layer's page/column/region/para/line/word/char is
    /// 7 levels, an outline is rarely 10; 64 leaves room for any real document.
    static let maximumDepth = 64
    /// The most nodes copied from one expression: a dense page's text is about 3,000 words of
    /// 6 nodes each; 500,000 bounds a hostile one at tens of MB.
    static let maximumNodeCount = 500_000

    /// Copies `expression`; the caller releases it to ddjvuapi afterwards.
    init(copying expression: miniexp_t?) {
        var budget = DjVuExpression.maximumNodeCount
        self = DjVuExpression.copy(expression, depth: 0, budget: &budget)
    }

    private static func copy(_ expression: miniexp_t?, depth: Int, budget: inout Int) -> DjVuExpression {
        guard budget > 0 else { return .other }
        budget -= 1
        guard let expression else { return .list([]) }
        if miniexp_numberp(expression) != 0 { return .number(Int(miniexp_to_int(expression))) }
        if miniexp_symbolp(expression) != 0 { return .symbol(miniexp_to_name(expression).map { String(cString: $0) } ?? "") }
        if miniexp_stringp(expression) != 0 {
            var start: UnsafePointer<CChar>?
            let count = miniexp_to_lstr(expression, &start)
            guard let start else { return .string("") }
            return .string(String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self))
        }
        if miniexp_doublep(expression) != 0 { return .double(miniexp_to_double(expression)) }
        guard miniexp_consp(expression) != 0 else { return .other }
        guard depth < maximumDepth else { return .other }
        var items: [DjVuExpression] = []
        var rest: miniexp_t? = expression
        while let current = rest, miniexp_consp(current) != 0, budget > 0 {
            items.append(copy(miniexp_car(current), depth: depth + 1, budget: &budget))
            rest = miniexp_cdr(current)
        }
        return .list(items)
    }

    /// The items of a list; none for anything else.
    var items: [DjVuExpression] {
        if case .list(let items) = self { return items }
        return []
    }

    /// The name of a symbol.
    var symbolName: String? {
        if case .symbol(let name) = self { return name }
        return nil
    }

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A number, whole or not.
    var numberValue: Double? {
        switch self {
        case .number(let value): Double(value)
        case .double(let value): value.isFinite ? value : nil
        default: nil
        }
    }
}
