#!/usr/bin/env python3
"""Plays a fixed list of answers (one per percept), e.g. the spec §5.5 transcript, and reports every
line it received on stderr (so the test can compare both sides of the protocol)."""
import sys

answers = sys.argv[1:]
i = 0
for raw in sys.stdin:
    line = raw.rstrip("\n")
    sys.stderr.write("< " + line + "\n")
    if line.startswith("start"):
        continue
    if line.startswith("end"):
        break
    answer = answers[i] if i < len(answers) else "exit"
    i += 1
    sys.stdout.write(answer + "\n")
    sys.stdout.flush()
