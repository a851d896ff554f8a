# Thin wrapper: install build packages if missing, configure, build, run.
# Quick start: `make demo` (build and run on sample hands), `make test` (whole suite).

BUILD      ?= build
SAN_BUILD  ?= build-sanitize
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
PACKAGES   := cmake make g++ libcli11-dev nlohmann-json3-dev catch2
QIANMJ     := $(BUILD)/cli/qianmj
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps configure build demo test sanitize bench exhaustive clean

all: build

# Installs only what is missing (Debian/Ubuntu), so a second run touches nothing.
deps:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

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

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The whole suite under AddressSanitizer + UndefinedBehaviorSanitizer.
sanitize: deps
	cmake -S . -B $(SAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DQIANMJ_SANITIZE=ON
	cmake --build $(SAN_BUILD) -j $(JOBS)
	cd $(SAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j $(JOBS)

# Speed, measured (never asserted in a test): see bench/bench.cpp.
bench: build
	cmake --build $(BUILD) -j $(JOBS) --target qianmj_bench
	$(BUILD)/bench/qianmj_bench

# Every two-suit 13-tile hand, table against brute force (minutes; not in CI).
exhaustive: build
	cmake --build $(BUILD) -j $(JOBS) --target qianmj_exhaustive
	$(BUILD)/bench/qianmj_exhaustive

clean:
	rm -rf $(BUILD) $(SAN_BUILD)
