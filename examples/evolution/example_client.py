#!/usr/bin/env python3
"""A small Evolution bot that speaks the remote protocol (spec §8) with the standard library only.

Its strategy is deliberately simple: it never plays carnivores (so it never has to work out which
attacks are allowed), feeds its hungriest species, stores fat when the watering hole has food to
spare, and spends its cards on the largest food card, one new species a turn and growth. Every
answer is legal (spec §5), so it is never ejected.

Run it in a match (`arena play` appends `--host 127.0.0.1 --port N`):

    arena play evolution --seat p1="python3 examples/evolution/example_client.py" \
        --seat p2=bot:silly --seat p3=bot:silly --seed 1

or against a server that waits for sign-ups (`arena host evolution` or `xserver`, port 45678):

    python3 examples/evolution/example_client.py --host localhost --port 45678 --name me
"""
import argparse
import codecs
import json
import socket
import sys

MAX_BOARDS = 4  # no new species beyond this: the cards go to growing the ones we have
# Traits for a new species, best first. Carnivore is left out on purpose (see above), and so are the
# traits that only help a carnivore (ambush, pack-hunting).
TRAIT_PREFERENCE = ["foraging", "long-neck", "fertile", "fat-tissue", "cooperation", "hard-shell",
                    "climbing", "burrowing", "herding", "warning-call", "horns", "symbiosis",
                    "scavenger"]


def species(pairs):
    """A Species+ (§6) is a list of [key, value] pairs; fat-food is only there when it is > 0."""
    s = dict(pairs)
    s.setdefault("fat-food", 0)
    return s


class Bot:
    def __init__(self):
        self.boards = []  # our species, from the last Start (Choose does not repeat them)
        self.hand = []    # our cards as [value, trait], from the last Start

    def start(self, watering_hole, bag, boards, cards):
        self.boards = [species(b) for b in boards]
        self.hand = cards

    def choose(self, before, after):
        """RemoteAction4 (§8.5): [food card, GP [[board, card], ...], GB (the same),
        BT [[pay, trait card, ...], ...], RT [[board, trait index, card], ...]].
        Legal (§5.1): every hand index at most once, a new board's traits distinct, board indices
        below the number of boards (new ones included), no population or body above 7."""
        if not self.hand:  # a real game deals at least 4 cards a turn; no cards, no legal answer
            raise ValueError("Choose with an empty hand")
        left = list(range(len(self.hand)))
        value = lambda c: self.hand[c][0]
        trait = lambda c: self.hand[c][1]
        # 1. The food card: the largest value, so the watering hole fills up for our species.
        food = max(left, key=value)
        left.remove(food)
        # 2. One new species, paid with the least valuable card, with our favourite trait on it.
        bt = []
        if len(self.boards) < MAX_BOARDS and len(left) >= 2:
            pay = min(left, key=value)
            left.remove(pay)
            new = [pay]
            liked = [c for c in left if trait(c) in TRAIT_PREFERENCE]
            if liked:
                best = min(liked, key=lambda c: TRAIT_PREFERENCE.index(trait(c)))
                left.remove(best)
                new.append(best)
            bt.append(new)
        # Population, body and traits each board will have, the new one included.
        pop = [b["population"] for b in self.boards] + [1] * len(bt)
        body = [b["body"] for b in self.boards] + [0] * len(bt)
        traits = [b["traits"] for b in self.boards] + [[trait(c) for c in t[1:]] for t in bt]
        # 3. Every other card grows something, never above 7 (the limit): first the body of a
        # fat-tissue species, up to its population (the body is how much fat it can store); then
        # the smallest population; once every population is 7, the smallest body.
        gp, gb = [], []
        for c in left:
            fat = [i for i in range(len(pop)) if "fat-tissue" in traits[i] and body[i] < pop[i]]
            small = min(range(len(pop)), key=lambda i: pop[i])
            thin = min(range(len(body)), key=lambda i: body[i])
            if fat:
                body[fat[0]] += 1
                gb.append([fat[0], c])
            elif pop[small] < 7:
                pop[small] += 1
                gp.append([small, c])
            elif body[thin] < 7:
                body[thin] += 1
                gb.append([thin, c])
            # else: everything is full; the card stays in the hand
        return [food, gp, gb, bt, []]

    def feed_next(self, bag, boards, cards, watering_hole, others):
        """FeedingChoice (§5.2): board index, [board, fat tokens], [c, p, d] (attack) or false."""
        boards = [species(b) for b in boards]
        hunger = {s: b["population"] - b["food"] for s, b in enumerate(boards)
                  if b["food"] < b["population"] and "carnivore" not in b["traits"]}
        room = {s: b["body"] - b["fat-food"] for s, b in enumerate(boards)
                if "fat-tissue" in b["traits"] and b["body"] > b["fat-food"]}
        # 1. Store fat (it becomes food next turn) when nobody is hungry, or when the watering hole
        # holds more than all our hungry species still need: [board, n] with 1 <= n <= room.
        if room and (not hunger or watering_hole > sum(hunger.values())):
            s = max(room, key=room.get)
            return [s, room[s]]
        # 2. Otherwise the hungriest vegetarian eats (ties: the lower index).
        if hunger:
            return max(hunger, key=hunger.get)
        # 3. Nothing we want (we never attack): decline, which is always legal.
        return False


def messages(sock):
    """The server's JSON values one by one (§8.6: written back to back, split anyhow by TCP)."""
    decoder = json.JSONDecoder()
    utf8 = codecs.getincrementaldecoder("utf-8")()
    buffer = ""
    while True:
        buffer = buffer.lstrip()
        try:
            value, end = decoder.raw_decode(buffer)
        except json.JSONDecodeError:  # not complete yet (the server never sends bad JSON)
            chunk = sock.recv(65536)
            if not chunk:  # §8.7: the end of the stream is the end of the game
                if buffer.strip():
                    raise ValueError("the stream ends inside a value: " + buffer[:200])
                return
            buffer += utf8.decode(chunk)
            continue
        buffer = buffer[end:]
        yield value


def main():
    parser = argparse.ArgumentParser(description="An example Evolution bot (spec §8).")
    parser.add_argument("--host", default="localhost")
    parser.add_argument("--port", type=int, default=45678)
    parser.add_argument("--name", default="example")
    args = parser.parse_args()

    def send(value):  # compact JSON, then a newline: §8.6 (a bare number needs something after it)
        sock.sendall((json.dumps(value, separators=(",", ":")) + "\n").encode())

    bot = Bot()
    signed_up = False
    try:
        sock = socket.create_connection((args.host, args.port))
        send(args.name)  # §8.4: sign up with any JSON string
        for m in messages(sock):
            if not signed_up:
                if m != "ok":
                    raise ValueError("expected \"ok\" after the sign-up, got " + json.dumps(m))
                signed_up = True
            elif isinstance(m, list) and len(m) == 4:  # Start: no reply
                bot.start(*m)
            elif isinstance(m, list) and len(m) == 2:  # Choose
                send(bot.choose(*m))
            elif isinstance(m, list) and len(m) == 5:  # State (feedNext)
                send(bot.feed_next(*m))
            else:
                raise ValueError("cannot classify " + json.dumps(m)[:200])
    except (ValueError, OSError) as e:
        sys.stderr.write("example_client: %s\n" % e)
        return 1
    return 0 if signed_up else 1


if __name__ == "__main__":
    sys.exit(main())
