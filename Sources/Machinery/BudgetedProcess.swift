import CSystem
import Glibc

/// What a helper process may use before it is killed: untrusted work (an image decode, later a
/// page render) costs the viewer a notice, never a frame or its memory.
public struct ProcessBudget: Sendable {
    /// The CPU time the child may use, in s: an input is too complex for what it costs, not
    /// for how busy the machine is.
    public var cpuSeconds: Double
    /// How many times `cpuSeconds` the child may take on the wall clock (it only catches a
    /// child that waits): at nice 10 on two busy cores a child still gets a quarter of one.
    public var wallClockAllowance: Double
    /// The child's address space, set from the parent as it starts (nil: none).
    public var addressSpaceBytes: UInt64?
    /// The kernel's own CPU limit on the child (SIGXCPU), a backstop should the parent not kill
    /// it in time (nil: none).
    public var cpuLimitSeconds: UInt32?

    public init(cpuSeconds: Double, wallClockAllowance: Double = 4, addressSpaceBytes: UInt64? = nil,
                cpuLimitSeconds: UInt32? = nil) {
        self.cpuSeconds = cpuSeconds
        self.wallClockAllowance = wallClockAllowance
        self.addressSpaceBytes = addressSpaceBytes
        self.cpuLimitSeconds = cpuLimitSeconds
    }
}

/// Runs a helper program to its end or to its budget, reading what it writes to its standard
/// output, on the calling (worker) thread. The child is always killed and reaped afterwards.
public enum BudgetedProcess {
    public enum Ending: Sendable, Equatable {
        /// The reader had what it needed, or the output ended; the child's wait status.
        case completed(waitStatus: Int32)
        /// The budget ran out first.
        case overBudget
        /// The child could not be started; the system's words.
        case cannotStart(String)
    }

    /// Runs `arguments` (the program at `executable`) with its standard input on `input` (else
    /// `/dev/null`) and its standard output on a pipe, and calls `read` with the pipe's
    /// descriptor each time it is readable; `read` returns true once it has what it needs or
    /// the output ended.
    public static func run(_ arguments: [String], executable: String, budget: ProcessBudget, input: Int32? = nil,
                           read: (Int32) -> Bool) -> Ending {
        var pipeEnds: [Int32] = [0, 0]
        guard glide_pipe(&pipeEnds) == 0 else { return .cannotStart(String(cString: strerror(errno))) }
        guard let processID = ProgramLauncher.start(arguments, executable: executable, input: input,
                                                      output: pipeEnds[1]) else {
            let reason = String(cString: strerror(errno))
            close(pipeEnds[0])
            close(pipeEnds[1])
            return .cannotStart(reason)
        }
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        if budget.addressSpaceBytes != nil || budget.cpuLimitSeconds != nil {
            _ = glide_limit_process(processID, budget.addressSpaceBytes ?? 0, budget.cpuLimitSeconds ?? 0)
        }
        let deadline = MonotonicClock.seconds() + budget.cpuSeconds * budget.wallClockAllowance
        var isDone = false
        while !isDone {
            let remaining = deadline - MonotonicClock.seconds()
            guard remaining > 0, cpuSeconds(of: processID) < budget.cpuSeconds else { break }
            var descriptor = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
            // A tenth of a second between looks at the child's CPU time.
            let ready = poll(&descriptor, 1, Int32((min(remaining, 0.1) * 1000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            isDone = read(pipeEnds[0])
        }
        // Done or not, the child is gone after this: killed if it is still working.
        kill(processID, SIGKILL)
        let status = ProgramLauncher.waitStatus(of: processID)
        return isDone ? .completed(waitStatus: status) : .overBudget
    }

    /// The CPU time process `processID` has used, in s (all its threads), from /proc.
    public static func cpuSeconds(of processID: pid_t) -> Double {
        let descriptor = open("/proc/\(processID)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return 0 }
        // Fields after the command name (which may hold spaces, so after its closing
        // parenthesis): utime and stime are the 12th and 13th, in clock ticks.
        guard let nameEnd = buffer[0..<count].lastIndex(of: UInt8(ascii: ")")) else { return 0 }
        let fields = buffer[(nameEnd + 1)..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 12, let user = Double(String(decoding: fields[11], as: UTF8.self)),
              let system = Double(String(decoding: fields[12], as: UTF8.self)) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
