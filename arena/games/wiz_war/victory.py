"""Victory (§7.8): the game ends at once when a player reaches 2 VP or when one wizard is
left alive (he wins); with none left, or after the round limit (§1), it is drawn. Then the
final ranking.
"""

from __future__ import annotations

from arena.games.base import JSON
from arena.games.wiz_war import figures
from arena.games.wiz_war.config import VICTORY_POINTS
from arena.games.wiz_war.records import OVER
from arena.games.wiz_war.resolution import log_event
from arena.games.wiz_war.state import State


def check_victory(state: State) -> None:
    """2 VP wins at once; so does being the last wizard alive; none alive: a draw."""
    if state.over:
        return
    for w in state.wizards:
        if w.alive and w.vp >= VICTORY_POINTS:
            end_game(state, w.seat, "victory_points")
            return
    alive = [w for w in state.wizards if w.alive]
    if len(alive) == 1:
        end_game(state, alive[0].seat, "last_wizard")
    elif not alive:
        end_game(state, -1, "all_dead")


def end_game(state: State, winner: int, reason: str) -> None:
    """The game is over: nothing more resolves; `winner` is -1 for a draw."""
    state.over = True
    state.winner = winner
    state.end_reason = reason
    state.phase = OVER
    state.frames = []
    state.activation = ""
    who = figures.name_of(state, f"w{winner}") if winner >= 0 else "nobody"
    log_event(state, f"Game over ({reason}): {who} wins")


def rank_players(state: State) -> list[JSON]:
    """The winner first; a drawn game ties every surviving wizard; the others by (alive, VP,
    later elimination). Score: victory points."""
    keys = []
    for w in state.wizards:
        if state.over and state.winner == w.seat:
            keys.append((2, 0, 0))
        elif w.alive and state.over and state.winner < 0:
            keys.append((1, 0, 0))
        elif w.alive:
            keys.append((0, 1, w.vp * 100))
        else:
            keys.append((0, 0, w.vp * 100 + w.out_order))
    return [
        {"rank": sum(1 for other in keys if other > key), "score": state.wizards[i].vp}
        for i, key in enumerate(keys)
    ]
