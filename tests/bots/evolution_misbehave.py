#!/usr/bin/env python3
"""An Evolution client that misbehaves on purpose, for the server's end-to-end tests (spec §8.8).

Usage: evolution_misbehave.py BEHAVIOUR [--polite N] [--host H] [--port P]
It signs up (unless BEHAVIOUR is about the sign-up), answers N Choose messages politely
(food card 0, no trades; feedNext: false), then does BEHAVIOUR at the next Choose.
"""
import json
import socket
import sys
import time

args = sys.argv[1:]
behaviour = args.pop(0)
host, port, polite = "127.0.0.1", 45678, 0
while args:
    key, value = args.pop(0), args.pop(0)
    if key == "--host":
        host = value
    elif key == "--port":
        port = int(value)
    elif key == "--polite":
        polite = int(value)

sock = socket.create_connection((host, port))


def say(data: bytes) -> None:
    sock.sendall(data)


def log(text: str) -> None:
    sys.stderr.write("misbehave: " + text + "\n")
    sys.stderr.flush()


def wait_for_close() -> None:
    """Reads until the server closes the connection (the ejection)."""
    try:
        while sock.recv(65536):
            pass
    except OSError:
        pass
    log("the server closed the connection")
    sys.exit(0)


if behaviour == "silent":  # connects and never signs up
    wait_for_close()
if behaviour == "nonstring":  # a sign-up that is not a JSON string
    say(b'["me"]\n')
    wait_for_close()

say(b'"' + behaviour.encode() + b'"\n')
reader = sock.makefile("rb")
ok = reader.readline()
if json.loads(ok) != "ok":
    log("no ok")
    sys.exit(1)
log("signed up")


def misbehave() -> None:
    if behaviour == "garbage":
        say(b"@@@ this is not JSON\n")
    elif behaviour == "half_silent":  # part of a value, then nothing
        say(b"[0,[")
    elif behaviour == "half_close":  # part of a value, then the connection closes
        say(b"[0,[")
        sock.shutdown(socket.SHUT_WR)
    elif behaviour == "oversized":  # 64 KiB and more without completing the value
        say(b"[" + b"0," * 40000)
    elif behaviour == "slow":  # a correct answer, too late
        time.sleep(1.0)
        say(b"[0,[],[],[],[]]\n")
    elif behaviour == "cheat":  # well-formed, but card 99 does not exist (§5.1)
        say(b"[99,[],[],[],[]]\n")
    elif behaviour == "labelled":  # a labelled GP is ill-formed over the wire (§8.5)
        say(b'[0,[["population",0,1]],[],[],[]]\n')
    elif behaviour == "shape":
        say(b'{"food":0}\n')
    elif behaviour == "close":
        sock.close()
        log("closed mid-game")
        sys.exit(0)
    wait_for_close()


chooses = 0
for line in reader:
    message = json.loads(line)
    if len(message) == 2:  # Choose
        if chooses == polite:
            misbehave()
        chooses += 1
        say(b"[0,[],[],[],[]]\n")
    elif len(message) == 5:  # State
        say(b"false\n")
log("end of game")
