"""Wandering Towers: the state and its transitions, named like the rulebook.

Reading order: the card and spell tables and the action codes; the state with the engine API;
the turn (play a card, roll, commit, resolve, refresh, end of turn); the movement rules
(move_wizard, move_tower, imprison, fill_flask, enter_ravenskeep, relocate_ravenskeep); the
spells (cast_spell and one function per spell); the team variant; the game end and ranking;
positions for scenarios and simulations. Section numbers (§) refer to the spec,
docs/games/wandering-towers-rules.md; every number lives in `config.py`.

Every choice is an action with a short code (see docs/games/wandering-towers.md). Legal
actions are computed once per state as a map `code -> (handler, argument)`, so `apply` never
parses a code and refuses anything not in the map before touching the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from arena.games.base import JSON, LegalMapState, SharedRng
from arena.games.codes import action_code
from arena.games.wandering_towers.config import (
    ACTIONS_PER_TURN,
    ADVANCE_TOWER_STEPS,
    ADVANCE_WIZARD_STEPS,
    BASIC_SPELLS,
    BASIC_SPELLS_PER_TURN,
    DECK,
    DECK_SIZE,
    DEFAULT_MASTER_SPELLS,
    DIE_FACES,
    END_ON_DEADLOCK,
    FLASKS_PER_PLAYER,
    FREE_WIZARD_BARRED_ON_FULL_TOP,
    GHOST_LIGHTS,
    HAND_SIZE,
    HEADWIND_TOWER_STEPS,
    HEADWIND_WIZARD_STEPS,
    MASTER_REPEATS,
    NUM_SPACES,
    NUM_TOWERS,
    PIGGYBACK_NEEDS_ROOM_FOR_ALL,
    RAVENSKEEP_START,
    REFRESH_TOWER_OPTIONAL,
    REFRESH_TOWER_STEPS,
    ROUND_CAP,
    SHIELDED_SPACES,
    SHIELDED_TOWERS,
    SPELLS,
    START_PLAYER_RANDOM,
    SURFACE_CAPACITY,
    SWAP_BARS_RAVENSKEEP_SPACE,
    SWAP_DISTANCE,
    TEAM_PLAYER_COUNTS,
    WIZARDS_PER_PLAYER,
    SpellRow,
)

GAME_NAME = "wandering_towers"


# --- Cards and spells -------------------------------------------------------------------------
class Card(NamedTuple):
    """A movement card. `wizard`/`tower` are 0 for "no such move" or "rolled" (dice > 0)."""

    id: int
    kind: str  # "wizard" | "tower" | "dual"
    wizard: int
    tower: int
    dice: int  # rolls allowed, 0 for a numbered card

    @property
    def moves_wizard(self) -> bool:
        return self.kind != "tower"

    @property
    def moves_tower(self) -> bool:
        return self.kind != "wizard"


def _build_deck() -> tuple[Card, ...]:
    cards: list[Card] = []
    for row in DECK:
        for _ in range(row.copies):
            cards.append(Card(len(cards), row.kind, row.wizard, row.tower, row.dice))
    return tuple(cards)


CARDS: tuple[Card, ...] = _build_deck()
SPELL: dict[str, SpellRow] = {row.name: row for row in SPELLS}
WIZARD_SPELL_STEPS = {
    "advance_wizard": ADVANCE_WIZARD_STEPS,
    "headwind_wizard": -HEADWIND_WIZARD_STEPS,
}
TOWER_SPELL_STEPS = {"advance_tower": ADVANCE_TOWER_STEPS, "headwind_tower": -HEADWIND_TOWER_STEPS}

# --- Phases and timings -----------------------------------------------------------------------
PLAY = "play"  # start of a card action: play a card (or refresh, first action only)
ROLL = "roll"  # a dice card with re-rolls left: reroll or accept
COMMIT = "commit"  # choose the wizard or tower the card in play moves (or dud)
REFRESH_TOWER = "refresh_tower"  # refresh turn: move a tower 1 space or skip
PRIORITY = "priority"  # Master: claim this action's spell or pass, clockwise from the active
CAST = "cast"  # a claimer casts the claimed spell
REPEAT = "repeat"  # Master: cast the same spell again, or stop
CHOOSE_FREED = "choose_freed"  # Free a Wizard found several of the caster's wizards
GIVE_CARD = "give_card"  # team: the partner picks the card to hand over
RETURN_CARD = "return_card"  # team: the active player gives one card back
TURN_END = "turn_end"  # after the last action: last spell window / team moves, or end_turn
OVER = "over"

NOW, BEFORE, AFTER, DURING = "now", "before", "after", "during"
WINDOW_PHASES = (PLAY, COMMIT, REFRESH_TOWER, TURN_END)
MOVE_WIZARD, MOVE_TOWER, NO_MOVE = "wizard", "tower", "none"

# --- Action codes, built once so legal-action generation never formats strings ----------------
MAX_WIZARDS = max(n * w for n, w in WIZARDS_PER_PLAYER.items())
MAX_FLASKS = max(n * f for n, f in FLASKS_PER_PLAYER.items())
PLAY_CODES = tuple(action_code("play", card=c) for c in range(DECK_SIZE))
GIVE_CARD_CODES = tuple(action_code("give_card", card=c) for c in range(DECK_SIZE))
RETURN_CARD_CODES = tuple(action_code("return_card", card=c) for c in range(DECK_SIZE))
WIZARD_CODES = tuple(action_code("wizard", id=w) for w in range(MAX_WIZARDS))
FREE_CODES = tuple(action_code("free", wizard=w) for w in range(MAX_WIZARDS))
GIVE_FLASKS_CODES = tuple(action_code("give_flasks", n=k) for k in range(MAX_FLASKS + 1))
TOWER_CODES = tuple(
    tuple(action_code("tower", space=s, level=lv) for lv in range(NUM_TOWERS + 1))
    for s in range(NUM_SPACES)
)
CAST_WIZARD_CODES = {
    name: tuple(action_code("cast", name, wizard=w) for w in range(MAX_WIZARDS))
    for name in ("advance_wizard", "headwind_wizard", "piggyback")
}
CAST_TOWER_CODES = {
    name: tuple(
        tuple(action_code("cast", name, space=s, level=lv) for lv in range(NUM_TOWERS + 1))
        for s in range(NUM_SPACES)
    )
    for name in ("advance_tower", "headwind_tower", "free_wizard")
}
SWAP_CODES = tuple(
    tuple(action_code("cast", "swap_tower", space=a, **{"with": b}) for b in range(NUM_SPACES))
    for a in range(NUM_SPACES)
)
NUDGE_CODES = {
    1: action_code("cast", "nudge_ravenskeep", dir="cw"),
    -1: action_code("cast", "nudge_ravenskeep", dir="ccw"),
}
CLAIM_CODES = {
    (row.name, timing): action_code("claim", row.name, timing)
    for row in SPELLS
    for timing in (BEFORE, AFTER, DURING)
}

Handler = Callable[["WanderingTowersState", Any], None]
Options = dict[str, tuple[Handler, Any]]


class WanderingTowersState(SharedRng, LegalMapState):
    """One game of Wandering Towers (§1-§13): board, cards, flasks, spells and the turn."""

    VIEWS = "arena.games.wandering_towers.views"
    GAME_NAME = GAME_NAME

    # --- Setup (§3) ---------------------------------------------------------------------------
    def __init__(self, players: int, seed: int, options: Mapping[str, Any]) -> None:
        teams = bool(options.get("teams", False))
        if teams and players not in TEAM_PLAYER_COUNTS:
            raise ValueError(
                f"{GAME_NAME}: teams need {' or '.join(map(str, TEAM_PLAYER_COUNTS))} players, "
                f"got {players}"
            )
        if players not in WIZARDS_PER_PLAYER:
            raise ValueError(f"{GAME_NAME}: no setup for {players} players")
        self.num_players = players
        self.variant = str(options.get("variant", "base"))
        self.master = self.variant == "master_wizard"
        self.teams = teams
        self.spell_count = int(options.get("spells", DEFAULT_MASTER_SPELLS))
        self.swap_distance_2 = bool(options.get("swap_distance_2", False))
        self.team_end_immediate = bool(options.get("team_end_immediate", True))
        self.hide_prisoners = bool(options.get("hide_prisoners", False))
        self.wizards_each = WIZARDS_PER_PLAYER[players]
        self.flasks_each = FLASKS_PER_PLAYER[players]
        self.num_wizards = players * self.wizards_each
        self.wizard_owner = tuple(w // self.wizards_each for w in range(self.num_wizards))
        half = players // 2
        self.partner = tuple((p + half) % players if teams else -1 for p in range(players))

        # All chance, in this order: start player, deck shuffle, Master spell draw.
        self.rng = random.Random(seed)
        self.start_player = self.rng.randrange(players) if START_PLAYER_RANDOM else 0
        deck = list(range(DECK_SIZE))
        self.rng.shuffle(deck)
        self.spells = self._draw_spells()

        self._build_track()
        self.keep_space = RAVENSKEEP_START
        self.keep_inside: list[int] = []
        self.in_keep = [0] * players
        self.in_keep_total = 0
        self.wizard_space = [-1] * self.num_wizards
        self.wizard_level = [-1] * self.num_wizards
        self._place_wizards()
        self.empty = [self.flasks_each] * players
        self.full = [0] * players
        self.spent = [0] * players
        self.hands = [[deck.pop() for _ in range(HAND_SIZE)] for _ in range(players)]
        self.draw_pile = deck  # the top card is the last one
        self.discard: list[int] = []

        self.active = self.start_player
        self.round = 1
        self.turn = 1
        self.end_triggered = False
        self.over = False
        self.end_reason = ""
        self._end_now = False
        self._begin_turn()

    def _draw_spells(self) -> tuple[str, ...]:
        """Basic game: the two fixed spells; Master: `spells` tiles drawn at random (§11.1)."""
        if not self.master:
            return BASIC_SPELLS
        drawn = self.rng.sample([row.name for row in SPELLS], self.spell_count)
        return tuple(sorted(drawn, key=lambda name: SPELL[name].id))

    def _build_track(self) -> None:
        """Towers T1..T9 on spaces 1..9, the Ravenskeep on space 0 (§3.2 step 1)."""
        self.towers: list[list[int]] = [[] for _ in range(NUM_SPACES)]
        self.tower_space = [-1] * (NUM_TOWERS + 1)
        for tower in range(1, NUM_TOWERS + 1):
            self.towers[tower].append(tower)
            self.tower_space[tower] = tower
        self.levels: list[list[list[int]]] = [
            [[] for _ in range(len(stack) + 1)] for stack in self.towers
        ]

    def _place_wizards(self) -> None:
        """One wizard at a time, clockwise from the start player, on the lowest-numbered tower
        still below its ghost lights (§3.2 step 5)."""
        placed = [0] * NUM_SPACES
        next_id = [p * self.wizards_each for p in range(self.num_players)]
        player, space = self.start_player, 1
        for _ in range(self.num_wizards):
            while placed[space] == GHOST_LIGHTS[space]:
                space += 1
            wizard = next_id[player]
            next_id[player] += 1
            self.levels[space][1].append(wizard)
            self.wizard_space[wizard], self.wizard_level[wizard] = space, 1
            placed[space] += 1
            player = (player + 1) % self.num_players

    def _begin_turn(self) -> None:
        self.phase = PLAY
        self.actions_done = 0
        self.refreshing = False
        self.spells_this_turn = 0
        self.turn_over = False
        self.exchange = "none"
        self.exchange_given = -1
        self.exchange_returned = -1
        self._clear_action()

    def _clear_action(self) -> None:
        self.card = -1
        self.roll = 0
        self.rolls = 0
        self.committed: tuple[str, int, int] | None = None
        self.resolved = False
        self.move_lost = False
        self.passengers: list[int] = []
        self.spell_used_action = False
        self._clear_spell()
        self.priority_index = 0
        self._legal: Options | None = None

    def _clear_spell(self) -> None:
        self.caster = -1
        self.spell = ""
        self.timing = ""
        self.casts = 0
        self.window = ""
        self.free_choices: list[int] = []

    # --- Engine API ---------------------------------------------------------------------------
    def to_move(self) -> int | None:
        phase = self.phase
        if phase == OVER:
            return None
        if phase == PRIORITY:
            return (self.active + self.priority_index) % self.num_players
        if phase in (CAST, REPEAT, CHOOSE_FREED):
            return self.caster
        if phase == GIVE_CARD:
            return self.partner[self.active]
        return self.active

    def _play(self, handler: Handler, argument: Any) -> None:
        handler(self, argument)
        if self._end_now and not self.over:
            self._finish("goal")

    def _where(self) -> str:
        return f" (phase {self.phase})"

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> list[JSON]:
        """Winners rank 0; the rest by the fallback ranking (§13). Final once `is_over()`."""
        return rank_players(self)

    def clone(self) -> WanderingTowersState:
        """A careful manual copy: containers are copied one level down, never deep-copied."""
        new = object.__new__(WanderingTowersState)
        self.share_rng()
        new.__dict__.update(self.__dict__)
        new.towers = [stack[:] for stack in self.towers]
        new.levels = [[group[:] for group in space] for space in self.levels]
        new.tower_space = self.tower_space[:]
        new.wizard_space = self.wizard_space[:]
        new.wizard_level = self.wizard_level[:]
        new.keep_inside = self.keep_inside[:]
        new.in_keep = self.in_keep[:]
        new.empty = self.empty[:]
        new.full = self.full[:]
        new.spent = self.spent[:]
        new.hands = [hand[:] for hand in self.hands]
        new.draw_pile = self.draw_pile[:]
        new.discard = self.discard[:]
        new.passengers = self.passengers[:]
        new.free_choices = self.free_choices[:]
        return new  # the legal-action cache is immutable once built, so it is shared

    # --- Legal actions ------------------------------------------------------------------------
    def _compute_legal(self) -> Options:
        return _PHASE_OPTIONS[self.phase](self)

    def _options_play(self) -> Options:
        """Play a card; before the first card also the refresh turn (§9.1)."""
        options: Options = {PLAY_CODES[c]: (_do_play, c) for c in self.hands[self.active]}
        if self.actions_done == 0:
            options["refresh"] = (_do_refresh, None)
        self._add_window_casts(options)
        self._add_team_options(options)
        return options

    def _options_roll(self) -> Options:
        return {"reroll": (_do_reroll, None), "accept": (_do_accept, None)}

    def _options_commit(self) -> Options:
        """Every legal target of the card in play, or `dud` when there is none (§4.2)."""
        card = CARDS[self.card]
        options: Options = {}
        if card.moves_wizard:
            steps = card.wizard or self.roll
            for wizard in self.card_wizards(self.active):
                if self.wizard_can_move(wizard, steps):
                    options[WIZARD_CODES[wizard]] = (_do_commit_wizard, wizard)
        if card.moves_tower:
            self._add_tower_moves(options, card.tower or self.roll, _do_commit_tower)
        if not options:
            options["dud"] = (_do_dud, None)
        self._add_window_casts(options)
        return options

    def _options_refresh_tower(self) -> Options:
        options: Options = {}
        self._add_tower_moves(options, REFRESH_TOWER_STEPS, _do_commit_tower)
        if REFRESH_TOWER_OPTIONAL or not options:
            options["skip"] = (_do_skip, None)
        self._add_window_casts(options)
        return options

    def _options_priority(self) -> Options:
        seat = (self.active + self.priority_index) % self.num_players
        options = self._claim_options(seat)
        options["pass"] = (_do_pass, None)
        return options

    def _options_cast(self) -> Options:
        return self.spell_uses(self.spell, self.caster)

    def _options_repeat(self) -> Options:
        options = self.spell_uses(self.spell, self.caster)
        options["stop"] = (_do_stop, None)
        return options

    def _options_choose_freed(self) -> Options:
        return {FREE_CODES[w]: (_do_free, w) for w in self.free_choices}

    def _options_give_card(self) -> Options:
        hand = self.hands[self.partner[self.active]]
        return {GIVE_CARD_CODES[c]: (_do_give_card, c) for c in hand}

    def _options_return_card(self) -> Options:
        return {RETURN_CARD_CODES[c]: (_do_return_card, c) for c in self.hands[self.active]}

    def _options_turn_end(self) -> Options:
        options: Options = {"end_turn": (_do_end_turn, None)}
        self._add_window_casts(options)
        self._add_team_options(options)
        return options

    def _add_tower_moves(self, options: Options, steps: int, handler: Handler) -> None:
        """Any tower at any level, unless it would land on the Ravenskeep (§6.2)."""
        keep = self.keep_space
        for space, stack in enumerate(self.towers):
            if stack and (space + steps) % NUM_SPACES != keep:
                codes = TOWER_CODES[space]
                for level, tower in enumerate(stack, 1):
                    options[codes[level]] = (handler, tower)

    def _add_window_casts(self, options: Options) -> None:
        """Spell windows where the active player has control (§9.3 basic, §11.3 pre-commit)."""
        if self.master:
            if self.spell_used_action or self.phase not in (COMMIT, REFRESH_TOWER):
                return
        elif self.spells_this_turn >= BASIC_SPELLS_PER_TURN:
            return
        active = self.active
        for name in self.spells:
            if name != "piggyback" and self.full[active] >= SPELL[name].cost:
                options.update(self.spell_uses(name, active))

    def _add_team_options(self, options: Options) -> None:
        """Card exchange and flask passing at the turn's calm moments (§12)."""
        if not self.teams or self.refreshing:
            return
        if self.exchange == "none":
            options["request_card"] = (_do_request_card, None)
        for count in range(1, self.full[self.active] + 1):
            options[GIVE_FLASKS_CODES[count]] = (_do_give_flasks, count)

    # --- The card action (§9.2) ---------------------------------------------------------------
    def card_wizards(self, player: int) -> range:
        """The wizards `player`'s cards move: their own, or in teams once all of those are in
        the Ravenskeep, the partner's (§12)."""
        if self.teams and self.in_keep[player] == self.wizards_each:
            player = self.partner[player]
        first = player * self.wizards_each
        return range(first, first + self.wizards_each)

    def card_value(self, kind: str) -> int:
        """The movement value of the card in play for a wizard or tower move (rolled if dice)."""
        if self.refreshing:
            return REFRESH_TOWER_STEPS
        card = CARDS[self.card]
        return (card.wizard if kind == MOVE_WIZARD else card.tower) or self.roll

    def roll_die(self) -> int:
        self.roll = self.rng.randint(1, DIE_FACES)
        self.rolls += 1
        return self.roll

    def _after_commit(self) -> None:
        """Master: the priority round (§11.3) unless the pre-commit window used the spell."""
        if self.master and not self.spell_used_action:
            self.priority_index = 0
            self._next_claimant()
        else:
            self._finish_action()

    def _finish_action(self) -> None:
        self.resolve_move()
        self._close_action()

    def resolve_move(self) -> None:
        """Do the committed move if it is still legal, from wherever the piece is now (§9.2
        step 6); otherwise it is lost and the card stays discarded."""
        if self.committed is None:
            return
        kind, piece, steps = self.committed
        if kind == MOVE_WIZARD:
            passengers = [p for p in self.passengers if self._same_surface(p, piece)]
            if self.wizard_can_move(piece, steps, len(passengers)):
                destination = (self.wizard_space[piece] + steps) % NUM_SPACES
                self.move_wizard(piece, destination, self.active, passengers)
            else:
                self.move_lost = True
        elif kind == MOVE_TOWER:
            destination = (self.tower_space[piece] + steps) % NUM_SPACES
            if destination != self.keep_space:
                self.move_tower(piece, destination, self.active)
            else:
                self.move_lost = True
        self.resolved = True

    def _close_action(self) -> None:
        """The action is over: on to the next one, the last window, or the end of the turn."""
        if self.turn_over:
            self.end_turn()
            return
        self._clear_action()
        if self.refreshing:
            self.actions_done = ACTIONS_PER_TURN
        else:
            self.actions_done += 1
        if self.actions_done >= ACTIONS_PER_TURN:
            self._enter_turn_end()
        else:
            self.phase = PLAY

    def _enter_turn_end(self) -> None:
        """Offer the last window only if there is something to do in it."""
        self.phase = TURN_END
        if len(self._options_turn_end()) == 1:
            self.end_turn()

    # --- Movement: wizards (§5, §7) -----------------------------------------------------------
    def is_visible(self, wizard: int) -> bool:
        space = self.wizard_space[wizard]
        return space >= 0 and self.wizard_level[wizard] == len(self.towers[space])

    def top(self, space: int) -> list[int]:
        """The wizards on the top surface of `space`: the visible ones."""
        return self.levels[space][len(self.towers[space])]

    def has_room(self, space: int, arriving: int = 1) -> bool:
        """Six wizards at most on a top surface; the Ravenskeep takes everyone (§5)."""
        return (
            space == self.keep_space
            or len(self.levels[space][len(self.towers[space])]) + arriving <= SURFACE_CAPACITY
        )

    def wizard_can_move(self, wizard: int, steps: int, passengers: int = 0) -> bool:
        space = self.wizard_space[wizard]
        if space < 0 or self.wizard_level[wizard] != len(self.towers[space]):
            return False
        return self.has_room((space + steps) % NUM_SPACES, 1 + passengers)

    def _same_surface(self, wizard: int, other: int) -> bool:
        return (
            self.is_visible(wizard)
            and self.wizard_space[wizard] == self.wizard_space[other]
            and self.wizard_level[wizard] == self.wizard_level[other]
        )

    def move_wizard(
        self, wizard: int, destination: int, mover: int, passengers: Sequence[int] = ()
    ) -> None:
        """Walk a visible wizard (and Piggyback passengers) to the top surface of
        `destination`, or into the Ravenskeep on an exact landing (§5)."""
        group = [wizard, *passengers]
        origin = self.top(self.wizard_space[wizard])
        for member in group:
            origin.remove(member)
        if destination == self.keep_space:
            self.enter_ravenskeep(group, mover)
            return
        height = len(self.towers[destination])
        surface = self.levels[destination][height]
        for member in group:
            surface.append(member)
            self.wizard_space[member] = destination
            self.wizard_level[member] = height

    def enter_ravenskeep(self, group: Sequence[int], mover: int) -> None:
        """The wizards go in for good, the Ravenskeep relocates once, and the active player's
        turn ends if one of them was theirs (§7)."""
        for wizard in group:
            self.wizard_space[wizard] = self.wizard_level[wizard] = -1
            self.keep_inside.append(wizard)
            self.in_keep[self.wizard_owner[wizard]] += 1
            self.in_keep_total += 1
        self.relocate_ravenskeep()
        for wizard in group:
            if self._entry_ends_turn(wizard, mover):
                self.turn_over = True
            self._check_goal(self.wizard_owner[wizard])

    def _entry_ends_turn(self, wizard: int, mover: int) -> bool:
        """Assumption 8: the active player's own wizard, whoever moved it; in teams also a
        partner's wizard moved by a finished active player."""
        owner, active = self.wizard_owner[wizard], self.active
        if owner == active:
            return True
        return (
            self.teams
            and mover == active
            and owner == self.partner[active]
            and self.in_keep[active] == self.wizards_each
        )

    def relocate_ravenskeep(self) -> None:
        """Clockwise to the first unoccupied shielded place: an empty shielded space or a
        shielded top tower with nobody on it; else it stays (§8.1)."""
        for step in range(1, NUM_SPACES):
            space = (self.keep_space + step) % NUM_SPACES
            stack = self.towers[space]
            if self.levels[space][len(stack)]:
                continue
            if (not stack and space in SHIELDED_SPACES) or (stack and stack[-1] in SHIELDED_TOWERS):
                self.keep_space = space
                return

    # --- Movement: towers (§6) ----------------------------------------------------------------
    def tower_position(self, tower: int) -> tuple[int, int]:
        """(space, level) of a tower; level 1 is the bottom of the stack."""
        space = self.tower_space[tower]
        return space, self.towers[space].index(tower) + 1

    def move_tower(self, tower: int, destination: int, mover: int) -> None:
        """Move a tower with everything above it: towers, wizards and a Ravenskeep on top
        (§6.3). Wizards under it become visible; those it lands on are imprisoned."""
        origin = self.tower_space[tower]
        stack = self.towers[origin]
        position = stack.index(tower)
        moving = stack[position:]
        del stack[position:]
        groups = self.levels[origin][position + 1 :]
        del self.levels[origin][position + 1 :]
        height = len(self.towers[destination])
        captured = self.imprison(destination)
        self.towers[destination].extend(moving)
        self.levels[destination].extend(groups)
        for moved in moving:
            self.tower_space[moved] = destination
        for offset, group in enumerate(groups, height + 1):
            for wizard in group:
                self.wizard_space[wizard] = destination
                self.wizard_level[wizard] = offset
        if self.keep_space == origin:
            self.keep_space = destination
        if captured:
            self.fill_flask(mover)

    def imprison(self, space: int) -> bool:
        """The wizards on the top surface of `space` are about to be covered: did any?"""
        return bool(self.levels[space][len(self.towers[space])])

    def fill_flask(self, player: int) -> None:
        """One empty flask turns full per imprisoning move; in teams, the partner's if the
        player has none left (§6.3 step 6, §12)."""
        if self.empty[player]:
            self.empty[player] -= 1
            self.full[player] += 1
            self._check_goal(player)
        elif self.teams and self.empty[self.partner[player]]:
            partner = self.partner[player]
            self.empty[partner] -= 1
            self.full[partner] += 1
            self._check_goal(partner)

    # --- The refresh turn and the end of the turn (§9.1b, §9.4) -------------------------------
    def refresh(self) -> None:
        """Discard all three cards, draw three; a tower may then move one space."""
        hand = self.hands[self.active]
        self.discard.extend(hand)
        hand.clear()
        self.draw_cards(self.active, HAND_SIZE)
        self.refreshing = True
        self.spell_used_action = False
        self.phase = REFRESH_TOWER

    def draw_cards(self, player: int, count: int) -> None:
        """Reshuffle the discard pile whenever the draw pile runs out (§9.4)."""
        hand = self.hands[player]
        for _ in range(count):
            if not self.draw_pile:
                assert self.discard, "both piles empty: impossible with 90 cards"
                self.draw_pile, self.discard = self.discard, []
                self.rng.shuffle(self.draw_pile)
            hand.append(self.draw_pile.pop())

    def end_turn(self) -> None:
        """Refill the hand, then check the game end and pass the turn clockwise (§9.4, §13)."""
        self._clear_action()
        active = self.active
        self.draw_cards(active, HAND_SIZE - len(self.hands[active]))
        last_seat = (self.start_player - 1) % self.num_players
        if self._end_now:  # teams with team_end_immediate: no round completion
            self._finish("goal")
        elif END_ON_DEADLOCK and not self.end_triggered and self.in_keep_total == self.num_wizards:
            self._finish("deadlock")
        elif active == last_seat and self.end_triggered:
            self._finish("goal")
        elif active == last_seat and self.round >= ROUND_CAP:
            self._finish("round_cap")
        else:
            self.active = (active + 1) % self.num_players
            if self.active == self.start_player:
                self.round += 1
            self.turn += 1
            self._begin_turn()

    # --- Spells (§10, §11) --------------------------------------------------------------------
    def spell_uses(self, name: str, caster: int) -> Options:
        """Every legal cast of spell `name` by `caster` now, as `cast:` codes."""
        return _SPELL_USES[name](self, name, caster)

    def has_use(self, name: str, caster: int) -> bool:
        return bool(_SPELL_USES[name](self, name, caster))

    def _uses_wizard_spell(self, name: str, caster: int) -> Options:
        steps = WIZARD_SPELL_STEPS[name]
        codes = CAST_WIZARD_CODES[name]
        return {
            codes[w]: (_do_cast, (name, w))
            for w in range(self.num_wizards)
            if self.wizard_can_move(w, steps)
        }

    def _uses_tower_spell(self, name: str, caster: int) -> Options:
        steps, keep, codes = TOWER_SPELL_STEPS[name], self.keep_space, CAST_TOWER_CODES[name]
        options: Options = {}
        for space, stack in enumerate(self.towers):
            if stack and (space + steps) % NUM_SPACES != keep:
                for level, tower in enumerate(stack, 1):
                    options[codes[space][level]] = (_do_cast, (name, tower))
        return options

    def _uses_swap_tower(self, name: str, caster: int) -> Options:
        stacks = [
            space
            for space, stack in enumerate(self.towers)
            if stack and not (SWAP_BARS_RAVENSKEEP_SPACE and space == self.keep_space)
        ]
        if self.swap_distance_2:
            present = set(stacks)
            pairs = [(a, (a + SWAP_DISTANCE) % NUM_SPACES) for a in stacks]
            pairs = [(a, b) for a, b in pairs if b in present]
        else:
            pairs = [(a, b) for i, a in enumerate(stacks) for b in stacks[i + 1 :]]
        return {SWAP_CODES[a][b]: (_do_cast, (name, (a, b))) for a, b in pairs}

    def _uses_nudge(self, name: str, caster: int) -> Options:
        if self.nudge_target(1) < 0:
            return {}
        return {NUDGE_CODES[1]: (_do_cast, (name, 1)), NUDGE_CODES[-1]: (_do_cast, (name, -1))}

    def _uses_free_wizard(self, name: str, caster: int) -> Options:
        codes = CAST_TOWER_CODES[name]
        options: Options = {}
        for space, stack in enumerate(self.towers):
            if FREE_WIZARD_BARRED_ON_FULL_TOP and len(self.levels[space][len(stack)]) >= (
                SURFACE_CAPACITY
            ):
                continue
            for level in range(1, len(stack) + 1):
                options[codes[space][level]] = (_do_cast, (name, (space, level)))
        return options

    def _uses_piggyback(self, name: str, caster: int) -> Options:
        codes = CAST_WIZARD_CODES[name]
        return {codes[w]: (_do_cast, (name, w)) for w in self.piggyback_passengers(caster)}

    def piggyback_passengers(self, caster: int) -> list[int]:
        """The caster's visible wizards on the surface of the wizard being moved by card, if
        the destination still has room for everyone (§10.2 #8)."""
        if self.committed is None or self.committed[0] != MOVE_WIZARD or self.refreshing:
            return []
        _, mover, steps = self.committed
        if not self.is_visible(mover):
            return []
        riders = 1 + len(self.passengers) + 1
        destination = (self.wizard_space[mover] + steps) % NUM_SPACES
        if PIGGYBACK_NEEDS_ROOM_FOR_ALL and not self.has_room(destination, riders):
            return []
        own = self.card_wizards(caster)
        return [
            w
            for w in self.top(self.wizard_space[mover])
            if w != mover and w in own and w not in self.passengers
        ]

    def _claim_options(self, seat: int) -> Options:
        """Claims open to `seat` in the priority round: `before` when the spell has a use
        now, `after` when there is a move to wait for, `during` for Piggyback (§11.3)."""
        options: Options = {}
        assert self.committed is not None
        moving = self.committed[0] != NO_MOVE
        for name in self.spells:
            if self.full[seat] < SPELL[name].cost:
                continue
            if name == "piggyback":
                if self.piggyback_passengers(seat):
                    options[CLAIM_CODES[name, DURING]] = (_do_claim, (name, DURING))
                continue
            if self.has_use(name, seat):
                options[CLAIM_CODES[name, BEFORE]] = (_do_claim, (name, BEFORE))
            if moving:
                options[CLAIM_CODES[name, AFTER]] = (_do_claim, (name, AFTER))
        return options

    def _next_claimant(self) -> None:
        """Ask players clockwise from the active one; skip those with no claim to make."""
        while self.priority_index < self.num_players:
            seat = (self.active + self.priority_index) % self.num_players
            if self._claim_options(seat):
                self.phase = PRIORITY
                return
            self.priority_index += 1
        self._finish_action()

    def cast_spell(self, caster: int, name: str, target: Any) -> None:
        """Pay the full flasks (they are spent for good) and do the spell's effect (§10)."""
        cost = SPELL[name].cost
        self.full[caster] -= cost
        self.spent[caster] += cost
        if self.casts == 0:
            self.spells_this_turn += 1  # one use, however often it is repeated
        self.casts += 1
        if name in WIZARD_SPELL_STEPS:
            space = self.wizard_space[target]
            destination = (space + WIZARD_SPELL_STEPS[name]) % NUM_SPACES
            self.move_wizard(target, destination, caster)
        elif name in TOWER_SPELL_STEPS:
            destination = (self.tower_space[target] + TOWER_SPELL_STEPS[name]) % NUM_SPACES
            self.move_tower(target, destination, caster)
        elif name == "swap_tower":
            self.swap_towers(*target)
        elif name == "nudge_ravenskeep":
            self.nudge_ravenskeep(target)
        elif name == "free_wizard":
            self.free_wizard(caster, *target)
        elif name == "piggyback":
            self.piggyback(target)

    def swap_towers(self, a: int, b: int) -> None:
        """Swap the top towers of two stacks with the wizards standing on them; nobody new is
        imprisoned and no flask fills (§10.2 #5)."""
        height_a, height_b = len(self.towers[a]), len(self.towers[b])
        tower_a, tower_b = self.towers[a][-1], self.towers[b][-1]
        self.towers[a][-1], self.towers[b][-1] = tower_b, tower_a
        self.tower_space[tower_a], self.tower_space[tower_b] = b, a
        on_a, on_b = self.levels[a][height_a], self.levels[b][height_b]
        self.levels[a][height_a], self.levels[b][height_b] = on_b, on_a
        for wizard in on_b:
            self.wizard_space[wizard], self.wizard_level[wizard] = a, height_a
        for wizard in on_a:
            self.wizard_space[wizard], self.wizard_level[wizard] = b, height_b

    def nudge_ravenskeep(self, direction: int) -> None:
        """Clockwise (+1) or counter-clockwise (-1) to the nearest unoccupied place, shield
        or not; it carries its contents along (§10.2 #6)."""
        self.keep_space = self.nudge_target(direction)

    def nudge_target(self, direction: int) -> int:
        """The nearest space in `direction` whose top surface has no wizard, or -1 (§10.2 #6)."""
        for step in range(1, NUM_SPACES):
            space = (self.keep_space + direction * step) % NUM_SPACES
            if not self.levels[space][len(self.towers[space])]:
                return space
        return -1

    def free_wizard(self, caster: int, space: int, level: int) -> None:
        """Lift the tower at (space, level) and look beneath it: one of the caster's (or the
        partner's) wizards there goes on top of the stack (§10.2 #7)."""
        allowed = (caster, self.partner[caster])
        found = [w for w in self.levels[space][level - 1] if self.wizard_owner[w] in allowed]
        if len(found) == 1:
            self._release(found[0], caster)
        elif found:
            self.free_choices = found
            self.phase = CHOOSE_FREED

    def piggyback(self, passenger: int) -> None:
        """Attach a passenger to the wizard the active player moves by card (§10.2 #8)."""
        self.passengers.append(passenger)

    def _release(self, wizard: int, caster: int) -> None:
        space = self.wizard_space[wizard]
        self.levels[space][self.wizard_level[wizard]].remove(wizard)
        self.free_choices = []
        if space == self.keep_space:
            self.enter_ravenskeep([wizard], caster)
            return
        height = len(self.towers[space])
        self.levels[space][height].append(wizard)
        self.wizard_level[wizard] = height

    def _after_cast(self) -> None:
        """Master: repeat while the caster can pay and the spell has a use (§11.6)."""
        if self.turn_over:
            self.end_turn()
            return
        name, caster = self.spell, self.caster
        if (
            self.master
            and MASTER_REPEATS
            and self.full[caster] >= SPELL[name].cost
            and self.has_use(name, caster)
        ):
            self.phase = REPEAT
            return
        self._spell_done()

    def _spell_done(self) -> None:
        """Back to where the spell was cast: the window, or the committed move."""
        timing, window = self.timing, self.window
        self._clear_spell()
        if timing == NOW:
            self.phase = window
            if window == TURN_END:
                self._enter_turn_end()
        elif timing == AFTER:
            self._close_action()
        else:
            self._finish_action()

    # --- Game end (§13) -----------------------------------------------------------------------
    def meets_goal(self, player: int) -> bool:
        """All own wizards in the Ravenskeep and no empty flask; spent counts as filled."""
        return self.in_keep[player] == self.wizards_each and self.empty[player] == 0

    def team_meets_goal(self, player: int) -> bool:
        return self.meets_goal(player) and (not self.teams or self.meets_goal(self.partner[player]))

    def _check_goal(self, player: int) -> None:
        if not self.end_triggered and self.team_meets_goal(player):
            self.end_triggered = True
            if self.teams and self.team_end_immediate:
                self._end_now = True

    def _finish(self, reason: str) -> None:
        self._clear_action()
        self.over = True
        self.end_reason = reason
        self.phase = OVER
        self._end_now = False

    def sides(self) -> list[list[int]]:
        """The competing sides: teams of partners, or single seats."""
        if not self.teams:
            return [[p] for p in range(self.num_players)]
        return [[p, self.partner[p]] for p in range(self.num_players // 2)]

    def side_of(self, seat: int) -> int:
        """Index of `seat`'s side in `sides()`."""
        return seat % (self.num_players // 2) if self.teams else seat

    # --- Positions for scenarios and simulations ----------------------------------------------
    def set_board(
        self,
        spaces: Mapping[int, tuple[Sequence[int], Sequence[Sequence[int]]]],
        ravenskeep: int,
        inside: Sequence[int] = (),
    ) -> None:
        """Arrange the track directly: `{space: (towers bottom->top, wizard levels)}`, levels
        from the ground up (missing upper levels are empty). Every tower and every wizard must
        be placed exactly once, on the track or `inside` the Ravenskeep."""
        self.towers = [[] for _ in range(NUM_SPACES)]
        self.levels = [[[]] for _ in range(NUM_SPACES)]
        for space, (towers, levels) in spaces.items():
            if len(levels) > len(towers) + 1:
                raise ValueError(f"space {space}: more wizard levels than towers + 1")
            self.towers[space] = list(towers)
            padded = [*levels, *([[]] * (len(towers) + 1 - len(levels)))]
            self.levels[space] = [list(group) for group in padded]
        placed_towers = sorted(t for stack in self.towers for t in stack)
        if placed_towers != list(range(1, NUM_TOWERS + 1)):
            raise ValueError(f"towers must be 1..{NUM_TOWERS} once each, got {placed_towers}")
        self.keep_space = ravenskeep
        self._index_board(list(inside))

    def _index_board(self, inside: list[int]) -> None:
        """Rebuild the derived indexes (positions, keep counts) from towers and levels."""
        self.tower_space = [-1] * (NUM_TOWERS + 1)
        self.wizard_space = [-1] * self.num_wizards
        self.wizard_level = [-1] * self.num_wizards
        seen: list[int] = list(inside)
        for space in range(NUM_SPACES):
            for tower in self.towers[space]:
                self.tower_space[tower] = space
            for level, group in enumerate(self.levels[space]):
                for wizard in group:
                    self.wizard_space[wizard], self.wizard_level[wizard] = space, level
                    seen.append(wizard)
        if sorted(seen) != list(range(self.num_wizards)):
            raise ValueError(f"every wizard 0..{self.num_wizards - 1} must be placed once")
        self.keep_inside = inside
        self.in_keep = [0] * self.num_players
        for wizard in inside:
            self.in_keep[self.wizard_owner[wizard]] += 1
        self.in_keep_total = len(inside)
        self._legal = None

    def deal(self, player: int, cards: Sequence[int]) -> None:
        """Give `player` exactly `cards` (taken from the piles); the old hand goes back under
        the draw pile, so the 90 cards are conserved."""
        for card in cards:
            if card in self.draw_pile:
                self.draw_pile.remove(card)
            elif card in self.discard:
                self.discard.remove(card)
            elif card not in self.hands[player]:
                raise ValueError(f"card {card} is in another player's hand")
        old = [c for c in self.hands[player] if c not in cards]
        self.hands[player] = list(cards)
        self.draw_pile[:0] = old
        self._legal = None

    def check_invariants(self) -> list[str]:
        """The §14 invariants; returns what is broken (empty when all hold)."""
        problems: list[str] = []
        towers = sorted(t for stack in self.towers for t in stack)
        if towers != list(range(1, NUM_TOWERS + 1)):
            problems.append(f"towers {towers}")
        placed = sorted(w for space in self.levels for group in space for w in group)
        if sorted(placed + self.keep_inside) != list(range(self.num_wizards)):
            problems.append("wizards not conserved")
        for space in range(NUM_SPACES):
            if len(self.levels[space]) != len(self.towers[space]) + 1:
                problems.append(f"space {space}: levels do not match the stack")
            elif len(self.top(space)) > SURFACE_CAPACITY:
                problems.append(f"space {space}: more than {SURFACE_CAPACITY} on top")
            for level, group in enumerate(self.levels[space]):
                for w in group:
                    if (self.wizard_space[w], self.wizard_level[w]) != (space, level):
                        problems.append(f"wizard {w} index out of date")
            for tower in self.towers[space]:
                if self.tower_space[tower] != space:
                    problems.append(f"tower {tower} index out of date")
        if self.top(self.keep_space):
            problems.append("visible wizards on the Ravenskeep's space")
        flasks = [e + f + s for e, f, s in zip(self.empty, self.full, self.spent, strict=True)]
        for side in self.sides():
            if sum(flasks[p] for p in side) != self.flasks_each * len(side):
                problems.append(f"flasks of {side} not conserved")
        cards = sorted([c for hand in self.hands for c in hand] + self.draw_pile + self.discard)
        if cards != list(range(DECK_SIZE)):
            problems.append("cards not conserved")
        return problems


# --- Action handlers: `apply` calls these with the argument stored in the legal map ------------
def _do_play(state: WanderingTowersState, card: int) -> None:
    """Play a card face up onto the discard pile; a dice card rolls at once (§4.2)."""
    state.hands[state.active].remove(card)
    state.discard.append(card)
    state.card = card
    state.spell_used_action = False
    dice = CARDS[card].dice
    if dice:
        state.roll_die()
    state.phase = ROLL if dice > 1 else COMMIT


def _do_reroll(state: WanderingTowersState, _: None) -> None:
    state.roll_die()
    if state.rolls >= CARDS[state.card].dice:
        state.phase = COMMIT


def _do_accept(state: WanderingTowersState, _: None) -> None:
    state.phase = COMMIT


def _do_commit_wizard(state: WanderingTowersState, wizard: int) -> None:
    state.committed = (MOVE_WIZARD, wizard, state.card_value(MOVE_WIZARD))
    state._after_commit()


def _do_commit_tower(state: WanderingTowersState, tower: int) -> None:
    state.committed = (MOVE_TOWER, tower, state.card_value(MOVE_TOWER))
    state._after_commit()


def _do_dud(state: WanderingTowersState, _: None) -> None:
    state.committed = (NO_MOVE, -1, 0)
    state._after_commit()


_do_skip = _do_dud


def _do_refresh(state: WanderingTowersState, _: None) -> None:
    state.refresh()


def _do_pass(state: WanderingTowersState, _: None) -> None:
    state.priority_index += 1
    state._next_claimant()


def _do_claim(state: WanderingTowersState, claim: tuple[str, str]) -> None:
    """The first claimer is the action's only caster (§11.3). An `after` claim waits for the
    move; it is cancelled if the move ends the turn and lapses if it has no use (§11.4)."""
    name, timing = claim
    state.caster = (state.active + state.priority_index) % state.num_players
    state.spell, state.timing, state.casts = name, timing, 0
    state.spell_used_action = True
    if timing != AFTER:
        state.phase = CAST
        return
    state.resolve_move()
    if state.turn_over or not state.has_use(name, state.caster):
        state._close_action()
    else:
        state.phase = CAST


def _do_cast(state: WanderingTowersState, cast: tuple[str, Any]) -> None:
    name, target = cast
    if state.phase in WINDOW_PHASES:  # the active player casts in a window of their own
        state.caster, state.spell, state.timing = state.active, name, NOW
        state.window, state.casts = state.phase, 0
        state.spell_used_action = True
    state.cast_spell(state.caster, name, target)
    if state.phase != CHOOSE_FREED:
        state._after_cast()


def _do_stop(state: WanderingTowersState, _: None) -> None:
    state._spell_done()


def _do_free(state: WanderingTowersState, wizard: int) -> None:
    state._release(wizard, state.caster)
    state._after_cast()


def _do_request_card(state: WanderingTowersState, _: None) -> None:
    state.exchange = "requested"
    state.phase = GIVE_CARD


def _do_give_card(state: WanderingTowersState, card: int) -> None:
    """The partner hands one card over face down (§12)."""
    state.hands[state.partner[state.active]].remove(card)
    state.hands[state.active].append(card)
    state.exchange, state.exchange_given = "given", card
    state.phase = RETURN_CARD


def _do_return_card(state: WanderingTowersState, card: int) -> None:
    """The active player gives one card back, possibly the same one (§12)."""
    state.hands[state.active].remove(card)
    state.hands[state.partner[state.active]].append(card)
    state.exchange, state.exchange_returned = "done", card
    if state.actions_done >= ACTIONS_PER_TURN:
        state._enter_turn_end()
    else:
        state.phase = PLAY


def _do_give_flasks(state: WanderingTowersState, count: int) -> None:
    """Pass full flasks to the partner; the receiver may spend them (§12)."""
    state.full[state.active] -= count
    state.full[state.partner[state.active]] += count
    if state.phase == TURN_END:
        state._enter_turn_end()


def _do_end_turn(state: WanderingTowersState, _: None) -> None:
    state.end_turn()


_PHASE_OPTIONS: dict[str, Callable[[WanderingTowersState], Options]] = {
    PLAY: WanderingTowersState._options_play,
    ROLL: WanderingTowersState._options_roll,
    COMMIT: WanderingTowersState._options_commit,
    REFRESH_TOWER: WanderingTowersState._options_refresh_tower,
    PRIORITY: WanderingTowersState._options_priority,
    CAST: WanderingTowersState._options_cast,
    REPEAT: WanderingTowersState._options_repeat,
    CHOOSE_FREED: WanderingTowersState._options_choose_freed,
    GIVE_CARD: WanderingTowersState._options_give_card,
    RETURN_CARD: WanderingTowersState._options_return_card,
    TURN_END: WanderingTowersState._options_turn_end,
    OVER: lambda state: {},
}

_SPELL_USES: dict[str, Callable[[WanderingTowersState, str, int], Options]] = {
    "advance_wizard": WanderingTowersState._uses_wizard_spell,
    "headwind_wizard": WanderingTowersState._uses_wizard_spell,
    "advance_tower": WanderingTowersState._uses_tower_spell,
    "headwind_tower": WanderingTowersState._uses_tower_spell,
    "swap_tower": WanderingTowersState._uses_swap_tower,
    "nudge_ravenskeep": WanderingTowersState._uses_nudge,
    "free_wizard": WanderingTowersState._uses_free_wizard,
    "piggyback": WanderingTowersState._uses_piggyback,
}


# --- Ranking (§13) ------------------------------------------------------------------------------
def rank_players(state: WanderingTowersState) -> list[JSON]:
    """Sides at the goal first, by unspent full flasks; then the fallback ranking: wizards in
    the Ravenskeep + filled flasks, then unspent full flasks. Ties share a rank."""
    keys: list[tuple[int, int, int]] = []
    for side in state.sides():
        full = sum(state.full[p] for p in side)
        if all(state.team_meets_goal(p) for p in side):
            keys.append((1, full, 0))
        else:
            progress = sum(state.in_keep[p] + state.full[p] + state.spent[p] for p in side)
            keys.append((0, progress, full))
    ranks = [0] * state.num_players
    for index, side in enumerate(state.sides()):
        better = sum(1 for other in keys if other > keys[index])
        for seat in side:
            ranks[seat] = better
    return [
        {"rank": ranks[p], "score": state.in_keep[p] + state.full[p] + state.spent[p]}
        for p in range(state.num_players)
    ]
