#!/bin/sh
# The reference AIs called from C (library dracula-ai, examples/dracula/reference*.c) play the same
# games as the built-in bots: the same past-plays string, move for move, with the programs run by
# the referee in process mode (a process per turn, FOD_SEED from the referee).
#   - referenceHunter for all four hunters against bot:dracula-v1, seeds 3 and 5 (short games);
#   - referenceDracula against bot:hunter-v2 (his model, so every move after the first rounds is a
#     search), seed 3.
#
# Usage: reference_games.sh BUILD_DIR EXAMPLES_DIR WORK_DIR
set -eu

arena=$(cd "$1" && pwd)/bin/arena
examples=$(cd "$2" && pwd)
mkdir -p "$3"
work=$(cd "$3" && pwd)

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

# same_game SEED HUNTERS_A DRACULA_A HUNTERS_B DRACULA_B: both pairings play the same game.
same_game() {
	"$arena" play dracula --seat "hunters=$2" --seat "D=$3" --seed "$1" --json >"$work/a.json" 2>"$work/a.err" ||
		fail "arena play $2 against $3: $(cat "$work/a.err")"
	"$arena" play dracula --seat "hunters=$4" --seat "D=$5" --seed "$1" --json >"$work/b.json" 2>"$work/b.err" ||
		fail "arena play $4 against $5: $(cat "$work/b.err")"
	python3 - "$work/a.json" "$work/b.json" <<'PY' || fail "seed $1: $2 against $3 is not $4 against $5"
import json, sys
a, b = (json.load(open(f))["result"] for f in sys.argv[1:3])
for seat in "GSHMD":
    s = a["seats"][seat]
    assert s["default_moves"] == 0 and s["garbled_lines"] == 0 and s["crashes"] == 0, (seat, s)
pa, pb = a["past_plays"], b["past_plays"]
if pa != pb:
    n = next(i for i in range(min(len(pa), len(pb)) + 1) if pa[i:i + 1] != pb[i:i + 1])
    sys.exit(f"the games part at play {n // 8}: {pa[n - n % 8:n - n % 8 + 7]!r} against {pb[n - n % 8:n - n % 8 + 7]!r}")
print(f"same game: {len(pa) // 8 + 1} plays, {a['winner']} win at round {a['final_round']}")
PY
}

same_game 3 "$examples/referenceHunter" bot:dracula-v1 bot:hunter bot:dracula-v1
same_game 5 "$examples/referenceHunter" bot:dracula-v1 bot:hunter bot:dracula-v1
same_game 3 bot:hunter-v2 "$examples/referenceDracula" bot:hunter-v2 bot:dracula

echo "reference AIs from C: OK"
