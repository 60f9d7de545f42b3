#!/usr/bin/env python3
"""A Fury of Dracula program in persistent mode (spec §6.3) that misbehaves on purpose.

Usage: dracula_persistent.py BEHAVIOUR
It answers requests line by line; as a hunter it misbehaves in its first turn (any place is legal
in round 0) and its second turn decides the rest (see each behaviour).
"""
import json
import os
import sys
import threading
import time

behaviour = sys.argv[1]
out = sys.stdout.buffer
sys.stderr.write("pid %d mode %s\n" % (os.getpid(), os.environ.get("FOD_MODE")))
sys.stderr.flush()


def say(obj) -> None:
    out.write((json.dumps(obj) + "\n").encode())
    out.flush()


def chatter(total: int, fill: bytes) -> None:
    # Debug output as a chatty AI writes it: many small writes, straight to the fd.
    chunk = fill * 4095 + b"\n"
    for _ in range(total // len(chunk)):
        os.write(2, chunk)


# drain_between: after its first turn, a thread writes 1 MiB on stderr while the other seats play.
# The referee must drain it meanwhile (§6.1), so the write is over before the second request;
# the second move says whether it was: ST if so, the illegal XX if not.
written = threading.Event()


def chatter_then_flag() -> None:
    chatter(1024 * 1024, b"b")
    written.set()


count = 0
for raw in sys.stdin:
    request = json.loads(raw)
    turn = request["turn"]
    count += 1
    if behaviour == "stderr_turns" and count == 1:
        chatter(100000, b"a")  # over 64 KiB in the first turn
    elif behaviour == "stderr_turns" and count == 2:
        sys.stderr.write("second turn stderr\n")  # kept apart from the first turn's 64 KiB
        sys.stderr.flush()
    elif behaviour == "chatty" and count <= 2:
        chatter(4 * 1024 * 1024, b"c")  # several MiB in each of two turns, then a legal move
        say({"turn": turn, "move": "ST", "message": "chatty %d" % count})
        say({"turn": turn, "done": True})
        continue
    if behaviour == "drain_between" and count <= 2:
        say({"turn": turn, "move": "ST" if count == 1 or written.is_set() else "XX"})
        say({"turn": turn, "done": True})
        if count == 1:
            threading.Thread(target=chatter_then_flag, daemon=True).start()
        continue
    if behaviour == "slow_first" and count == 1:
        time.sleep(0.3)  # the other seats' programs wait for their turns meanwhile
        say({"turn": turn, "move": "ST"})
        say({"turn": turn, "done": True})
        continue
    if count >= 2 and behaviour != "die_after_first":
        say({"turn": turn, "move": "XX"})  # illegal: disqualified, then closed and killed
        say({"turn": turn, "done": True})
        continue
    if behaviour in ("good", "stderr_turns"):
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
