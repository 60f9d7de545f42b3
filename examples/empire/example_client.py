#!/usr/bin/env python3
"""A small Empire Builder client (spec §5, §8): standard library only.

Usage: example_client.py HOST PORT [NAME]   or   example_client.py --host H --port P [--name N]

It keeps its own picture of the game from the server's log lines, plans one delivery at a time
(the cheapest demand in hand to build for), builds toward it with a Dijkstra search over build
costs, rides only its own track (so it never pays fees) and delivers.
"""
import heapq
import socket
import sys

OFFSETS = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1), (0, 2), (0, -2)]
SPEED = {"FREIGHT": 9, "FAST-FREIGHT": 12, "SUPERFREIGHT": 12}


def parse(text):
    """One S-expression: lists as Python lists, integers as int, symbols and strings as str."""
    tokens, i = [], 0
    while i < len(text):
        c = text[i]
        if c in "()":
            tokens.append(c)
            i += 1
        elif c.isspace():
            i += 1
        elif c == '"':
            j = text.index('"', i + 1)
            tokens.append(("str", text[i + 1:j]))
            i = j + 1
        else:
            j = i
            while j < len(text) and not text[j].isspace() and text[j] not in '()"':
                j += 1
            tokens.append(text[i:j])
            i = j

    def datum(k):
        t = tokens[k]
        if t == "(":
            items, k = [], k + 1
            while tokens[k] != ")":
                item, k = datum(k)
                items.append(item)
            return items, k + 1
        if isinstance(t, tuple):
            return t[1], k + 1
        try:
            return int(t), k + 1
        except ValueError:
            return ("NIL" if t.upper() == "NIL" else t.upper()), k + 1

    value, _ = datum(0)
    return [] if value == "NIL" else value


