/// Where a document's images come from when they are not files of their own: the entries of a
/// book's zip, say. A store made with one (`ImageStore(bytesSource:)`) asks it for each image
/// by the key the document names the image with, on a decoding thread, and the decoder
/// process reads the bytes from memory (`SealedMemoryFile`): nothing is unpacked to disk.
public protocol ImageBytesSource: Sendable {
    /// The bytes of the image `key` names, at most `maximumBytes` of them: a source should stop
    /// reading once it passes that (a book's entry may claim to inflate to gigabytes), and more
    /// is refused anyway. Called on a decoding thread, possibly on two at once, and again for
    /// the same key when an image is decoded again at another size. A key the source does not
    /// know, or bytes it cannot read, throw with a one-line reason, which the image's place
    /// shows.
    func bytes(ofImage key: String, maximumBytes: Int) throws(ImageBytesError) -> [UInt8]
}

/// Why a source cannot give an image's bytes, in words the image's place shows
/// (`no entry 'OEBPS/cover.jpg' in the book`).
public struct ImageBytesError: Error, CustomStringConvertible, Equatable, Sendable {
    public var reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
