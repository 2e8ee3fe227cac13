import Glibc
import Localization
import Machinery

/// Decodes one image in a `glide-image-decoder` child process, from a decoding thread, and
/// hands what it learns to the frame loop through `MainThreadMailbox`.
///
/// The child runs under an address-space and CPU limit and is killed when it has used
/// `budgetSeconds` of CPU time, so a 127 s blurred SVG, a nest of `<use>` or a PNG bomb costs
/// the viewer a placeholder and a notice, never a frame: a thread alone could not be stopped.
struct ImageDecoderProcess: Sendable {
    /// Where the image's bytes are.
    enum Input: Sendable {
        /// In a file, which the decoder opens itself.
        case file(path: String)
        /// Given by `source` for `key`: read on the decoding thread (at most `maximumBytes`)
        /// into a `SealedMemoryFile`, the decoder's standard input, which it opens by
        /// `standardInputPath` as it would a file.
        case bytes(key: String, source: any ImageBytesSource, maximumBytes: Int)
    }

    var input: Input
    /// Rasters larger than this on their longer side are decoded scaled down to it.
    var maximumSidePixels: Int
    /// The size to decode at in px (a vector image rendered at it, a raster scaled to it);
    /// nil for its own size, within `maximumSidePixels`.
    var target: ImageSize?
    var budgetBytes: Int
    var budgetSeconds: Double
    /// Night pages: the pixels come with their lightness inverted and their hue kept.
    var invertsLightness = false

    /// The decoder's own CPU limit in s, a backstop should the viewer not kill it in time.
    static let cpuLimitSeconds: UInt32 = 30

    /// The name by which a decoder opens bytes given on its standard input: the descriptor's
    /// link in /proc, which for a memory file opens the same memory, from its start.
    static let standardInputPath = "/proc/self/fd/0"

    /// What the decoder reported.
    enum Report: Sendable {
        /// The image's own size, and whether it is a vector image.
        case size(ImageSize, isScalable: Bool)
        case image(DecodedImage)
        case failure(String)
    }

    static let executablePath: String? = FilePath.helper(named: "glide-image-decoder")

    /// The decodes run here, two at once: a page and its neighbour decode together on a
    /// two-core laptop without starving the frame loop of a core (each job waits for its
    /// child, which does the work).
    static let queue = WorkQueue(name: "glide-image-decoding", threadCount: 2)

    /// The decoder's command line, for the image at `path`.
    func arguments(path: String) -> [String] {
        ["glide-image-decoder", path, String(maximumSidePixels), String(target?.width ?? 0), String(target?.height ?? 0),
         String(budgetBytes), invertsLightness ? "1" : "0"]
    }

    /// Starts the decode on the decoding queue; `report` runs on the frame loop's thread for
    /// each report, the last one an image or a failure.
    func start(report: @escaping @Sendable (Report) -> Void) {
        start(making: { _ in () }) { outcome, _ in report(outcome) }
    }

    /// Starts the decode as `start(report:)` does, and runs `making` on the decoding thread
    /// with the decoded image; `report` has what it made with the image's report.
    func start<Product: Sendable>(making: @escaping @Sendable (DecodedImage) -> Product,
                                  report: @escaping @Sendable (Report, Product?) -> Void) {
        let decoder = self
        ImageDecoderProcess.queue.submit { _ in
            let outcome = decoder.decode { size, isScalable in
                MainThreadMailbox.shared.post { report(.size(size, isScalable: isScalable), nil) }
            }
            var product: Product?
            if case .image(let image) = outcome { product = making(image) }
            let made = LoopThreadValue(product)
            MainThreadMailbox.shared.post { report(outcome, made.value) }
        }
    }

