#!/bin/sh
# The Fury of Dracula C API as a user sees it (spec §5, §6):
#   1. `cmake --install` of the current build into a temporary prefix;
#   2. the installed headers compile alone and together as C11 and C++17 with -Wall -Werror, and
#      a submission's own helpers (sortPlaces, placeIdCmp, its own Map.c) never collide with ours;
#   3. the C examples build with `cc file.c $(pkg-config --cflags --libs dracula-...)`, the
#      reference AIs' ones with `dracula-ai` beside the driver library;
#   4. the course-style test program passes;
#   5. the built players answer sample requests in process and persistent modes with legal move
#      lines, and the driver keeps its contract: debug prints on stderr, exit 3 on a bad request,
#      _exit(42) at the deadline with the moves registered before it, JSON escaping, `done` lines;
#   6. those players play a whole game in the referee (`arena play dracula`).
#
# Usage: install_test.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -eu

build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
mkdir -p "$3"
work=$(cd "$3" && pwd)
CC=${CC:-cc}
CXX=${CXX:-c++}
examples=$src/examples/dracula

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix

# 1. Install.
cmake --install "$build" --prefix "$prefix" --component dracula >"$work/install.log" ||
	fail "cmake --install (see $work/install.log)"
for h in Game.h Places.h Map.h GameView.h HunterView.h DraculaView.h hunter.h dracula.h testUtils.h \
	ReferenceAI.h; do
	[ -f "$prefix/include/dracula/$h" ] || fail "missing include/dracula/$h"
done
for l in views hunter dracula ai; do
	[ -f "$prefix/lib/libdracula-$l.a" ] || fail "missing lib/libdracula-$l.a"
	[ -f "$prefix/lib/pkgconfig/dracula-$l.pc" ] || fail "missing lib/pkgconfig/dracula-$l.pc"
done
PKG_CONFIG_PATH=$prefix/lib/pkgconfig
export PKG_CONFIG_PATH
for l in views hunter dracula ai; do
	pkg-config --exists "dracula-$l" || fail "pkg-config does not know dracula-$l"
done
case "$(pkg-config --cflags dracula-views)" in
*"$prefix/include/dracula"*) ;;
*) fail "dracula-views Cflags do not point into the prefix: $(pkg-config --cflags dracula-views)" ;;
esac

# 2. Headers: each alone, then all together, as C11 and C++17.
cd "$work"
for h in Game.h Places.h Map.h GameView.h HunterView.h DraculaView.h hunter.h dracula.h testUtils.h \
	ReferenceAI.h; do
	printf '#include "%s"\n' "$h" >one.c
	$CC -std=gnu11 -Wall -Wextra -Werror $(pkg-config --cflags dracula-views) -c one.c -o one.o ||
		fail "$h does not compile alone as C11"
done
cat >all.c <<'EOF'
#include "DraculaView.h"
#include "Game.h"
#include "GameView.h"
#include "HunterView.h"
#include "Map.h"
#include "Places.h"
#include "ReferenceAI.h"
#include "dracula.h"
#include "hunter.h"
#include "testUtils.h"
#include "Game.h"
#include "Places.h"
/* Transitive includes course code relies on (§5.1). */
static bool flag(void) { return placeIsLand(CITY_UNKNOWN) && transportTypeIsValid(ROAD); }
int use(void) { Message m = ""; (void) m; return flag() + NUM_REAL_PLACES + (int) sizeof(Round); }
EOF
$CC -std=gnu11 -Wall -Wextra -Werror $(pkg-config --cflags dracula-views) -c all.c -o all_c.o ||
	fail "the headers do not compile as C11"
cp all.c all.cc
$CXX -std=c++17 -Wall -Wextra -Werror $(pkg-config --cflags dracula-views) -c all.cc -o all_cc.o ||
	fail "the headers do not compile as C++17"

# 3. Build the examples as a user would.
$CC "$examples/hunter.c" $(pkg-config --cflags --libs dracula-hunter) -o hunter || fail "build hunter"
$CC "$examples/dracula.c" $(pkg-config --cflags --libs dracula-dracula) -o dracula || fail "build dracula"
$CC "$examples/testViews.c" $(pkg-config --cflags --libs dracula-views) -o testViews ||
	fail "build testViews"
$CC "$src/games/dracula/capi/tests/slow_hunter.c" $(pkg-config --cflags --libs dracula-hunter) \
	-o slow_hunter || fail "build slow_hunter"
