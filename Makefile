# Glide: `make run` and `make test` are all the set-up a Debian 12 machine with the Swift
# toolchain needs. Both first install the Debian packages that are missing.

SWIFT ?= swift
PREFIX ?= /usr/local
# Every release build links the Swift runtime statically, so the binary `make test` checks is
# the one `make deb` ships, and one build serves both.
RELEASE = -c release --static-swift-stdlib
# Files made from the sources at build time: the man page, the AppStream metainfo, the
# translated desktop entry. Message catalogs go to .build/locale, where glide looks for them.
GENERATED = .build/generated
LOCALE_DIR = .build/locale
LANGUAGES = $(shell cat po/LINGUAS)
# Where `make run` puts its pictures when there is no compositor to show the window in, and
# the program that takes them (a test points it at the debug build).
RUN_PICTURES = pictures
DEMO = .build/release/glide-demo
# The programs installed: glide, the helpers it starts (in $(PREFIX)/libexec/glide): the image
# decoder and the page renderer, and the file manager's thumbnailer.
PROGRAMS = glide glide-image-decoder glide-page-renderer glide-thumbnailer
define build_programs
	for product in $(PROGRAMS); do $(SWIFT) build $(RELEASE) --product $$product || exit 1; done
endef

# Build: C libraries and the protocol XML. Fonts: DejaVu covers Latin, Cyrillic and Greek.
BUILD_PACKAGES = pkg-config libwayland-dev wayland-protocols libxkbcommon-dev \
	libcairo2-dev libpango1.0-dev libfontconfig-dev libcmark-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libxml2-dev libarchive-dev \
	libdecor-0-dev libdecor-0-plugin-1-cairo libgdk-pixbuf-2.0-dev libpoppler-glib-dev libdjvulibre-dev \
	libatk1.0-dev libatk-bridge2.0-dev libseccomp-dev gettext fonts-dejavu-core $(RUN_PACKAGES)
# Run time: image loaders for gdk-pixbuf beyond PNG and JPEG, and fonts with emoji and CJK glyphs.
RUN_PACKAGES = webp-pixbuf-loader libavif-gdk-pixbuf librsvg2-common fonts-noto-color-emoji fonts-noto-cjk
# Tests: a real compositor (headless sway), screenshots (grim), typing (wtype), and
# setpriv/useradd to run sway as an unprivileged user (sway refuses root); the clipboard
# (wl-clipboard); the accessibility bus and a client of it (at-spi2-core, dbus, pyatspi) and
# GNOME's text-scaling-factor read back with gsettings (libglib2.0-bin, gsettings-desktop-schemas);
# package checks (dpkg-dev, lintian, appstream, desktop-file-utils); EPUB books from an independent
# producer (pandoc); DjVu documents made by djvulibre's own tools (djvulibre-bin); a multi-page TIFF
# made by tiffcp (libtiff-tools); strace, which shows that a page renderer opens no file once locked
# down and that a README opened makes no Internet socket; GTK's own reader of the recent documents
# (gir1.2-gtk-3.0); the sandbox GNOME runs thumbnailers in (bubblewrap); poppler's tools to read
# exported PDFs back (poppler-utils); the desktop's real portal with GTK's file chooser and print
# dialog (xdg-desktop-portal, xdg-desktop-portal-gtk; dbus-monitor from dbus watches the calls).
TEST_PACKAGES = sway grim wtype util-linux passwd wl-clipboard at-spi2-core dbus python3-pyatspi python3-gi pandoc djvulibre-bin libtiff-tools \
	gir1.2-gtk-3.0 bubblewrap poppler-utils \
	libglib2.0-bin gsettings-desktop-schemas \
	dpkg-dev lintian appstream desktop-file-utils strace \
	xdg-desktop-portal xdg-desktop-portal-gtk

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps test-deps build locale pot update-po run test soak demo bench install install-files uninstall \
	deb package package-checks clean

all: build

# Installs only what is missing, so repeated runs cost nothing.
define install_missing
	@missing=""; \
	for package in $(1); do \
		dpkg-query -W -f='$${Status}' "$$package" 2>/dev/null | grep -q "install ok installed" \
			|| missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:$$missing"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call install_missing,$(BUILD_PACKAGES))

test-deps: deps
	$(call install_missing,$(TEST_PACKAGES))

