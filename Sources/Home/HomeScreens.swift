import DocumentKit
import KindRegistry
import Localization
import Machinery
import ReadingState
import Viewer

/// How the home and the folder view join the viewer: what opens their documents (off the
/// loop, at the saved position, noted in the desktop's recent documents), the home that
/// going back ends up at, and the folder view shown where no file chooser portal answers.
public enum HomeScreens {
    /// The home for a window started with no file; `guidePath` is the bundled guide, the
    /// first entry on a first run.
    public static func makeHome(guidePath: String?, applicationVersion: String, palette: Palette) -> HomeLayout {
        HomeLayout(source: .desktop(guidePath: guidePath, applicationVersion: applicationVersion), palette: palette)
    }

    /// Lets `viewer` open the home's and the folder view's documents, and come back to a home
    /// like `home` (made afresh when none is kept) when its history has nothing left.
    public static func attach(to viewer: DocumentViewer, positions: ReadingPositionStore, guidePath: String?, applicationVersion: String) {
        // The bundled guide, the first run's one entry, is no document of the reader's: it
        // does not join the desktop's recent documents, as on the command line.
        viewer.navigation.entryOpener = { path, deliver in
            openEntry(path, positions: positions.forTheSameWindow(), joinsRecent: path != guidePath, deliver: deliver)
        }
        viewer.navigation.homeMaker = { [unowned viewer] in
            makeHome(guidePath: guidePath, applicationVersion: applicationVersion, palette: viewer.document.palette)
        }
        viewer.navigation.onBackPastStart = { [unowned viewer] in viewer.navigation.goHome() }
        if viewer.document.entryChooser != nil { viewer.navigation.documentTitle = localized("Recent documents") }
    }

    /// Opens the document at `path` on a worker, at the place `positions` (the window's, used
    /// on that worker only) takes for it, and notes it in the desktop's recent documents when
    /// it `joinsRecent`; `deliver` runs on the loop.
    @discardableResult
    public static func openEntry(_ path: String, positions: ReadingPositionStore, joinsRecent: Bool = true,
                                 deliver: @escaping (Result<OpenedEntry, DocumentError>) -> Void) -> WorkTicket {
        let delivery = LoopThreadValue(deliver)
        let positions = HandedToOneWorker(positions)
        return WorkQueue.shared.submit(priority: .immediate) { _ in
            let outcome = Result { () throws(DocumentError) -> OpenedEntry in
                let document = try KindRegistry.openAlone(path)
                try document.waitUntilOpened()
                guard let saved = positions.value.position(forFileAt: path) else { return OpenedEntry(document: document, anchor: nil) }
                // An image opened on its own opens at that image, upright, as on the command
                // line; its page modes are its own.
                if document.opensAtItem {
                    return OpenedEntry(document: document, anchor: nil, modes: RememberedModes(pageModes: saved.pageModes))
                }
                return OpenedEntry(document: document, anchor: saved.anchor,
                                   modes: RememberedModes(pageModes: saved.pageModes, quarterTurns: saved.quarterTurns,
                                                          zoomScale: saved.zoomScale))
            }
            if joinsRecent, case .success(let opened) = outcome {
                RecentDocuments.noteOpenedInBackground([path], shown: [opened.document], typedBy: KindRegistry.mimeType(ofFileAt:))
            }
            let result = LoopThreadValue(outcome)
            MainThreadMailbox.shared.post { delivery.value(result.value) }
        }
    }

    /// What to do when the desktop's file chooser cannot be asked (no portal, as on a bare
    /// Sway): show the folder view in `viewer`, from the reader's home folder.
    public static func folderViewInstead(in viewer: DocumentViewer) -> @Sendable (String) -> Void {
        let reference = LoopThreadReference(viewer)
        return { reason in
            DebugLog.write("\(reason); showing the folder view")
            MainThreadMailbox.shared.post {
                guard let viewer = reference.object else { return }
                // TRANSLATORS: the window title of Glide's own folder view.
                viewer.navigation.showEntries(FolderLayout(directory: FolderLayout.homeDirectory, palette: viewer.document.palette),
                                              title: localized("Open"))
            }
        }
    }

    /// Files dropped on the window or chosen open in a window of their own (several as one
    /// strip), as in Evince.
    public static func openInNewWindow(_ paths: [String]) {
        WorkQueue.shared.submit(priority: .immediate) { _ in
            let shown = KindRegistry.showable(paths) { printError($0.description) }
            if let glide = FilePath.executable, !shown.isEmpty { _ = ProgramLauncher.run(["setsid", "--fork", glide] + shown) }
        }
    }
}

/// A value handed to the one worker that alone uses it from then on (a store of the window's
/// made for it), as `LoopThreadValue` is for the loop.
private struct HandedToOneWorker<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
