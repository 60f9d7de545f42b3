# The two commands of the README: `make demo` and `make test`. Everything else is a step of them.
JOBS ?= $(shell nproc)

.PHONY: deps configure build test demo bench deb fuzz test-sanitize test-sanitize-core clean

deps:
	bash scripts/install-deps

configure:
	@test -f build/build.ninja || cmake --preset release

build: configure
	cmake --build build -j $(JOBS)

test: deps build
	ctest --test-dir build --output-on-failure -j $(JOBS)

demo: deps build
	bash scripts/demo

bench: build
	./build/bin/arena bench wumpus

# The libFuzzer executables (clang, ASan+UBSan) in build-fuzz/bin; docs/fuzzing.md runs them.
# `make test` runs the same targets through a plain driver in the release build instead.
fuzz:
	@test -f build-fuzz/build.ninja || cmake --preset fuzz
	cmake --build --preset fuzz -j $(JOBS)

# The whole suite under ASan + UBSan (gcc) in build-sanitize/ (docs/sanitizers.md). The install
# and package tests are left out: they link the installed static libraries with plain cc, which
# has no sanitizer runtime.
test-sanitize: deps
	@test -f build-sanitize/build.ninja || cmake --preset sanitize
	cmake --build --preset sanitize -j $(JOBS)
	ctest --preset sanitize -j $(JOBS)

# The share of the sanitizer run that CI runs after `make test` (docs/sanitizers.md): the core's
# tests (hub, framers, codecs, processes, sandbox) and the sandbox helper under ASan + UBSan,
# built alone in build-sanitize/, a few minutes instead of the whole tree's half hour.
test-sanitize-core: deps
	@test -f build-sanitize/build.ninja || cmake --preset sanitize
	cmake --build build-sanitize -j $(JOBS) --target arena-sandbox-exec arena_core_tests
	ctest --preset sanitize -L '^arena_core_' -j $(JOBS)

# The Debian package build/arena_<version>_<arch>.deb (`sudo apt install ./build/arena_*.deb`).
deb: deps build
	cd build && cpack -G DEB

clean:
	rm -rf build build-fuzz build-sanitize