# glide decodes images in glide-image-decoder processes and draws pages in glide-page-renderer
# processes, found beside it (or in $(PREFIX)/libexec/glide once installed).
build: deps locale
	$(build_programs)

# Translations: po/glide.pot is extracted from the Swift sources (calls of localized and
# localizedPlural with literal messages) and the desktop entry; po/LANG.po are compiled to
# $(LOCALE_DIR)/LANG/LC_MESSAGES/glide.mo.
XGETTEXT = xgettext --from-code=UTF-8 --add-comments=TRANSLATORS: --package-name=glide \
	--msgid-bugs-address=https://github.com/glide-viewer/glide/issues --sort-by-file
POT = po/glide.pot
pot:
	@mkdir -p $(GENERATED)
	$(XGETTEXT) --language=C --keyword= --keyword=localized --keyword=localizedPlural:1,2 \
		--keyword=localizedInContext:1c,2 --keyword=translatable -o $(GENERATED)/swift.pot $$(find Sources -name '*.swift' | sort)
	$(XGETTEXT) --language=Desktop -o $(GENERATED)/desktop.pot resources/dev.glide.Glide.desktop
	msgcat --sort-by-file -o $(POT) $(GENERATED)/swift.pot $(GENERATED)/desktop.pot

# Brings every translation up to date with po/glide.pot (new messages arrive untranslated).
update-po: pot
	for language in $(LANGUAGES); do msgmerge --quiet --update --backup=none po/$$language.po po/glide.pot; done

locale: deps
	@for language in $(LANGUAGES); do \
		mkdir -p $(LOCALE_DIR)/$$language/LC_MESSAGES && \
		msgfmt --check -o $(LOCALE_DIR)/$$language/LC_MESSAGES/glide.mo po/$$language.po || exit 1; \
	done

