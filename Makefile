# SDLHaptics: every command a developer or CI needs. `make test` works on a fresh Debian machine:
# it installs the Debian packages it needs (through sudo when not root), builds, and runs every test.

SWIFT        ?= swift
APT_PACKAGES ?= libsdl2-dev libchipmunk-dev pkg-config binutils cmake valgrind
SUDO         := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
# Headless SDL for tests: no window, no sound card.
TEST_ENV     := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
# SDL3's folders for the root package's builds (HapticsSDL3 and the C library's SDL3 flavour compile against
# <SDL3/SDL.h>): nothing for a system SDL3 in the default paths, the test rig's after `make sdl3`
# (docs/sdl3.md). Empty, and so harmless, before the rig exists. The same flags on every build of the root,
# so SwiftPM does not rebuild everything between two targets.
SDL3_FLAGS    = $(shell scripts/sdl3-rig.sh --swift-flags 2>/dev/null)
# PKG_CONFIG_PATH with the rig's sdl3.pc first when the rig is in use, for the C library's SDL3 flavour and
# its checks (on a system with SDL3, the caller's PKG_CONFIG_PATH as it is).
WITH_SDL3_PC  = PKG_CONFIG_PATH="$$(scripts/sdl3-rig.sh --pkg-config-path)$${PKG_CONFIG_PATH:+:$$PKG_CONFIG_PATH}"

.PHONY: all deps sdl3 test-sdl3 build test bench-c c-library c-library3 c-library-all install uninstall check-c-library demo demo-headless hapticsctl bench felt fuzz presets plots examples soak leakcheck tsan clean help

all: build

help:
	@echo "make demo        install what is missing, build and play the demo game (window, gamepad or keyboard)"
	@echo "make demo-headless  run the demo's scripted tour headless; writes demo-trace.csv, demo-events.csv, demo.bmp"
	@echo "make test        install what is missing, build, run every test (headless SDL2 and SDL3)"
	@echo "make test-sdl3   only the tests through SDL3 (Tests/SDL3, its own package; docs/sdl3.md)"
	@echo "make sdl3        find SDL3 (pkg-config sdl3) or set up the pinned test rig in .build/sdl3-rig"
	@echo "make build       debug build of the package"
	@echo "make hapticsctl  release build of the command-line tool (.build/release/hapticsctl)"
	@echo "make bench       run the benchmarks in Benchmarks/ (release build)"
	@echo "make bench-c     posting through the C API next to the Swift post (Benchmarks/C/post_bench.c, docs/c-api.md),"
	@echo "                 the config watcher's idle cost (watch_cost.c) and virtual pad attach times (attach_bench.c)"
	@echo "make felt        what a player feels: SDLHaptics vs raw SDL, clip stepping, per-channel max and the limit (docs/performance.md)"
	@echo "make fuzz        run every libFuzzer target for FUZZ_SECONDS each (default 60)"
	@echo "make soak        24 simulated hours of random game events through mapping and engine (SOAK_HOURS)"
	@echo "make leakcheck   a short soak under valgrind's leak checker"
	@echo "make tsan        the concurrency tests under ThreadSanitizer"
	@echo "make plots       regenerate the SVG plots in docs/images"
	@echo "make presets     rebuild the library's built-in copy of Assets/Haptics/Presets after editing a preset"
	@echo "make examples    run each example in Demo/Examples headless"
	@echo "make c-library   the C library libsdlhaptics.so, release, stripped (.build-clib/c-library/)"
	@echo "make c-library3  its SDL3 flavour libsdlhaptics3.so (needs SDL3: the system's or make sdl3's rig)"
	@echo "make c-library-all  the C library and a hapticsctl that runs without Swift: what make install installs"
	@echo "make install     the C library (and its SDL3 flavour when pkg-config finds sdl3), header, pkg-config files, CMake package, hapticsctl, presets and default config (PREFIX, DESTDIR)"
	@echo "make uninstall   remove what make install put there (same PREFIX, DESTDIR)"
	@echo "make deps        only install the Debian packages ($(APT_PACKAGES))"

