"""An example Wiz-War bot: fetch an enemy treasure, carry it home, punch whoever is in the way.

A good first bot to copy: it reads the view (squares are ints row * 10 + col; walls and doors
are listed with the two squares they separate) and the legal actions, and never looks at
anything else. Try it:

    arena play wiz_war examples/wiz_war/treasure_hunter.py random
"""

from collections import deque

from arena_sdk import Bot

DIRECTIONS = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
WRAPS = (2, 7)  # rows and columns whose outer edges are openings to the other side


def step_to(square, direction):
    """The square one step away (through a wrap opening if there is one), or None."""
    row, col = divmod(square, 10)
    dr, dc = DIRECTIONS[direction]
    row, col = row + dr, col + dc
    if 0 <= row < 10 and 0 <= col < 10:
        return row * 10 + col
    if not 0 <= row < 10 and col in WRAPS:
        return (row % 10) * 10 + col
    if not 0 <= col < 10 and row in WRAPS:
        return row * 10 + col % 10
    return None


class TreasureHunter(Bot):
    name = "treasure_hunter"

    def act(self, view, legal):
        codes = [action.code for action in legal]
        if len(codes) == 1:
            return codes[0]
        decision = view["decision"]["kind"]
        if decision == "window":
            return "pass"
        if decision:  # a target, an energy card or a forced choice
            enemy = [
                c for c in codes if c.startswith("target:w") and c != f"target:w{view['seat']}"
            ]
            return enemy[0] if enemy else codes[0]
        if view["phase"] == "discard_and_draw":
            return max((c for c in codes if c.startswith("draw:")), key=len)
        if view["activation"]["creature"]:
            return "end_activation"
        me = view["players"][view["seat"]]
        if me["treasure"] < 0:
            for treasure in view["treasures"]:
                code = f"pickup:t{treasure['id']}"
                if treasure["owner"] != view["seat"] and code in codes:
                    return code
        if "punch" in codes and self.enemy_beside(view, me):
            return "punch"
        goals = (
            {me["home"]}
            if me["treasure"] >= 0
            else {
                t["square"]
                for t in view["treasures"]
                if t["owner"] != view["seat"] and t["square"] >= 0
            }
        )
        step = self.towards(view, me, goals, codes)
        return step or "end_phase"

    def enemy_beside(self, view, me):
        return any(
            p["alive"] and p["seat"] != me["seat"] and p["square"] == me["square"]
            for p in view["players"]
        )

    def towards(self, view, me, goals, codes):
        """A legal step along a shortest path (walls and other colours' doors block)."""
        blocked = {(w["a"], w["b"]) for w in view["walls"]}
        blocked |= {(d["a"], d["b"]) for d in view["doors"] if d["colour"] != me["colour"]}

        def open_between(a, b):
            return (min(a, b), max(a, b)) not in blocked or abs(a - b) not in (1, 10)

        distance = {g: 0 for g in goals}
        queue = deque(goals)
        while queue:
            here = queue.popleft()
            for direction in DIRECTIONS:
                there = step_to(here, direction)
                if there is not None and there not in distance and open_between(here, there):
                    distance[there] = distance[here] + 1
                    queue.append(there)
        here = me["square"]
        steps = [
            (distance[there], f"step:{direction}")
            for direction in DIRECTIONS
            if (there := step_to(here, direction)) in distance
            and f"step:{direction}" in codes
            and distance[there] < distance.get(here, 99)
        ]
        return min(steps)[1] if steps else None
