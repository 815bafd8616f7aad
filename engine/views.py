"""The declared shapes of what the engine hands out: `observe()`'s view and every kind of log entry.

These are TypedDicts (plain dicts at run time: declaring them costs nothing) and Literal types. The client and
the bots annotate what they read with these names, so a renamed or missing field fails the type check rather than
a game; `tests/engine/test_views.py` checks on random games that the engine's output matches them.

A log entry is `{"kind": ..., **fields}` (`Event.to_dict()`); `LogEntry` is the union of one TypedDict per kind,
which mypy narrows by comparing `entry["kind"]` to a literal. (No `from __future__ import annotations`: a
TypedDict learns which keys are NotRequired only from evaluated annotations on Python 3.11.)
"""
from typing import Literal, NotRequired, TypeAlias, TypedDict

# --- names ------------------------------------------------------------------------------------------------------

StepName = Literal["turn_order", "exploration", "movement", "building", "victory", "over"]
ExplorationPhase = Literal["start", "move", "draw", "tile", "keep", "off_course", "kumara_roll", "kumara_sail"]
MovementPhase = Literal["transit", "move", "party"]
BattlePhase = Literal["cancel", "card", "roll", "reroll", "hit", "retreat", "carry", "save", "home", "raise", "over"]
BuildingPhase = Literal["build", "draw"]
PieceKind = Literal["transport_canoe", "war_canoe", "warrior_band", "colony", "rumor"]
TurnOrderStage = Literal["events", "malaria", "home", "order"]
VictoryStage = Literal["claim", "answer"]
# Where the decision stands in its step: the step's own stage or phase, a battle's phase during a battle.
DecisionStage = (TurnOrderStage | ExplorationPhase | MovementPhase | BattlePhase | BuildingPhase | VictoryStage
                 | Literal["over"])
DecisionKind = Literal[
    "over",
    # turn order (T2), with A7's event and A3's malaria before it and M11's new home (X29)
    "event_tie", "event_draw", "event_target", "malaria", "new_home", "order",
    # exploration (E3-E5, A5)
    "explore", "explore_on", "cup", "tile", "keep", "off_course", "kumara_roll", "kumara_sail",
    # movement (M3, M4, M8) and a battle's stages (M8-M12, X17, X24, X26; a new home is M11 here too)
    "transit", "move", "party", "next_battle", "cancel_attack", "battle_card", "battle_roll", "reroll", "panic",
    "lose", "retreat", "carry", "save", "raise",
    # building (A1, B1, B4) and victory (V3, V4)
    "setup_build", "build", "card_draw", "claim", "deforestation",
]
CardWindow = Literal["cancel_attack", "battle_modifier", "battle_reroll", "deforestation"]

Verb = Literal[
    # turn order (T2, A3, A7) and the anytime actions (E6.5, M7, B4, A7)
    "order", "home", "choose", "target", "flip", "withdraw", "show", "play",
    # exploration (E1-E7, A5)
    "premove", "explore", "course", "go", "keep", "reveal", "return", "kumara", "sail", "pass", "use", "end",
    # movement and battle (M2-M14)
    "transit", "cross", "done", "party", "take", "leave", "battle", "fight", "roll", "accept", "lose", "panic",
    "retreat", "carry", "save", "raze", "raise",
    # building (B1-B5, A2, A4) and victory (V3)
    "build", "convert", "buy", "rotate", "save_bp", "settle", "claim", "decline",
    # chance: the cup, the tile stack, the deck, the die, the event deck
    "marker", "tile", "card", "die", "event",
]