$CC "$examples/referenceHunter.c" $(pkg-config --cflags --libs dracula-ai dracula-hunter) \
	-o referenceHunter || fail "build referenceHunter"
$CC "$examples/referenceDracula.c" $(pkg-config --cflags --libs dracula-ai dracula-dracula) \
	-o referenceDracula || fail "build referenceDracula"
# A submission with its own sortPlaces, placeIdCmp and Map.c (§5.10) links without collisions.
$CC -std=gnu11 -O2 "$src/games/dracula/capi/tests/own_helpers.c" "$src/games/dracula/capi/Map.c" \
	$(pkg-config --cflags --libs dracula-hunter) -o own_helpers || fail "build own_helpers"

# 4. The course-style test program.
./testViews >testViews.out 2>testViews.err || {
	cat testViews.out testViews.err >&2
	fail "testViews"
}

# 5. Players. Every stdout line must be protocol (the AIs' printf output goes to stderr);
# `move_of FILE` prints the move of the last move line.
check_protocol() {
	if grep -v -E '^\{("turn":[0-9]+,)?"move":"[A-Z0-9?]{2}","message":"([^"\\]|\\.)*"\}$|^\{"turn":[0-9]+,"done":true\}$' "$1" >&2; then
		fail "non-protocol output on stdout in $2"
	fi
}
move_of() {
	sed -n 's/.*"move":"\([^"]*\)".*/\1/p' "$1" | tail -n 1
}
expect_in() { # MOVE SET DESCRIPTION
	case " $2 " in
	*" $1 "*) ;;
	*) fail "$3: move '$1' not in {$2}" ;;
	esac
}

v4='{"past_plays":"GST.... SAO.... HZU.... MBB.... DC?.V..","messages":["","","","",""]}'
v26='{"past_plays":"GGE.... SGE.... HGE.... MGE.... DCD.V.. GGE.... SGE.... HGE.... MGE....","messages":["","","","","","","","",""]}'
round0_d='{"past_plays":"GST.... SAO.... HZU.... MBB....","messages":["a","b","c","d"]}'
ST_MOVES="ST BU CO FR GE MU NU PA ZU"
V26_MOVES="GA KL HI D1"

for bin in hunter own_helpers referenceHunter; do
	printf '%s' "$v4" | ./$bin >out.txt 2>err.txt || fail "$bin exit status $?"
	check_protocol out.txt "$bin on V4"
	expect_in "$(move_of out.txt)" "$ST_MOVES" "$bin on V4"
	if [ $bin = hunter ]; then
		grep -q "hunter 0, round 1" err.txt || fail "the hunter's printf did not reach stderr"
	fi
	printf '{"past_plays":"","messages":[]}' | ./$bin >out.txt 2>err.txt || fail "$bin round 0"
	check_protocol out.txt "$bin round 0"
	m=$(move_of out.txt)
	echo "$m" | grep -q -E '^[A-Z]{2}$' || fail "$bin round 0: move '$m'"
done

for bin in dracula referenceDracula; do
	printf '%s' "$v26" | ./$bin >out.txt 2>err.txt || fail "$bin exit status"
	check_protocol out.txt "$bin on V26"
	expect_in "$(move_of out.txt)" "$V26_MOVES" "$bin on V26"
	printf '%s' "$round0_d" | ./$bin >out.txt 2>err.txt || fail "$bin round 0"
	check_protocol out.txt "$bin round 0"
	m=$(move_of out.txt)
	echo "$m" | grep -q -E '^[A-Z]{2}$' || fail "$bin round 0: move '$m'"
	[ "$m" != JM ] || fail "$bin round 0 chose JM"
done
# The reference hunter's opening comes from the seed: G opens in one of its region's four cities.
printf '{"past_plays":"","messages":[]}' | FOD_SEED=7 ./referenceHunter >out.txt 2>err.txt ||
	fail "referenceHunter with FOD_SEED"
expect_in "$(move_of out.txt)" "MA SR LO TO" "referenceHunter's opening"

# A request that is not JSON, or has no string past_plays: exit 3, no output.
for bad in 'garbage' '{"messages":[]}' '{"past_plays":5}'; do
	status=0
	printf '%s' "$bad" | ./hunter >out.txt 2>err.txt || status=$?
	[ "$status" = 3 ] || fail "bad request '$bad': exit status $status, want 3"
	[ ! -s out.txt ] || fail "bad request '$bad': output on stdout"
done

