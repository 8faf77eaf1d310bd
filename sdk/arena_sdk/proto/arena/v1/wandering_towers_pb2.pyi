from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class WanderingTowersView(_message.Message):
    __slots__ = ("seat", "game", "num_players", "variant", "options", "teams", "round", "round_cap", "active", "start_player", "last_seat", "to_move", "phase", "turn", "spaces", "towers", "ravenskeep", "wizards", "players", "draw_pile_size", "discard", "spells", "action", "game_end_triggered", "end_reason", "over", "outcome", "spell", "hand", "exchange_cards")
    class Options(_message.Message):
        __slots__ = ("variant", "teams", "spells", "swap_distance_2", "team_end_immediate", "hide_prisoners")
        VARIANT_FIELD_NUMBER: _ClassVar[int]
        TEAMS_FIELD_NUMBER: _ClassVar[int]
        SPELLS_FIELD_NUMBER: _ClassVar[int]
        SWAP_DISTANCE_2_FIELD_NUMBER: _ClassVar[int]
        TEAM_END_IMMEDIATE_FIELD_NUMBER: _ClassVar[int]
        HIDE_PRISONERS_FIELD_NUMBER: _ClassVar[int]
        variant: str
        teams: bool
        spells: int
        swap_distance_2: bool
        team_end_immediate: bool
        hide_prisoners: bool
        def __init__(self, variant: _Optional[str] = ..., teams: _Optional[bool] = ..., spells: _Optional[int] = ..., swap_distance_2: _Optional[bool] = ..., team_end_immediate: _Optional[bool] = ..., hide_prisoners: _Optional[bool] = ...) -> None: ...
    class Team(_message.Message):
        __slots__ = ("seats",)
        SEATS_FIELD_NUMBER: _ClassVar[int]
        seats: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, seats: _Optional[_Iterable[int]] = ...) -> None: ...
    class Turn(_message.Message):
        __slots__ = ("number", "actions_done", "refresh", "spells_cast", "spell_used", "exchange")
        NUMBER_FIELD_NUMBER: _ClassVar[int]
        ACTIONS_DONE_FIELD_NUMBER: _ClassVar[int]
        REFRESH_FIELD_NUMBER: _ClassVar[int]
        SPELLS_CAST_FIELD_NUMBER: _ClassVar[int]
        SPELL_USED_FIELD_NUMBER: _ClassVar[int]
        EXCHANGE_FIELD_NUMBER: _ClassVar[int]
        number: int
        actions_done: int
        refresh: bool
        spells_cast: int
        spell_used: bool
        exchange: str
        def __init__(self, number: _Optional[int] = ..., actions_done: _Optional[int] = ..., refresh: _Optional[bool] = ..., spells_cast: _Optional[int] = ..., spell_used: _Optional[bool] = ..., exchange: _Optional[str] = ...) -> None: ...
    class Space(_message.Message):
        __slots__ = ("index", "shielded", "ghost_lights", "ravenskeep", "towers", "levels")
        INDEX_FIELD_NUMBER: _ClassVar[int]
        SHIELDED_FIELD_NUMBER: _ClassVar[int]
        GHOST_LIGHTS_FIELD_NUMBER: _ClassVar[int]
        RAVENSKEEP_FIELD_NUMBER: _ClassVar[int]
        TOWERS_FIELD_NUMBER: _ClassVar[int]
        LEVELS_FIELD_NUMBER: _ClassVar[int]
        index: int
        shielded: bool
        ghost_lights: int
        ravenskeep: bool
        towers: _containers.RepeatedScalarFieldContainer[int]
        levels: _containers.RepeatedCompositeFieldContainer[WanderingTowersView.Level]
        def __init__(self, index: _Optional[int] = ..., shielded: _Optional[bool] = ..., ghost_lights: _Optional[int] = ..., ravenskeep: _Optional[bool] = ..., towers: _Optional[_Iterable[int]] = ..., levels: _Optional[_Iterable[_Union[WanderingTowersView.Level, _Mapping]]] = ...) -> None: ...
    class Level(_message.Message):
        __slots__ = ("wizards", "hidden")
        WIZARDS_FIELD_NUMBER: _ClassVar[int]
        HIDDEN_FIELD_NUMBER: _ClassVar[int]
        wizards: _containers.RepeatedScalarFieldContainer[int]
        hidden: int
        def __init__(self, wizards: _Optional[_Iterable[int]] = ..., hidden: _Optional[int] = ...) -> None: ...
    class Tower(_message.Message):
        __slots__ = ("id", "shielded", "space", "level")
        ID_FIELD_NUMBER: _ClassVar[int]
        SHIELDED_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        LEVEL_FIELD_NUMBER: _ClassVar[int]
        id: int
        shielded: bool
        space: int
        level: int
        def __init__(self, id: _Optional[int] = ..., shielded: _Optional[bool] = ..., space: _Optional[int] = ..., level: _Optional[int] = ...) -> None: ...
    class Ravenskeep(_message.Message):
        __slots__ = ("space", "level", "inside")
        SPACE_FIELD_NUMBER: _ClassVar[int]
        LEVEL_FIELD_NUMBER: _ClassVar[int]
        INSIDE_FIELD_NUMBER: _ClassVar[int]
        space: int
        level: int
        inside: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, space: _Optional[int] = ..., level: _Optional[int] = ..., inside: _Optional[_Iterable[int]] = ...) -> None: ...
    class Wizard(_message.Message):
        __slots__ = ("id", "owner", "space", "level", "visible", "imprisoned", "in_keep")
        ID_FIELD_NUMBER: _ClassVar[int]
        OWNER_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        LEVEL_FIELD_NUMBER: _ClassVar[int]
        VISIBLE_FIELD_NUMBER: _ClassVar[int]
        IMPRISONED_FIELD_NUMBER: _ClassVar[int]
        IN_KEEP_FIELD_NUMBER: _ClassVar[int]
        id: int
        owner: int
        space: int
        level: int
        visible: bool
        imprisoned: bool
        in_keep: bool
        def __init__(self, id: _Optional[int] = ..., owner: _Optional[int] = ..., space: _Optional[int] = ..., level: _Optional[int] = ..., visible: _Optional[bool] = ..., imprisoned: _Optional[bool] = ..., in_keep: _Optional[bool] = ...) -> None: ...
    class Player(_message.Message):
        __slots__ = ("seat", "team", "partner", "hand_size", "wizards", "wizards_in_keep", "wizards_visible", "wizards_imprisoned", "flasks_empty", "flasks_full", "flasks_spent", "finished", "goal_met")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TEAM_FIELD_NUMBER: _ClassVar[int]
        PARTNER_FIELD_NUMBER: _ClassVar[int]
        HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
        WIZARDS_FIELD_NUMBER: _ClassVar[int]
        WIZARDS_IN_KEEP_FIELD_NUMBER: _ClassVar[int]
        WIZARDS_VISIBLE_FIELD_NUMBER: _ClassVar[int]
        WIZARDS_IMPRISONED_FIELD_NUMBER: _ClassVar[int]
        FLASKS_EMPTY_FIELD_NUMBER: _ClassVar[int]
        FLASKS_FULL_FIELD_NUMBER: _ClassVar[int]
        FLASKS_SPENT_FIELD_NUMBER: _ClassVar[int]
        FINISHED_FIELD_NUMBER: _ClassVar[int]
        GOAL_MET_FIELD_NUMBER: _ClassVar[int]
        seat: int
        team: int
        partner: int
        hand_size: int
        wizards: int
        wizards_in_keep: int
        wizards_visible: int
        wizards_imprisoned: int
        flasks_empty: int
        flasks_full: int
        flasks_spent: int
        finished: bool
        goal_met: bool
        def __init__(self, seat: _Optional[int] = ..., team: _Optional[int] = ..., partner: _Optional[int] = ..., hand_size: _Optional[int] = ..., wizards: _Optional[int] = ..., wizards_in_keep: _Optional[int] = ..., wizards_visible: _Optional[int] = ..., wizards_imprisoned: _Optional[int] = ..., flasks_empty: _Optional[int] = ..., flasks_full: _Optional[int] = ..., flasks_spent: _Optional[int] = ..., finished: _Optional[bool] = ..., goal_met: _Optional[bool] = ...) -> None: ...
    class Card(_message.Message):
        __slots__ = ("id", "kind", "wizard", "tower", "dice")
        ID_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        WIZARD_FIELD_NUMBER: _ClassVar[int]
        TOWER_FIELD_NUMBER: _ClassVar[int]
        DICE_FIELD_NUMBER: _ClassVar[int]
        id: int
        kind: str
        wizard: int
        tower: int
        dice: int
        def __init__(self, id: _Optional[int] = ..., kind: _Optional[str] = ..., wizard: _Optional[int] = ..., tower: _Optional[int] = ..., dice: _Optional[int] = ...) -> None: ...
    class Spell(_message.Message):
        __slots__ = ("id", "name", "title", "cost")
        ID_FIELD_NUMBER: _ClassVar[int]
        NAME_FIELD_NUMBER: _ClassVar[int]
        TITLE_FIELD_NUMBER: _ClassVar[int]
        COST_FIELD_NUMBER: _ClassVar[int]
        id: int
        name: str
        title: str
        cost: int
        def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., title: _Optional[str] = ..., cost: _Optional[int] = ...) -> None: ...
    class Action(_message.Message):
        __slots__ = ("roll", "rolls", "rerolls_left", "wizard_value", "tower_value", "passengers", "resolved", "move_lost", "card", "committed")
        ROLL_FIELD_NUMBER: _ClassVar[int]
        ROLLS_FIELD_NUMBER: _ClassVar[int]
        REROLLS_LEFT_FIELD_NUMBER: _ClassVar[int]
        WIZARD_VALUE_FIELD_NUMBER: _ClassVar[int]
        TOWER_VALUE_FIELD_NUMBER: _ClassVar[int]
        PASSENGERS_FIELD_NUMBER: _ClassVar[int]
        RESOLVED_FIELD_NUMBER: _ClassVar[int]
        MOVE_LOST_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        COMMITTED_FIELD_NUMBER: _ClassVar[int]
        roll: int
        rolls: int
        rerolls_left: int
        wizard_value: int
        tower_value: int
        passengers: _containers.RepeatedScalarFieldContainer[int]
        resolved: bool
        move_lost: bool
        card: WanderingTowersView.Card
        committed: WanderingTowersView.Committed
        def __init__(self, roll: _Optional[int] = ..., rolls: _Optional[int] = ..., rerolls_left: _Optional[int] = ..., wizard_value: _Optional[int] = ..., tower_value: _Optional[int] = ..., passengers: _Optional[_Iterable[int]] = ..., resolved: _Optional[bool] = ..., move_lost: _Optional[bool] = ..., card: _Optional[_Union[WanderingTowersView.Card, _Mapping]] = ..., committed: _Optional[_Union[WanderingTowersView.Committed, _Mapping]] = ...) -> None: ...
    class Committed(_message.Message):
        __slots__ = ("kind", "wizard", "tower", "steps")
        KIND_FIELD_NUMBER: _ClassVar[int]
        WIZARD_FIELD_NUMBER: _ClassVar[int]
        TOWER_FIELD_NUMBER: _ClassVar[int]
        STEPS_FIELD_NUMBER: _ClassVar[int]
        kind: str
        wizard: int
        tower: int
        steps: int
        def __init__(self, kind: _Optional[str] = ..., wizard: _Optional[int] = ..., tower: _Optional[int] = ..., steps: _Optional[int] = ...) -> None: ...
    class Result(_message.Message):
        __slots__ = ("seat", "rank", "score")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RANK_FIELD_NUMBER: _ClassVar[int]
        SCORE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        rank: int
        score: int
        def __init__(self, seat: _Optional[int] = ..., rank: _Optional[int] = ..., score: _Optional[int] = ...) -> None: ...
    class SpellInProgress(_message.Message):
        __slots__ = ("caster", "name", "timing", "window", "casts", "free_choices")
        CASTER_FIELD_NUMBER: _ClassVar[int]
        NAME_FIELD_NUMBER: _ClassVar[int]
        TIMING_FIELD_NUMBER: _ClassVar[int]
        WINDOW_FIELD_NUMBER: _ClassVar[int]
        CASTS_FIELD_NUMBER: _ClassVar[int]
        FREE_CHOICES_FIELD_NUMBER: _ClassVar[int]
        caster: int
        name: str
        timing: str
        window: str
        casts: int
        free_choices: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, caster: _Optional[int] = ..., name: _Optional[str] = ..., timing: _Optional[str] = ..., window: _Optional[str] = ..., casts: _Optional[int] = ..., free_choices: _Optional[_Iterable[int]] = ...) -> None: ...
    class ExchangeCards(_message.Message):
        __slots__ = ("given", "returned")
        GIVEN_FIELD_NUMBER: _ClassVar[int]
        RETURNED_FIELD_NUMBER: _ClassVar[int]
        given: WanderingTowersView.Card
        returned: WanderingTowersView.Card
        def __init__(self, given: _Optional[_Union[WanderingTowersView.Card, _Mapping]] = ..., returned: _Optional[_Union[WanderingTowersView.Card, _Mapping]] = ...) -> None: ...
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    VARIANT_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    TEAMS_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ROUND_CAP_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    START_PLAYER_FIELD_NUMBER: _ClassVar[int]
    LAST_SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_MOVE_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    SPACES_FIELD_NUMBER: _ClassVar[int]
    TOWERS_FIELD_NUMBER: _ClassVar[int]
    RAVENSKEEP_FIELD_NUMBER: _ClassVar[int]
    WIZARDS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    DRAW_PILE_SIZE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    SPELLS_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    GAME_END_TRIGGERED_FIELD_NUMBER: _ClassVar[int]
    END_REASON_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    SPELL_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    EXCHANGE_CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    game: str
    num_players: int
    variant: str
    options: WanderingTowersView.Options
    teams: _containers.RepeatedCompositeFieldContainer[WanderingTowersView.Team]
    round: int
    round_cap: int
    active: int
    start_player: int
    last_seat: int
    to_move: int
    phase: str
    turn: WanderingTowersView.Turn
    spaces: _containers.RepeatedCompositeFieldContainer[WanderingTowersView.Space]
    towers: _containers.RepeatedCompositeFieldContainer[WanderingTowersView.Tower]
    ravenskeep: WanderingTowersView.Ravenskeep
    wizards: _containers.RepeatedCompositeFieldContainer[WanderingTowersView.Wizard]
    players: _containers.RepeatedCompositeFieldContainer[WanderingTowersView.Player]
    draw_pile_size: int
    discard: _containers.RepeatedCompositeFieldContainer[WanderingTowersView.Card]
    spells: _containers.RepeatedCompositeFieldContainer[WanderingTowersView.Spell]
    action: WanderingTowersView.Action
    game_end_triggered: bool
    end_reason: str
    over: bool
    outcome: _containers.RepeatedCompositeFieldContainer[WanderingTowersView.Result]
    spell: WanderingTowersView.SpellInProgress
    hand: _containers.RepeatedCompositeFieldContainer[WanderingTowersView.Card]
    exchange_cards: WanderingTowersView.ExchangeCards
    def __init__(self, seat: _Optional[int] = ..., game: _Optional[str] = ..., num_players: _Optional[int] = ..., variant: _Optional[str] = ..., options: _Optional[_Union[WanderingTowersView.Options, _Mapping]] = ..., teams: _Optional[_Iterable[_Union[WanderingTowersView.Team, _Mapping]]] = ..., round: _Optional[int] = ..., round_cap: _Optional[int] = ..., active: _Optional[int] = ..., start_player: _Optional[int] = ..., last_seat: _Optional[int] = ..., to_move: _Optional[int] = ..., phase: _Optional[str] = ..., turn: _Optional[_Union[WanderingTowersView.Turn, _Mapping]] = ..., spaces: _Optional[_Iterable[_Union[WanderingTowersView.Space, _Mapping]]] = ..., towers: _Optional[_Iterable[_Union[WanderingTowersView.Tower, _Mapping]]] = ..., ravenskeep: _Optional[_Union[WanderingTowersView.Ravenskeep, _Mapping]] = ..., wizards: _Optional[_Iterable[_Union[WanderingTowersView.Wizard, _Mapping]]] = ..., players: _Optional[_Iterable[_Union[WanderingTowersView.Player, _Mapping]]] = ..., draw_pile_size: _Optional[int] = ..., discard: _Optional[_Iterable[_Union[WanderingTowersView.Card, _Mapping]]] = ..., spells: _Optional[_Iterable[_Union[WanderingTowersView.Spell, _Mapping]]] = ..., action: _Optional[_Union[WanderingTowersView.Action, _Mapping]] = ..., game_end_triggered: _Optional[bool] = ..., end_reason: _Optional[str] = ..., over: _Optional[bool] = ..., outcome: _Optional[_Iterable[_Union[WanderingTowersView.Result, _Mapping]]] = ..., spell: _Optional[_Union[WanderingTowersView.SpellInProgress, _Mapping]] = ..., hand: _Optional[_Iterable[_Union[WanderingTowersView.Card, _Mapping]]] = ..., exchange_cards: _Optional[_Union[WanderingTowersView.ExchangeCards, _Mapping]] = ...) -> None: ...
