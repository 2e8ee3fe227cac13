import CSystem
import Glibc

/// Starts other programs (the image decoder, `xdg-open`, `gdbus`, `gsettings`) directly with
/// `posix_spawn`: no shell reads their arguments, standard input is `/dev/null` (or a descriptor
/// given, such as a `SealedMemoryFile`'s), standard error is discarded (Glide's own with
/// `GLIDE_DEBUG`), no other descriptor passes on, and the child starts with an empty signal mask
/// and SIGPIPE at its default, as a fresh process has them (Glide blocks signals for its signalfd
/// and ignores SIGPIPE).
public enum ProgramLauncher {
    /// Starts `arguments[0]` (looked up on `PATH` unless it holds a slash, or `executable` when
    /// given) with standard input on `input` (else `/dev/null`), standard output on `output`
    /// (else discarded), `channel` as its descriptor 3 (a page renderer's socket to Glide) and
    /// `environment` (else Glide's own). Returns the child's process ID, or nil with `errno` set.
    public static func start(_ arguments: [String], executable: String? = nil, input: Int32? = nil, output: Int32? = nil,
                             channel: Int32? = nil, environment: [String: String]? = nil) -> pid_t? {
        guard let program = executable ?? arguments.first else {
            errno = ENOENT
            return nil
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input {
            posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        if let output {
            posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        }
        if let channel {
            posix_spawn_file_actions_adddup2(&actions, channel, 3)
        }
        if DebugLog.isEnabled {
            // What a helper's libraries print is a diagnostic, shown where Glide's are.
            posix_spawn_file_actions_adddup2(&actions, StandardError.descriptor, STDERR_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        }
        // Nothing else: Glide's own descriptors close on exec, but what Glide inherited without
        // close-on-exec (a launcher's socket that says while it is open that Glide runs) would
        // otherwise outlive Glide in a window it opened.
        glide_spawn_close_from(&actions, channel == nil ? 3 : 4)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &pipeSignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { variables?.forEach { free($0) } }
        let spawn = program.contains("/") ? posix_spawn : posix_spawnp
        var processID = pid_t()
        let result = variables.map { spawn(&processID, program, &actions, &attributes, argv, $0) }
            ?? spawn(&processID, program, &actions, &attributes, argv, environ)
        guard result == 0 else {
            errno = result
            return nil
        }
        return processID
    }

    /// Waits for child `processID` to end; its wait status as `waitpid` gives it.
    public static func waitStatus(of processID: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// A wait status as a shell reports it: the exit status, or 128 + the signal that ended it
    /// (`WIFEXITED` and `WEXITSTATUS` are macros Swift does not import).
    public static func exitStatus(fromWaitStatus status: Int32) -> Int32 {
        status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Runs `arguments` to the end; its exit status, or 127 when it cannot start (as a shell).
    public static func run(_ arguments: [String], environment: [String: String]? = nil) -> Int32 {
        guard let processID = start(arguments, environment: environment) else { return 127 }
        return exitStatus(fromWaitStatus: waitStatus(of: processID))
    }

    /// What `arguments` printed, when it exited with status 0; nil otherwise. At most
    /// `limitBytes` are kept (the rest is read and dropped, so the child is never stuck).
    public static func output(of arguments: [String], environment: [String: String]? = nil,
                              limitBytes: Int = 64 << 10) -> String? {
        var ends: [Int32] = [0, 0]
        guard glide_pipe(&ends) == 0 else { return nil }
        guard let processID = start(arguments, output: ends[1], environment: environment) else {
            close(ends[0])
            close(ends[1])
            return nil
        }
        close(ends[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<min(count, max(0, limitBytes - bytes.count))]
        }
        close(ends[0])
        let status = exitStatus(fromWaitStatus: waitStatus(of: processID))
        return status == 0 ? String(decoding: bytes, as: UTF8.self) : nil
    }
}
