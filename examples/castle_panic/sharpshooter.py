"""An example Castle Panic bot: shoot the monster nearest the castle, kill when you can.

A good first bot to copy: it reads the view (the monsters, their rings and health) and the
legal actions, and never looks at anything else. Try it:

    arena play castle_panic examples/castle_panic/sharpshooter.py random random
"""

from arena_sdk import Bot

#: Actions that damage a monster, best first.
ATTACKS = ("barbarian:", "nice_shot:", "hit:", "drive_back:")


def params(code):
    """`hit:card=4:monster=17` -> {"card": 4, "monster": 17} (numbers only)."""
    return {
        key: int(value)
        for key, _, value in (part.partition("=") for part in code.split(":")[1:])
        if value.isdigit()
    }


class Sharpshooter(Bot):
    name = "sharpshooter"

    def act(self, view, legal):
        codes = [action.code for action in legal]
        monsters = {m["id"]: m for m in view["monsters"]}
        if view["step"] == "play":
            attacks = [c for c in codes if c.startswith(ATTACKS)]
            if attacks:
                return max(attacks, key=lambda c: self.urgency(c, monsters))
            return "end_phase"
        if view["step"] == "choose" and view.get("choice", {}).get("monsters"):
            # A Wall, Tower or weapon point: hurt the weakest, so it dies.
            picks = [c for c in codes if c.startswith("pick:")]
            return min(picks, key=lambda c: monsters[params(c)["monster"]]["health"])
        for calm in ("draw:deck=castle", "pass", "accept"):
            if calm in codes:
                return calm
        return self.random.choice(codes)

    def urgency(self, code, monsters):
        """Monsters near the castle first (ring 0 is the Castle), then the ones we can kill."""
        monster = monsters[params(code)["monster"]]
        kill = monster["health"] <= 1 or code.startswith(("barbarian:", "nice_shot:"))
        if code.startswith("drive_back:") and monster["ring"] > 1:
            return -1  # only worth it once a monster is at the walls
        return (5 - monster["ring"]) * 10 + (5 if kill else 0) - monster["health"]
