# Thin wrapper: install build packages if missing, configure, build, run.
# Quick start: `make demo` (build and run on sample hands), `make test` (whole suite).

SHELL      := /bin/bash
BUILD      ?= build
SAN_BUILD  ?= build-sanitize
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := notation request settle lines words session answer
# Inputs up to 8 KiB, and up to 256 KiB where a line can be long (deep nesting, long words).
FUZZ_MAX_LEN := 8192
FUZZ_MAX_LEN_session := 262144
FUZZ_MAX_LEN_settle := 262144
FUZZ_MAX_LEN_request := 262144
FUZZ_MAX_LEN_words := 262144
FUZZ_MAX_LEN_answer := 262144
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
PACKAGES   := cmake make g++ libcli11-dev nlohmann-json3-dev catch2 libedit-dev pkgconf
# The suite also runs the README's and man page's examples, which pipe into jq; the fuzz
# smoke that follows it in CI needs clang-14 and its libFuzzer runtime.
FUZZ_PACKAGES := clang-14 libclang-rt-14-dev
# `make format-check`, which CI runs after the suite.
FORMAT_PACKAGES := clang-format-14
# The install tests: man, pkg-config, dpkg-shlibdeps for the .deb, and the shells whose
# completions the suite runs.
INSTALL_PACKAGES := man-db pkgconf dpkg-dev file zsh fish
# The page tests: Debian's Chromium, its driver and Selenium for Python (never a download),
# and a CJK font so that their screenshots show the Chinese page, not empty boxes.
WEB_TEST_PACKAGES := chromium chromium-driver python3-selenium fonts-noto-cjk
TEST_PACKAGES := jq $(FUZZ_PACKAGES) $(FORMAT_PACKAGES) $(INSTALL_PACKAGES) $(WEB_TEST_PACKAGES)
# CI only (.ci/run): ccache, so that the install tests' two more builds of the same sources
# (the package's and the library alone's) take seconds instead of minutes. The native build
# goes through it wherever it is installed (the install tests build as it did).
CI_PACKAGES := ccache
LAUNCHER    = $(if $(shell command -v ccache 2>/dev/null),-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
SOURCES     = $(shell find lib cli tests fuzz bench web -name '*.cpp' -o -name '*.hpp' | sort)
QIANMJ     := $(BUILD)/cli/qianmj
PREFIX     ?= /usr/local
PKG_BUILD  ?= build-package
WEB_BUILD  ?= build-web
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps test-deps ci-deps configure build demo test install uninstall package web sanitize fuzz fuzz-smoke bench bench-words exhaustive docs format format-check clean

all: build

# Installs only what is missing (Debian/Ubuntu), so a second run touches nothing.
define install_missing
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call install_missing,$(PACKAGES))

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(LAUNCHER)

configure: deps $(BUILD)/CMakeCache.txt

build: configure
	cmake --build $(BUILD) -j $(JOBS)

demo: configure
	cmake --build $(BUILD) -j $(JOBS) --target qianmj_cli
	$(QIANMJ) score 23445677筒345789条 --zimo --zh
	@echo
	$(QIANMJ) score '11224444557799万' --win 9m --dealer payer --streak 2 --payer-baoting --zh
	@echo
	$(QIANMJ) waits '[555万] 2344567筒 345条' --zh
	@echo
	$(QIANMJ) advise 112233557799m4p6s --zh --top 3

ci-deps:
	$(call install_missing,$(CI_PACKAGES))

test-deps:
	$(call install_missing,$(TEST_PACKAGES))

test: build test-deps web
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The program, its man page and completions, and the library for other projects, under
# $(PREFIX) (default /usr/local); DESTDIR stages them elsewhere. Run as root, or with sudo,
# for a system prefix. `make uninstall` (with the same DESTDIR) removes what the last
# install put.
install: build
	DESTDIR=$(DESTDIR) cmake --install $(BUILD) --prefix $(PREFIX)

uninstall:
	@test -f $(BUILD)/install_manifest.txt || { echo "nothing installed from $(BUILD)"; exit 1; }
	sed 's|^|$(DESTDIR)|' $(BUILD)/install_manifest.txt | xargs -d '\n' rm -f

