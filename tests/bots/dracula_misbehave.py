#!/usr/bin/env python3
"""A Fury of Dracula program (process mode, spec §6.2) that misbehaves on purpose, for the
referee's end-to-end tests.

Usage: dracula_misbehave.py BEHAVIOUR
As a hunter it misbehaves in its first turn (round 0, where any place is legal) and answers the
illegal move "XX" in its second turn, so that it is disqualified and never started again: each test
costs two processes. BEHAVIOUR "teleport" plays Dracula into a dead end (spec §2.7).
"""
import json
import os
import signal
import sys
import time

behaviour = sys.argv[1]
request = json.loads(sys.stdin.buffer.read())
past = request["past_plays"]
plays = (len(past) + 1) // 8 if past else 0
rnd = plays // 5
out = sys.stdout.buffer
sys.stderr.write("pid %d seat %s seed %s limit %s mode %s play %d\n" % (
    os.getpid(), os.environ.get("FOD_SEAT"), os.environ.get("FOD_SEED"),
    os.environ.get("FOD_TURN_LIMIT_MS"), os.environ.get("FOD_MODE"), plays))
sys.stderr.flush()


def say(data: bytes) -> None:
    out.write(data)
    out.flush()


def line(obj) -> bytes:
    return (json.dumps(obj) + "\n").encode()


if behaviour == "teleport":
    # GA, CD, KL, D2 (back to CD), HI: at round 5 every move is blocked, so TELEPORT.
    script = ["GA", "CD", "KL", "D2", "HI", "ZZ"]
    say(line({"move": script[rnd] if rnd < len(script) else "XX", "message": "round %d" % rnd}))
    sys.exit(0)


def chatter(total: int, fill: bytes) -> None:
    # Debug output as a chatty AI writes it: many small writes, straight to the fd.
    chunk = fill * 4095 + b"\n"
    for _ in range(total // len(chunk)):
        os.write(2, chunk)


if behaviour == "stderr_turns" and rnd == 1:
    sys.stderr.write("second turn stderr\n")  # kept apart from the first turn's 64 KiB
    sys.stderr.flush()
elif behaviour == "chatty" and rnd <= 1:
    chatter(4 * 1024 * 1024, b"c")  # several MiB in each of two turns, then a legal move
    say(line({"move": "ST", "message": "chatty %d" % rnd}))
    sys.exit(0)

if rnd >= 1:
    say(line({"move": "XX"}))
    sys.exit(0)

if behaviour == "no_move":
    say(b"hello\n")
elif behaviour == "crash_after_move":
    say(line({"move": "ST"}))
    sys.exit(3)
elif behaviour == "segfault_after_move":
    say(line({"move": "ST"}))
    os.kill(os.getpid(), signal.SIGSEGV)
elif behaviour == "sleep_after_move":
    say(line({"move": "ST"}))
    time.sleep(30)
elif behaviour == "sleep":
    time.sleep(30)
elif behaviour == "garbage":
    say(b"not json\n")
    say(b"[1, 2, 3]\n")
    say(b"{\"move\": \"" + b"A" * 70000 + b"\"}\n")  # over 64 KiB: ignored
    say(b"{\"message\": \"no move\"}\n")
    say(b"{\"move\": 17}\n")
    say(b"{\"move\": \"\"}\n")
    say(b"  {\"move\": \"ST\", \"timer\": 12, \"message\": \"ok\"}  \r\n")
elif behaviour == "several":
    say(line({"move": "MA", "message": "first"}))
    say(line({"move": "LO", "message": "second"}))
    say(line({"move": "ST", "message": "last"}))
elif behaviour == "illegal_last":
    say(line({"move": "ST"}))
    say(line({"move": "st"}))
elif behaviour == "partial_exit":
    say(b"{\"move\": \"ST\"}")  # no newline, clean exit: counts
elif behaviour == "partial_sleep":
    say(b"{\"move\": \"ST\"}")  # no newline, killed at the deadline: does not count
    time.sleep(30)
elif behaviour == "bad_message":
    say(line({"move": "ST", "message": "\u00e9\u0001tab\there" + "x" * 200}))
elif behaviour == "message_not_string":
    say(line({"move": "ST", "message": ["not", "a", "string"]}))
elif behaviour == "stderr_turns":
    chatter(100000, b"a")  # over 64 KiB in the first turn
    say(line({"move": "ST"}))
elif behaviour == "bad_utf8_stderr":
    os.write(2, b"\xff caf\xc3\xa9 \xe2\x82\n")  # not UTF-8, and a cut sequence
    say(line({"move": "ST"}))
elif behaviour == "big_stderr":
    sys.stderr.write("e" * 200000)
    sys.stderr.flush()
    say(line({"move": "ST"}))
else:
    sys.stderr.write("unknown behaviour " + behaviour + "\n")
    sys.exit(2)