EventKind = Literal[
    "attack_cancelled", "battle_announced", "battle_card", "battle_over", "battle_started", "battle_won",
    "battle_won_at_once", "build_planned", "build_points_gained", "build_points_lost", "building_done", "built",
    "built_kinds", "canoe_face_down", "canoe_face_up", "card_bought", "card_drawn", "card_not_drawn",
    "card_revealed", "card_used",
    "claim_failed", "conquest", "die_rolled", "event_drawn", "event_kept", "event_played", "event_revealed",
    "event_tie", "event_without_effect", "exploration_passed", "exploration_skipped", "explorer_back",
    "explorer_enters", "explorer_lost",
    "explorer_moved", "explorer_returned", "favourable_winds", "galapagos_marker", "game_over", "game_started",
    "home_lost", "improved_agriculture_built", "internal_rotation", "kumara", "kumara_roll", "kumara_search",
    "malaria_begins", "malaria_roll", "marker_drawn", "movement_ended", "new_home", "off_course", "off_course_stuck",
    "penalty_marker", "piece_panicked", "piece_removed", "pieces_gained", "pieces_sunk", "retreat", "reroll",
    "rumor_removed", "saved_build_point", "settled", "south_island_lost", "south_island_placed", "stack_moved",
    "step_started", "tile_drawn", "tile_kept", "tile_placed", "tile_removed", "tile_revealed", "tile_seen",
    "transit", "transit_ended", "turn_order", "turn_order_marker", "victory_claimed", "village_built",
    "village_lost", "village_saved", "vp_changed", "war_canoes_stopped", "warning",
]

Options: TypeAlias = dict[str, bool | int]           # an option's id: on/off, or the agreed VP target (A6)
Kinds: TypeAlias = dict[str, int]                    # pieces by kind (a battle's defender may add "local_warrior")


# --- the view ---------------------------------------------------------------------------------------------------

class VpParts(TypedDict):
    """A player's VP on the track by source (victory.SOURCES), each a fraction as text ("3/2"), adding up to the
    player's `vp`: villages controlled and IGs and atolls chain-linked to home (V1), A5's Kumara, the face-up A&C
    cards with their bonuses (V1, C6), and V4's Deforestation, which takes VP away at the end ("-3")."""
    villages: str
    island_groups: str
    atolls: str
    kumara: str
    cards: str
    deforestation: str


class VpHistoryEntry(TypedDict):
    """The VP track at the end of a turn (`turn`; the first entry: at the start, the turn before the first)."""
    turn: int
    vp: dict[str, str]                    # player -> VP, a fraction as text


class PlayerView(TypedDict):
    name: str
    seat: int
    home: str | None
    capital: str | None
    vp: str                               # a fraction as text: "7", "15/2"
    vp_parts: VpParts                     # the same VP by source
    cards_vp: int                         # the face-up cards' VP now; `vp_parts` has them at the last count (V1)
    explorer: str                         # a hex label, "home" or "lost"
    cards_in_hand: int
    cards_shown: list[str]
    claimed: bool
    saved_bp: int
    kumara: bool
    galapagos: bool
    events_held: int
    supply: dict[str, int] | None         # the viewer's own only; others see `supply_total` (X33)
    supply_total: int
    out_of_game: int


class StackView(TypedDict):
    pieces: int
    face_up_canoe: bool
    kinds: NotRequired[Kinds]             # the owner's own stacks only (X9)


class SquaresView(TypedDict):
    green: int
    brown: int
    green_built: int
    brown_built: int
    improved: int


class HexView(TypedDict):
    """One hex that holds anything; every key but `hex` is there only when it applies."""
    hex: str
    tile: NotRequired[str | None]         # None: face down and not known to the viewer
    face_up: NotRequired[bool]
    orientation: NotRequired[int]         # face-up tiles
    discovered_by: NotRequired[list[str]]  # face-down tiles
    ocean: NotRequired[bool]
    villages: NotRequired[int]
    improved_agriculture: NotRequired[int]
    squares: NotRequired[SquaresView]     # island groups, not face-down tiles
    controller: NotRequired[str]          # a player's name or "independent"
    stacks: NotRequired[dict[str, StackView]]


class MarkerView(TypedDict):
    hex: str
    marker: str                           # "penalty" or a marker kind: "island", "ocean", "off_course"
    knots: int


class ExplorationView(TypedDict):
    player: str
    phase: ExplorationPhase
    at: str | None
    target: str | None
    knots: int
    markers: list[MarkerView]


class BattleView(TypedDict):
    hex: str
    attacker: str
    defender: str                         # a player's name or "independent"
    phase: BattlePhase
    hit: str                              # "" or the die's result being applied ("attacker_panics", ...)
    front: list[Kinds]                    # [attacker, defender]
    back: list[Kinds]
    panicked: list[Kinds]
    cards: list[list[str]]
    rolled: int
    villages: int


class BoatView(TypedDict):
    canoe: str
    moves_left: int
    passenger: str | None
    passenger_moved: bool


