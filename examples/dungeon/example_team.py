#!/usr/bin/env python3
"""A small Dungeon Race team (spec §8 frames, §9 traps, §13 the team): standard library only.

Usage: example_team.py --host H --port P --player T   or by hand   example_team.py HOST PORT T

One process plays the whole team: six sockets, one per agent, served by one select() loop, so
the team state needs no locks. The heir walks to its shrine by BFS around the monsters (NPCs)
and enemy henchmen it knows of; the five henchmen walk onto whatever blocks the heir's shortest
route (a henchman arriving on an NPC kills it). Every corridor is crossed by solving its trap
instance with a plain WalkSAT, aiming for 0 active traps.
"""
import random
import select
import socket
import struct
import sys
import time
from collections import deque

NPC, HEIR, AGENTS = -1, 0, 6
START, MOVE, SOLUTION = 1, 2, 3  # request tags (§8.2)
DUNGEON, SAT, MOVED, ENEMY, GAME_OVER, ERROR = 16, 17, 18, 19, 20, 21  # response tags


def frame(tag, body=b""):
    """§8.1: u32 big-endian length (tag + body), then the tag byte, then the fields."""
    return struct.pack(">IB", len(body) + 1, tag) + body


def ints(body, offset, count):
    return list(struct.unpack_from(">%di" % count, body, offset)), offset + 4 * count


def walksat(n, traps, rng, budget_s):
    """Plain WalkSAT/SKC (§13.5). Literal +v is true when switch v is on, -v when it is off; a
    trap is active when its three literals are all false. Returns the best assignment seen."""
    # Literal +v is index 2v, -v is 2v+1; occ[lit] lists the traps holding that literal.
    occ = [[] for _ in range(2 * n + 2)]
    vote = [0] * (n + 1)
    for t, trap in enumerate(traps):
        for lit in trap:
            occ[2 * abs(lit) + (lit < 0)].append(t)
            vote[abs(lit)] += 1 if lit > 0 else -1
    # Planted instances agree with the hidden assignment 4 times in 7, so the majority sign of
    # each switch starts close to a solution (ties at random).
    x = [False] + [vote[v] > 0 or (vote[v] == 0 and rng.random() < 0.5) for v in range(1, n + 1)]

    def true_lit(v):  # the index of v's literal that is true now
        return 2 * v + (not x[v])

    true_count = [sum((lit > 0) == x[abs(lit)] for lit in trap) for trap in traps]
    active, where = [], [-1] * len(traps)  # the active traps, and each one's slot in that list
    for t, c in enumerate(true_count):
        if c == 0:
            where[t] = len(active)
            active.append(t)

    def flip(v):
        for t in occ[true_lit(v)]:  # this literal turns false
            true_count[t] -= 1
            if true_count[t] == 0:
                where[t] = len(active)
                active.append(t)
        x[v] = not x[v]
        for t in occ[true_lit(v)]:  # and the other one turns true
            true_count[t] += 1
            if true_count[t] == 1:  # no longer active: swap it out of the list in O(1)
                last = active.pop()
                if last != t:
                    active[where[t]] = last
                    where[last] = where[t]
                where[t] = -1

    def breaks(v):  # the traps that would become active if v flipped
        return sum(1 for t in occ[true_lit(v)] if true_count[t] == 1)

    best, best_x, since_best, flips = len(active), x[:], 0, 0
    deadline = time.monotonic() + budget_s
    while active:
        flips += 1
        if flips % 256 == 0 and time.monotonic() > deadline:
            break
        trap = traps[active[rng.randrange(len(active))]]
        costs = [(breaks(abs(lit)), abs(lit)) for lit in trap]
        free = [v for b, v in costs if b == 0]
        if free:
            flip(rng.choice(free))
        elif rng.random() < 0.5:  # noise: a random walk step out of local minima
            flip(abs(rng.choice(trap)))
        else:
            low = min(b for b, _ in costs)
            flip(rng.choice([v for b, v in costs if b == low]))
        if len(active) < best:
            best, best_x, since_best = len(active), x[:], 0
        else:
            since_best += 1
            if since_best > 50 * n:  # stuck: restart from a random setting, keep the best
                for v in range(1, n + 1):
                    if rng.random() < 0.5:
                        flip(v)
                since_best = 0
    if not active:
        best_x = x
    return [1 if on else 0 for on in best_x[1:]]