# Installs the Debian packages when SDL2's development files are not visible to pkg-config.
deps:
	@if ! command -v $(SWIFT) >/dev/null 2>&1; then \
		echo "error: '$(SWIFT)' not found: install Swift 6.1 or later (swift.org) and put it on PATH" >&2; exit 1; fi
	@if pkg-config --exists 'sdl2 >= 2.26' 2>/dev/null && [ -f /usr/include/chipmunk/chipmunk.h ] && \
		command -v readelf >/dev/null 2>&1 && command -v nm >/dev/null 2>&1 && command -v cmake >/dev/null 2>&1 && \
		command -v valgrind >/dev/null 2>&1; then \
		echo "deps: SDL2 $$(pkg-config --modversion sdl2), Chipmunk2D, binutils, CMake and valgrind found"; \
	else \
		echo "deps: installing $(APT_PACKAGES) with apt-get"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PACKAGES) && \
		pkg-config --exists 'sdl2 >= 2.26' || { echo "error: SDL2 >= 2.26 still not found by pkg-config" >&2; exit 1; }; \
		[ -f /usr/include/chipmunk/chipmunk.h ] || { echo "error: Chipmunk2D headers still missing (libchipmunk-dev)" >&2; exit 1; }; \
		command -v valgrind >/dev/null 2>&1 || { echo "error: valgrind still missing (make test runs a C session under it)" >&2; exit 1; }; \
	fi

# SDL3 for HapticsSDL3 and its tests: the system's, or the pinned test rig from PyPI (scripts/sdl3-rig.sh;
# needs python3 and pip, which it installs with apt-get when missing). Fails loudly when neither works.
sdl3: deps
	scripts/sdl3-rig.sh

build: deps sdl3
	$(SWIFT) build $(SDL3_FLAGS)

test: deps sdl3
	$(SWIFT) build --build-tests $(SDL3_FLAGS)
	$(TEST_ENV) $(SWIFT) test --skip-build
	scripts/test-sdl3.sh
	scripts/check-game-package.sh
	$(WITH_SDL3_PC) scripts/check-c-api.sh
	$(WITH_SDL3_PC) scripts/check-c-library.sh

# The tests through SDL3 alone (Tests/SDL3: a package of its own, so SDL2 never shares their process).
test-sdl3: deps sdl3
	SWIFT="$(SWIFT)" scripts/test-sdl3.sh

# The C library and its install (docs/c-library.md). scripts/c-library.sh does the work: a release
# build with the Swift runtime linked in, only the header's SDLH_ functions exported, a SONAME; the
# flags are passed on its command line, never in Package.swift.
PREFIX         ?= /usr/local
DESTDIR        ?=
LIBDIR         ?= $(PREFIX)/lib
INCLUDEDIR     ?= $(PREFIX)/include
BINDIR         ?= $(PREFIX)/bin
DATADIR        ?= $(PREFIX)/share/sdlhaptics
PKGCONFIGDIR   ?= $(LIBDIR)/pkgconfig
CMAKEDIR       ?= $(LIBDIR)/cmake/SDLHaptics
# What goes into $(DATADIR), as is: the one assets folder (the default config, its patterns and sounds,
# and the presets in Presets/).
CONFIG_SOURCE  ?= Assets/Haptics
C_LIBRARY_ENV  = SWIFT="$(SWIFT)" PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" LIBDIR="$(LIBDIR)" \
	INCLUDEDIR="$(INCLUDEDIR)" BINDIR="$(BINDIR)" DATADIR="$(DATADIR)" PKGCONFIGDIR="$(PKGCONFIGDIR)" CMAKEDIR="$(CMAKEDIR)" \
	CONFIG_SOURCE="$(CONFIG_SOURCE)"

c-library: deps
	$(C_LIBRARY_ENV) scripts/c-library.sh build

