# Glide: `make run` and `make test` are all the set-up a Debian 12 machine with the Swift
# toolchain needs. Both first install the Debian packages that are missing.

SWIFT ?= swift
PREFIX ?= /usr/local

# Build: C libraries and the protocol XML. Fonts: DejaVu covers Latin, Cyrillic and Greek.
BUILD_PACKAGES = pkg-config libwayland-dev wayland-protocols libxkbcommon-dev \
	libcairo2-dev libpango1.0-dev libcmark-dev libcmark-gfm-dev libcmark-gfm-extensions-dev \
	libdecor-0-dev libdecor-0-plugin-1-cairo libgdk-pixbuf-2.0-dev libpoppler-glib-dev \
	libatk1.0-dev libatk-bridge2.0-dev gettext fonts-dejavu-core $(RUN_PACKAGES)
# Run time: image loaders for gdk-pixbuf beyond PNG and JPEG, and fonts with emoji and CJK glyphs.
RUN_PACKAGES = webp-pixbuf-loader libavif-gdk-pixbuf librsvg2-common fonts-noto-color-emoji fonts-noto-cjk
# Tests: a real compositor (headless sway), screenshots (grim), typing (wtype), and
# setpriv/useradd to run sway as an unprivileged user (sway refuses root); the clipboard
# (wl-clipboard); the accessibility bus and a client of it (at-spi2-core, dbus, pyatspi) and
# GNOME's text-scaling-factor read back with gsettings (libglib2.0-bin, gsettings-desktop-schemas);
# package checks (dpkg-dev, lintian, appstream, desktop-file-utils).
TEST_PACKAGES = sway grim wtype util-linux passwd wl-clipboard at-spi2-core dbus python3-pyatspi \
	libglib2.0-bin gsettings-desktop-schemas \
	dpkg-dev lintian appstream desktop-file-utils

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps test-deps build run test soak demo bench install install-files uninstall clean

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

# glide decodes images in glide-image-decoder processes, found beside it (or in
# $(PREFIX)/libexec/glide once installed).
build: deps
	$(SWIFT) build -c release --product glide
	$(SWIFT) build -c release --product glide-image-decoder

# Without a compositor to show the window in, it says so and points to the demo, which
# brings its own.
run: build
	@socket="$${WAYLAND_DISPLAY:-wayland-0}"; case "$$socket" in /*) ;; *) socket="$${XDG_RUNTIME_DIR:-/nonexistent}/$$socket";; esac; \
	if [ ! -S "$$socket" ]; then \
		echo "make run: no Wayland compositor at $$socket. Run it in a GNOME or Sway session, or see 'make demo', which starts its own headless compositor and takes pictures."; \
		exit 1; \
	fi
	.build/release/glide

# The release binary is built too: some tests run it, since -O changes object lifetimes.
test: test-deps
	$(SWIFT) build -c release --product glide
	$(SWIFT) build -c release --product glide-image-decoder
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
	$(SWIFT) build -c release --product glide
	$(SWIFT) build -c release --product glide-image-decoder
	$(SWIFT) build -c release --product glide-demo
	.build/release/glide-demo demo

# Benchmarks are programs, not tests: they print figures as ratios to a baseline of the same run.
bench: deps
	$(SWIFT) run -c release glide-bench

# Installs the release binary, the desktop entry (its name is the app id), the icon and the
# bundled resources; the binary finds its resources in $(PREFIX)/share/glide.
install: build install-files

# The copying alone, for a release binary already built (the tests use it: they run inside a
# build and must not start another).
install-files:
	install -Dm755 .build/release/glide $(DESTDIR)$(PREFIX)/bin/glide
	install -Dm755 .build/release/glide-image-decoder $(DESTDIR)$(PREFIX)/libexec/glide/glide-image-decoder
	install -Dm644 resources/default-document.md $(DESTDIR)$(PREFIX)/share/glide/default-document.md
	install -Dm644 resources/dev.glide.Glide.desktop $(DESTDIR)$(PREFIX)/share/applications/dev.glide.Glide.desktop
	install -Dm644 resources/dev.glide.Glide.svg \
		$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/dev.glide.Glide.svg

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/glide \
		$(DESTDIR)$(PREFIX)/share/applications/dev.glide.Glide.desktop \
		$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/dev.glide.Glide.svg
	rm -rf $(DESTDIR)$(PREFIX)/share/glide $(DESTDIR)$(PREFIX)/libexec/glide

clean:
	rm -rf .build