# Persistent mode: move lines carrying the turn, then the done line, for each request.
printf '%s\n%s\n' \
	'{"turn":0,"past_plays":"","messages":[]}' \
	'{"turn":5,"past_plays":"GST.... SAO.... HZU.... MBB.... DC?.V..","messages":["","","","",""]}' |
	FOD_TURN_LIMIT_MS=1000 ./hunter --persistent >out.txt 2>err.txt || fail "persistent hunter exit status"
check_protocol out.txt "persistent hunter"
[ "$(grep -c '"done":true' out.txt)" = 2 ] || fail "persistent hunter: want 2 done lines"
sed -n 's/^{"turn":\([0-9]*\),.*/\1/p' out.txt | tr '\n' ' ' | grep -q -E '^(0 )+0 (5 )+5 $' ||
	fail "persistent hunter: turns out of order: $(tr '\n' ' ' <out.txt)"
tail -n 1 out.txt | grep -q -x '{"turn":5,"done":true}' || fail "persistent hunter: last line"
expect_in "$(grep '"turn":5,"move"' out.txt | tail -n 1 | sed 's/.*"move":"\([^"]*\)".*/\1/')" \
	"$ST_MOVES" "persistent hunter turn 5"

# A request line that is not usable still gets its done line when it names its turn.
printf '%s\n' '{"turn":3,"past_plays":7}' | ./hunter --persistent >out.txt 2>err.txt ||
	fail "persistent hunter on a bad request: exit status"
[ "$(cat out.txt)" = '{"turn":3,"done":true}' ] || fail "persistent bad request: $(cat out.txt)"

printf '%s\n' "$(echo "$v26" | sed 's/^{/{"turn":9,/')" |
	./dracula --persistent >out.txt 2>err.txt || fail "persistent dracula exit status"
check_protocol out.txt "persistent dracula"
tail -n 1 out.txt | grep -q -x '{"turn":9,"done":true}' || fail "persistent dracula: done line"
expect_in "$(move_of out.txt)" "$V26_MOVES" "persistent dracula on V26"

# The deadline: L = 400 ms, so the driver ends the process at 400 - 50 = 350 ms with status 42,
# and the moves registered before count; the repeated registration is written once.
status=0
printf '%s' "$v4" | FOD_TURN_LIMIT_MS=400 ./slow_hunter >out.txt 2>err.txt || status=$?
[ "$status" = 42 ] || fail "slow hunter: exit status $status, want 42"
check_protocol out.txt "slow hunter"
[ "$(move_of out.txt)" = MU ] || fail "slow hunter: last move"
[ "$(wc -l <out.txt)" = 2 ] || fail "slow hunter: want exactly 2 move lines, got $(cat out.txt)"
grep -q -F '{"move":"GE","message":"say \"hi\" \\ then\u000anewline"}' out.txt ||
	fail "slow hunter: message not escaped as JSON: $(head -n 1 out.txt)"
grep -q "thinking hard" err.txt || fail "slow hunter: printf did not reach stderr"

# Persistent mode kills the turn at the deadline and goes on with the next request.
printf '%s\n%s\n' "$(echo "$v4" | sed 's/^{/{"turn":5,/')" "$(echo "$v4" | sed 's/^{/{"turn":10,/')" |
	FOD_TURN_LIMIT_MS=300 ./slow_hunter --persistent >out.txt 2>err.txt ||
	fail "persistent slow hunter exit status"
check_protocol out.txt "persistent slow hunter"
[ "$(grep -c '"done":true' out.txt)" = 2 ] || fail "persistent slow hunter: want 2 done lines"
[ "$(grep -c '"turn":10,"move":"MU"' out.txt)" = 1 ] || fail "persistent slow hunter: turn 10 move"
tail -n 1 out.txt | grep -q -x '{"turn":10,"done":true}' || fail "persistent slow hunter: last line"

# 6. The players built with pkg-config play a whole game in the referee, in process mode: no
# default move, no garbled line, no disqualification.
"$build/bin/arena" play dracula --seat "hunters=$work/hunter" --seat "D=$work/dracula" --seed 2 \
	--json >game.json 2>game.err || fail "arena play with the installed-style players: $(cat game.err)"
python3 - game.json <<'PY' || fail "refereed game: $(cat game.json)"
import json, sys
r = json.load(open(sys.argv[1]))["result"]
assert r["winner"] in ("hunters", "dracula"), r["winner"]
assert not r["disqualified"], r["disqualified"]
for seat in "GSHMD":
    s = r["seats"][seat]
    assert s["default_moves"] == 0 and s["garbled_lines"] == 0, (seat, s)
PY

echo "dracula C API install test: OK"
