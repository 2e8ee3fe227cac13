extension UInt8 {
    /// The byte with an ASCII capital made small, any other byte as it is: case folding for
    /// names looked at as bytes (a comic's 10,000 entry names at open), where only ASCII
    /// letters need folding.
    @inlinable
    public var lowercasedASCII: UInt8 { self >= 0x41 && self <= 0x5A ? self | 0x20 : self }
}
