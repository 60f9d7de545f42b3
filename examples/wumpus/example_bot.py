#!/usr/bin/env python3
"""A small, careful Wumpus bot: it walks only onto cells it has proven safe, grabs the gold when it
glitters, and walks home to exit. Run it with:

    arena play wumpus --seat "hero=python3 examples/wumpus/example_bot.py" --seed 1
"""
import sys
from collections import deque

DIRS = [(0, 1), (1, 0), (0, -1), (-1, 0)]  # N, E, S, W: the order rotateR walks


def send(word):
    sys.stdout.write(word + "\n")
    sys.stdout.flush()  # one line per percept, flushed: the protocol's only rule for bots


def main():
    width = height = 4
    x = y = heading = 0
    has_gold = False
    visited, safe = {(0, 0)}, {(0, 0)}
    plan = deque()

    def neighbours(c):
        for dx, dy in DIRS:
            n = (c[0] + dx, c[1] + dy)
            if 0 <= n[0] < width and 0 <= n[1] < height:
                yield n

    def route_to(goals):
        """Actions along safe cells to the nearest goal: BFS over (cell, heading)."""
        start = (x, y, heading)
        prev = {start: None}
        queue = deque([start])
        while queue:
            state = queue.popleft()
            if (state[0], state[1]) in goals:
                actions = []
                while prev[state] is not None:
                    state, action = prev[state]
                    actions.append(action)
                return actions[::-1]
            cx, cy, h = state
            dx, dy = DIRS[h]
            moves = [((cx, cy, (h + 3) % 4), "rotateL"), ((cx, cy, (h + 1) % 4), "rotateR")]
            if (cx + dx, cy + dy) in safe:
                moves.append(((cx + dx, cy + dy, h), "go"))
            for nxt, action in moves:
                if nxt not in prev:
                    prev[nxt] = (state, action)
                    queue.append(nxt)
        return None

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "start":
            width, height = int(words[1]), int(words[2])
            continue
        if words[0] == "end":
            return
        if "breeze" not in words and "stench" not in words:
            safe.update(neighbours((x, y)))
        if "glitter" in words and not has_gold:
            has_gold = True
            plan.clear()
            send("grab")
            continue
        if not plan:
            unexplored = safe - visited
            route = None if has_gold else route_to(unexplored)
            if not route:
                route = (route_to({(0, 0)}) or []) + ["exit"]
            plan.extend(route)
        action = plan.popleft()
        if action == "go":
            dx, dy = DIRS[heading]
            x, y = x + dx, y + dy
            visited.add((x, y))
        elif action == "rotateL":
            heading = (heading + 3) % 4
        elif action == "rotateR":
            heading = (heading + 1) % 4
        send(action)


if __name__ == "__main__":
    main()
