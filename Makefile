# The two commands of the README: `make demo` and `make test`. Everything else is a step of them.
JOBS ?= $(shell nproc)

.PHONY: deps configure build test demo bench clean

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

clean:
	rm -rf build