# The SDL3 flavour, libsdlhaptics3.so (docs/sdl3.md): with the system's SDL3, or the test rig's.
c-library3: deps sdl3
	$(WITH_SDL3_PC) $(C_LIBRARY_ENV) scripts/c-library.sh build3

# The library and a hapticsctl with the Swift runtime linked in: everything install installs.
c-library-all: deps
	$(C_LIBRARY_ENV) scripts/c-library.sh build-all

# No `deps` here: `sudo make install` after `make c-library-all` must not need swift on root's PATH.
install:
	$(C_LIBRARY_ENV) scripts/c-library.sh install

uninstall:
	$(C_LIBRARY_ENV) scripts/c-library.sh uninstall

# Installs into a temporary PREFIX and checks the library's dependencies, exported symbols, pkg-config
# and that uninstall leaves nothing (make test runs it).
check-c-library: deps sdl3
	$(WITH_SDL3_PC) scripts/check-c-library.sh

demo: deps
	$(SWIFT) build -c release --product haptics-demo
	$$($(SWIFT) build -c release --show-bin-path)/haptics-demo

demo-headless: deps
	$(SWIFT) build -c release --product haptics-demo
	$(TEST_ENV) $$($(SWIFT) build -c release --show-bin-path)/haptics-demo --headless --script Demo/Scripts/tour.jsonl \
		--trace demo-trace.csv --events demo-events.csv --screenshot demo.bmp

hapticsctl: deps
	$(SWIFT) build -c release --product hapticsctl $(SDL3_FLAGS)
	@echo "built .build/release/hapticsctl"

bench: deps
	cd Benchmarks && $(SWIFT) package --scratch-path ../.build-bench benchmark --no-progress

# Posting one event through the C API next to GameHaptics.post, and a frame of 10,000 posts (issue 16;
# docs/c-api.md, "Performance"); then the watcher's idle cost and virtual pad attach times (issue 31).
# All built in release mode; the C programs link the release library.
bench-c: deps
	$(SWIFT) build -c release --product sdlhaptics
	$(SWIFT) build -c release --product haptics-post-bench
	cc -std=c99 -O2 -Wall -Wextra -pedantic -Werror -Iinclude $$(pkg-config --cflags sdl2) Benchmarks/C/post_bench.c \
		-o "$$($(SWIFT) build -c release --show-bin-path)/post-bench-c" -L"$$($(SWIFT) build -c release --show-bin-path)" -lsdlhaptics $$(pkg-config --libs sdl2)
	$(TEST_ENV) LD_LIBRARY_PATH="$$($(SWIFT) build -c release --show-bin-path)" "$$($(SWIFT) build -c release --show-bin-path)/post-bench-c" Assets/Haptics/haptics.toml
	$(TEST_ENV) "$$($(SWIFT) build -c release --show-bin-path)/haptics-post-bench" Assets/Haptics/haptics.toml
	@# Issue 31 (docs/reliability.md, "Budgets"): the config watcher while an 8 MiB config does not change
	@# (every 0.01 s, then every 0.25 s), and what attaching virtual pads costs.
	for program in watch_cost attach_bench; do \
		cc -std=c99 -O2 -Wall -Wextra -pedantic -Werror -Iinclude $$(pkg-config --cflags sdl2) Benchmarks/C/$$program.c \
			-o "$$($(SWIFT) build -c release --show-bin-path)/$$program-c" -L"$$($(SWIFT) build -c release --show-bin-path)" -lsdlhaptics $$(pkg-config --libs sdl2) || exit 1; \
	done
	$(TEST_ENV) LD_LIBRARY_PATH="$$($(SWIFT) build -c release --show-bin-path)" "$$($(SWIFT) build -c release --show-bin-path)/watch_cost-c" "$${TMPDIR:-/tmp}" 0.01
	$(TEST_ENV) LD_LIBRARY_PATH="$$($(SWIFT) build -c release --show-bin-path)" "$$($(SWIFT) build -c release --show-bin-path)/watch_cost-c" "$${TMPDIR:-/tmp}" 0.25
	$(TEST_ENV) LD_LIBRARY_PATH="$$($(SWIFT) build -c release --show-bin-path)" "$$($(SWIFT) build -c release --show-bin-path)/attach_bench-c" 1024

