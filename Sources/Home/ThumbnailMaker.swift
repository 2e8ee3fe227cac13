import FoundationEssentials
import Glibc
import Machinery

/// The home's thumbnail of a file, on a worker: a valid one from the desktop's cache (whoever
/// made it: Files, Papers or Glide), else one `glide-thumbnailer` makes in a budgeted process,
/// stored in the cache for everyone, so each is made once; a failure is recorded as the
/// specification says, so it is not tried again until the file changes.
public enum ThumbnailMaker {
    /// What one thumbnail may cost: the thumbnailer's own backstop is 20 s of CPU and 5 s of
    /// waiting (glide-thumbnailer/main.swift); the home gives it 10 s of CPU.
    static let budget = ProcessBudget(cpuSeconds: 10, wallClockAllowance: 3, cpuLimitSeconds: 20)
    /// The size made: the home's cells are about 200 px wide (HomeGrid), so `large`.
    public static let size = ThumbnailCache.Size.large

    /// What the home shows for a file: a thumbnail's PNG, or nil (no thumbnail can be made).
    public enum Outcome: Sendable, Equatable {
        /// A valid thumbnail was in the cache.
        case cached([UInt8])
        /// The thumbnailer made it, and it was stored at `path`.
        case made([UInt8], path: String)
        case none
    }

    /// The thumbnail of the file at `path`, making it with `thumbnailer` (the program's path;
    /// nil: only what the cache has).
    public static func thumbnail(ofFileAt path: String, cache: ThumbnailCache, thumbnailer: String?) -> Outcome {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              let uri = ThumbnailCache.uri(ofPath: FilePath.absolute(path)) else { return .none }
        let modified = Int64(status.st_mtim.tv_sec)
        if let found = cache.validThumbnail(forURI: uri, modificationSeconds: modified) { return .cached(found.png) }
        guard let thumbnailer, !cache.hasFailed(uri: uri, modificationSeconds: modified) else { return .none }
        guard let png = run(thumbnailer, on: path) else {
            try? cache.storeFailure(forURI: uri, modificationSeconds: modified)
            return .none
        }
        do throws(AtomicFile.Failure) {
            let stored = try cache.store(png, forURI: uri, modificationSeconds: modified, fileBytes: Int64(status.st_size), size: size)
            return .made(png, path: stored)
        } catch {
            DebugLog.write("thumbnail of '\(path)' not stored: \(error.description)")
            return .made(png, path: "")
        }
    }

    /// `$TMPDIR`, else `/tmp`.
    private static var temporaryDirectory: String {
        ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    }

    /// Runs `glide-thumbnailer -s SIZE INPUT OUTPUT` into a private temporary directory and
    /// returns the PNG it wrote; nil when it failed or ran over its budget.
    private static func run(_ thumbnailer: String, on path: String) -> [UInt8]? {
        var template = Array((temporaryDirectory + "/glide-thumbnail-XXXXXX").utf8CString)
        guard let directory = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!).map { String(cString: $0) } })
        else { return nil }
        let output = directory + "/thumbnail.png"
        defer {
            unlink(output)
            rmdir(directory)
        }
        let ending = BudgetedProcess.run([thumbnailer, "-s", String(size.pixels), path, output], executable: thumbnailer,
                                         budget: budget) { descriptor in
            var buffer = [UInt8](repeating: 0, count: 4096)
            return buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) } <= 0
        }
        guard case .completed(let status) = ending, ProgramLauncher.exitStatus(fromWaitStatus: status) == 0 else {
            DebugLog.write("glide-thumbnailer gave no thumbnail of '\(path)': \(ending)")
            return nil
        }
        return ThumbnailCache.read(output)
    }
}
