import CSystem
import Glibc

/// One page renderer process, seen from Glide: started with the document on its standard input
/// and a socket as its descriptor 3 (or forked from a zygote, itself one of these, and sent the
/// document on that socket), greeted once, then asked for one render at a time from one worker
/// thread, under a budget. Killed and reaped by `end()` (or at the process's exit).
final class PageRendererProcess: @unchecked Sendable {
    let processID: pid_t
    /// Glide's end of the socket.
    private let channel: Int32
    private var nextRequestID: UInt32 = 0
    private var buffer = [UInt8](repeating: 0, count: PageRenderWire.maximumMessageBytes)
    private(set) var pageCount = 0

    private init(processID: pid_t, channel: Int32) {
        self.processID = processID
        self.channel = channel
    }

    deinit {
        end()
        close(channel)
    }

    enum Start: Sendable {
        case ready(PageRendererProcess)
        /// The renderer could not open the document: its reason.
        case refused(String)
        /// The renderer could not be started or did not greet within the budget.
        case failed(String)
    }

    /// Starts `arguments` (the program at `executable`), followed by Glide's process ID (a
    /// renderer whose parent is already gone ends at once), on `document` (none for a zygote)
    /// and waits, within `budget`, for its greeting.
    static func start(_ arguments: [String], executable: String, document: Int32?, budget: ProcessBudget) -> Start {
        var ends: [Int32] = [0, 0]
        guard glide_socket_pair(&ends) == 0 else { return .failed(String(cString: strerror(errno))) }
        guard let processID = HelperProcesses.start({
            ProgramLauncher.start(arguments + [String(getpid())], executable: executable, input: document, channel: ends[1])
        }) else {
            let reason = String(cString: strerror(errno))
            close(ends[0])
            close(ends[1])
            return .failed(reason)
        }
        close(ends[1])
        let renderer = PageRendererProcess(processID: processID, channel: ends[0])
        renderer.limit(budget)
        return renderer.greeting(budget: budget)
    }

    /// Asks this zygote (`PageRendererZygotes`) for a renderer, waiting for its answer within
    /// `budget`: the renderer, Glide's child as one it started, waiting for its document
    /// (`open`); or why there is none.
    func fork(budget: ProcessBudget) -> Result<PageRendererProcess, PageRendererRefusal> {
        var ends: [Int32] = [0, 0]
        guard glide_socket_pair(&ends) == 0 else { return .failure(PageRendererRefusal(String(cString: strerror(errno)))) }
        let request = PageRenderWire.forkRequest
        let sent = glide_send_message(channel, request, request.count, ends[1]) == request.count
        let reason = sent ? "the zygote did not answer" : String(cString: strerror(errno))
        close(ends[1])
        var answer: Int32?
        if sent, case .message(let count, let descriptor) = waitForMessage(budget: budget) {
            if descriptor >= 0 { close(descriptor) }
            answer = PageRenderWire.parseForkReply(buffer[0..<count])
        }
        guard let answer, answer > 0, HelperProcesses.adopt(answer) else {
            close(ends[0])
            return .failure(PageRendererRefusal(answer.map { $0 < 0 ? String(cString: strerror(-$0)) : reason } ?? reason))
        }
        return .success(PageRendererProcess(processID: answer, channel: ends[0]))
    }

    /// Hands a renderer forked from a zygote its `document` and waits, within `budget`, for its
    /// greeting.
    func open(_ document: Int32, budget: ProcessBudget) -> Start {
        // Before the document goes: the renderer opens it under the budget's limits.
        limit(budget)
        let message = PageRenderWire.documentMessage
        guard glide_send_message(channel, message, message.count, document) == message.count else {
            return .failed(PageRendererProcess.describe(end()))
        }
        return greeting(budget: budget)
    }

    private func limit(_ budget: ProcessBudget) {
        if budget.addressSpaceBytes != nil {
            _ = glide_limit_process(processID, budget.addressSpaceBytes ?? 0, 0)
        }
    }

    /// Waits, within `budget`, for the greeting of a renderer just started or forked.
    private func greeting(budget: ProcessBudget) -> Start {
        switch waitForMessage(budget: budget) {
        case .overBudget:
            return .failed("the renderer did not open the document within its budget")
        case .gone(let status):
            return .failed(PageRendererProcess.describe(status))
        case .message(let count, let descriptor):
            if descriptor >= 0 { close(descriptor) }
            switch PageRenderWire.parseGreeting(buffer[0..<count]) {
            case .success(let pageCount)?:
                self.pageCount = pageCount
                return .ready(self)
            case .failure(let refusal)?:
                return .refused(refusal.reason)
            case nil:
                return .failed("the renderer sent no greeting")
            }
        }
    }