class PartyView(TypedDict):
    boats: list[BoatView]
    rumors: list[int]                     # each rumor's moves left
    walkers: list[str]
    chain_canoe_next: bool


class MovedView(TypedDict):
    hex: str
    piece: str
    carrier: str                          # a canoe kind, or "walked" (A4)
    with_carrier: bool


class MovementView(TypedDict):
    player: str
    phase: MovementPhase
    battles_left: list[str]
    party_at: NotRequired[str]            # phase "party"
    party_size: NotRequired[int]
    party: NotRequired[PartyView]         # the mover's own view
    moved_passengers: NotRequired[list[MovedView]]
    battle: NotRequired[BattleView]


class AreaView(TypedDict):
    hexes: list[str]
    bp: int


class PendingBuild(TypedDict):
    item: str
    hex: str


class BuildingView(TypedDict):
    phase: BuildingPhase
    builder: NotRequired[str]
    areas: NotRequired[list[AreaView]]    # the builder's own view
    pending: NotRequired[list[PendingBuild]]   # the rest: a player's own view, not the public one
    card_bought: NotRequired[bool]
    rotated: NotRequired[bool]
    settles: NotRequired[list[str]]


# --- the log ----------------------------------------------------------------------------------------------------

class AttackCancelledEvent(TypedDict):
    kind: Literal["attack_cancelled"]
    hex: str


class BattleAnnouncedEvent(TypedDict):
    kind: Literal["battle_announced"]
    hex: str
    attacker: str
    defender: str


class BattleCardEvent(TypedDict):
    kind: Literal["battle_card"]
    hex: str
    player: str
    card: str


class BattleOverEvent(TypedDict):
    kind: Literal["battle_over"]
    hex: str


class BattleStartedEvent(TypedDict):
    kind: Literal["battle_started"]
    hex: str
    attacker: str
    defender: str
    attacker_pieces: Kinds
    defender_pieces: Kinds
    local_warriors: int
    villages: int
    front: list[Kinds]
    back: list[Kinds]


class BattleWonEvent(TypedDict):
    kind: Literal["battle_won"]
    hex: str
    winner: str
    loser: str


class BattleWonAtOnceEvent(TypedDict):
    kind: Literal["battle_won_at_once"]
    hex: str
    attacker: str


class BuildPlannedEvent(TypedDict):
    kind: Literal["build_planned"]
    player: str
    item: str
    hex: NotRequired[str]
    card: NotRequired[str]


class BuildPointsGainedEvent(TypedDict):
    kind: Literal["build_points_gained"]
    player: str
    bp: int


class BuildPointsLostEvent(TypedDict):
    kind: Literal["build_points_lost"]
    players: list[str]
    bp: int


class BuildingDoneEvent(TypedDict):
    kind: Literal["building_done"]
    player: str


class BuiltEvent(TypedDict):
    kind: Literal["built"]
    player: str
    hex: str
    pieces: int
    villages: int
    improved_agriculture: int
    face_up_canoe: bool


class BuiltKindsEvent(TypedDict):
    kind: Literal["built_kinds"]
    player: str
    hex: str
    items: Kinds


class CanoeFaceDownEvent(TypedDict):
    kind: Literal["canoe_face_down"]
    player: str
    hex: str


class CanoeFaceUpEvent(TypedDict):
    kind: Literal["canoe_face_up"]
    player: str
    hex: str


class CardBoughtEvent(TypedDict):
    kind: Literal["card_bought"]
    player: str


class CardDrawnEvent(TypedDict):
    kind: Literal["card_drawn"]
    player: str
    card: str


class CardNotDrawnEvent(TypedDict):
    """X23: the deck ran out before this buyer's draw."""
    kind: Literal["card_not_drawn"]
    player: str


class CardRevealedEvent(TypedDict):
    kind: Literal["card_revealed"]
    player: str
    card: str


class CardUsedEvent(TypedDict):
    kind: Literal["card_used"]
    player: str
    card: str


class ClaimFailedEvent(TypedDict):
    kind: Literal["claim_failed"]
    player: str
    vp: str


class ConquestEvent(TypedDict):
    kind: Literal["conquest"]
    hex: str
    player: str
    saved: int
    controlled: bool


class DieRolledEvent(TypedDict):
    kind: Literal["die_rolled"]
    hex: str
    face: int
    modifier: int
    result: str


