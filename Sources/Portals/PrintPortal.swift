import CGIO
import CSystem
import Glibc
import Localization
import Machinery

/// Printing through the desktop's Print portal (`org.freedesktop.portal.Print`), as sandboxed
/// applications print: PreparePrint shows the desktop's print dialog, and Print takes the
/// document as a PDF through a file descriptor. Glide writes the PDF with its own
/// `--export-pdf` in a child process, so the loop and its layouts are never touched.
public enum PrintPortal {
    /// How long the user may take in the print dialog, in s: a bound, not a tuned figure.
    static let dialogTimeoutSeconds = 3600.0
    /// How long the portal may take to accept the PDF, in s.
    static let printTimeoutSeconds = 120.0

    /// Prints the document at `path` (the file Glide shows; nil for several files at once),
    /// titled `title` (else its file's name), off the loop; `report` gets one line when it
    /// cannot (no portal, the PDF could not be made), on the worker thread.
    public static func print(path: String?, title: String?, report: @escaping @Sendable (String) -> Void) {
        guard let path else { return report(localized("cannot print several files at once")) }
        let title = title ?? FilePath.name(of: path)
        PortalSession.worker.submit(priority: .immediate) { _ in
            do throws(PortalError) {
                let pdf = try exportedPDF(of: path)
                defer { close(pdf) }
                let session = try PortalSession()
                let interface = "org.freedesktop.portal.Print"
                let empty = { GVariants.dictionary([:]) }
                let (response, results) = try session.request(interface, "PreparePrint", timeoutSeconds: dialogTimeoutSeconds) { options in
                    GVariants.tuple([g_variant_new_string(""), g_variant_new_string(title), empty(), empty(), options])
                }
                let token = GVariants.unsigned("token", in: results)
                g_variant_unref(results)
                // The user cancelled: nothing to say.
                guard response == 0 else { return }
                guard let token else { throw PortalError(description: localized("the print dialog gave no token")) }
                let (printed, printResults) = try session.request(
                    interface, "Print", descriptors: [pdf], options: ["token": g_variant_new_uint32(token)],
                    timeoutSeconds: printTimeoutSeconds) { options in
                    GVariants.tuple([g_variant_new_string(""), g_variant_new_string(title), g_variant_new_handle(0), options])
                }
                g_variant_unref(printResults)
                if printed == 2 { throw PortalError(description: localized("the desktop could not print it")) }
            } catch {
                report(localized("cannot print '%1$s': %2$s", path, error.description))
            }
        }
    }

    /// A memory file holding the document as a PDF, written by `glide --export-pdf` with the
    /// file as its standard output.
    static func exportedPDF(of path: String) throws(PortalError) -> Int32 {
        let pdf = glide_memfd_create("glide-print")
        guard pdf >= 0 else { throw PortalError(description: String(cString: strerror(errno))) }
        guard let glide = FilePath.executable,
              let child = ProgramLauncher.start(["glide", "--export-pdf", "/dev/stdout", path], executable: glide, output: pdf) else {
            close(pdf)
            throw PortalError(description: localized("cannot start glide to write the PDF"))
        }
        let status = ProgramLauncher.exitStatus(fromWaitStatus: ProgramLauncher.waitStatus(of: child))
        guard status == 0 else {
            close(pdf)
            throw PortalError(description: localized("the PDF could not be written (status %s)", String(status)))
        }
        lseek(pdf, 0, SEEK_SET)
        return pdf
    }
}
