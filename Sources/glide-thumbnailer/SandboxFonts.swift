import CFontconfig
import Glibc

/// Fontconfig's configuration where the thumbnailer's sandbox hides it.
///
/// GNOME runs thumbnailers in bubblewrap with /usr but no /etc: fontconfig then finds no
/// `fonts.conf`, falls back to the fonts in /usr/share/fonts with none of its aliases, and
/// "Sans" and "Monospace" (the families Glide's text asks for) become whatever comes first, a
/// serif. Debian keeps the configuration's parts in /usr/share/fontconfig/conf.avail and only
/// links them from /etc/fonts/conf.d, so the same parts are read from there: the thumbnail
/// is set in the viewer's fonts.
enum SandboxFonts {
    /// The parts fontconfig-config enables in /etc/fonts/conf.d on Debian 12, less the
    /// user's (50-user, 51-local), which read the home directory.
    static let debianDefaultParts = [
        "10-hinting-slight.conf", "10-scale-bitmap-fonts.conf", "10-yes-antialias.conf", "11-lcdfilter-default.conf",
        "20-unhint-small-vera.conf", "30-metric-aliases.conf", "40-nonlatin.conf", "45-generic.conf", "45-latin.conf",
        "48-spacing.conf", "49-sansserif.conf", "57-dejavu-sans-mono.conf", "57-dejavu-sans.conf", "57-dejavu-serif.conf",
        "60-generic.conf", "60-latin.conf", "65-fonts-persian.conf", "65-nonlatin.conf", "69-unifont.conf",
        "70-fonts-noto-cjk.conf", "70-no-bitmaps.conf", "80-delicious.conf", "90-synthetic.conf",
    ]
    static let partsDirectory = "/usr/share/fontconfig/conf.avail"

    /// Reads Debian's default configuration from /usr when the system's is not there; does
    /// nothing where it is.
    static func configureIfHidden() {
        guard access("/etc/fonts/fonts.conf", R_OK) != 0, getenv("FONTCONFIG_FILE") == nil else { return }
        let includes = debianDefaultParts.map { "<include ignore_missing=\"yes\">\(partsDirectory)/\($0)</include>" }
        let text = """
            <?xml version="1.0"?>
            <fontconfig>
            <dir>/usr/share/fonts</dir>
            <cachedir>/var/cache/fontconfig</cachedir>
            \(includes.joined(separator: "\n"))
            </fontconfig>
            """
        guard let config = FcConfigCreate() else { return }
        let loaded = text.withCString { FcConfigParseAndLoadFromMemory(config, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self), 1) }
        guard loaded != 0, FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            return
        }
        // The current configuration holds its own reference.
        FcConfigSetCurrent(config)
        FcConfigDestroy(config)
    }
}