class EventDrawnEvent(TypedDict):
    kind: Literal["event_drawn"]
    player: str
    card: str


class EventKeptEvent(TypedDict):
    kind: Literal["event_kept"]
    player: str


class EventPlayedEvent(TypedDict):
    kind: Literal["event_played"]
    player: str
    card: str


class EventRevealedEvent(TypedDict):
    kind: Literal["event_revealed"]
    player: str
    card: str


class EventTieEvent(TypedDict):
    kind: Literal["event_tie"]
    chooser: str
    drawer: str
    marker: str                           # the player who takes the turn-order marker


class EventWithoutEffectEvent(TypedDict):
    kind: Literal["event_without_effect"]
    player: str


class ExplorationPassedEvent(TypedDict):
    kind: Literal["exploration_passed"]
    player: str


class ExplorationSkippedEvent(TypedDict):
    kind: Literal["exploration_skipped"]
    player: str


class ExplorerBackEvent(TypedDict):
    kind: Literal["explorer_back"]
    player: str


class ExplorerEntersEvent(TypedDict):
    kind: Literal["explorer_enters"]
    player: str
    hex: str
    chosen_by: str


class ExplorerLostEvent(TypedDict):
    kind: Literal["explorer_lost"]
    player: str
    knots: int
    hexes: int


class ExplorerMovedEvent(TypedDict):
    kind: Literal["explorer_moved"]
    player: str
    to: str
    path: NotRequired[list[str]]          # the pre-move (E3)
    premove: NotRequired[bool]


class ExplorerReturnedEvent(TypedDict):
    kind: Literal["explorer_returned"]
    player: str
    knots: int
    hexes: int


class FavourableWindsEvent(TypedDict):
    kind: Literal["favourable_winds"]
    player: str


class GalapagosMarkerEvent(TypedDict):
    kind: Literal["galapagos_marker"]
    player: str
    hex: str


class GameOverEvent(TypedDict):
    kind: Literal["game_over"]
    winners: list[str]
    vp: dict[str, str]


class GameStartedEvent(TypedDict):
    kind: Literal["game_started"]
    players: list[str]
    seed: int
    options: Options


class HomeLostEvent(TypedDict):
    kind: Literal["home_lost"]
    player: str


class ImprovedAgricultureBuiltEvent(TypedDict):
    kind: Literal["improved_agriculture_built"]
    player: str
    hex: str
    cause: Literal["event"]


class InternalRotationEvent(TypedDict):
    kind: Literal["internal_rotation"]
    player: str


class KumaraEvent(TypedDict):
    kind: Literal["kumara"]
    player: str
    how: Literal["conquest", "voyage"]


class KumaraRollEvent(TypedDict):
    kind: Literal["kumara_roll"]
    player: str
    face: int
    result: Literal["lost", "return", "off_course", "explore"]


class KumaraSearchEvent(TypedDict):
    kind: Literal["kumara_search"]
    player: str
    hex: str


class MalariaBeginsEvent(TypedDict):
    kind: Literal["malaria_begins"]


class MalariaRollEvent(TypedDict):
    kind: Literal["malaria_roll"]
    face: int
    hex: str
    ig: str


class MarkerDrawnEvent(TypedDict):
    kind: Literal["marker_drawn"]
    player: str
    hex: str
    marker: str                           # "island", "ocean" or "off_course"
    knots: int


class MovementEndedEvent(TypedDict):
    kind: Literal["movement_ended"]
    player: str


class NewHomeEvent(TypedDict):
    kind: Literal["new_home"]
    player: str
    hex: str


class OffCourseEvent(TypedDict):
    kind: Literal["off_course"]
    player: str
    chooser: str


class OffCourseStuckEvent(TypedDict):
    kind: Literal["off_course_stuck"]
    player: str


class PenaltyMarkerEvent(TypedDict):
    kind: Literal["penalty_marker"]
    player: str
    hex: str
    knots: int


class PiecePanickedEvent(TypedDict):
    kind: Literal["piece_panicked"]
    hex: str
    player: str                           # a player's name or "independent"
    piece: str                            # a piece kind or "local_warrior"


class PieceRemovedEvent(TypedDict):
    kind: Literal["piece_removed"]
    hex: str
    player: str
    piece: str