# Debian packages (qianmj_*.deb, the program; libqianmj-dev_*.deb, the library) in
# $(PKG_BUILD)/, built for the prefix /usr: `sudo apt-get install ./build-package/qianmj_*.deb`.
package: deps
	$(call install_missing,dpkg-dev file)
	cmake -S . -B $(PKG_BUILD) -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr -DQIANMJ_TESTS=OFF
	cmake --build $(PKG_BUILD) -j $(JOBS)
	cd $(PKG_BUILD) && cpack
	@ls -l $(PKG_BUILD)/*.deb

# qianmj.js + qianmj.wasm (the library for JavaScript: web/qianmj_web.cpp) in $(WEB_BUILD)/web/,
# and the page that runs it, $(WEB_BUILD)/site/ (web/site/, the module, a service worker),
# with Debian's emscripten. NODE_PATH: emcc's JS optimizer needs acorn, which Debian puts in
# /usr/share/nodejs, where a node not from Debian does not look. Built for size (MinSizeRel,
# -Os): the page's first load must stay under 500 KB gzipped. Measured (.wasm bytes, gzip -9;
# the median answer over the 1,901 golden requests of web.equivalence under node, 3 runs side
# by side): -O3 before the table was packed 1.75 MB (578 KB), 46-51 µs; -O2 packed 1.49 MB
# (453 KB), 48-67 µs; -Os packed 1.01 MB (327 KB), 169-199 µs, far under a tap's 50 ms.
web:
	$(call install_missing,emscripten nlohmann-json3-dev)
	NODE_PATH=/usr/share/nodejs emcmake cmake -S . -B $(WEB_BUILD) -DCMAKE_BUILD_TYPE=MinSizeRel
	NODE_PATH=/usr/share/nodejs cmake --build $(WEB_BUILD) -j $(JOBS) --target qianmj_site
	@ls -l $(WEB_BUILD)/web/qianmj.js $(WEB_BUILD)/web/qianmj.wasm
	@echo "The page: $(WEB_BUILD)/site/ (try: python3 -m http.server -d $(WEB_BUILD)/site)"

# The whole suite under AddressSanitizer + UndefinedBehaviorSanitizer, at -O1 (five times
# faster than -O0 here) with line tables only (-g1: every report still has its file and line,
# and a test file compiles in three quarters of the time of -g). The install tests
# (-L install) are left out: they build the project again, unsanitized, and run no code of
# its own; so is the web build's check (-L web), which compares the wasm module with the
# program and is run by `make test`.
sanitize: deps test-deps
	cmake -S . -B $(SAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-g1 -O1" -DQIANMJ_SANITIZE=ON
	cmake --build $(SAN_BUILD) -j $(JOBS)
	cd $(SAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j $(JOBS) -LE 'install|web'

# libFuzzer (clang-14, ASan + UBSan): each target for FUZZ_SECONDS (default 60), starting
# from the inputs kept in tests/fuzz/<target>/; new corpus in $(FUZZ_BUILD)/corpus, crash
# inputs in $(FUZZ_BUILD)/artifacts. Keep every crash input under tests/fuzz/<target>/.
fuzz: deps
	$(call install_missing,$(FUZZ_PACKAGES))
	CC=clang-14 CXX=clang++-14 cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DQIANMJ_FUZZ=ON -DQIANMJ_TESTS=OFF
	cmake --build $(FUZZ_BUILD) -j $(JOBS) $(foreach t,$(FUZZ_TARGETS),--target fuzz_$(t))
	@for t in $(FUZZ_TARGETS); do \
	  case $$t in session) len=$(FUZZ_MAX_LEN_session);; settle) len=$(FUZZ_MAX_LEN_settle);; \
	    request) len=$(FUZZ_MAX_LEN_request);; words) len=$(FUZZ_MAX_LEN_words);; \
	    answer) len=$(FUZZ_MAX_LEN_answer);; \
	    *) len=$(FUZZ_MAX_LEN);; esac; \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$t $(FUZZ_BUILD)/artifacts/$$t && \
	  echo "== fuzz_$$t for $(FUZZ_SECONDS) s" && \
	  $(FUZZ_BUILD)/fuzz/fuzz_$$t $(FUZZ_BUILD)/corpus/$$t tests/fuzz/$$t -max_total_time=$(FUZZ_SECONDS) \
	    -max_len=$$len -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_BUILD)/artifacts/$$t/ 2>&1 | grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|==|SUMMARY|Done)" ; \
	  status=$${PIPESTATUS[0]}; [ $$status -eq 0 ] || { echo "fuzz_$$t failed: see $(FUZZ_BUILD)/artifacts/$$t"; exit 1; }; \
	done

# CI's fuzz smoke: every target for 20 s; fails on any crash, hang or sanitizer report.
fuzz-smoke:
	$(MAKE) fuzz FUZZ_SECONDS=20

# The tree is formatted with .clang-format: `make format` rewrites it, `make format-check`
# (in CI) fails on any difference and names the file and line.
format:
	clang-format-14 -i $(SOURCES)

format-check:
	clang-format-14 --dry-run --Werror $(SOURCES)

# Speed, measured (never asserted in a test): see bench/bench.cpp.
bench: build
	cmake --build $(BUILD) -j $(JOBS) --target qianmj_bench
	$(BUILD)/bench/qianmj_bench

# The words reader alone: ns a byte at 1x, 2x, 4x and 8x a size (flat: linear), near and over
# the limits, and ordinary tables in words beside the same tables in JSON (seconds).
bench-words: configure
	cmake --build $(BUILD) -j $(JOBS) --target qianmj_bench_words
	$(BUILD)/bench/qianmj_bench_words

# Every two-suit 13-tile hand, table against brute force; and the advice oracle (ADVICE O1)
# over every one-suit hand and a million multi-suit ones (minutes; not in CI).
exhaustive: build
	cmake --build $(BUILD) -j $(JOBS) --target qianmj_exhaustive
	$(BUILD)/bench/qianmj_exhaustive
	$(BUILD)/tests/qianmj_tests "[.exhaustive]"

# docs/rules.md is made from lib/src/rules/*/rules.md and the house-rule table, completions/
# from the option table, the man pages from man/qianmj.1.src; the suite fails when any is out
# of date.
docs: build
	$(QIANMJ) rules --markdown > docs/rules.md
	QIANMJ_UPDATE_DOCS=1 $(BUILD)/tests/qianmj_tests "Docs: README's house-rule table*"
	QIANMJ_UPDATE_DOCS=1 $(BUILD)/tests/qianmj_tests "Docs: man/qianmj.1 and man/zh/qianmj.1*"
	QIANMJ_UPDATE_DOCS=1 $(BUILD)/tests/qianmj_tests "Completions: completions/ hold*"

clean:
	rm -rf $(BUILD) $(SAN_BUILD) $(FUZZ_BUILD) $(PKG_BUILD) $(WEB_BUILD)
