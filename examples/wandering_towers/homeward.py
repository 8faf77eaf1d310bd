"""An example Wandering Towers bot: walk wizards home, bury opponents, else play at random.

A good first bot to copy: it reads the view (the board and the card in play) and the legal
actions, and never looks at anything else. Try it:

    arena play wandering_towers examples/wandering_towers/homeward.py random random
"""

from arena_sdk import Bot


def params(code):
    """`tower:space=5:level=1` -> {"space": 5, "level": 1} (numbers only)."""
    return {
        key: int(value)
        for key, _, value in (part.partition("=") for part in code.split(":")[1:])
        if value.lstrip("-").isdigit()
    }


class Homeward(Bot):
    name = "homeward"

    def act(self, view, legal):
        codes = [action.code for action in legal]
        action = view.get("action", {})
        keep = view["ravenskeep"]["space"]
        best = None
        best_score = 0
        for code in codes:
            score = self.score(view, action, keep, code)
            if score > best_score:
                best, best_score = code, score
        if best is not None:
            return best
        calm = [c for c in codes if not c.startswith(("cast:", "claim:", "refresh"))]
        return self.random.choice(calm or codes)

    def score(self, view, action, keep, code):
        """How much we like `code`: 0 means no opinion."""
        if code.startswith("wizard:"):
            wizard = view["wizards"][params(code)["id"]]
            destination = (wizard["space"] + action.get("wizard_value", 0)) % 16
            if destination == keep:
                return 100  # a wizard home: the best thing a card can do
            return 1 + destination  # otherwise, the further along the better
        if code.startswith("tower:"):
            p = params(code)
            destination = (p["space"] + action.get("tower_value", 0)) % 16
            top = view["spaces"][destination]["levels"][-1]["wizards"]
            theirs = [w for w in top if view["wizards"][w]["owner"] != self.seat]
            mine = [w for w in top if view["wizards"][w]["owner"] == self.seat]
            if theirs and not mine:
                return 50  # imprisoning someone else fills one of our flasks
        return 0