# What a player feels (issues 20, 24): re-captures the demo tour's game events, then runs every input through
# SDLHaptics, the usual approaches and the limit (the best drive through the same pad link, found offline;
# its solved channels are cached in .build/felt-limit-cache) on an independent ERM felt model (Tools/Felt)
# and rewrites the "What a player feels" section of docs/performance.md, the README's summary line and
# docs/images/felt-bursts.svg. For iterating: haptics-felt --class NAME, --no-limit, --export DIR.
felt: deps
	$(SWIFT) build -c release --product haptics-demo
	$(SWIFT) build -c release --product haptics-felt
	$(TEST_ENV) $$($(SWIFT) build -c release --show-bin-path)/haptics-demo --headless --silent \
		--script Demo/Scripts/tour.jsonl --game-events Demo/Scripts/tour-events.jsonl
	$$($(SWIFT) build -c release --show-bin-path)/haptics-felt --write

FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= AHAPDecoding ConfigParsing MappingSimulation

fuzz: deps
	@for target in $(FUZZ_TARGETS); do scripts/fuzz.sh $$target $(FUZZ_SECONDS) || exit 1; done

presets:
	scripts/embed-presets.sh

# Regenerates every SVG plot in docs/images (presets, motor mapping) with `hapticsctl render`.
plots: deps
	scripts/plots.sh

examples: deps
	$(SWIFT) build --product example-pattern-on-pad $(SDL3_FLAGS)
	$(SWIFT) build --product example-generator-on-button $(SDL3_FLAGS)
	$(SWIFT) build --product example-collision-by-config $(SDL3_FLAGS)
	$(TEST_ENV) $$($(SWIFT) build --show-bin-path)/example-pattern-on-pad --headless --frames 240
	$(TEST_ENV) $$($(SWIFT) build --show-bin-path)/example-generator-on-button --headless --frames 180
	$(TEST_ENV) $$($(SWIFT) build --show-bin-path)/example-collision-by-config --headless --frames 300

SOAK_HOURS ?= 24
LEAK_HOURS ?= 0.05

# Simulated hours at 60 frames per second of random game events (docs/reliability.md).
soak: deps
	$(SWIFT) build -c release --product haptics-soak
	$$($(SWIFT) build -c release --show-bin-path)/haptics-soak --hours $(SOAK_HOURS)

# A short soak under valgrind: "definitely lost" and "indirectly lost" must be 0. Valgrind 3.19 cannot
# read the DWARF 5 that Swift 6.3 links in, so the binary it runs has its debug sections stripped.
leakcheck: deps
	@command -v valgrind >/dev/null 2>&1 || { echo "deps: installing valgrind"; $(SUDO) apt-get install -y -qq valgrind; }
	$(SWIFT) build -c release --product haptics-soak
	mkdir -p .build-leak && cp "$$($(SWIFT) build -c release --show-bin-path)/haptics-soak" .build-leak/haptics-soak
	strip --strip-debug .build-leak/haptics-soak
	valgrind --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=1 \
		.build-leak/haptics-soak --hours $(LEAK_HOURS) --config Assets/Haptics/haptics.toml

# Posting from 8 threads while the game thread updates, config reloads, generators, the trigger watchdog: under TSan.
tsan: deps sdl3
	$(TEST_ENV) $(SWIFT) test $(SDL3_FLAGS) --sanitize=thread --scratch-path .build-tsan --filter "concurrentPosting|hotReload|GeneratorTests|AdaptiveTriggersThroughSDLTests"

clean:
	rm -rf .build .build-fuzz .build-tsan .build-bench .build-leak .build-clib Benchmarks/.build