    /// Reads the input and runs the child to the end or to the budget; blocking, on a
    /// decoding thread.
    private func decode(onSize: (ImageSize, Bool) -> Void) -> Report {
        switch input {
        case .file(let path):
            // A file that cannot be read is said so without starting a decoder, as the decoder
            // would say it: a README's broken image paths each cost a process start otherwise.
            guard access(path, R_OK) == 0 else { return .failure(String(cString: strerror(errno))) }
            return run(path: path, input: nil, onSize: onSize)
        case .bytes(let key, let source, let maximumBytes):
            let file: SealedMemoryFile
            do {
                file = try ImageDecoderProcess.memoryFile(of: key, from: source, maximumBytes: maximumBytes)
            } catch {
                return .failure(error.reason)
            }
            let report = run(path: ImageDecoderProcess.standardInputPath, input: file, onSize: onSize)
            // A loader's words may name the file it opened: the reader knows the image by its key.
            if case .failure(let reason) = report {
                return .failure(reason.replacing(ImageDecoderProcess.standardInputPath, with: key))
            }
            return report
        }
    }

    /// The bytes `source` gives for `key` in a memory file, or why not. The bytes are freed
    /// before the decoder starts: the memory file is the one copy it reads.
    private static func memoryFile(of key: String, from source: any ImageBytesSource,
                                   maximumBytes: Int) throws(ImageBytesError) -> SealedMemoryFile {
        let bytes = try source.bytes(ofImage: key, maximumBytes: maximumBytes)
        guard bytes.count <= maximumBytes else {
            throw ImageBytesError(localized("larger than the %s MB an image may have",
                                            LocalizedNumber.string(maximumBytes >> 20)))
        }
        do {
            return try SealedMemoryFile(name: "glide-image", bytes: bytes)
        } catch {
            throw ImageBytesError(error.description)
        }
    }

    private func run(path: String, input: SealedMemoryFile?, onSize: (ImageSize, Bool) -> Void) -> Report {
        guard let executable = ImageDecoderProcess.executablePath else {
            return .failure(localized("glide-image-decoder is not installed beside glide"))
        }
        var reader = ImageDecoderRecordReader(maximumBytes: budgetBytes + (1 << 20))
        var outcome: Report?
        let budget = ProcessBudget(cpuSeconds: budgetSeconds, wallClockAllowance: ImageDecoderProcess.wallClockAllowance)
        let ending = BudgetedProcess.run(arguments(path: path), executable: executable, budget: budget,
                                         input: input?.descriptor) { descriptor in
            switch reader.read(from: descriptor) {
            case .more:
                if let (size, isScalable) = reader.takeSize() { onSize(size, isScalable) }
                return false
            case .ended:
                if let (size, isScalable) = reader.takeSize() { onSize(size, isScalable) }
                outcome = reader.outcome
            case .overflow:
                outcome = .failure("the decoder sent more than the image can hold")
            }
            return true
        }
        switch ending {
        case .cannotStart(let reason):
            return .failure("cannot start the decoder: \(reason)")
        case .overBudget:
            let seconds = budgetSeconds == budgetSeconds.rounded() ? String(Int(budgetSeconds)) : String(budgetSeconds)
            return .failure(localized("too complex to show: decoding took more than %s s", seconds))
        case .completed(let status):
            if let outcome, case .failure(let reason) = outcome, reason == ImageDecoderRecordReader.noRecord {
                return .failure(ImageDecoderProcess.describeDeath(status))
            }
            return outcome ?? .failure(ImageDecoderProcess.describeDeath(status))
        }
    }

    /// How many times its budget a decoder may take on the wall clock: at nice 10 on two busy
    /// cores it still gets at least a quarter of one.
    static let wallClockAllowance = 4.0

    /// Why a decoder that sent no image ended, in words.
    private static func describeDeath(_ status: Int32) -> String {
        let signal = status & 0x7f
        if signal == 0 { return localized("the decoder ended without an image (status %s)", (status >> 8) & 0xff) }
        if signal == SIGXCPU { return localized("too complex to show: decoding used more than %s s of CPU", cpuLimitSeconds) }
        // An allocation refused by the address-space limit aborts the loader (g_error).
        if signal == SIGABRT || signal == SIGSEGV || signal == SIGKILL || signal == SIGBUS {
            return localized("too complex to show: the decoder ran out of its memory or crashed (%s)", String(cString: strsignal(signal)))
        }
        return localized("the decoder was stopped by %s", String(cString: strsignal(signal)))
    }
}
