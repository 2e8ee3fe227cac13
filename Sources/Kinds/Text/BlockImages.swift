import ImageDecoding

/// What the shaper knows of an image a block shows, when it shapes: its size and pixels, that
/// it is being decoded, or why it cannot be shown. A value read once, so a worker that shapes
/// never reads an `ImageStore` or a `DecodedImage` the loop's thread changes meanwhile.
enum BlockImageState: Equatable {
    /// Decoded; `naturalSize` as it was when looked up (the store corrects it on the loop).
    case image(DecodedImage, naturalSize: ImageSize)
    case pending(ImageSize?)
    case failure(String)

    static func == (lhs: BlockImageState, rhs: BlockImageState) -> Bool {
        switch (lhs, rhs) {
        case let (.image(left, leftSize), .image(right, rightSize)): return left === right && leftSize == rightSize
        case let (.pending(left), .pending(right)): return left == right
        case let (.failure(left), .failure(right)): return left == right
        default: return false
        }
    }
}

/// Where the shaper finds the images of the blocks it shapes: the layout's store, on the
/// loop's thread; or, on the chapters' worker, the states the loop looked up for the section
/// before handing it over (`BlockImages.snapshot(of:from:)`).
enum BlockImages {
    case store(ImageStore, baseDirectory: String)
    /// By image source; nil for an image that is not loaded (a URL).
    case snapshot([String: BlockImageState?])

    /// The state of the image `source` names; nil when it is not loaded at all (a remote
    /// image).
    func state(ofSource source: String) -> BlockImageState? {
        switch self {
        case .store(let store, let baseDirectory):
            guard let path = BlockShaper.imagePath(of: source, in: baseDirectory, readingFrom: store) else { return nil }
            switch store.image(atPath: path) {
            case .image(let image): return .image(image, naturalSize: image.naturalSize)
            case .pending(let size): return .pending(size)
            case .failure(let reason): return .failure(reason)
            }
        case .snapshot(let states):
            return states[source] ?? nil
        }
    }

    /// The states of the images `blocks` show, as `images` answers now (on the loop's thread):
    /// what a worker shaping `blocks` is given, and what its result is checked against when it
    /// arrives (an image decoded meanwhile changes its block's height).
    static func snapshot(of blocks: [Block], from images: BlockImages) -> [String: BlockImageState?] {
        var states: [String: BlockImageState?] = [:]
        func note(_ source: String) {
            if states.index(forKey: source) == nil { states[source] = .some(images.state(ofSource: source)) }
        }
        for block in blocks {
            if case .image(let source, let darkSource) = block.kind {
                note(source)
                if let darkSource { note(darkSource) }
            }
            for style in block.styles {
                if case .inlineImage(let source) = style.kind { note(source) }
            }
        }
        return states
    }
}
