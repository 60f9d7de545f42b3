#!/usr/bin/env bash
# Arena as a user installs it, in two ways:
#   1. `cmake --install` of this build into a temporary prefix P: the expected files are there
#      (P/bin holds exactly `arena` and Evolution's course executables), no installed file names
#      the source or build directory, and the installed programs work with both directories out
#      of sight: `arena --version`, a Wumpus match, an Evolution harness on a worked example of the
#      spec, and an Evolution match with the installed `xclient` as a seat.
#   2. `cpack -G DEB` into a temporary directory: the package's control fields (Depends computed
#      by dpkg-shlibdeps, with libc6), its files under /usr, and the same checks on the programs
#      extracted with `dpkg-deb -x`. The package is never installed into the system here.
#
# "Out of sight" is a private mount namespace (`unshare -rm`) in which the source and build
# directories are empty tmpfs mounts; where the kernel forbids that, the checks run without it
# and only the path scan of step 1 guards against references to the source tree.
#
# Usage: package_test.sh BUILD_DIR SOURCE_DIR VERSION LIBDIR
set -euo pipefail

build=$(cd "$1" && pwd -P)
src=$(cd "$2" && pwd -P)
version=$3
libdir=$4

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

work=$(mktemp -d "${TMPDIR:-/tmp}/arena-package-test.XXXXXX")
work=$(cd "$work" && pwd -P)
trap 'rm -rf "$work"' EXIT
case "$work/" in
"$src"/* | "$build"/*) fail "the temporary directory $work lies inside the source or build tree" ;;
esac

harnesses="xattack xclient xfeed xmain xserver xsilly xstep xstep4 xstream"
# Empire Builder's programs (spec §1), listed by ls before the harnesses.
empire_programs="eb-astar eb-client eb-server"
wumpus_args=(play wumpus --seat hero=bot:reference --seed 1)

# What the programs of the build tree answer: the installed ones must answer the same.
expected_wumpus=$("$build/bin/arena" "${wumpus_args[@]}")
expected_evolution=$("$build/bin/arena" play evolution --seat p1=bot:silly --seat p2=bot:silly \
	--seat "p3=$build/bin/xclient" --seed 7)
[ -n "$expected_wumpus" ] && [ -n "$expected_evolution" ] || fail "the build tree's arena printed nothing"
printf '%s\n' "$expected_wumpus" >"$work/expected_wumpus"
printf '%s\n' "$expected_evolution" >"$work/expected_evolution"
cp "$src/games/evolution/testdata/xstep_10.3.1.in" "$work/xstep.in"
cp "$src/games/evolution/testdata/xstep_10.3.1.out" "$work/xstep.out"

# The checks on installed programs, run with the source and build trees hidden. $1 is the prefix
# (P, or the extracted package's usr/).
cat >"$work/run_installed.sh" <<'EOF'
set -eu
P=$1 work=$2 version=$3 hidden=$4
fail() {
	echo "FAIL ($P): $*" >&2
	exit 1
}
for d in $hidden; do
	[ -z "$(ls -A "$d")" ] || fail "$d is still visible"
done
cd "$work"
out=$("$P/bin/arena" --version) || fail "arena --version failed"
[ "$out" = "arena $version" ] || fail "arena --version printed '$out', expected 'arena $version'"
"$P/bin/arena" play wumpus --seat hero=bot:reference --seed 1 >wumpus.txt || fail "arena play wumpus failed"
cmp -s wumpus.txt expected_wumpus || fail "arena play wumpus printed '$(cat wumpus.txt)', expected '$(cat expected_wumpus)'"
"$P/bin/xstep" <xstep.in >xstep.txt || fail "xstep failed on the worked example 10.3.1"
[ "$(tr -d ' \t\r\n' <xstep.txt)" = "$(tr -d ' \t\r\n' <xstep.out)" ] ||
	fail "xstep on 10.3.1 printed $(cat xstep.txt), expected $(cat xstep.out)"
"$P/bin/arena" play evolution --seat p1=bot:silly --seat p2=bot:silly --seat "p3=$P/bin/xclient" \
	--seed 7 >evolution.txt || fail "arena play evolution with the installed xclient failed"
cmp -s evolution.txt expected_evolution || fail "arena play evolution printed '$(cat evolution.txt)'"
# A program seat confined by the installed sandbox (its helper in libexec): the installed arena
# itself as the hero's program.
"$P/bin/arena" play wumpus --seat "hero=$P/bin/arena bot wumpus reference" --seed 1 >confined.txt ||
	fail "arena play wumpus with a confined program seat failed: $(cat confined.txt)"
grep -q "hero scored" confined.txt || fail "arena play wumpus (confined) printed '$(cat confined.txt)'"
echo "ok: $P runs (arena --version, play wumpus, xstep, play evolution with xclient, a confined seat)"
EOF

hidden="$src"
case "$build/" in "$src"/*) ;; *) hidden="$hidden $build" ;; esac
hide_mounts=""
for d in $hidden; do hide_mounts="$hide_mounts mount -t tmpfs arena-hidden '$d' &&"; done
run_installed() {
	if [ -n "$sandbox" ]; then
		unshare -rm sh -c "$hide_mounts env -i PATH=/usr/bin:/bin HOME='$work' sh '$work/run_installed.sh' '$1' '$work' '$version' '$hidden'" ||
			fail "the installed programs under $1 do not work with $hidden hidden"
	else
		env -i PATH=/usr/bin:/bin HOME="$work" sh "$work/run_installed.sh" "$1" "$work" "$version" "" ||
			fail "the installed programs under $1 do not work"
	fi
}
sandbox=yes
if ! unshare -rm sh -c "$hide_mounts [ -z \"\$(ls -A '$src')\" ]" 2>/dev/null; then
	echo "note: cannot hide $hidden (unshare -rm is not permitted here); running the installed programs without hiding"
	sandbox=""
fi

# 1. cmake --install.
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 || {
	cat "$work/install.log" >&2
	fail "cmake --install"
}
bin_list=$(ls "$prefix/bin" | tr '\n' ' ')
[ "$bin_list" = "arena $empire_programs $harnesses " ] ||
	fail "P/bin holds '$bin_list', expected 'arena $empire_programs $harnesses '"
for f in include/dracula/Game.h include/dracula/hunter.h "$libdir/libdracula-hunter.a" \
	"$libdir/pkgconfig/dracula-hunter.pc" share/doc/arena/README.md share/doc/arena/docs/cli.md \
	share/doc/arena/examples/wumpus/example_bot.py share/doc/arena/examples/dracula/hunter.c \
	share/arena/maps/simple-game share/arena/maps/seed-example; do
	[ -f "$prefix/$f" ] || fail "cmake --install did not install $f"
done
for d in "$src" "$build"; do
	if refs=$(grep -rlF "$d" "$prefix"); then
		fail "installed files name $d: $refs"
	fi
done
run_installed "$prefix"

# 2. The Debian package.
for tool in cpack dpkg-deb; do
	command -v $tool >/dev/null || fail "$tool is not installed"
done
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/deb" >"$work/cpack.log" 2>&1 || {
	cat "$work/cpack.log" >&2
	fail "cpack -G DEB"
}
arch=$(dpkg --print-architecture)
deb=$work/deb/arena_${version}_${arch}.deb
[ -f "$deb" ] || fail "cpack wrote no $(basename "$deb"): $(ls "$work/deb")"
dpkg-deb -I "$deb" >"$work/control.txt" || fail "dpkg-deb -I cannot read the package"
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = arena ] || fail "Package is '$(field Package)'"
[ "$(field Version)" = "$version" ] || fail "Version is '$(field Version)', expected $version"
[ "$(field Architecture)" = "$arch" ] || fail "Architecture is '$(field Architecture)'"
[ -n "$(field Maintainer)" ] || fail "no Maintainer field"
[ -n "$(field Description)" ] || fail "no Description field"
depends=$(field Depends)
case ", $depends," in
*", libc6 ("*) ;;
*) fail "Depends ('$depends') does not list libc6: is dpkg-shlibdeps (dpkg-dev) installed?" ;;
esac
case ", $depends," in
*", libstdc++6 ("*) ;;
*) fail "Depends ('$depends') does not list libstdc++6" ;;
esac
root=$work/root
dpkg-deb -x "$deb" "$root" || fail "dpkg-deb -x"
[ ! -e "$root/usr/local" ] || fail "the package installs into /usr/local"
for h in arena $empire_programs $harnesses; do
	[ -x "$root/usr/bin/$h" ] || fail "the package has no /usr/bin/$h"
done
grep -qx 'prefix=/usr' "$root/usr/$libdir/pkgconfig/dracula-hunter.pc" ||
	fail "dracula-hunter.pc in the package does not say prefix=/usr: $(grep '^prefix' "$root/usr/$libdir/pkgconfig/dracula-hunter.pc")"
[ -f "$root/usr/share/doc/arena/README.md" ] || fail "the package has no /usr/share/doc/arena/README.md"
run_installed "$root/usr"
echo "ok: $(basename "$deb"), Depends: $depends"
