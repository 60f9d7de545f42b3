#!/usr/bin/env python3
"""A Fury of Dracula program in persistent mode (spec §6.3) that misbehaves on purpose.

Usage: dracula_persistent.py BEHAVIOUR
It answers requests line by line; as a hunter it misbehaves in its first turn (any place is legal
in round 0) and its second turn decides the rest (see each behaviour).
"""
import json
import os
import sys
import time

behaviour = sys.argv[1]
out = sys.stdout.buffer
sys.stderr.write("pid %d mode %s\n" % (os.getpid(), os.environ.get("FOD_MODE")))
sys.stderr.flush()


def say(obj) -> None:
    out.write((json.dumps(obj) + "\n").encode())
    out.flush()


count = 0
for raw in sys.stdin:
    request = json.loads(raw)
    turn = request["turn"]
    count += 1
    if count >= 2 and behaviour != "die_after_first":
        say({"turn": turn, "move": "XX"})  # illegal: disqualified, then closed and killed
        say({"turn": turn, "done": True})
        continue
    if behaviour == "good":
        say({"turn": turn, "move": "ST", "message": "hi"})
        say({"turn": turn, "done": True})
    elif behaviour == "wrong_turn":
        say({"turn": turn + 1, "move": "ST"})
        say({"move": "ST"})
        say({"turn": str(turn), "move": "ST"})
        say({"turn": turn, "done": True})
    elif behaviour == "no_done":
        say({"turn": turn, "move": "ST"})
    elif behaviour == "die_after_first":
        if count >= 2:
            sys.exit(1)
        say({"turn": turn, "move": "ST"})
        say({"turn": turn, "done": True})
    elif behaviour == "close_stdout":
        say({"turn": turn, "move": "ST"})
        os.close(1)
        time.sleep(30)