# With a compositor, the window. Without one (a console, ssh, CI), glide-demo plays the
# bundled guide in the project's own headless compositor (a flick, a pinch, a page turn) and
# writes what Glide drew to $(RUN_PICTURES)/.
run: build
	@socket="$${WAYLAND_DISPLAY:-wayland-0}"; case "$$socket" in /*) ;; *) socket="$${XDG_RUNTIME_DIR:-/nonexistent}/$$socket";; esac; \
	if [ -S "$$socket" ]; then \
		exec .build/release/glide; \
	fi; \
	echo "make run: no Wayland compositor at $$socket; playing the guide in Glide's own headless compositor instead"; \
	$(SWIFT) build $(RELEASE) --product glide-demo && $(DEMO) --tour $(RUN_PICTURES)

# The release binary is built too: some tests run it, since -O changes object lifetimes.
# The package is built and checked from that same release build; the tests install it. Its
# compression is the quickest (gzip -1: 3 s against xz's 40 to 80 s on 2 busy cores).
test: test-deps locale
	$(build_programs)
	$(MAKE) package DEB_COMPRESSION="-Zgzip -z1"
	$(SWIFT) build --build-tests
	$(SWIFT) test

# The full soak: 10 minutes of random input against the glide the tests run
# (make test runs the same test for about 25 s).
soak: test-deps
	$(SWIFT) build --build-tests
	GLIDE_SOAK_SECONDS=600 $(SWIFT) test --filter SoakTests

# Pictures of glide at work, in demo/. The demo brings its own headless compositor (the test
# compositor), so it needs no session, no sway and runs as root; glide-demo drives the
# release glide built beside it.
demo: deps
	$(build_programs)
	$(SWIFT) build $(RELEASE) --product glide-demo
	.build/release/glide-demo demo

# Benchmarks are programs, not tests: they print figures as ratios to a baseline of the same run.
bench: deps
	$(SWIFT) run $(RELEASE) glide-bench

# Installs the release binary, the desktop entry (its name is the app id), the icons, the man
# page, the AppStream metainfo, the translations and the bundled resources; the binary finds
# its resources in $(PREFIX)/share/glide and its translations in $(PREFIX)/share/locale.
install: build install-files

# The copying alone, for a release binary already built (the tests use it: they run inside a
# build and must not start another).
install-files: locale $(GENERATED)/glide.1 $(GENERATED)/dev.glide.Glide.metainfo.xml $(GENERATED)/dev.glide.Glide.desktop
	install -Dm755 .build/release/glide $(DESTDIR)$(PREFIX)/bin/glide
	install -Dm755 .build/release/glide-image-decoder $(DESTDIR)$(PREFIX)/libexec/glide/glide-image-decoder
	install -Dm755 .build/release/glide-page-renderer $(DESTDIR)$(PREFIX)/libexec/glide/glide-page-renderer
	install -Dm755 .build/release/glide-thumbnailer $(DESTDIR)$(PREFIX)/bin/glide-thumbnailer
	install -Dm644 resources/glide.thumbnailer $(DESTDIR)$(PREFIX)/share/thumbnailers/glide.thumbnailer
	install -Dm644 resources/default-document.md $(DESTDIR)$(PREFIX)/share/glide/default-document.md
	install -Dm644 $(GENERATED)/dev.glide.Glide.desktop $(DESTDIR)$(PREFIX)/share/applications/dev.glide.Glide.desktop
	install -Dm644 resources/dev.glide.Glide.svg \
		$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/dev.glide.Glide.svg
	install -Dm644 resources/dev.glide.Glide-symbolic.svg \
		$(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/dev.glide.Glide-symbolic.svg
	install -Dm644 $(GENERATED)/dev.glide.Glide.metainfo.xml $(DESTDIR)$(PREFIX)/share/metainfo/dev.glide.Glide.metainfo.xml
	install -Dm644 $(GENERATED)/glide.1 $(DESTDIR)$(PREFIX)/share/man/man1/glide.1
	for language in $(LANGUAGES); do \
		install -Dm644 $(LOCALE_DIR)/$$language/LC_MESSAGES/glide.mo \
			$(DESTDIR)$(PREFIX)/share/locale/$$language/LC_MESSAGES/glide.mo || exit 1; \
	done

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/glide $(DESTDIR)$(PREFIX)/bin/glide-thumbnailer \
		$(DESTDIR)$(PREFIX)/share/thumbnailers/glide.thumbnailer \
		$(DESTDIR)$(PREFIX)/share/applications/dev.glide.Glide.desktop \
		$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/dev.glide.Glide.svg \
		$(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/dev.glide.Glide-symbolic.svg \
		$(DESTDIR)$(PREFIX)/share/metainfo/dev.glide.Glide.metainfo.xml \
		$(DESTDIR)$(PREFIX)/share/man/man1/glide.1 \
		$(foreach language,$(LANGUAGES),$(DESTDIR)$(PREFIX)/share/locale/$(language)/LC_MESSAGES/glide.mo)
	rm -rf $(DESTDIR)$(PREFIX)/share/glide $(DESTDIR)$(PREFIX)/libexec/glide

# The man page: the English --help of the release binary, and the README's key table.
$(GENERATED)/glide.1: .build/release/glide README.md packaging/manpage.sh
	@mkdir -p $(GENERATED)
	packaging/manpage.sh .build/release/glide README.md > $@.tmp && mv $@.tmp $@

# The AppStream metainfo: the template, with release notes from CHANGELOG.md.
$(GENERATED)/dev.glide.Glide.metainfo.xml: resources/dev.glide.Glide.metainfo.xml.in CHANGELOG.md \
		Sources/glide/Version.swift packaging/metainfo.sh
	@mkdir -p $(GENERATED)
	packaging/metainfo.sh resources/dev.glide.Glide.metainfo.xml.in CHANGELOG.md Sources/glide/Version.swift > $@.tmp
	mv $@.tmp $@

# The desktop entry with its translations from po/.
$(GENERATED)/dev.glide.Glide.desktop: resources/dev.glide.Glide.desktop po/LINGUAS $(wildcard po/*.po)
	@mkdir -p $(GENERATED)
	msgfmt --desktop --template=resources/dev.glide.Glide.desktop -d po -o $@

# A Debian package of the release binary (Swift runtime linked in, so no toolchain needed to
# run it), checked by lintian, appstreamcli and desktop-file-validate.
deb: build
	$(MAKE) package

# The packaging alone, for a release binary already built (make test runs it, and the tests
# install what it wrote).
DEB_COMPRESSION = -Zxz
package: locale
	DEB_COMPRESSION="$(DEB_COMPRESSION)" packaging/build-deb.sh
	$(MAKE) package-checks

package-checks:
	desktop-file-validate $(GENERATED)/dev.glide.Glide.desktop
	appstreamcli validate --no-net --explain $(GENERATED)/dev.glide.Glide.metainfo.xml
	lintian --fail-on error $$(cat .build/debian/deb-path)

clean:
	rm -rf .build
