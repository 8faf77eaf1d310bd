"""The greedy reference bot. It sees only what a hosted bot sees: the view and the legal
actions.

`GreedyBot` reads the board from its own view (walls, doors, objects, treasures) and uses
the static geometry of `arena.games.wiz_war.board` for paths and line of sight. Its plan:
carry an enemy treasure home; pick one up when standing on it; otherwise strike the weakest
enemy wizard in reach with its best attack; otherwise walk towards the nearest enemy
treasure (boosting speed with plain Energy when far). It counters attacks aimed at it and
passes otherwise.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

from arena.games.codes import action_code, parse_code
from arena.games.wiz_war import board as B
from arena_sdk import Action, Bot

#: Attack cards the greedy bot aims at wizards: key -> (reach, damage before energy, uses E).
ATTACKS = {
    "fireball": ("los", 5, False),
    "powerthrust": ("los", 2, True),
    "zot": ("los", 0, True),
    "ka_bong": ("los", 4, False),
    "scorch": ("los", 3, False),
    "spirit_bolt": ("los", 0, True),
    "globe_of_pain": ("los", 0, True),
    "stone_dead": ("los", 0, True),
    "cyclops_boulder": ("los4", 4, False),
    "spirit_drain": ("los", 2, False),
    "psychic_storm": ("los", 0, True),
    "tail_slap": ("adj", 2, False),
}
CANCELS = ("full_shield", "backlash", "absorb_spell", "nemesis", "ancestral_ward", "null_powder")
SOFTENS = ("shield", "ancient_scales", "invisible", "teleport", "wall_of_earth")


class GreedyBot(Bot):
    """Treasure runner with opportunistic attacks; see the module docstring."""

    name = "greedy"

    def act(self, view: Mapping[str, Any], legal: Sequence[Action]) -> str:
        codes = [a.code for a in legal]
        if len(codes) == 1:
            return codes[0]
        decision = view["decision"]
        if decision["kind"] == "window":
            return self._answer(view, codes)
        if decision["kind"] == "declare":
            return self._declare(view, codes)
        if decision["kind"] == "choice":
            return self._choose(view, codes)
        if view["phase"] == "discard_and_draw":
            draws = [c for c in codes if c.startswith("draw:") and not c.endswith(":spec")]
            return max(draws, key=lambda c: parse_code(c).number("n"))
        if view["activation"]["creature"]:
            return "end_activation" if "end_activation" in codes else codes[0]
        return self._turn(view, codes)

    # --- Counter windows ----------------------------------------------------------------------
    def _answer(self, view: Mapping[str, Any], codes: list[str]) -> str:
        me = f"w{view['seat']}"
        cast = next((c for c in view["casting"] if c["id"] == view["decision"]["cast"]), None)
        threatened = cast is not None and cast["attack"] and me in cast["targets"]
        if not threatened:
            return "pass"
        keys = {c: self._card_key(view, c) for c in codes if c.startswith("counter:")}
        for wanted in (CANCELS, SOFTENS):
            for code, key in keys.items():
                if key in wanted:
                    return code
        return "pass"

    def _card_key(self, view: Mapping[str, Any], code: str) -> str:
        parsed = parse_code(code)
        number = parsed.number("card", parsed.number("item"))
        for card in view["hand"]:
            if card["id"] == number:
                return card["key"]
        for card in view["players"][view["seat"]]["items"]:
            if card["id"] == number:
                return card["key"]
        return ""

    # --- Declarations -------------------------------------------------------------------------
    def _declare(self, view: Mapping[str, Any], codes: list[str]) -> str:
        seat = view["seat"]
        head = parse_code(codes[0]).head
        if head == "target":
            enemies = sorted(
                (p for p in view["players"] if p["alive"] and p["seat"] != seat),
                key=lambda p: p["life"],
            )
            foes = [c["name"] for c in view["creatures"] if c["controller"] != seat]
            for token in [*(f"w{p['seat']}" for p in enemies), f"w{seat}", *foes]:
                code = action_code("target", token)
                if code in codes:
                    return code
        if head == "energy":
            powered = [c for c in codes if c.startswith("energy:card=")]
            if powered:
                return max(powered, key=lambda c: self._ev(view, parse_code(c).number("card")))
        if head in ("steps", "split"):
            return max(codes, key=lambda c: int(parse_code(c).word))
        return self.random.choice(codes)

    def _ev(self, view: Mapping[str, Any], card_id: int) -> int:
        return next((c["ev"] for c in view["hand"] if c["id"] == card_id), 0)

    def _choose(self, view: Mapping[str, Any], codes: list[str]) -> str:
        preferred = ("guard:yes", "lust:suffer", "done")
        me = view["players"][view["seat"]]
        if "lust:drop" in codes and me["life"] <= 6:
            return "lust:drop"
        for code in preferred:
            if code in codes:
                return code
        discards = [c for c in codes if c.startswith("discard:")]
        if discards:
            return min(discards, key=lambda c: self._ev(view, parse_code(c).number("card")))
        return self.random.choice(codes)

    # --- The Move and Cast phase --------------------------------------------------------------
    def _turn(self, view: Mapping[str, Any], codes: list[str]) -> str:
        seat = view["seat"]
        me = view["players"][seat]
        here = me["square"]
        carrying = me["treasure"] >= 0
        relics = [c for c in me["items"] if c["kind"] == "relic"]
        for card in view["hand"]:
            play = action_code("play", card=card["id"])
            if card["kind"] == "item" and play in codes:
                return play  # relics would block the treasure slot
        if not carrying:
            for t in view["treasures"]:
                if t["owner"] == seat or t["square"] != here:
                    continue
                pickup = action_code("pickup", f"t{t['id']}")
                if pickup in codes:
                    return pickup
                if relics and (drop := action_code("drop", f"item{relics[0]['id']}")) in codes:
                    return drop
        attack = self._attack(view, codes)
        if attack:
            return attack
        if carrying:
            goals = {me["home"]}
        else:
            goals = {
                t["square"]
                for t in view["treasures"]
                if t["owner"] != seat and t["square"] >= 0 and not t["scored"] and not t["glued"]
            }
        step = self._step_towards(view, codes, goals)
        if step:
            return step
        return "end_phase" if "end_phase" in codes else codes[-1]

    def _attack(self, view: Mapping[str, Any], codes: list[str]) -> str:
        seat = view["seat"]
        me = view["players"][seat]
        enemies = [p for p in view["players"] if p["alive"] and p["seat"] != seat]
        best, best_value = "", 0
        top_ev = max((c["ev"] for c in view["hand"] if c["kind"] in ("energy", "flash")), default=0)
        for card in view["hand"]:
            mode = "damage" if card["key"] == "zot" else ""
            code = action_code("cast", card=card["id"], mode=mode)
            if code not in codes or card["key"] not in ATTACKS:
                continue
            reach, damage, uses = ATTACKS[card["key"]]
            if uses:
                damage += top_ev
            if damage > best_value and any(
                self._reaches(view, me, p["square"], reach) for p in enemies
            ):
                best, best_value = code, damage
        if best:
            return best
        if "punch" in codes and any(self._reaches(view, me, p["square"], "adj") for p in enemies):
            return "punch"
        return ""

    def _reaches(self, view: Mapping[str, Any], me: Mapping[str, Any], sq: int, reach: str) -> bool:
        here = me["square"]
        if reach == "adj":
            return sq == here or sq in self._neighbours(view, me, here)
        if reach == "los4" and B.manhattan(here, sq) > 4:
            return False
        return self._sees(view, me, here, sq)

    def _blocking(self, view: Mapping[str, Any], me: Mapping[str, Any], at: int) -> set[int]:
        walls = {B.parse_edge(w["edge"]) for w in view["walls"]}
        for door in view["doors"]:
            mine = door["colour"] == me["colour"] and at in (door["a"], door["b"])
            if not (door["held_by"] >= 0 or (mine and not door["sealed"])):
                walls.add(B.parse_edge(door["edge"]))
        return walls

    def _sees(self, view: Mapping[str, Any], me: Mapping[str, Any], a: int, b: int) -> bool:
        if a == b:
            return True
        blocking = self._blocking(view, me, a)
        fillers = {
            o["square"]
            for o in view["objects"]
            if o["kind"] in ("stone_block", "rosebush", "thornbush", "dust_cloud")
        }
        trace = B.trace_squares(a, b)
        if any(s in fillers for s in trace.squares) or any(e in blocking for e in trace.edges):
            return False
        return not any(e in blocking for v in trace.vertices for e in B.VERTEX_EDGES[v])

    def _neighbours(self, view: Mapping[str, Any], me: Mapping[str, Any], sq: int) -> list[int]:
        blocking = self._blocking(view, me, sq)
        blocks = {o["square"] for o in view["objects"] if o["kind"] == "stone_block"}
        out = []
        for n in B.NEIGHBOURS[sq]:
            if n is None or n.square in blocks:
                continue
            if n.edge != B.WRAP and n.edge in blocking:
                continue
            out.append(n.square)
        return out

    def _step_towards(self, view: Mapping[str, Any], codes: list[str], goals: set[int]) -> str:
        """Follow a shortest path (own doors open, others' closed) to the nearest goal;
        boost speed with plain Energy first when the goal is beyond this turn's MP."""
        me = view["players"][view["seat"]]
        here = me["square"]
        if not goals or here in goals:
            return ""
        dist = self._distances(view, me, goals)
        if here not in dist:
            return ""
        boosts = [c for c in codes if c.startswith("boost:")]
        if dist[here] > me["mp"] and boosts:
            energy = [
                c for c in boosts if self._kind(view, parse_code(c).number("card")) == "energy"
            ]
            if energy:
                return max(energy, key=lambda c: self._ev(view, parse_code(c).number("card")))
        for d, n in enumerate(B.NEIGHBOURS[here]):
            code = action_code("step", B.DIRS[d])
            if n is not None and code in codes and dist.get(n.square, 99) < dist[here]:
                return code
        return ""

    def _kind(self, view: Mapping[str, Any], card_id: int) -> str:
        return next((c["kind"] for c in view["hand"] if c["id"] == card_id), "")

    def _distances(
        self, view: Mapping[str, Any], me: Mapping[str, Any], goals: set[int]
    ) -> dict[int, int]:
        """Walking distance from every square to the goals (BFS backwards; doors judged as
        for a wizard of my colour standing beside them)."""
        blocked = self._movement_blocks(view, me)
        stones = {o["square"] for o in view["objects"] if o["kind"] == "stone_block"}
        dist = {g: 0 for g in goals}
        queue = deque(goals)
        while queue:
            sq = queue.popleft()
            for n in B.NEIGHBOURS[sq]:
                if n is None or n.square in dist or sq in stones:
                    continue
                if n.edge != B.WRAP and n.edge in blocked:
                    continue
                dist[n.square] = dist[sq] + 1
                queue.append(n.square)
        return dist

    def _movement_blocks(self, view: Mapping[str, Any], me: Mapping[str, Any]) -> set[int]:
        """Walls, and doors that are neither mine (unsealed) nor held open."""
        blocked = {B.parse_edge(w["edge"]) for w in view["walls"]}
        for door in view["doors"]:
            if door["held_by"] < 0 and (door["colour"] != me["colour"] or door["sealed"]):
                blocked.add(B.parse_edge(door["edge"]))
        return blocked
