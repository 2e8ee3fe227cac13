import Machinery

/// Failures of what the window asked the desktop for (printing, the file chooser): they
/// happen on a worker, long after the key that asked, so besides stderr, where a terminal
/// shows them, they show in the window, where the reader looks.
extension DocumentViewer {
    /// Reports one line from any thread: printed on stderr at once, and shown as the window's
    /// notice from the loop's next turn until the next key, click or touch.
    public var failureReporter: @Sendable (String) -> Void {
        let viewer = LoopThreadReference(self)
        return { message in
            printError(message)
            MainThreadMailbox.shared.post { viewer.object?.navigation.showFailure(message) }
        }
    }
}

extension Navigation {
    /// Shows `message` as the notice until the reader does something next (see `InputRouter`).
    func showFailure(_ message: String) {
        let notice = OneLineText.escaping(message)
        setNotice(notice)
        state.failureNotice = notice
    }

    /// Takes away a failure's notice, unless another notice (a link's) took its place: the
    /// reader has seen it and moved on.
    func dismissFailure() {
        guard let notice = state.failureNotice else { return }
        state.failureNotice = nil
        if documentPane.renderer.notice == notice { setNotice(nil) }
    }
}