class PiecesGainedEvent(TypedDict):
    kind: Literal["pieces_gained"]
    player: str
    piece: str
    count: int


class PiecesSunkEvent(TypedDict):
    kind: Literal["pieces_sunk"]
    hex: str
    pieces: int
    sunk: dict[str, Kinds]                # by owner, as {"piece": n}: how many, never which (X9, X28)


class RetreatEvent(TypedDict):
    kind: Literal["retreat"]
    player: str
    source: str
    to: str | None                        # None: nowhere to go, every piece lost
    pieces: int
    removed: int


class RerollEvent(TypedDict):
    kind: Literal["reroll"]
    hex: str


class RumorRemovedEvent(TypedDict):
    kind: Literal["rumor_removed"]
    player: str
    hex: str


class SavedBuildPointEvent(TypedDict):
    kind: Literal["saved_build_point"]
    player: str
    saved: int


class SettledEvent(TypedDict):
    kind: Literal["settled"]
    player: str
    hex: str


class SouthIslandLostEvent(TypedDict):
    kind: Literal["south_island_lost"]
    hex: str


class SouthIslandPlacedEvent(TypedDict):
    kind: Literal["south_island_placed"]
    hex: str
    tile: str


class StackMovedEvent(TypedDict):
    kind: Literal["stack_moved"]
    player: str
    source: str
    to: str
    pieces: int


class StepStartedEvent(TypedDict):
    kind: Literal["step_started"]
    turn: int
    step: StepName


class TileDrawnEvent(TypedDict):
    kind: Literal["tile_drawn"]
    hex: str
    tile: str


class TileKeptEvent(TypedDict):
    kind: Literal["tile_kept"]
    hex: str
    player: str


class TilePlacedEvent(TypedDict):
    kind: Literal["tile_placed"]
    hex: str
    player: str


class TileRemovedEvent(TypedDict):
    kind: Literal["tile_removed"]
    hex: str


class TileRevealedEvent(TypedDict):
    kind: Literal["tile_revealed"]
    hex: str
    tile: str
    orientation: int
    by: str


class TileSeenEvent(TypedDict):
    kind: Literal["tile_seen"]
    hex: str
    tile: str


class TransitEvent(TypedDict):
    kind: Literal["transit"]
    player: str
    source: str
    to: str
    pieces: int


class TransitEndedEvent(TypedDict):
    kind: Literal["transit_ended"]
    player: str


class TurnOrderEvent(TypedDict):
    kind: Literal["turn_order"]
    chooser: str
    first: str
    direction: Literal["cw", "ccw"]
    order: list[str]


class TurnOrderMarkerEvent(TypedDict):
    kind: Literal["turn_order_marker"]
    player: str


class VictoryClaimedEvent(TypedDict):
    kind: Literal["victory_claimed"]
    player: str


class VillageBuiltEvent(TypedDict):
    kind: Literal["village_built"]
    player: str
    hex: str
    cause: Literal["event"]


class VillageLostEvent(TypedDict):
    kind: Literal["village_lost"]
    hex: str
    player: str
    cause: Literal["malaria", "event"]


class VillageSavedEvent(TypedDict):
    kind: Literal["village_saved"]
    hex: str
    player: str
    piece: str


class VpChangedEvent(TypedDict):
    kind: Literal["vp_changed"]
    player: str
    old: str
    new: str


class WarCanoesStoppedEvent(TypedDict):
    kind: Literal["war_canoes_stopped"]
    player: str
    hex: str
    cause: Literal["enemy_ig", "enemy_war_canoe"]


class WarningEvent(TypedDict):
    kind: Literal["warning"]
    text: str