    enum Outcome {
        case reply(PageRenderWire.Reply, SharedPixels?)
        /// Killed at its budget.
        case overBudget
        /// Ended while drawing, not by Glide (a crash, or killed by someone else): how.
        case died(String)
    }

    /// Asks for `request` and waits for the reply within `budget`; a renderer over budget is
    /// killed. Pixels arrive in a memory file from `recycler`, mapped before the renderer draws.
    func render(_ request: PageRenderRequest, budget: ProcessBudget, recycler: SharedPixelRecycler) -> Outcome {
        guard let memory = recycler.memory(forBytes: request.byteCount) else {
            return .reply(failure(request, String(cString: strerror(errno))), nil)
        }
        let pixels = SharedPixels(memory: memory, width: request.width, height: request.height, recycler: recycler)
        let file = memory.file
        nextRequestID &+= 1
        let id = nextRequestID
        let message = PageRenderWire.request(request, id: id)
        guard glide_send_message(channel, message, message.count, file) == message.count else {
            return .died(describe(end()))
        }
        while true {
            switch waitForMessage(budget: budget) {
            case .overBudget:
                end()
                return .overBudget
            case .gone(let status):
                return .died(PageRendererProcess.describe(status))
            case .message(let count, let descriptor):
                if descriptor >= 0 { close(descriptor) }
                guard let reply = PageRenderWire.parseReply(buffer[0..<count]) else { return .died(describe(end())) }
                // A reply to an earlier request cannot come (one at a time), but is not this one's.
                guard reply.id == id else { continue }
                return .reply(reply, reply.isDrawn ? pixels : nil)
            }
        }
    }

    private func failure(_ request: PageRenderRequest, _ reason: String) -> PageRenderWire.Reply {
        PageRenderWire.Reply(id: 0, isDrawn: false, pageWidth: 0, pageHeight: 0, payload: Array(reason.utf8))
    }

    /// Whether the renderer ended while idle (killed by someone else, or crashed): its end of
    /// the channel is closed. Such a renderer is reaped here; its wait status, else nil.
    func endedWhileIdle() -> Int32?? {
        var descriptor = pollfd(fd: channel, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0, descriptor.revents & Int16(POLLHUP | POLLERR) != 0 else { return .none }
        return .some(end())
    }

    /// Kills and reaps the renderer; its wait status, nil when it was already ended.
    @discardableResult
    func end() -> Int32? {
        HelperProcesses.end(processID)
    }

    private enum Wait {
        case message(count: Int, descriptor: Int32)
        case overBudget
        /// The renderer closed its end: it ended (its wait status, nil when already reaped).
        case gone(Int32?)
    }

    /// Waits for the renderer's next message, looking at its CPU time every tenth of a second.
    private func waitForMessage(budget: ProcessBudget) -> Wait {
        let cpuAtStart = BudgetedProcess.cpuSeconds(of: processID)
        let deadline = MonotonicClock.seconds() + budget.cpuSeconds * budget.wallClockAllowance
        while true {
            let remaining = deadline - MonotonicClock.seconds()
            guard remaining > 0, BudgetedProcess.cpuSeconds(of: processID) - cpuAtStart < budget.cpuSeconds else {
                return .overBudget
            }
            var descriptor = pollfd(fd: channel, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32((min(remaining, 0.1) * 1000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            if descriptor.revents & Int16(POLLIN) != 0 {
                var received: Int32 = -1
                let count = buffer.withUnsafeMutableBytes { glide_receive_message(channel, $0.baseAddress, $0.count, &received) }
                if count > 0 { return .message(count: count, descriptor: received) }
            }
            return .gone(end())
        }
    }

    private func describe(_ status: Int32?) -> String {
        PageRendererProcess.describe(status)
    }

    /// How a renderer ended, in words.
    static func describe(_ status: Int32?) -> String {
        guard let status else { return "the renderer was stopped" }
        let signal = status & 0x7f
        if signal == 0 { return "the renderer ended (status \((status >> 8) & 0xff))" }
        return "the renderer was ended by \(String(cString: strsignal(signal)))"
    }
}
