/// A problem with the command line or the script, reported on one line.
struct ReplayError: Error {
    /// What is wrong, naming the option or the script line.
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