class Team:
    def __init__(self, host, port, player):
        self.player, self.rng = player, random.Random(player)
        self.socks, self.bufs = [], []
        for agent in range(AGENTS):
            s = socket.create_connection((host, port))
            s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # §3.3: small frames, no delay
            self.socks.append(s)
            self.bufs.append(b"")
        for agent, s in enumerate(self.socks):  # §3.2: the first frame registers the pair
            s.sendall(frame(START, struct.pack(">ii", player, agent)))
        self.adj = None  # the graph, from the first DungeonResponse
        self.pos = [None] * AGENTS
        self.dest = [None] * AGENTS  # the node an agent is crossing to, or None when it is idle
        self.views = [set() for _ in range(AGENTS)]  # (who, node) pairs each agent sees now
        self.npcs = set()  # believed NPC nodes: NPCs never move, so only kills remove them
        self.winner = None

    # ---- what the team knows -------------------------------------------------------------

    def on_dungeon(self, body):
        _, _, count = struct.unpack_from(">iiI", body, 0)
        off = 12 + 16 * count  # the coordinates are for viewers; BFS needs only the edges
        (count,) = struct.unpack_from(">I", body, off)
        edges, off = ints(body, off + 4, 2 * count)
        (count,) = struct.unpack_from(">I", body, off)
        npcs, off = ints(body, off + 4, count)
        start0, shrine0, start1, shrine1 = struct.unpack_from(">iiii", body, off)
        self.adj = [[] for _ in range(1000)]
        for u, v in zip(edges[::2], edges[1::2]):
            self.adj[u].append(v)
            self.adj[v].append(u)
        self.npcs = set(npcs)
        self.start, self.shrine = (start0, shrine0) if self.player == 0 else (start1, shrine1)
        # §4.2: no agent may enter the other team's start or shrine.
        self.forbidden = {start1, shrine1} if self.player == 0 else {start0, shrine0}
        self.pos = [self.start] * AGENTS

    def enemy_henchmen(self):
        return {node for view in self.views for who, node in view if who > 0}

    def on_frame(self, agent, tag, body):
        if tag == DUNGEON:
            if self.adj is None:
                self.on_dungeon(body)
        elif tag == SAT:
            n, count = struct.unpack_from(">iI", body, 0)
            lits, _ = ints(body, 8, 3 * count)
            traps = [lits[i:i + 3] for i in range(0, len(lits), 3)]
            # The heir's crossings decide the race, so they get a larger budget.
            assignment = walksat(n, traps, self.rng, 0.5 if agent == HEIR else 0.1)
            self.send(agent, SOLUTION, struct.pack(">I%dB" % n, n, *assignment))
        elif tag == MOVED:
            location, success, count = struct.unpack_from(">i?I", body, 0)
            killed, _ = ints(body, 9, count)
            if not success or location == self.dest[agent]:
                self.dest[agent] = None  # arrived, or dead (a death cancels the crossing, §4.5)
            self.pos[agent] = location  # an attack survived leaves the crossing pending
            if NPC in killed:
                self.npcs.discard(location)
        elif tag == ENEMY:
            who, location, seen = struct.unpack_from(">ii?", body, 0)
            if seen:
                self.views[agent].add((who, location))
            else:
                self.views[agent].discard((who, location))
                # An NPC that vanishes while still next to us was killed (by the enemy): §13.2.
                here = self.pos[agent]
                if who == NPC and (location == here or location in self.adj[here]):
                    self.npcs.discard(location)
        elif tag == GAME_OVER:
            (self.winner,) = struct.unpack_from(">i", body, 0)
        elif tag == ERROR:
            (length,) = struct.unpack_from(">I", body, 0)
            print("agent %d: %s" % (agent, body[4:4 + length].decode()), file=sys.stderr)
            self.dest[agent] = None  # the request was refused; the agent decides again

    # ---- what the team does --------------------------------------------------------------

    def bfs(self, source, target, walls):
        """A shortest route source..target avoiding walls and forbidden nodes, or None."""
        before = {source: None}
        queue = deque([source])
        while queue:
            u = queue.popleft()
            if u == target:
                route = []
                while u is not None:
                    route.append(u)
                    u = before[u]
                return route[::-1]
            for v in self.adj[u]:
                if v not in before and v not in self.forbidden and v not in walls:
                    before[v] = u
                    queue.append(v)
        return None

    def act(self):
        """Gives every idle agent its next step; called after each batch of frames."""
        if self.adj is None or self.winner is not None:
            return
        henchmen = self.enemy_henchmen()
        # The heir's route with nothing in the way: whatever stands on it is the henchmen's job.
        direct = self.bfs(self.pos[HEIR], self.shrine, set()) or []
        blockers = [v for v in direct[1:] if v in self.npcs or v in henchmen]
        for agent in range(AGENTS):
            if self.dest[agent] is not None:
                continue
            if agent == HEIR:
                # An heir dies on an NPC's node or an enemy henchman's (§5.2): walk around them,
                # and wait (the next frame wakes the team) while no route is free.
                route = self.bfs(self.pos[HEIR], self.shrine, self.npcs | henchmen)
            elif blockers:
                target = blockers[(agent - 1) % len(blockers)]
                route = self.bfs(self.pos[agent], target, set())
            else:
                route = None  # nothing to clear: stay safe where it stands
            if route and len(route) > 1:
                self.dest[agent] = route[1]
                self.send(agent, MOVE, struct.pack(">i", route[1]))

    def send(self, agent, tag, body):
        self.socks[agent].sendall(frame(tag, body))

    def run(self):
        open_socks = dict(zip(self.socks, range(AGENTS)))
        # After GameOverResponse keep reading until the server closes each connection (§7.1):
        # closing a socket with unread frames in it would reset the connection instead.
        while open_socks:
            ready, _, _ = select.select(list(open_socks), [], [])
            for s in ready:
                agent = open_socks[s]
                try:
                    data = s.recv(1 << 16)
                except ConnectionError:
                    data = b""
                if not data:  # the server closed this agent's connection
                    del open_socks[s]
                    continue
                self.bufs[agent] += data
                # Every complete frame in the buffer; a partial one waits for more bytes.
                while len(self.bufs[agent]) >= 4:
                    (length,) = struct.unpack_from(">I", self.bufs[agent], 0)
                    if len(self.bufs[agent]) < 4 + length:
                        break
                    tag, body = self.bufs[agent][4], self.bufs[agent][5:4 + length]
                    self.bufs[agent] = self.bufs[agent][4 + length:]
                    self.on_frame(agent, tag, body)
            self.act()
        for s in self.socks:
            s.close()
        return self.winner


def main(argv):
    flags = {}
    args = []
    i = 0
    while i < len(argv):
        if argv[i].startswith("--") and i + 1 < len(argv):
            flags[argv[i][2:]] = argv[i + 1]
            i += 2
        else:
            args.append(argv[i])
            i += 1
    host = flags.get("host", args[0] if args else "127.0.0.1")
    port = int(flags.get("port", args[1] if len(args) > 1 else 7777))
    player = int(flags.get("player", args[2] if len(args) > 2 else 0))
    winner = Team(host, port, player).run()
    print("winner %s" % winner, file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
