#!/usr/bin/env python3
"""A Wumpus bot that misbehaves on purpose, for the referee's end-to-end tests.

Usage: wumpus_misbehave.py BEHAVIOUR [N]
It plays `go`/`rotateR` politely for N turns (default 0), then does BEHAVIOUR once.
"""
import os
import sys
import time

behaviour = sys.argv[1]
polite_turns = int(sys.argv[2]) if len(sys.argv) > 2 else 0
out = sys.stdout.buffer


def say(data: bytes) -> None:
    out.write(data)
    out.flush()


def misbehave() -> None:
    if behaviour == "malformed":
        say(b"Go\n")
    elif behaviour == "two_words":
        say(b"go go\n")
    elif behaviour == "empty":
        say(b"\n")
    elif behaviour == "control_byte":
        say(b"go\x01\n")
    elif behaviour == "non_ascii":
        say("g\u00f6\n".encode())
    elif behaviour == "long_line":
        say(b"a" * 100)  # no newline: invalid as soon as the 65th byte arrives
        time.sleep(30)
    elif behaviour == "extra_output":
        say(b"go\ngo\n")
        time.sleep(30)
    elif behaviour == "timeout":
        time.sleep(30)
    elif behaviour == "crash":
        sys.exit(3)
    elif behaviour == "segfault":
        os.kill(os.getpid(), 11)
    elif behaviour == "close_stdout":
        os.close(1)
        time.sleep(30)
    elif behaviour == "partial_line":
        say(b"go")
        sys.exit(0)
    elif behaviour == "rotate_forever":
        pass  # handled in the loop: never leaves, hits the turn limit
    elif behaviour == "lenient":
        say(b"  go\t\r\n")
    elif behaviour == "binary_stderr":
        sys.stderr.buffer.write(b"not utf-8: \xff\xfe \xc3(\n")
        sys.stderr.flush()
        say(b"exit\n")
    elif behaviour == "chatty_stderr":
        sys.stderr.write("x" * 200000)
        sys.stderr.flush()
        say(b"exit\n")
    elif behaviour == "double_fork":
        # Leave a grandchild in its own session and a child in our group, then play on: the
        # referee must kill both. Each reports its pid through a pipe before we answer, so the
        # pids are in our stderr before the game ends.
        r, w = os.pipe()
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.write(w, b"grandchild %d\n" % os.getpid())
                time.sleep(300)
                os._exit(0)
            os._exit(0)
        os.wait()
        if os.fork() == 0:
            os.write(w, b"child %d\n" % os.getpid())
            time.sleep(300)
            os._exit(0)
        got = b""
        while got.count(b"\n") < 2:
            got += os.read(r, 100)
        sys.stderr.write(got.decode())
        sys.stderr.flush()
        say(b"exit\n")
    else:
        sys.stderr.write("unknown behaviour %s\n" % behaviour)
        sys.exit(2)


turn = 0
for raw in sys.stdin.buffer:
    line = raw.decode(errors="replace").strip()
    if line.startswith("start"):
        continue
    if line.startswith("end"):
        break
    turn += 1
    if behaviour == "rotate_forever":
        say(b"rotateR\n")
    elif turn <= polite_turns:
        say(b"rotateR\n")
    else:
        misbehave()
        if behaviour in ("lenient",):
            continue
        if behaviour not in ("double_fork", "chatty_stderr", "binary_stderr"):
            time.sleep(30)
            break
