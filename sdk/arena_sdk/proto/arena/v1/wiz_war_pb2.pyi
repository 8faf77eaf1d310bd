from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class WizWarView(_message.Message):
    __slots__ = ("seat", "game", "num_players", "options", "round", "round_limit", "turn", "active", "first_player", "to_move", "phase", "activation", "players", "creatures", "creature_pool", "walls", "doors", "fire_walls", "treasures", "floor_items", "objects", "spells", "deck_size", "discard", "casting", "decision", "log", "over", "winner", "end_reason", "outcome", "hand", "choice_cards", "turn_flags")
    class TurnFlags(_message.Message):
        __slots__ = ("moved", "no_move", "fresh", "unlocked", "pass_edges", "corner", "drake_eye", "add_energy", "projection", "no_treasure", "disease_hit", "slow", "raven", "dashed")
        MOVED_FIELD_NUMBER: _ClassVar[int]
        NO_MOVE_FIELD_NUMBER: _ClassVar[int]
        FRESH_FIELD_NUMBER: _ClassVar[int]
        UNLOCKED_FIELD_NUMBER: _ClassVar[int]
        PASS_EDGES_FIELD_NUMBER: _ClassVar[int]
        CORNER_FIELD_NUMBER: _ClassVar[int]
        DRAKE_EYE_FIELD_NUMBER: _ClassVar[int]
        ADD_ENERGY_FIELD_NUMBER: _ClassVar[int]
        PROJECTION_FIELD_NUMBER: _ClassVar[int]
        NO_TREASURE_FIELD_NUMBER: _ClassVar[int]
        DISEASE_HIT_FIELD_NUMBER: _ClassVar[int]
        SLOW_FIELD_NUMBER: _ClassVar[int]
        RAVEN_FIELD_NUMBER: _ClassVar[int]
        DASHED_FIELD_NUMBER: _ClassVar[int]
        moved: bool
        no_move: bool
        fresh: bool
        unlocked: _containers.RepeatedScalarFieldContainer[str]
        pass_edges: _containers.RepeatedScalarFieldContainer[str]
        corner: bool
        drake_eye: bool
        add_energy: int
        projection: int
        no_treasure: bool
        disease_hit: _containers.RepeatedScalarFieldContainer[str]
        slow: int
        raven: int
        dashed: bool
        def __init__(self, moved: _Optional[bool] = ..., no_move: _Optional[bool] = ..., fresh: _Optional[bool] = ..., unlocked: _Optional[_Iterable[str]] = ..., pass_edges: _Optional[_Iterable[str]] = ..., corner: _Optional[bool] = ..., drake_eye: _Optional[bool] = ..., add_energy: _Optional[int] = ..., projection: _Optional[int] = ..., no_treasure: _Optional[bool] = ..., disease_hit: _Optional[_Iterable[str]] = ..., slow: _Optional[int] = ..., raven: _Optional[int] = ..., dashed: _Optional[bool] = ...) -> None: ...
    class Options(_message.Message):
        __slots__ = ("schools", "black_cantrip", "extended_flash_energy", "more_summons", "specializations", "round_limit")
        SCHOOLS_FIELD_NUMBER: _ClassVar[int]
        BLACK_CANTRIP_FIELD_NUMBER: _ClassVar[int]
        EXTENDED_FLASH_ENERGY_FIELD_NUMBER: _ClassVar[int]
        MORE_SUMMONS_FIELD_NUMBER: _ClassVar[int]
        SPECIALIZATIONS_FIELD_NUMBER: _ClassVar[int]
        ROUND_LIMIT_FIELD_NUMBER: _ClassVar[int]
        schools: _containers.RepeatedScalarFieldContainer[str]
        black_cantrip: bool
        extended_flash_energy: bool
        more_summons: _containers.RepeatedScalarFieldContainer[str]
        specializations: bool
        round_limit: int
        def __init__(self, schools: _Optional[_Iterable[str]] = ..., black_cantrip: _Optional[bool] = ..., extended_flash_energy: _Optional[bool] = ..., more_summons: _Optional[_Iterable[str]] = ..., specializations: _Optional[bool] = ..., round_limit: _Optional[int] = ...) -> None: ...
    class Activation(_message.Message):
        __slots__ = ("creature", "mp", "attacks", "attacks_allowed", "moved")
        CREATURE_FIELD_NUMBER: _ClassVar[int]
        MP_FIELD_NUMBER: _ClassVar[int]
        ATTACKS_FIELD_NUMBER: _ClassVar[int]
        ATTACKS_ALLOWED_FIELD_NUMBER: _ClassVar[int]
        MOVED_FIELD_NUMBER: _ClassVar[int]
        creature: str
        mp: int
        attacks: int
        attacks_allowed: int
        moved: bool
        def __init__(self, creature: _Optional[str] = ..., mp: _Optional[int] = ..., attacks: _Optional[int] = ..., attacks_allowed: _Optional[int] = ..., moved: _Optional[bool] = ...) -> None: ...
    class Player(_message.Message):
        __slots__ = ("seat", "colour", "alive", "square", "home", "life", "vp", "hand_size", "hand_total", "max_hand", "items", "treasure", "stun_tokens", "stunned", "stun_mode", "form", "mp", "boosted", "attacks", "attacks_allowed", "specialization", "spec_deck_size", "spec_discard", "out_order")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        ALIVE_FIELD_NUMBER: _ClassVar[int]
        SQUARE_FIELD_NUMBER: _ClassVar[int]
        HOME_FIELD_NUMBER: _ClassVar[int]
        LIFE_FIELD_NUMBER: _ClassVar[int]
        VP_FIELD_NUMBER: _ClassVar[int]
        HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
        HAND_TOTAL_FIELD_NUMBER: _ClassVar[int]
        MAX_HAND_FIELD_NUMBER: _ClassVar[int]
        ITEMS_FIELD_NUMBER: _ClassVar[int]
        TREASURE_FIELD_NUMBER: _ClassVar[int]
        STUN_TOKENS_FIELD_NUMBER: _ClassVar[int]
        STUNNED_FIELD_NUMBER: _ClassVar[int]
        STUN_MODE_FIELD_NUMBER: _ClassVar[int]
        FORM_FIELD_NUMBER: _ClassVar[int]
        MP_FIELD_NUMBER: _ClassVar[int]
        BOOSTED_FIELD_NUMBER: _ClassVar[int]
        ATTACKS_FIELD_NUMBER: _ClassVar[int]
        ATTACKS_ALLOWED_FIELD_NUMBER: _ClassVar[int]
        SPECIALIZATION_FIELD_NUMBER: _ClassVar[int]
        SPEC_DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
        SPEC_DISCARD_FIELD_NUMBER: _ClassVar[int]
        OUT_ORDER_FIELD_NUMBER: _ClassVar[int]
        seat: int
        colour: str
        alive: bool
        square: int
        home: int
        life: int
        vp: int
        hand_size: int
        hand_total: int
        max_hand: int
        items: _containers.RepeatedCompositeFieldContainer[WizWarView.Card]
        treasure: int
        stun_tokens: int
        stunned: bool
        stun_mode: str
        form: str
        mp: int
        boosted: bool
        attacks: int
        attacks_allowed: int
        specialization: str
        spec_deck_size: int
        spec_discard: _containers.RepeatedCompositeFieldContainer[WizWarView.Card]
        out_order: int
        def __init__(self, seat: _Optional[int] = ..., colour: _Optional[str] = ..., alive: _Optional[bool] = ..., square: _Optional[int] = ..., home: _Optional[int] = ..., life: _Optional[int] = ..., vp: _Optional[int] = ..., hand_size: _Optional[int] = ..., hand_total: _Optional[int] = ..., max_hand: _Optional[int] = ..., items: _Optional[_Iterable[_Union[WizWarView.Card, _Mapping]]] = ..., treasure: _Optional[int] = ..., stun_tokens: _Optional[int] = ..., stunned: _Optional[bool] = ..., stun_mode: _Optional[str] = ..., form: _Optional[str] = ..., mp: _Optional[int] = ..., boosted: _Optional[bool] = ..., attacks: _Optional[int] = ..., attacks_allowed: _Optional[int] = ..., specialization: _Optional[str] = ..., spec_deck_size: _Optional[int] = ..., spec_discard: _Optional[_Iterable[_Union[WizWarView.Card, _Mapping]]] = ..., out_order: _Optional[int] = ...) -> None: ...
    class Creature(_message.Message):
        __slots__ = ("name", "title", "controller", "square", "life", "start_life", "base_speed", "stun_tokens", "stunned", "treasure", "activated", "form", "card", "guardian_used", "mad_dash")
        NAME_FIELD_NUMBER: _ClassVar[int]
        TITLE_FIELD_NUMBER: _ClassVar[int]
        CONTROLLER_FIELD_NUMBER: _ClassVar[int]
        SQUARE_FIELD_NUMBER: _ClassVar[int]
        LIFE_FIELD_NUMBER: _ClassVar[int]
        START_LIFE_FIELD_NUMBER: _ClassVar[int]
        BASE_SPEED_FIELD_NUMBER: _ClassVar[int]
        STUN_TOKENS_FIELD_NUMBER: _ClassVar[int]
        STUNNED_FIELD_NUMBER: _ClassVar[int]
        TREASURE_FIELD_NUMBER: _ClassVar[int]
        ACTIVATED_FIELD_NUMBER: _ClassVar[int]
        FORM_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        GUARDIAN_USED_FIELD_NUMBER: _ClassVar[int]
        MAD_DASH_FIELD_NUMBER: _ClassVar[int]
        name: str
        title: str
        controller: int
        square: int
        life: int
        start_life: int
        base_speed: int
        stun_tokens: int
        stunned: bool
        treasure: int
        activated: bool
        form: str
        card: int
        guardian_used: bool
        mad_dash: bool
        def __init__(self, name: _Optional[str] = ..., title: _Optional[str] = ..., controller: _Optional[int] = ..., square: _Optional[int] = ..., life: _Optional[int] = ..., start_life: _Optional[int] = ..., base_speed: _Optional[int] = ..., stun_tokens: _Optional[int] = ..., stunned: _Optional[bool] = ..., treasure: _Optional[int] = ..., activated: _Optional[bool] = ..., form: _Optional[str] = ..., card: _Optional[int] = ..., guardian_used: _Optional[bool] = ..., mad_dash: _Optional[bool] = ...) -> None: ...
    class Edge(_message.Message):
        __slots__ = ("edge", "a", "b")
        EDGE_FIELD_NUMBER: _ClassVar[int]
        A_FIELD_NUMBER: _ClassVar[int]
        B_FIELD_NUMBER: _ClassVar[int]
        edge: str
        a: int
        b: int
        def __init__(self, edge: _Optional[str] = ..., a: _Optional[int] = ..., b: _Optional[int] = ...) -> None: ...
    class Wall(_message.Message):
        __slots__ = ("edge", "a", "b", "cracks", "created")
        EDGE_FIELD_NUMBER: _ClassVar[int]
        A_FIELD_NUMBER: _ClassVar[int]
        B_FIELD_NUMBER: _ClassVar[int]
        CRACKS_FIELD_NUMBER: _ClassVar[int]
        CREATED_FIELD_NUMBER: _ClassVar[int]
        edge: str
        a: int
        b: int
        cracks: int
        created: bool
        def __init__(self, edge: _Optional[str] = ..., a: _Optional[int] = ..., b: _Optional[int] = ..., cracks: _Optional[int] = ..., created: _Optional[bool] = ...) -> None: ...
    class Door(_message.Message):
        __slots__ = ("edge", "a", "b", "colour", "cracks", "sealed", "held_by", "created")
        EDGE_FIELD_NUMBER: _ClassVar[int]
        A_FIELD_NUMBER: _ClassVar[int]
        B_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        CRACKS_FIELD_NUMBER: _ClassVar[int]
        SEALED_FIELD_NUMBER: _ClassVar[int]
        HELD_BY_FIELD_NUMBER: _ClassVar[int]
        CREATED_FIELD_NUMBER: _ClassVar[int]
        edge: str
        a: int
        b: int
        colour: str
        cracks: int
        sealed: bool
        held_by: int
        created: bool
        def __init__(self, edge: _Optional[str] = ..., a: _Optional[int] = ..., b: _Optional[int] = ..., colour: _Optional[str] = ..., cracks: _Optional[int] = ..., sealed: _Optional[bool] = ..., held_by: _Optional[int] = ..., created: _Optional[bool] = ...) -> None: ...
    class Treasure(_message.Message):
        __slots__ = ("id", "owner", "square", "carrier", "scored", "glued")
        ID_FIELD_NUMBER: _ClassVar[int]
        OWNER_FIELD_NUMBER: _ClassVar[int]
        SQUARE_FIELD_NUMBER: _ClassVar[int]
        CARRIER_FIELD_NUMBER: _ClassVar[int]
        SCORED_FIELD_NUMBER: _ClassVar[int]
        GLUED_FIELD_NUMBER: _ClassVar[int]
        id: int
        owner: int
        square: int
        carrier: str
        scored: bool
        glued: bool
        def __init__(self, id: _Optional[int] = ..., owner: _Optional[int] = ..., square: _Optional[int] = ..., carrier: _Optional[str] = ..., scored: _Optional[bool] = ..., glued: _Optional[bool] = ...) -> None: ...
    class FloorItem(_message.Message):
        __slots__ = ("card", "square", "glued")
        CARD_FIELD_NUMBER: _ClassVar[int]
        SQUARE_FIELD_NUMBER: _ClassVar[int]
        GLUED_FIELD_NUMBER: _ClassVar[int]
        card: WizWarView.Card
        square: int
        glued: bool
        def __init__(self, card: _Optional[_Union[WizWarView.Card, _Mapping]] = ..., square: _Optional[int] = ..., glued: _Optional[bool] = ...) -> None: ...
    class BoardObject(_message.Message):
        __slots__ = ("id", "kind", "name", "square", "owner", "card", "cracks", "live")
        ID_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        NAME_FIELD_NUMBER: _ClassVar[int]
        SQUARE_FIELD_NUMBER: _ClassVar[int]
        OWNER_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        CRACKS_FIELD_NUMBER: _ClassVar[int]
        LIVE_FIELD_NUMBER: _ClassVar[int]
        id: int
        kind: str
        name: str
        square: int
        owner: int
        card: int
        cracks: int
        live: bool
        def __init__(self, id: _Optional[int] = ..., kind: _Optional[str] = ..., name: _Optional[str] = ..., square: _Optional[int] = ..., owner: _Optional[int] = ..., card: _Optional[int] = ..., cracks: _Optional[int] = ..., live: _Optional[bool] = ...) -> None: ...
    class MaintainedSpell(_message.Message):
        __slots__ = ("card", "caster", "target", "tokens", "energy")
        CARD_FIELD_NUMBER: _ClassVar[int]
        CASTER_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        TOKENS_FIELD_NUMBER: _ClassVar[int]
        ENERGY_FIELD_NUMBER: _ClassVar[int]
        card: WizWarView.Card
        caster: int
        target: str
        tokens: int
        energy: int
        def __init__(self, card: _Optional[_Union[WizWarView.Card, _Mapping]] = ..., caster: _Optional[int] = ..., target: _Optional[str] = ..., tokens: _Optional[int] = ..., energy: _Optional[int] = ...) -> None: ...
    class Cast(_message.Message):
        __slots__ = ("id", "card", "key", "mode", "caster", "actor", "targets", "objects", "energy", "attack", "spell", "canceled", "against")
        ID_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        KEY_FIELD_NUMBER: _ClassVar[int]
        MODE_FIELD_NUMBER: _ClassVar[int]
        CASTER_FIELD_NUMBER: _ClassVar[int]
        ACTOR_FIELD_NUMBER: _ClassVar[int]
        TARGETS_FIELD_NUMBER: _ClassVar[int]
        OBJECTS_FIELD_NUMBER: _ClassVar[int]
        ENERGY_FIELD_NUMBER: _ClassVar[int]
        ATTACK_FIELD_NUMBER: _ClassVar[int]
        SPELL_FIELD_NUMBER: _ClassVar[int]
        CANCELED_FIELD_NUMBER: _ClassVar[int]
        AGAINST_FIELD_NUMBER: _ClassVar[int]
        id: int
        card: WizWarView.Card
        key: str
        mode: str
        caster: int
        actor: str
        targets: _containers.RepeatedScalarFieldContainer[str]
        objects: _containers.RepeatedScalarFieldContainer[str]
        energy: int
        attack: bool
        spell: bool
        canceled: bool
        against: int
        def __init__(self, id: _Optional[int] = ..., card: _Optional[_Union[WizWarView.Card, _Mapping]] = ..., key: _Optional[str] = ..., mode: _Optional[str] = ..., caster: _Optional[int] = ..., actor: _Optional[str] = ..., targets: _Optional[_Iterable[str]] = ..., objects: _Optional[_Iterable[str]] = ..., energy: _Optional[int] = ..., attack: _Optional[bool] = ..., spell: _Optional[bool] = ..., canceled: _Optional[bool] = ..., against: _Optional[int] = ...) -> None: ...
    class Decision(_message.Message):
        __slots__ = ("kind", "seat", "what", "key", "card", "mode", "values", "cast", "passes")
        KIND_FIELD_NUMBER: _ClassVar[int]
        SEAT_FIELD_NUMBER: _ClassVar[int]
        WHAT_FIELD_NUMBER: _ClassVar[int]
        KEY_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        MODE_FIELD_NUMBER: _ClassVar[int]
        VALUES_FIELD_NUMBER: _ClassVar[int]
        CAST_FIELD_NUMBER: _ClassVar[int]
        PASSES_FIELD_NUMBER: _ClassVar[int]
        kind: str
        seat: int
        what: str
        key: str
        card: int
        mode: str
        values: _containers.RepeatedCompositeFieldContainer[WizWarView.SlotValue]
        cast: int
        passes: int
        def __init__(self, kind: _Optional[str] = ..., seat: _Optional[int] = ..., what: _Optional[str] = ..., key: _Optional[str] = ..., card: _Optional[int] = ..., mode: _Optional[str] = ..., values: _Optional[_Iterable[_Union[WizWarView.SlotValue, _Mapping]]] = ..., cast: _Optional[int] = ..., passes: _Optional[int] = ...) -> None: ...
    class SlotValue(_message.Message):
        __slots__ = ("slot", "value")
        SLOT_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        slot: str
        value: str
        def __init__(self, slot: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class Card(_message.Message):
        __slots__ = ("id", "key", "title", "school", "kind", "ev")
        ID_FIELD_NUMBER: _ClassVar[int]
        KEY_FIELD_NUMBER: _ClassVar[int]
        TITLE_FIELD_NUMBER: _ClassVar[int]
        SCHOOL_FIELD_NUMBER: _ClassVar[int]
        KIND_FIELD_NUMBER: _ClassVar[int]
        EV_FIELD_NUMBER: _ClassVar[int]
        id: int
        key: str
        title: str
        school: str
        kind: str
        ev: int
        def __init__(self, id: _Optional[int] = ..., key: _Optional[str] = ..., title: _Optional[str] = ..., school: _Optional[str] = ..., kind: _Optional[str] = ..., ev: _Optional[int] = ...) -> None: ...
    class Result(_message.Message):
        __slots__ = ("seat", "rank", "score")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RANK_FIELD_NUMBER: _ClassVar[int]
        SCORE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        rank: int
        score: int
        def __init__(self, seat: _Optional[int] = ..., rank: _Optional[int] = ..., score: _Optional[int] = ...) -> None: ...
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ROUND_LIMIT_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLAYER_FIELD_NUMBER: _ClassVar[int]
    TO_MOVE_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ACTIVATION_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    CREATURES_FIELD_NUMBER: _ClassVar[int]
    CREATURE_POOL_FIELD_NUMBER: _ClassVar[int]
    WALLS_FIELD_NUMBER: _ClassVar[int]
    DOORS_FIELD_NUMBER: _ClassVar[int]
    FIRE_WALLS_FIELD_NUMBER: _ClassVar[int]
    TREASURES_FIELD_NUMBER: _ClassVar[int]
    FLOOR_ITEMS_FIELD_NUMBER: _ClassVar[int]
    OBJECTS_FIELD_NUMBER: _ClassVar[int]
    SPELLS_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    CASTING_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    LOG_FIELD_NUMBER: _ClassVar[int]
    OVER_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    END_REASON_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    CHOICE_CARDS_FIELD_NUMBER: _ClassVar[int]
    TURN_FLAGS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    game: str
    num_players: int
    options: WizWarView.Options
    round: int
    round_limit: int
    turn: int
    active: int
    first_player: int
    to_move: int
    phase: str
    activation: WizWarView.Activation
    players: _containers.RepeatedCompositeFieldContainer[WizWarView.Player]
    creatures: _containers.RepeatedCompositeFieldContainer[WizWarView.Creature]
    creature_pool: _containers.RepeatedScalarFieldContainer[str]
    walls: _containers.RepeatedCompositeFieldContainer[WizWarView.Wall]
    doors: _containers.RepeatedCompositeFieldContainer[WizWarView.Door]
    fire_walls: _containers.RepeatedCompositeFieldContainer[WizWarView.Edge]
    treasures: _containers.RepeatedCompositeFieldContainer[WizWarView.Treasure]
    floor_items: _containers.RepeatedCompositeFieldContainer[WizWarView.FloorItem]
    objects: _containers.RepeatedCompositeFieldContainer[WizWarView.BoardObject]
    spells: _containers.RepeatedCompositeFieldContainer[WizWarView.MaintainedSpell]
    deck_size: int
    discard: _containers.RepeatedCompositeFieldContainer[WizWarView.Card]
    casting: _containers.RepeatedCompositeFieldContainer[WizWarView.Cast]
    decision: WizWarView.Decision
    log: _containers.RepeatedScalarFieldContainer[str]
    over: bool
    winner: int
    end_reason: str
    outcome: _containers.RepeatedCompositeFieldContainer[WizWarView.Result]
    hand: _containers.RepeatedCompositeFieldContainer[WizWarView.Card]
    choice_cards: _containers.RepeatedCompositeFieldContainer[WizWarView.Card]
    turn_flags: WizWarView.TurnFlags
    def __init__(self, seat: _Optional[int] = ..., game: _Optional[str] = ..., num_players: _Optional[int] = ..., options: _Optional[_Union[WizWarView.Options, _Mapping]] = ..., round: _Optional[int] = ..., round_limit: _Optional[int] = ..., turn: _Optional[int] = ..., active: _Optional[int] = ..., first_player: _Optional[int] = ..., to_move: _Optional[int] = ..., phase: _Optional[str] = ..., activation: _Optional[_Union[WizWarView.Activation, _Mapping]] = ..., players: _Optional[_Iterable[_Union[WizWarView.Player, _Mapping]]] = ..., creatures: _Optional[_Iterable[_Union[WizWarView.Creature, _Mapping]]] = ..., creature_pool: _Optional[_Iterable[str]] = ..., walls: _Optional[_Iterable[_Union[WizWarView.Wall, _Mapping]]] = ..., doors: _Optional[_Iterable[_Union[WizWarView.Door, _Mapping]]] = ..., fire_walls: _Optional[_Iterable[_Union[WizWarView.Edge, _Mapping]]] = ..., treasures: _Optional[_Iterable[_Union[WizWarView.Treasure, _Mapping]]] = ..., floor_items: _Optional[_Iterable[_Union[WizWarView.FloorItem, _Mapping]]] = ..., objects: _Optional[_Iterable[_Union[WizWarView.BoardObject, _Mapping]]] = ..., spells: _Optional[_Iterable[_Union[WizWarView.MaintainedSpell, _Mapping]]] = ..., deck_size: _Optional[int] = ..., discard: _Optional[_Iterable[_Union[WizWarView.Card, _Mapping]]] = ..., casting: _Optional[_Iterable[_Union[WizWarView.Cast, _Mapping]]] = ..., decision: _Optional[_Union[WizWarView.Decision, _Mapping]] = ..., log: _Optional[_Iterable[str]] = ..., over: _Optional[bool] = ..., winner: _Optional[int] = ..., end_reason: _Optional[str] = ..., outcome: _Optional[_Iterable[_Union[WizWarView.Result, _Mapping]]] = ..., hand: _Optional[_Iterable[_Union[WizWarView.Card, _Mapping]]] = ..., choice_cards: _Optional[_Iterable[_Union[WizWarView.Card, _Mapping]]] = ..., turn_flags: _Optional[_Union[WizWarView.TurnFlags, _Mapping]] = ...) -> None: ...
