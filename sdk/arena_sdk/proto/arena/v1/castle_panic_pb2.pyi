from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CastlePanicView(_message.Message):
    __slots__ = ("seat", "game", "num_players", "options", "hands_public", "turn", "round", "turn_cap", "active", "start_player", "to_move", "phase", "step", "limits", "this_turn", "arcs", "field_equipment", "monsters", "keep", "engineer", "supply", "castle_deck_size", "castle_discard", "resource_deck_size", "resource_discard", "banished", "monster_pile_size", "crew_reserve", "set_aside", "used_tokens", "pending_draws", "players", "placing", "towers_standing", "monsters_counted", "log", "over", "team_won", "end_reason", "outcome", "offer", "fire", "choice")
    class Options(_message.Message):
        __slots__ = ("siege_crew", "first_player")
        SIEGE_CREW_FIELD_NUMBER: _ClassVar[int]
        FIRST_PLAYER_FIELD_NUMBER: _ClassVar[int]
        siege_crew: str
        first_player: str
        def __init__(self, siege_crew: _Optional[str] = ..., first_player: _Optional[str] = ...) -> None: ...
    class Limits(_message.Message):
        __slots__ = ("hand_size", "trades_per_turn", "exchanges_per_turn", "proposals_per_turn")
        HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
        TRADES_PER_TURN_FIELD_NUMBER: _ClassVar[int]
        EXCHANGES_PER_TURN_FIELD_NUMBER: _ClassVar[int]
        PROPOSALS_PER_TURN_FIELD_NUMBER: _ClassVar[int]
        hand_size: int
        trades_per_turn: int
        exchanges_per_turn: int
        proposals_per_turn: int
        def __init__(self, hand_size: _Optional[int] = ..., trades_per_turn: _Optional[int] = ..., exchanges_per_turn: _Optional[int] = ..., proposals_per_turn: _Optional[int] = ...) -> None: ...
    class ThisTurn(_message.Message):
        __slots__ = ("exchanges_done", "trades_done", "proposals_rejected", "task_sets", "keep_rotated", "catapult_fired", "ballista_fired", "missing_played", "draws_left")
        EXCHANGES_DONE_FIELD_NUMBER: _ClassVar[int]
        TRADES_DONE_FIELD_NUMBER: _ClassVar[int]
        PROPOSALS_REJECTED_FIELD_NUMBER: _ClassVar[int]
        TASK_SETS_FIELD_NUMBER: _ClassVar[int]
        KEEP_ROTATED_FIELD_NUMBER: _ClassVar[int]
        CATAPULT_FIRED_FIELD_NUMBER: _ClassVar[int]
        BALLISTA_FIRED_FIELD_NUMBER: _ClassVar[int]
        MISSING_PLAYED_FIELD_NUMBER: _ClassVar[int]
        DRAWS_LEFT_FIELD_NUMBER: _ClassVar[int]
        exchanges_done: int
        trades_done: int
        proposals_rejected: int
        task_sets: int
        keep_rotated: bool
        catapult_fired: bool
        ballista_fired: bool
        missing_played: bool
        draws_left: int
        def __init__(self, exchanges_done: _Optional[int] = ..., trades_done: _Optional[int] = ..., proposals_rejected: _Optional[int] = ..., task_sets: _Optional[int] = ..., keep_rotated: _Optional[bool] = ..., catapult_fired: _Optional[bool] = ..., ballista_fired: _Optional[bool] = ..., missing_played: _Optional[bool] = ..., draws_left: _Optional[int] = ...) -> None: ...
    class Arc(_message.Message):
        __slots__ = ("arc", "colour", "wall", "fortified", "tower", "breached_by")
        ARC_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        WALL_FIELD_NUMBER: _ClassVar[int]
        FORTIFIED_FIELD_NUMBER: _ClassVar[int]
        TOWER_FIELD_NUMBER: _ClassVar[int]
        BREACHED_BY_FIELD_NUMBER: _ClassVar[int]
        arc: int
        colour: str
        wall: bool
        fortified: bool
        tower: bool
        breached_by: int
        def __init__(self, arc: _Optional[int] = ..., colour: _Optional[str] = ..., wall: _Optional[bool] = ..., fortified: _Optional[bool] = ..., tower: _Optional[bool] = ..., breached_by: _Optional[int] = ...) -> None: ...
    class FieldEquipment(_message.Message):
        __slots__ = ("kind", "space", "arc", "ring")
        KIND_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        ARC_FIELD_NUMBER: _ClassVar[int]
        RING_FIELD_NUMBER: _ClassVar[int]
        kind: str
        space: str
        arc: int
        ring: int
        def __init__(self, kind: _Optional[str] = ..., space: _Optional[str] = ..., arc: _Optional[int] = ..., ring: _Optional[int] = ...) -> None: ...
    class Monster(_message.Message):
        __slots__ = ("id", "kind", "title", "category", "points", "space", "arc", "ring", "colour", "health", "max_health", "tarred", "breached", "crew")
        ID_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        TITLE_FIELD_NUMBER: _ClassVar[int]
        CATEGORY_FIELD_NUMBER: _ClassVar[int]
        POINTS_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        ARC_FIELD_NUMBER: _ClassVar[int]
        RING_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        HEALTH_FIELD_NUMBER: _ClassVar[int]
        MAX_HEALTH_FIELD_NUMBER: _ClassVar[int]
        TARRED_FIELD_NUMBER: _ClassVar[int]
        BREACHED_FIELD_NUMBER: _ClassVar[int]
        CREW_FIELD_NUMBER: _ClassVar[int]
        id: int
        kind: str
        title: str
        category: str
        points: int
        space: str
        arc: int
        ring: int
        colour: str
        health: int
        max_health: int
        tarred: bool
        breached: bool
        crew: _containers.RepeatedCompositeFieldContainer[CastlePanicView.Crew]
        def __init__(self, id: _Optional[int] = ..., kind: _Optional[str] = ..., title: _Optional[str] = ..., category: _Optional[str] = ..., points: _Optional[int] = ..., space: _Optional[str] = ..., arc: _Optional[int] = ..., ring: _Optional[int] = ..., colour: _Optional[str] = ..., health: _Optional[int] = ..., max_health: _Optional[int] = ..., tarred: _Optional[bool] = ..., breached: _Optional[bool] = ..., crew: _Optional[_Iterable[_Union[CastlePanicView.Crew, _Mapping]]] = ...) -> None: ...
    class Crew(_message.Message):
        __slots__ = ("id", "kind", "title", "category", "points", "health", "max_health")
        ID_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        TITLE_FIELD_NUMBER: _ClassVar[int]
        CATEGORY_FIELD_NUMBER: _ClassVar[int]
        POINTS_FIELD_NUMBER: _ClassVar[int]
        HEALTH_FIELD_NUMBER: _ClassVar[int]
        MAX_HEALTH_FIELD_NUMBER: _ClassVar[int]
        id: int
        kind: str
        title: str
        category: str
        points: int
        health: int
        max_health: int
        def __init__(self, id: _Optional[int] = ..., kind: _Optional[str] = ..., title: _Optional[str] = ..., category: _Optional[str] = ..., points: _Optional[int] = ..., health: _Optional[int] = ..., max_health: _Optional[int] = ...) -> None: ...
    class Keep(_message.Message):
        __slots__ = ("standing", "catapult", "ballista", "facing")
        STANDING_FIELD_NUMBER: _ClassVar[int]
        CATAPULT_FIELD_NUMBER: _ClassVar[int]
        BALLISTA_FIELD_NUMBER: _ClassVar[int]
        FACING_FIELD_NUMBER: _ClassVar[int]
        standing: bool
        catapult: bool
        ballista: bool
        facing: str
        def __init__(self, standing: _Optional[bool] = ..., catapult: _Optional[bool] = ..., ballista: _Optional[bool] = ..., facing: _Optional[str] = ...) -> None: ...
    class Engineer(_message.Message):
        __slots__ = ("task", "assigned", "needed")
        TASK_FIELD_NUMBER: _ClassVar[int]
        ASSIGNED_FIELD_NUMBER: _ClassVar[int]
        NEEDED_FIELD_NUMBER: _ClassVar[int]
        task: str
        assigned: _containers.RepeatedCompositeFieldContainer[CastlePanicView.Card]
        needed: _containers.RepeatedCompositeFieldContainer[CastlePanicView.Need]
        def __init__(self, task: _Optional[str] = ..., assigned: _Optional[_Iterable[_Union[CastlePanicView.Card, _Mapping]]] = ..., needed: _Optional[_Iterable[_Union[CastlePanicView.Need, _Mapping]]] = ...) -> None: ...
    class Need(_message.Message):
        __slots__ = ("resource", "count")
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        COUNT_FIELD_NUMBER: _ClassVar[int]
        resource: str
        count: int
        def __init__(self, resource: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...
    class Supply(_message.Message):
        __slots__ = ("wall", "barricade", "pit", "spring_trap", "keep", "catapult", "ballista", "fortify", "tar")
        WALL_FIELD_NUMBER: _ClassVar[int]
        BARRICADE_FIELD_NUMBER: _ClassVar[int]
        PIT_FIELD_NUMBER: _ClassVar[int]
        SPRING_TRAP_FIELD_NUMBER: _ClassVar[int]
        KEEP_FIELD_NUMBER: _ClassVar[int]
        CATAPULT_FIELD_NUMBER: _ClassVar[int]
        BALLISTA_FIELD_NUMBER: _ClassVar[int]
        FORTIFY_FIELD_NUMBER: _ClassVar[int]
        TAR_FIELD_NUMBER: _ClassVar[int]
        wall: int
        barricade: int
        pit: int
        spring_trap: int
        keep: int
        catapult: int
        ballista: int
        fortify: int
        tar: int
        def __init__(self, wall: _Optional[int] = ..., barricade: _Optional[int] = ..., pit: _Optional[int] = ..., spring_trap: _Optional[int] = ..., keep: _Optional[int] = ..., catapult: _Optional[int] = ..., ballista: _Optional[int] = ..., fortify: _Optional[int] = ..., tar: _Optional[int] = ...) -> None: ...
    class Card(_message.Message):
        __slots__ = ("id", "name", "title", "deck", "kind", "colour")
        ID_FIELD_NUMBER: _ClassVar[int]
        NAME_FIELD_NUMBER: _ClassVar[int]
        TITLE_FIELD_NUMBER: _ClassVar[int]
        DECK_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        id: int
        name: str
        title: str
        deck: str
        kind: str
        colour: str
        def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., title: _Optional[str] = ..., deck: _Optional[str] = ..., kind: _Optional[str] = ..., colour: _Optional[str] = ...) -> None: ...
    class Token(_message.Message):
        __slots__ = ("id", "kind", "title", "category", "points")
        ID_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        TITLE_FIELD_NUMBER: _ClassVar[int]
        CATEGORY_FIELD_NUMBER: _ClassVar[int]
        POINTS_FIELD_NUMBER: _ClassVar[int]
        id: int
        kind: str
        title: str
        category: str
        points: int
        def __init__(self, id: _Optional[int] = ..., kind: _Optional[str] = ..., title: _Optional[str] = ..., category: _Optional[str] = ..., points: _Optional[int] = ...) -> None: ...
    class Player(_message.Message):
        __slots__ = ("seat", "hand", "hand_count", "trophies", "points")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        HAND_FIELD_NUMBER: _ClassVar[int]
        HAND_COUNT_FIELD_NUMBER: _ClassVar[int]
        TROPHIES_FIELD_NUMBER: _ClassVar[int]
        POINTS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        hand: _containers.RepeatedCompositeFieldContainer[CastlePanicView.Card]
        hand_count: int
        trophies: _containers.RepeatedCompositeFieldContainer[CastlePanicView.Token]
        points: int
        def __init__(self, seat: _Optional[int] = ..., hand: _Optional[_Iterable[_Union[CastlePanicView.Card, _Mapping]]] = ..., hand_count: _Optional[int] = ..., trophies: _Optional[_Iterable[_Union[CastlePanicView.Token, _Mapping]]] = ..., points: _Optional[int] = ...) -> None: ...
    class Result(_message.Message):
        __slots__ = ("seat", "rank", "score", "team_won", "points", "trophies")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RANK_FIELD_NUMBER: _ClassVar[int]
        SCORE_FIELD_NUMBER: _ClassVar[int]
        TEAM_WON_FIELD_NUMBER: _ClassVar[int]
        POINTS_FIELD_NUMBER: _ClassVar[int]
        TROPHIES_FIELD_NUMBER: _ClassVar[int]
        seat: int
        rank: int
        score: int
        team_won: bool
        points: int
        trophies: int
        def __init__(self, seat: _Optional[int] = ..., rank: _Optional[int] = ..., score: _Optional[int] = ..., team_won: _Optional[bool] = ..., points: _Optional[int] = ..., trophies: _Optional[int] = ...) -> None: ...
    class Offer(_message.Message):
        __slots__ = ("partner", "give", "take")
        PARTNER_FIELD_NUMBER: _ClassVar[int]
        GIVE_FIELD_NUMBER: _ClassVar[int]
        TAKE_FIELD_NUMBER: _ClassVar[int]
        partner: int
        give: CastlePanicView.Card
        take: CastlePanicView.Card
        def __init__(self, partner: _Optional[int] = ..., give: _Optional[_Union[CastlePanicView.Card, _Mapping]] = ..., take: _Optional[_Union[CastlePanicView.Card, _Mapping]] = ...) -> None: ...
    class Fire(_message.Message):
        __slots__ = ("weapon", "target", "space", "arc", "ring", "cards")
        WEAPON_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        ARC_FIELD_NUMBER: _ClassVar[int]
        RING_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        weapon: str
        target: int
        space: str
        arc: int
        ring: int
        cards: _containers.RepeatedCompositeFieldContainer[CastlePanicView.Card]
        def __init__(self, weapon: _Optional[str] = ..., target: _Optional[int] = ..., space: _Optional[str] = ..., arc: _Optional[int] = ..., ring: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[CastlePanicView.Card, _Mapping]]] = ...) -> None: ...
    class Choice(_message.Message):
        __slots__ = ("reason", "seat", "monsters", "cards", "space")
        REASON_FIELD_NUMBER: _ClassVar[int]
        SEAT_FIELD_NUMBER: _ClassVar[int]
        MONSTERS_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        reason: str
        seat: int
        monsters: _containers.RepeatedScalarFieldContainer[int]
        cards: _containers.RepeatedCompositeFieldContainer[CastlePanicView.Card]
        space: str
        def __init__(self, reason: _Optional[str] = ..., seat: _Optional[int] = ..., monsters: _Optional[_Iterable[int]] = ..., cards: _Optional[_Iterable[_Union[CastlePanicView.Card, _Mapping]]] = ..., space: _Optional[str] = ...) -> None: ...
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    HANDS_PUBLIC_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TURN_CAP_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    START_PLAYER_FIELD_NUMBER: _ClassVar[int]
    TO_MOVE_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    LIMITS_FIELD_NUMBER: _ClassVar[int]
    THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    ARCS_FIELD_NUMBER: _ClassVar[int]
    FIELD_EQUIPMENT_FIELD_NUMBER: _ClassVar[int]
    MONSTERS_FIELD_NUMBER: _ClassVar[int]
    KEEP_FIELD_NUMBER: _ClassVar[int]
    ENGINEER_FIELD_NUMBER: _ClassVar[int]
    SUPPLY_FIELD_NUMBER: _ClassVar[int]
    CASTLE_DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    CASTLE_DISCARD_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_DISCARD_FIELD_NUMBER: _ClassVar[int]
    BANISHED_FIELD_NUMBER: _ClassVar[int]
    MONSTER_PILE_SIZE_FIELD_NUMBER: _ClassVar[int]
    CREW_RESERVE_FIELD_NUMBER: _ClassVar[int]
    SET_ASIDE_FIELD_NUMBER: _ClassVar[int]
    USED_TOKENS_FIELD_NUMBER: _ClassVar[int]
    PENDING_DRAWS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PLACING_FIELD_NUMBER: _ClassVar[int]
    TOWERS_STANDING_FIELD_NUMBER: _ClassVar[int]
    MONSTERS_COUNTED_FIELD_NUMBER: _ClassVar[int]
    LOG_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    TEAM_WON_FIELD_NUMBER: _ClassVar[int]
    END_REASON_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    FIRE_FIELD_NUMBER: _ClassVar[int]
    CHOICE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    game: str
    num_players: int
    options: CastlePanicView.Options
    hands_public: bool
    turn: int
    round: int
    turn_cap: int
    active: int
    start_player: int
    to_move: int
    phase: int
    step: str
    limits: CastlePanicView.Limits
    this_turn: CastlePanicView.ThisTurn
    arcs: _containers.RepeatedCompositeFieldContainer[CastlePanicView.Arc]
    field_equipment: _containers.RepeatedCompositeFieldContainer[CastlePanicView.FieldEquipment]
    monsters: _containers.RepeatedCompositeFieldContainer[CastlePanicView.Monster]
    keep: CastlePanicView.Keep
    engineer: CastlePanicView.Engineer
    supply: CastlePanicView.Supply
    castle_deck_size: int
    castle_discard: _containers.RepeatedCompositeFieldContainer[CastlePanicView.Card]
    resource_deck_size: int
    resource_discard: _containers.RepeatedCompositeFieldContainer[CastlePanicView.Card]
    banished: _containers.RepeatedCompositeFieldContainer[CastlePanicView.Card]
    monster_pile_size: int
    crew_reserve: _containers.RepeatedCompositeFieldContainer[CastlePanicView.Token]
    set_aside: _containers.RepeatedCompositeFieldContainer[CastlePanicView.Token]
    used_tokens: _containers.RepeatedCompositeFieldContainer[CastlePanicView.Token]
    pending_draws: int
    players: _containers.RepeatedCompositeFieldContainer[CastlePanicView.Player]
    placing: str
    towers_standing: int
    monsters_counted: int
    log: _containers.RepeatedScalarFieldContainer[str]
    over: bool
    team_won: bool
    end_reason: str
    outcome: _containers.RepeatedCompositeFieldContainer[CastlePanicView.Result]
    offer: CastlePanicView.Offer
    fire: CastlePanicView.Fire
    choice: CastlePanicView.Choice
    def __init__(self, seat: _Optional[int] = ..., game: _Optional[str] = ..., num_players: _Optional[int] = ..., options: _Optional[_Union[CastlePanicView.Options, _Mapping]] = ..., hands_public: _Optional[bool] = ..., turn: _Optional[int] = ..., round: _Optional[int] = ..., turn_cap: _Optional[int] = ..., active: _Optional[int] = ..., start_player: _Optional[int] = ..., to_move: _Optional[int] = ..., phase: _Optional[int] = ..., step: _Optional[str] = ..., limits: _Optional[_Union[CastlePanicView.Limits, _Mapping]] = ..., this_turn: _Optional[_Union[CastlePanicView.ThisTurn, _Mapping]] = ..., arcs: _Optional[_Iterable[_Union[CastlePanicView.Arc, _Mapping]]] = ..., field_equipment: _Optional[_Iterable[_Union[CastlePanicView.FieldEquipment, _Mapping]]] = ..., monsters: _Optional[_Iterable[_Union[CastlePanicView.Monster, _Mapping]]] = ..., keep: _Optional[_Union[CastlePanicView.Keep, _Mapping]] = ..., engineer: _Optional[_Union[CastlePanicView.Engineer, _Mapping]] = ..., supply: _Optional[_Union[CastlePanicView.Supply, _Mapping]] = ..., castle_deck_size: _Optional[int] = ..., castle_discard: _Optional[_Iterable[_Union[CastlePanicView.Card, _Mapping]]] = ..., resource_deck_size: _Optional[int] = ..., resource_discard: _Optional[_Iterable[_Union[CastlePanicView.Card, _Mapping]]] = ..., banished: _Optional[_Iterable[_Union[CastlePanicView.Card, _Mapping]]] = ..., monster_pile_size: _Optional[int] = ..., crew_reserve: _Optional[_Iterable[_Union[CastlePanicView.Token, _Mapping]]] = ..., set_aside: _Optional[_Iterable[_Union[CastlePanicView.Token, _Mapping]]] = ..., used_tokens: _Optional[_Iterable[_Union[CastlePanicView.Token, _Mapping]]] = ..., pending_draws: _Optional[int] = ..., players: _Optional[_Iterable[_Union[CastlePanicView.Player, _Mapping]]] = ..., placing: _Optional[str] = ..., towers_standing: _Optional[int] = ..., monsters_counted: _Optional[int] = ..., log: _Optional[_Iterable[str]] = ..., over: _Optional[bool] = ..., team_won: _Optional[bool] = ..., end_reason: _Optional[str] = ..., outcome: _Optional[_Iterable[_Union[CastlePanicView.Result, _Mapping]]] = ..., offer: _Optional[_Union[CastlePanicView.Offer, _Mapping]] = ..., fire: _Optional[_Union[CastlePanicView.Fire, _Mapping]] = ..., choice: _Optional[_Union[CastlePanicView.Choice, _Mapping]] = ...) -> None: ...
