import DocumentKit
import Foundation
import ImageDecoding
import KindRegistry
import Localization
import PDFFixtures
import Render
import TestSupport
import XCTest

/// Glide in the user's language: `LANGUAGE` or `LC_MESSAGES` pick the catalog compiled from
/// po/ (make locale, into .build/locale, where the built glide looks), an unknown language
/// falls back to English, and po/ru.po translates every message the sources hold.
final class LocalizationTests: XCTestCase {
    override func setUpWithError() throws {
        let locale = try SourceTree.make(["locale"])
        XCTAssertEqual(locale.status, 0, locale.error)
    }

    private func glide(_ arguments: [String], _ locale: [String: String]) throws -> (status: Int32?, output: String, error: String) {
        try ChildProcess.run(BuiltProducts.path(of: "glide"), arguments,
                             environment: SourceTree.environmentWithoutLocale.merging(locale) { $1 })
    }

    /// Glide on the bundled guide, where no compositor listens: exit status 1 and one error line.
    private func glideWithoutCompositor(_ locale: [String: String]) throws -> (status: Int32?, output: String, error: String) {
        try glide([], locale.merging(["WAYLAND_DISPLAY": "glide-no-compositor",
                                      "XDG_RUNTIME_DIR": FileManager.default.temporaryDirectory.path]) { $1 })
    }