class Client:
    def __init__(self):
        self.types, self.city_at, self.cities = {}, {}, {}
        self.edges = {}  # frozenset of two points -> owner
        self.cards, self.hand = {}, []
        self.me, self.cash, self.pos, self.cargo, self.train = -1, 0, None, [], "FREIGHT"
        self.moved, self.spent, self.plan, self.built = 0, 0, [], False

    # --- the log ---
    def apply(self, m):
        head = m[0]
        if head == "MAP-SIZE":
            self.w, self.h = m[1], m[2]
        elif head in ("MOUNTAINS", "INVALID"):
            for x, y in m[1:]:
                self.types[(x, y)] = 2 if head == "MOUNTAINS" else None
        elif head == "CITY":
            self.cities[m[1]] = (m[2], [tuple(p) for p in m[3]])
            for p in m[3]:
                self.city_at[tuple(p)] = m[1]
        elif head == "YOU":
            self.me = m[1]
        elif head == "TURN":
            self.moved = self.spent = 0
            self.built = False
        elif head == "CASH" and m[1] == self.me:
            self.cash = m[2]
            if m[4] == "BUILD":
                self.spent -= m[3]
        elif head == "TRACK":
            self.edges[frozenset((tuple(m[2]), tuple(m[3])))] = m[1]
        elif head in ("START", "POSITION") and m[1] == self.me:
            self.pos = tuple(m[2])
            self.moved += head == "POSITION"
        elif head == "CARGO" and m[1] == self.me:
            self.cargo = list(m[2])
        elif head == "TRAIN" and m[1] == self.me:
            self.train = m[2]
        elif head == "CARD" and m[1] == self.me:
            self.hand.append(m[2])
            self.cards[m[2]] = [(d[1], d[2], d[3]) for d in m[3]]
        elif head == "DISCARD" and m[1] == self.me:
            self.hand.remove(m[2])

    # --- searches ---
    def neighbours(self, p):
        for dx, dy in OFFSETS:
            q = (p[0] + dx, p[1] + dy)
            if 0 <= q[0] < self.w and 0 <= q[1] < self.h and self.types.get(q, 1) is not None:
                yield q

    def cost(self, q):
        return 5 if q in self.city_at else self.types.get(q, 1)

    def network(self):
        nodes = {p for e, o in self.edges.items() if o == self.me for p in e}
        if self.pos in self.city_at:
            nodes |= set(self.cities[self.city_at[self.pos]][1])
        return nodes

    def build_path(self, sources, city):
        """Cheapest track from any source to the city: (cost, points), or None."""
        goal = set(self.cities[city][1])
        dist = {p: 0 for p in sources}
        prev, heap = {}, [(0, p) for p in sorted(sources)]
        while heap:
            d, p = heapq.heappop(heap)
            if d > dist[p]:
                continue
            if p in goal:
                path = [p]
                while path[-1] in prev:
                    path.append(prev[path[-1]])
                return d, path[::-1]
            for q in self.neighbours(p):
                owner = self.edges.get(frozenset((p, q)))
                same_city = p in self.city_at and self.city_at.get(q) == self.city_at[p]
                if same_city or (owner is not None and owner != self.me):
                    continue
                nd = d + (0 if owner == self.me else self.cost(q))
                if nd < dist.get(q, 1 << 30):
                    dist[q], prev[q] = nd, p
                    heapq.heappush(heap, (nd, q))
        return None

    def ride(self, city):
        """Mileposts over own track and within cities to the city, or None."""
        prev, frontier = {self.pos: None}, [self.pos]
        for p in frontier:
            if self.city_at.get(p) == city:
                path = [p]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return path[::-1][1:]
            for q in self.neighbours(p):
                mine = self.edges.get(frozenset((p, q))) == self.me
                if q not in prev and (mine or (p in self.city_at and self.city_at.get(q) == self.city_at[p])):
                    prev[q] = p
                    frontier.append(q)
        return None

    # --- planning ---
    def choose_plan(self, sources):
        best = None
        for card in self.hand:
            for d, (city, good, amount) in enumerate(self.cards[card]):
                for src, (goods, nodes) in self.cities.items():
                    if good not in goods or src == city:
                        continue
                    first = self.build_path(sources or set(nodes), src)
                    if first is None:
                        continue
                    second = self.build_path(set(first[1]) | (sources or set(nodes)), city)
                    if second is None or first[0] + second[0] > self.cash:
                        continue
                    score = amount - first[0] - second[0]
                    if best is None or score > best[0]:
                        best = (score, [(src, "pick", good), (city, "deliver", card, d)])
        return best[1] if best else []

    def choose_start(self):
        self.plan = self.choose_plan(set())
        city = self.plan[0][0] if self.plan else next(iter(self.cities))
        return "(%d %d)" % self.cities[city][1][0]

    def choose_build(self):
        if self.built:
            return "nil"
        self.built = True
        if not self.plan or any(s[1] == "deliver" and s[2] not in self.hand for s in self.plan):
            self.plan = self.choose_plan(self.network())
        budget, out, sources = min(20 - self.spent, self.cash), [], self.network()
        for stop in self.plan:
            found = self.build_path(sources, stop[0])
            if not found:
                break
            for a, b in zip(found[1], found[1][1:]):
                if frozenset((a, b)) in self.edges:
                    continue
                budget -= self.cost(b)
                if budget < 0:
                    break
                out.append("((%d %d) (%d %d))" % (a + b))
            sources |= set(found[1])
        return "(" + " ".join(out) + ")" if out else "nil"

    def choose_move(self):
        left, cmds = SPEED[self.train] - self.moved, []
        for stop in list(self.plan):
            path = self.ride(stop[0])
            if path is None or len(path) > left:
                if path:  # as far as the track and the mileposts go
                    cmds += ["(move-to-point (%d %d))" % p for p in path[:left]]
                break
            cmds += ["(move-to-point (%d %d))" % p for p in path]
            left -= len(path)
            self.pos = path[-1] if path else self.pos
            if stop[1] == "pick":
                cmds.append("(acquire-good %s)" % stop[2])
            else:
                cmds.append("(make-delivery %d %d)" % (stop[2], stop[3]))
            self.plan.remove(stop)
        return "(" + " ".join(cmds) + ")" if cmds else "nil"


def main(argv):
    args, host, port, name = [], None, None, "example"
    it = iter(argv)
    for a in it:
        if a == "--host":
            host = next(it)
        elif a == "--port":
            port = int(next(it))
        elif a == "--name":
            name = next(it)
        else:
            args.append(a)
    host = host or (args[0] if args else "127.0.0.1")
    port = port or int(args[1])
    name = args[2] if len(args) > 2 else name
    sock = socket.create_connection((host, port))
    stream = sock.makefile("rw", newline="\n")
    stream.write('(register "%s")\n' % name)
    stream.flush()
    client = Client()
    for line in stream:
        m = parse(line.strip()) if line.strip() else []
        if not isinstance(m, list) or not m:
            continue
        answer = None
        if m[0] == "CHOOSE-START":
            answer = client.choose_start()
        elif m[0] == "CHOOSE-BUILD":
            answer = client.choose_build()
        elif m[0] == "CHOOSE-MOVE":
            answer = client.choose_move()
        elif m[0] == "TIMEOUT":
            answer = "(sync)"
        elif m[0] in ("ERROR", "REGISTER-REFUSED"):
            print(line.strip(), file=sys.stderr)
            if m[0] == "REGISTER-REFUSED":
                return 1
        else:
            client.apply(m)
            if m[0] == "GAME-OVER":
                print(line.strip())
                return 0
        if answer is not None:
            stream.write(answer + "\n")
            stream.flush()
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