LogEntry: TypeAlias = (
    AttackCancelledEvent | BattleAnnouncedEvent | BattleCardEvent | BattleOverEvent | BattleStartedEvent
    | BattleWonEvent | BattleWonAtOnceEvent | BuildPlannedEvent | BuildPointsGainedEvent | BuildPointsLostEvent
    | BuildingDoneEvent | BuiltEvent | BuiltKindsEvent | CanoeFaceDownEvent | CanoeFaceUpEvent | CardBoughtEvent
    | CardDrawnEvent | CardNotDrawnEvent | CardRevealedEvent | CardUsedEvent | ClaimFailedEvent | ConquestEvent
    | DieRolledEvent
    | EventDrawnEvent | EventKeptEvent | EventPlayedEvent | EventRevealedEvent | EventTieEvent
    | EventWithoutEffectEvent | ExplorationPassedEvent | ExplorationSkippedEvent | ExplorerBackEvent
    | ExplorerEntersEvent
    | ExplorerLostEvent | ExplorerMovedEvent | ExplorerReturnedEvent | FavourableWindsEvent
    | GalapagosMarkerEvent | GameOverEvent | GameStartedEvent | HomeLostEvent | ImprovedAgricultureBuiltEvent
    | InternalRotationEvent | KumaraEvent | KumaraRollEvent | KumaraSearchEvent | MalariaBeginsEvent
    | MalariaRollEvent | MarkerDrawnEvent | MovementEndedEvent | NewHomeEvent | OffCourseEvent | OffCourseStuckEvent
    | PenaltyMarkerEvent | PiecePanickedEvent | PieceRemovedEvent | PiecesGainedEvent | PiecesSunkEvent
    | RetreatEvent | RerollEvent | RumorRemovedEvent | SavedBuildPointEvent | SettledEvent | SouthIslandLostEvent
    | SouthIslandPlacedEvent | StackMovedEvent | StepStartedEvent | TileDrawnEvent | TileKeptEvent
    | TilePlacedEvent | TileRemovedEvent | TileRevealedEvent | TileSeenEvent | TransitEvent | TransitEndedEvent
    | TurnOrderEvent | TurnOrderMarkerEvent | VictoryClaimedEvent | VillageBuiltEvent | VillageLostEvent
    | VillageSavedEvent | VpChangedEvent | WarCanoesStoppedEvent | WarningEvent
)


class Decision(TypedDict):
    """What a step says is being decided (`decision()` of each step module): its kind, its stage in the step, its
    rule, and the public facts that word it, each there only for the kinds that have it."""
    kind: DecisionKind
    stage: DecisionStage
    rule: str
    explorer: NotRequired[str]            # exploration: whose explorer (off_course: not the one who decides)
    hex: NotRequired[str]                 # cup, tile, keep, off_course (the hex meant), party, every battle kind
    #                                       and a loss at sea (lose, X28)
    tied: NotRequired[list[str]]          # event_tie: the two players tied lowest, the one who chooses first (A7)
    drawer: NotRequired[str]              # event_draw, event_target: who draws the event (A7)
    card: NotRequired[str]                # event_target: the event revealed, to be aimed (A7)
    attacker: NotRequired[str]            # every battle kind
    defender: NotRequired[str]            # every battle kind: a player's name or "independent"
    side: NotRequired[Literal["attacker", "defender"]]   # a battle's side who decides, or whom the die hurts
    window: NotRequired[CardWindow]       # a card window: the power it is open for (X24, X26, X33, V4)
    claimant: NotRequired[str]            # deforestation: whose claim is answered (V4)
    winners: NotRequired[list[str]]       # over


class DecisionView(Decision):
    """The pending decision as the view gives it (X9: made of public facts only, the same for every viewer)."""
    who: str | None                       # as `to_act`: a player's name, engine.CHANCE, None once the game is over
    step: StepName


class View(TypedDict):
    """What `engine.observe(state, player)` returns (X9): public facts, the viewer's own secrets."""
    you: str | None                       # None: the public view
    turn: int
    step: StepName
    to_act: str | None                    # a player's name, engine.CHANCE, or None when the game is over
    order: list[str]
    active: str | None
    marker_holder: str
    threshold: int
    options: Options
    players: list[PlayerView]
    hand: list[str]
    hand_vp: int                          # what the viewer's hidden cards would add shown (theirs alone, X9)
    spent: list[str]
    events_held: list[str]
    event_deck: int
    malaria: bool
    south_island: list[str]
    cup: int
    tile_stack: int
    deck: int
    penalty_pool: int
    hexes: list[HexView]
    exploration: ExplorationView | None
    movement: MovementView | None
    building: BuildingView | None
    decision: DecisionView
    winners: list[str]
    vp_history: list[VpHistoryEntry]      # the VP track at the start and at the end of each turn, oldest first
    log: list[LogEntry]                   # empty with log=False
    log_size: int                         # how many events this viewer sees in all
