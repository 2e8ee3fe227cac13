/// The keys the reading tools use, and the letters, by evdev code on a US layout.
extension KeyCode {
    public static let backspace = KeyCode(rawValue: 14)
    public static let enter = KeyCode(rawValue: 28)
    public static let slash = KeyCode(rawValue: 53)
    public static let f1 = KeyCode(rawValue: 59)
    public static let f3 = KeyCode(rawValue: 61)

    /// The key of a lower-case ASCII letter on a US keyboard (`letter("f")`), nil for others.
    public static func letter(_ character: Character) -> KeyCode? {
        let rows: [(String, UInt32)] = [("qwertyuiop", 16), ("asdfghjkl", 30), ("zxcvbnm", 44)]
        for (row, first) in rows {
            if let index = row.firstIndex(of: character) {
                return KeyCode(rawValue: first + UInt32(row.distance(from: row.startIndex, to: index)))
            }
        }
        return nil
    }
}
