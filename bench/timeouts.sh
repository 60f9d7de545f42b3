#!/bin/bash
# Timeout false positives under full CPU load: a Wumpus bot that answers every turn at half the
# turn limit plays GAMES games through `arena eval` (confined, as a user's bot is), while BUSY
# busy-loop processes keep every core occupied. A turn that times out is a false positive: the
# bot was never late by its own doing. Prints the turns, the timeouts and their rate
# (the goal: at most 0.05 %, fastchess's figure for its own time control).
#
#   bench/timeouts.sh [ARENA] [GAMES] [TIME_MS] [BUSY] [JOBS]
#   defaults: build/bin/arena 100 100 $(nproc) 2
set -euo pipefail
arena=${1:-build/bin/arena}
games=${2:-100}
time_ms=${3:-100}
busy=${4:-$(nproc)}
jobs=${5:-2}

dir=$(mktemp -d /tmp/arena-timeouts-XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$dir"
}
trap cleanup EXIT

# The bot: rotates in place every turn (always legal; the game ends at its turn limit), after
# sleeping half the turn limit. Its first turn it answers at once: that turn's limit also holds
# its start-up (Wumpus spec: no separate allowance), which is measured apart below.
cat >"$dir/half.py" <<EOF
import sys, time
first = True
for line in sys.stdin:
    if line.startswith('end'): break
    if line.startswith('start'): continue
    if not first: time.sleep($time_ms / 2000.0)
    first = False
    sys.stdout.write('rotateR\n'); sys.stdout.flush()
EOF

for _ in $(seq "$busy"); do
  sh -c 'while :; do :; done' &
  pids+=($!)
done

start=$(date +%s)
"$arena" eval wumpus --seat "hero=python3 $dir/half.py" --games "$games" --seed 1 \
  --time-ms "$time_ms" --jobs "$jobs" --replay-dir "$dir/replays" >/dev/null
end=$(date +%s)

# Turns after the first (answered at half the limit), and first turns (start-up inside the limit).
turns=$(cat "$dir"/replays/*.jsonl | grep '"type":"turn"' | grep -vc '"n":1,' || true)
timeouts=$(cat "$dir"/replays/*.jsonl | grep '"verdict":"timeout"' | grep -vc '"n":1,' || true)
first=$(cat "$dir"/replays/*.jsonl | grep '"type":"turn"' | grep '"n":1,' | grep -c '"verdict":"timeout"' || true)
awk -v t="$turns" -v o="$timeouts" -v f="$first" -v g="$games" -v ms="$time_ms" -v b="$busy" \
  -v s=$((end - start)) 'BEGIN {
    printf "%d games at %d ms a turn, %d busy loops, %d s\n", g, ms, b, s
    printf "turns answered at %d ms: %d, timeouts %d = %.4f %%\n", ms / 2, t, o, (t ? 100.0 * o / t : 0)
    printf "first turns (start-up inside the limit): %d timeouts of %d games\n", f, g }'