    func testHelpIsInRussianUnderLanguageRu() throws {
        let help = try glide(["--help"], ["LANGUAGE": "ru"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.hasPrefix("использование: glide [ПАРАМЕТРЫ]"), help.output)
        for line in ["Параметры:", "Код возврата:", "показать эту справку и выйти"] {
            XCTAssertTrue(help.output.contains(line), "--help in Russian has '\(line)':\n\(help.output)")
        }
        XCTAssertFalse(help.output.contains("show this help"), help.output)
        // Wrapped for a terminal, Cyrillic counted in characters, not bytes.
        for line in help.output.split(separator: "\n") {
            XCTAssertLessThanOrEqual(line.count, 79, "too long: \(line)")
        }
    }

    func testErrorsAreInRussianUnderLanguageRu() throws {
        let unreachable = try glideWithoutCompositor(["LANGUAGE": "ru"])
        XCTAssertEqual(unreachable.status, 1)
        XCTAssertEqual(unreachable.error, "glide: не удаётся подключиться к композитору Wayland по адресу «glide-no-compositor»: "
                       + "Нет такого файла или каталога\n", "glibc's own message (strerror) is Russian too")
        let usage = try glide(["--no-such-option"], ["LANGUAGE": "ru"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.error.contains("(см. glide --help)"), usage.error)
        XCTAssertEqual(usage.error.split(separator: "\n").count, 1, "one line: \(usage.error)")
        let missing = try glide(["/nonexistent/glide-test.md"], ["LANGUAGE": "ru"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.error, "glide: не удаётся открыть «/nonexistent/glide-test.md»: Нет такого файла или каталога\n")
        let missingValue = try glide(["--trace"], ["LANGUAGE": "ru"])
        XCTAssertEqual(missingValue.status, 2)
        XCTAssertTrue(missingValue.error.hasPrefix("glide: параметру «--trace» нужно значение; использование: glide"),
                      missingValue.error)
        let badZoom = try glide(["--zoom", "3:1"], ["LANGUAGE": "ru"])
        XCTAssertTrue(badZoom.error.hasPrefix("glide: --zoom: MIN не должен превышать MAX; "), badZoom.error)
    }

    /// LC_MESSAGES names a locale that is not generated here (only C and C.UTF-8 are): the
    /// messages are still Russian, as the user asked.
    func testLcMessagesPicksTheLanguageToo() throws {
        let unreachable = try glideWithoutCompositor(["LC_MESSAGES": "ru_RU.UTF-8"])
        XCTAssertEqual(unreachable.status, 1)
        XCTAssertTrue(unreachable.error.hasPrefix("glide: не удаётся подключиться"), unreachable.error)
        let overridden = try glideWithoutCompositor(["LC_MESSAGES": "ru_RU.UTF-8", "LC_ALL": "C"])
        XCTAssertTrue(overridden.error.hasPrefix("glide: cannot connect"), "LC_ALL=C wins over LC_MESSAGES: \(overridden.error)")
    }

    func testAnUnknownLanguageFallsBackToEnglish() throws {
        let english = try glide(["--help"], [:])
        XCTAssertTrue(english.output.contains("show this help and exit"), english.output)
        for locale in [["LANGUAGE": "xx"], ["LANGUAGE": "tlh_XX"], ["LC_MESSAGES": "zz_ZZ.UTF-8"]] {
            let help = try glide(["--help"], locale)
            XCTAssertEqual(help.status, 0)
            XCTAssertEqual(help.output, english.output, "\(locale) falls back to English")
            let unreachable = try glideWithoutCompositor(locale)
            XCTAssertEqual(unreachable.error, "glide: cannot connect to a Wayland compositor at 'glide-no-compositor': "
                           + "No such file or directory\n")
        }
    }

    /// Numbers in labels follow the language when the machine has no numeric locale for it
    /// (here LC_NUMERIC is C): grouping with a no-break space and a decimal comma in Russian.
    /// Back to the untranslated messages for the tests that follow in this process: gettext
    /// caches translations by locale, not by LANGUAGE, so unsetting it is not enough; starting
    /// again sets the locale, which empties that cache.
    static func speakTheTestsLanguageAgain() {
        unsetenv("LANGUAGE")
        Localization.start(searchingCatalogsIn: [SourceTree.path + "/.build/locale"])
    }

    func testNumbersFollowTheLanguage() throws {
        XCTAssertEqual(LocalizedNumber.string(1_234_567), "1,234,567")
        XCTAssertEqual(LocalizedNumber.string(-1.25, fractionDigits: 1), "-1.3")
        XCTAssertEqual(LocalizedNumber.string(999), "999")

        setenv("LANGUAGE", "ru", 1)
        defer { LocalizationTests.speakTheTestsLanguageAgain() }
        Localization.start(searchingCatalogsIn: [SourceTree.path + "/.build/locale"])
        XCTAssertEqual(LocalizedNumber.string(1_234_567), "1\u{A0}234\u{A0}567")
        XCTAssertEqual(LocalizedNumber.string(1234.5, fractionDigits: 2), "1\u{A0}234,50")
        XCTAssertEqual(LocalizedNumber.string(0.05, fractionDigits: 1), "0,1")
        // Russian's three plural forms: 1 and 21, 2 to 4 and 22, 5 to 20 and 11.
        let forms = [1, 3, 5, 11, 21, 22].map {
            localizedPlural("%s document", "%s documents", count: $0, LocalizedNumber.string($0))
        }
        XCTAssertEqual(forms, ["1 документ", "3 документа", "5 документов", "11 документов", "21 документ", "22 документа"])
    }

    /// What the window draws over a document speaks Russian too: the help card (its English
    /// table stays README's), the find field's count with Russian digit grouping, the reason a
    /// PDF cannot be opened and the reason an image cannot be shown.
    func testTheHelpCardFindPDFAndImageNoticesAreInRussian() throws {
        let path = DamagedPDF.encrypted(PDFFixture(pageCount: 2).write())
        setenv("LANGUAGE", "ru", 1)
        defer { LocalizationTests.speakTheTestsLanguageAgain() }
        Localization.start(searchingCatalogsIn: [SourceTree.path + "/.build/locale"])
        XCTAssertEqual(HelpText.localizedItems.first?.topic, "Сенсорный экран")
        XCTAssertTrue(HelpText.localizedItems.first?.text.hasPrefix("ведите пальцем; смахните") == true,
                      HelpText.localizedItems.first?.text ?? "")
        XCTAssertEqual(HelpText.items.first?.topic, "Touch", "the table itself stays in README's English")
        XCTAssertEqual(ReadingOverlay.FindField.status(currentIndex: 2, count: 1_234, isComplete: true, isCapped: false,
                                                       hasQuery: true), "3 из 1\u{A0}234")
        XCTAssertEqual(ReadingOverlay.FindField.status(currentIndex: nil, count: 22, isComplete: true, isCapped: false,
                                                       hasQuery: true), "22 совпадения")
        XCTAssertThrowsError(try KindRegistry.open( path)) { error in
            XCTAssertEqual("\(error)", "не удаётся открыть PDF «\(path)»: он зашифрован и требует пароль "
                           + "(Glide не открывает PDF, защищённые паролем)")
        }
        // The reason an image cannot be shown comes from the decoder's own process, which reads
        // the catalogs Glide chose.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString).png").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = ImageStore()
        _ = store.image(atPath: folder)
        store.waitForDecodes()
        guard case .failure(let reason) = store.image(atPath: folder) else { return XCTFail("decoded a directory") }
        XCTAssertEqual(reason, "это каталог")
        LocalizationTests.speakTheTestsLanguageAgain()
        XCTAssertEqual(HelpText.localizedItems.first?.topic, "Touch", "English again for the tests that follow")
    }

    /// With several files open, the window title names the file shown (issue 12), through the
    /// translated title template, as sway shows it.
    func testTheWindowTitleNamesTheFileShownInRussianToo() throws {
        let paths = try (1...3).map { index in
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("glide-\(UUID().uuidString).md").path
            try "# Document \(index)\n\nSome text.\n".write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        defer { for path in paths { try? FileManager.default.removeItem(atPath: path) } }
        let sway = try HeadlessSway()
        let glide = try sway.startGlide(paths, environment: ["LANGUAGE": "ru"])
        defer { glide.process.terminate() }
        let first = URL(fileURLWithPath: paths[0]).lastPathComponent
        var tree = ""
        for _ in 0..<50 {
            tree = try sway.message(["-t", "get_tree"])
            if tree.contains("\"name\": \"\(first) — Glide\"") { break }
            usleep(100_000)
        }
        XCTAssertTrue(tree.contains("\"name\": \"\(first) — Glide\""), tree)
    }

    /// po/glide.pot holds exactly the messages the sources and the desktop entry hold now, and
    /// po/ru.po translates every one of them, with nothing fuzzy and formats that match.
    func testTheTemplateIsCurrentAndTheRussianTranslationComplete() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("glide-pot-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let extracted = try SourceTree.make(["pot", "GENERATED=\(scratch)", "POT=\(scratch)/glide.pot"])
        XCTAssertEqual(extracted.status, 0, extracted.error)

        let committed = SourceTree.path + "/po/glide.pot", fresh = scratch + "/glide.pot"
        for (reference, definitions) in [(fresh, committed), (committed, fresh)] {
            let compare = try ChildProcess.run("/usr/bin/msgcmp", ["--use-untranslated", definitions, reference])
            XCTAssertEqual(compare.status, 0, "po/glide.pot is out of date (run make pot): \(compare.error)")
        }
        let translated = try ChildProcess.run("/usr/bin/msgcmp", [SourceTree.path + "/po/ru.po", fresh])
        XCTAssertEqual(translated.status, 0, "po/ru.po misses translations (make update-po, then translate): \(translated.error)")
        let check = try ChildProcess.run("/usr/bin/msgfmt", ["--check", "--statistics", "-o", "/dev/null", SourceTree.path + "/po/ru.po"])
        XCTAssertEqual(check.status, 0, check.error)
        XCTAssertFalse(check.error.contains("fuzzy") || check.error.contains("untranslated"), check.error)
    }
}
