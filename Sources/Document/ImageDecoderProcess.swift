import CSystem
import Glibc
import Localization

/// Decodes one image in a `glide-image-decoder` child process, from a thread of its own, and
/// hands what it learns to the frame loop through `MainThreadMailbox`.
///
/// The child runs under an address-space and CPU limit and is killed when it has used
/// `budgetSeconds` of CPU time, so a 127 s blurred SVG, a nest of `<use>` or a PNG bomb costs
/// the viewer a placeholder and a notice, never a frame: a thread alone could not be stopped.
struct ImageDecoderProcess: Sendable {
    var path: String
    /// Rasters larger than this on their longer side are decoded scaled down to it.
    var maximumSidePixels: Int
    /// The size to decode at in px (a vector image rendered at it, a raster scaled to it);
    /// nil for its own size, within `maximumSidePixels`.
    var target: ImageSize?
    var budgetBytes: Int
    var budgetSeconds: Double

    /// The decoder's own CPU limit in s, a backstop should the viewer not kill it in time.
    static let cpuLimitSeconds: UInt32 = 30

    /// What the decoder reported.
    enum Report: Sendable {
        /// The image's own size, and whether it is a vector image.
        case size(ImageSize, isScalable: Bool)
        case image(DecodedImage)
        case failure(String)
    }

    /// `glide-image-decoder` beside the running executable (a build directory, or an
    /// installed `bin/`), else in `../libexec/glide/`.
    static let executablePath: String? = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let executable = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let directory = ImageDirectory.parent(of: executable)
        return [directory + "/glide-image-decoder", ImageDirectory.parent(of: directory) + "/libexec/glide/glide-image-decoder"]
            .first { access($0, X_OK) == 0 }
    }()

    var arguments: [String] {
        ["glide-image-decoder", path, String(maximumSidePixels), String(target?.width ?? 0), String(target?.height ?? 0),
         String(budgetBytes)]
    }

    /// Starts the decode on a new thread; `report` runs on the frame loop's thread for each
    /// report, the last one an image or a failure.
    func start(report: @escaping @Sendable (Report) -> Void) {
        let job = Job(decoder: self, report: report)
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, Unmanaged.passRetained(job).toOpaque())
        if started == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged.passUnretained(job).release()
            let reason = String(cString: strerror(started))
            MainThreadMailbox.shared.post { report(.failure("cannot start a decoder thread: \(reason)")) }
        }
    }

    private final class Job: Sendable {
        let decoder: ImageDecoderProcess
        let report: @Sendable (Report) -> Void

        init(decoder: ImageDecoderProcess, report: @escaping @Sendable (Report) -> Void) {
            self.decoder = decoder
            self.report = report
        }

        func run() {
            let outcome = decoder.decode { size, isScalable in
                let report = self.report
                MainThreadMailbox.shared.post { report(.size(size, isScalable: isScalable)) }
            }
            let report = self.report
            MainThreadMailbox.shared.post { report(outcome) }
        }
    }

    /// Runs the child to the end or to the budget; blocking, on the job's thread.
    private func decode(onSize: (ImageSize, Bool) -> Void) -> Report {
        guard let executable = ImageDecoderProcess.executablePath else {
            return .failure(localized("glide-image-decoder is not installed beside glide"))
        }
        var pipeEnds: [Int32] = [0, 0]
        guard glide_pipe(&pipeEnds) == 0 else { return .failure("cannot start the decoder: \(String(cString: strerror(errno)))") }
        guard let processID = ProgramLauncher.start(arguments, executable: executable, output: pipeEnds[1]) else {
            close(pipeEnds[0])
            close(pipeEnds[1])
            return .failure("cannot start the decoder: \(String(cString: strerror(errno)))")
        }
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        // The budget is the decoder's CPU time, so an image is too complex for what it costs,
        // not for how busy the machine is; the wall clock only catches a decoder that waits.
        let deadline = ImageDecoderProcess.monotonicSeconds() + budgetSeconds * ImageDecoderProcess.wallClockAllowance
        var reader = ImageDecoderRecordReader(maximumBytes: budgetBytes + (1 << 20))
        var outcome: Report?
        while outcome == nil {
            let remaining = deadline - ImageDecoderProcess.monotonicSeconds()
            guard remaining > 0, ImageDecoderProcess.cpuSeconds(of: processID) < budgetSeconds else { break }
            var descriptor = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
            // A tenth of a second between looks at the decoder's CPU time.
            let ready = poll(&descriptor, 1, Int32((min(remaining, 0.1) * 1000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            switch reader.read(from: pipeEnds[0]) {
            case .more:
                if let (size, isScalable) = reader.takeSize() { onSize(size, isScalable) }
            case .ended:
                if let (size, isScalable) = reader.takeSize() { onSize(size, isScalable) }
                outcome = reader.outcome
            case .overflow:
                outcome = .failure("the decoder sent more than the image can hold")
            }
        }
        let timedOut = outcome == nil
        // Done or not, the child is gone after this: killed if it is still working.
        kill(processID, SIGKILL)
        let status = ProgramLauncher.waitStatus(of: processID)
        if timedOut {
            let seconds = budgetSeconds == budgetSeconds.rounded() ? String(Int(budgetSeconds)) : String(budgetSeconds)
            return .failure(localized("too complex to show: decoding took more than %s s", seconds))
        }
        if let outcome, case .failure(let reason) = outcome, reason == ImageDecoderRecordReader.noRecord {
            return .failure(ImageDecoderProcess.describeDeath(status))
        }
        return outcome ?? .failure(ImageDecoderProcess.describeDeath(status))
    }

    /// How many times its budget a decoder may take on the wall clock: at nice 10 on two busy
    /// cores it still gets at least a quarter of one.
    static let wallClockAllowance = 4.0

    /// The CPU time process `processID` has used, in s (all its threads), from /proc.
    static func cpuSeconds(of processID: pid_t) -> Double {
        let descriptor = open("/proc/\(processID)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return 0 }
        // Fields after the command name (which may hold spaces, so after its closing
        // parenthesis): utime and stime are the 12th and 13th, in clock ticks.
        guard let nameEnd = buffer[0..<count].lastIndex(of: UInt8(ascii: ")")) else { return 0 }
        let fields = buffer[(nameEnd + 1)..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 12, let user = Double(String(decoding: fields[11], as: UTF8.self)),
              let system = Double(String(decoding: fields[12], as: UTF8.self)) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

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

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
