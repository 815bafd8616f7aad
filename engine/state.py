"""The game state: everything that changes during a game, as flat lists of small integers.

A state clones by a hand-written copy of its lists (no deepcopy). Static facts (the map, the tables, each
piece's owner and kind) live in the Ruleset or in tuples shared by every clone. The action history and the
event log are Journals: append-only lists that clones share.
"""
from __future__ import annotations

from array import array
from collections.abc import Iterable
from fractions import Fraction
from typing import Any, NamedTuple, Protocol, TypeAlias, cast

from .actions import Action
from .ruleset import PIECES, Ruleset
from .views import StepName


class StepState(Protocol):
    """What a step in progress keeps (`GameState.sub`): each step module declares its own small record (Exploration,
    Movement, Building, TurnOrderStep, Claim), which the state copies and writes out without knowing which it is.
    Code that knows the step narrows it with isinstance. Declared here, so the state imports no step module (no
    import loop, issue 37)."""

    def clone(self) -> StepState: ...
    def to_dict(self) -> dict[str, Any]: ...


# An item of a Journal: a plain tuple of plain values ((verb, args, drawn) in the history, (kind, visible, *data)
# in the log). Full chunks are linked as (chunk, previous chunks or None, items in all chunks).
JournalItem: TypeAlias = tuple[Any, ...]
JournalChunks: TypeAlias = "tuple[tuple[JournalItem, ...], JournalChunks | None, int]"

# Steps of a turn (rule T1), plus the end of the game.
TURN_ORDER, EXPLORATION, MOVEMENT, BUILDING, VICTORY, OVER = range(6)
STEP_NAMES: tuple[StepName, ...] = ("turn_order", "exploration", "movement", "building", "victory", "over")

# Special values.
CHANCE_ACTOR = -1            # the die, the cup, the tile stack or the deck decides
NO_ACTOR = -2                # the game is over
NOBODY = -1                  # controller of an IG with no village (rule V2)
INDEPENDENT = -2             # controller of a printed independent IG until conquered (rule M4.3)
UNBUILT = -1                 # piece location: in its owner's unbuilt pool
OUT_OF_GAME = -2             # piece location: removed from the game (e.g. to save a village, rule M10)
AT_HOME = -1                 # explorer location: in front of its owner
LOST = -2                    # explorer location: the Lost box (rules E2, E5, B1.1)

KIND_INDEX = {kind: i for i, kind in enumerate(PIECES)}
TRANSPORT, WAR_CANOE, BAND, COLONY, RUMOR = range(5)


class UnknownPlayer(KeyError, ValueError):
    """A player's name that names nobody in this game (observe, events_since, vp). A KeyError (the player is looked
    up by name) and a ValueError (a bad argument), so either `except` catches it; its message names the players."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown player"


class Event(NamedTuple):
    """What happened, for the log and the client's animations. `visible` is None (everyone) or player indices.
    (A named tuple: many are made every turn, and tuples are the cheapest immutable records.) `data` holds
    the field names, then their values, in one tuple: a tuple per field was more garbage to collect."""
    kind: str
    data: tuple[Any, ...] = ()
    visible: frozenset[int] | None = None

    def get(self, key: str, default: Any = None) -> Any:
        data = self.data
        half = len(data) // 2
        try:
            return data[half + data.index(key, 0, half)]
        except ValueError:
            return default

    def seen_by(self, player: int) -> bool:
        return self.visible is None or player in self.visible

    def to_dict(self) -> dict[str, Any]:
        data = self.data
        half = len(data) // 2
        return {"kind": self.kind, **dict(zip(data[:half], data[half:]))}


_make = tuple.__new__


def event(kind: str, visible: frozenset[int] | None = None, **data: Any) -> Event:
    return _make(Event, (kind, (*data, *data.values()), visible))


class Journal:
    """An append-only list that clones share: the action history and the event log.

    Full chunks of items are frozen into tuples linked as `(chunk, previous, items in all chunks)`. A clone
    shares the whole journal, which is then marked shared: a state that adds to a shared journal first takes its
    own copy of the open tail. Items are plain tuples of plain values, which the garbage collector stops tracking:
    with one linked node and one named tuple per item, the collector's passes over long games had taken a tenth of
    the engine's time."""

    __slots__ = ("chunks", "tail", "shared")

    chunks: JournalChunks | None
    tail: list[JournalItem]
    shared: bool

    def __init__(self) -> None:
        self.chunks = None                # (chunk, previous chunks, items in all chunks), or None
        self.tail = []
        self.shared = False               # a clone holds it too: copy before adding

    def share(self) -> Journal:
        self.shared = True
        return self

    def plus(self, items: Iterable[JournalItem]) -> Journal:
        """The journal with the items added: this one, or a copy if it is shared."""
        out = self
        if self.shared:
            out = Journal.__new__(Journal)
            out.chunks, out.tail, out.shared = self.chunks, self.tail[:], False
        out.tail += items
        if len(out.tail) >= JOURNAL_CHUNK:
            chunks = out.chunks
            out.chunks = (tuple(out.tail), chunks, len(out.tail) + (chunks[2] if chunks else 0))
            out.tail = []
        return out

    def items(self) -> list[JournalItem]:
        """Every item, oldest first."""
        chunks: list[tuple[JournalItem, ...]] = []
        node = self.chunks
        while node is not None:
            chunks.append(node[0])
            node = node[1]
        return [item for chunk in reversed(chunks) for item in chunk] + self.tail

    def __len__(self) -> int:
        return (self.chunks[2] if self.chunks else 0) + len(self.tail)

    def items_from(self, start: int) -> list[JournalItem]:
        """The items from index `start` on, oldest first: only the chunks that hold them are visited and
        copied, so reading the newest items of a long journal costs what they are, not the whole journal."""
        start = max(0, start)
        tail = self.tail
        first = self.chunks[2] if self.chunks else 0      # index of the tail's first item
        if start >= first + len(tail):
            return []
        if start >= first:
            return tail[start - first:]
        chunks: list[tuple[JournalItem, ...]] = []
        node = self.chunks
        while node is not None and first > start:
            chunks.append(node[0])
            first -= len(node[0])
            node = node[1]
        out = [item for chunk in reversed(chunks) for item in chunk]
        return out[start - first:] + tail

    def last(self) -> JournalItem:
        # An empty tail means a chunk was just frozen (an empty journal fails here as before, with a TypeError).
        return self.tail[-1] if self.tail else cast("JournalChunks", self.chunks)[0][-1]


JOURNAL_CHUNK = 64


def positions(table: array[int], value: int, lo: int, hi: int) -> list[int]:
    """The indexes in lo..hi-1 where an array table holds `value`: `array.index` scans in C, which matters
    for questions asked every decision (which pieces stand here, which IGs a player controls)."""
    out: list[int] = []
    try:
        while True:
            lo = table.index(value, lo, hi)
            out.append(lo)
            lo += 1
    except ValueError:
        return out


class Marks(dict[int, int]):
    """Discovered-island markers on face-down tiles: hex -> bitmask of players (E4.2). Sparse (a dozen markers
    at most), reads 0 where there is none, and never keeps a 0 entry, so equal games hash equal."""

    __slots__ = ()

    def __missing__(self, hex_id: int) -> int:
        return 0

    def __setitem__(self, hex_id: int, mask: int) -> None:
        if mask:
            super().__setitem__(hex_id, mask)
        else:
            self.pop(hex_id, None)


class Advanced:
    """State of the advanced rules: malaria (A3), the South Island (A4), Kumara (A5), random events (A7)."""

    __slots__ = ("malaria", "south_island", "removed_tiles", "kumara", "galapagos", "event_deck", "event_discard",
                 "events_held", "bp_delta", "winds", "skip_exploration")

    malaria: bool
    south_island: tuple[int, ...]
    removed_tiles: list[int]
    kumara: list[bool]
    galapagos: list[bool]
    event_deck: list[int]
    event_discard: list[int]
    events_held: list[list[int]]
    bp_delta: list[int]
    winds: list[int]
    skip_exploration: list[bool]

    def __init__(self, players: int) -> None:
        self.malaria = False                     # A3 applies from now on (X7)
        self.south_island = ()                   # A4: (Aotearoa's hex, Te Waka Maui's hex) once placed
        self.removed_tiles = []                  # tiles taken out of play (A4)
        self.kumara = [False] * players          # A5: Kumara markers (2 VP each)
        self.galapagos = [False] * players       # A5: "+1 Galapagos" markers
        self.event_deck = []                     # A7: event cards not yet drawn (indexes in Ruleset.events)
        self.event_discard = []
        self.events_held = [[] for _ in range(players)]   # kept events (brown title)
        self.bp_delta = [0] * players            # A7: build points won or lost for the next Building step
        self.winds = [0] * players               # A7: the turn in which this player's canoes move 3
        self.skip_exploration = [False] * players   # A7: the next exploration is skipped

    def clone(self) -> Advanced:
        c = Advanced.__new__(Advanced)
        c.malaria, c.south_island, c.removed_tiles = self.malaria, self.south_island, self.removed_tiles[:]
        c.kumara, c.galapagos = self.kumara[:], self.galapagos[:]
        c.event_deck, c.event_discard = self.event_deck[:], self.event_discard[:]
        c.events_held = [e[:] for e in self.events_held]
        c.bp_delta, c.winds, c.skip_exploration = self.bp_delta[:], self.winds[:], self.skip_exploration[:]
        return c

    def to_dict(self) -> dict[str, Any]:
        return {slot: getattr(self, slot) for slot in self.__slots__}


class GameState:
    """One position of a game. Create it with engine.new_game or engine.load_scenario."""

    __slots__ = (
        "rules", "seed", "options", "names", "start", "piece_owner", "piece_kind", "piece_ids", "piece_span",
        # turn structure
        "turn", "step", "order", "active", "actor", "marker_holder",
        # map state, one entry per hex id
        "tile", "tile_up", "orient", "discovered", "ocean", "green_villages", "ia", "ia_villages",
        "controller", "must_hold",      # must_hold: the player who must keep a piece on a conquered printed IG
        "holdings",                     # owner (a player or INDEPENDENT) -> its hexes, kept by set_controller
        # per player
        "home", "capital", "explorer", "hand", "shown", "spent", "vp_track", "vp_parts", "claimed", "saved_bp",
        # pieces, one entry per piece id
        "piece_hex", "piece_up",
        # draw piles; `queued` holds outcomes fixed in advance by a scenario, per pile ("cup", "tiles", "deck", "dice")
        "cup", "stack", "deck", "penalty_pool", "queued",
        # the step in progress (exploration, battle, building...): a small object with its own clone()
        "sub",
        "streams", "history", "log", "winners",
        "vp_history",                   # the VP track at the start and at the end of each turn
        "unseen",                       # per player, then the public view: the log's events they do not see
        "adv",                          # what the advanced rules (section A) keep track of
        "memo",                         # the legal actions of this position, once asked (cleared by every action)
    )

    rules: Ruleset
    seed: int
    options: dict[str, Any]
    names: tuple[str, ...]
    start: dict[str, Any]                   # how the game began: seed, homes and options, or the scenario
    piece_owner: tuple[int, ...]            # per piece id
    piece_kind: tuple[int, ...]             # per piece id (TRANSPORT...RUMOR)
    piece_ids: tuple[tuple[range, ...], ...]    # [player][kind] -> the ids
    piece_span: tuple[tuple[int, int], ...]     # [player] -> (first id, last id + 1)
    turn: int
    step: int
    order: tuple[int, ...]
    active: int
    actor: int
    marker_holder: int
    tile: array[int]
    tile_up: array[int]
    orient: array[int]
    discovered: Marks
    ocean: array[int]
    green_villages: array[int]
    ia: array[int]
    ia_villages: array[int]
    controller: array[int]
    must_hold: array[int]
    holdings: dict[int, tuple[int, ...]]
    home: list[int]
    capital: list[int]
    explorer: list[int]
    hand: list[list[int]]
    shown: list[list[int]]
    spent: list[list[int]]
    vp_track: list[Fraction]                # the VP track (V1): recounted at each Victory step
    vp_parts: list[tuple[int, ...]]         # [player]: the track's VP by source (victory.SOURCES), 1/vp_scale units
    claimed: list[bool]
    saved_bp: list[int]
    piece_hex: array[int]
    piece_up: array[int]
    cup: list[int]
    stack: list[int]
    deck: list[int]
    penalty_pool: int
    queued: dict[str, list[int]]
    sub: StepState | None
    streams: list[int]
    history: Journal
    log: Journal
    unseen: tuple[int, ...]
    winners: tuple[int, ...]
    vp_history: tuple[tuple[int, tuple[str, ...]], ...]    # (turn, every player's VP as text); first: the start
    adv: Advanced
    memo: list[Action] | None

    def clone(self) -> GameState:
        """A copy that shares nothing mutable with this state."""
        c = GameState.__new__(GameState)
        c.rules, c.seed, c.options, c.names = self.rules, self.seed, self.options, self.names
        c.start = self.start
        c.piece_owner, c.piece_kind, c.piece_ids = self.piece_owner, self.piece_kind, self.piece_ids
        c.piece_span = self.piece_span
        c.turn, c.step, c.order, c.active, c.actor = self.turn, self.step, self.order, self.active, self.actor
        c.marker_holder = self.marker_holder
        c.tile, c.tile_up, c.orient = self.tile[:], self.tile_up[:], self.orient[:]
        c.discovered, c.ocean = Marks(self.discovered), self.ocean[:]
        c.green_villages, c.ia, c.ia_villages = self.green_villages[:], self.ia[:], self.ia_villages[:]
        c.controller, c.must_hold, c.holdings = self.controller[:], self.must_hold[:], dict(self.holdings)
        c.home, c.capital, c.explorer = self.home[:], self.capital[:], self.explorer[:]
        c.hand, c.shown = [h[:] for h in self.hand], [s[:] for s in self.shown]
        c.spent = [s[:] for s in self.spent]
        c.vp_track, c.vp_parts = self.vp_track[:], self.vp_parts[:]
        c.claimed, c.saved_bp = self.claimed[:], self.saved_bp[:]
        c.piece_hex, c.piece_up = self.piece_hex[:], self.piece_up[:]
        c.cup, c.stack, c.deck = self.cup[:], self.stack[:], self.deck[:]
        c.penalty_pool = self.penalty_pool
        c.queued = {k: v[:] for k, v in self.queued.items()} if self.queued else {}
        c.sub = self.sub.clone() if self.sub is not None else None
        c.streams = self.streams[:]
        c.history, c.log, c.winners = self.history.share(), self.log.share(), self.winners
        c.vp_history = self.vp_history            # a tuple: shared until the next turn adds to it
        c.unseen = self.unseen
        c.adv = self.adv.clone()
        c.memo = self.memo
        return c

    # --- small queries used everywhere ------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.names)

    def player_index(self, name: str) -> int:
        """The seat of the player named `name`, which may come from outside (a client, a text): UnknownPlayer
        for anything else, a number or a list included."""
        if isinstance(name, str) and name in self.names:
            return self.names.index(name)
        raise UnknownPlayer(f"no player is named {name!r}; players: {', '.join(self.names)}")

    def villages(self, hex_id: int) -> int:
        return self.green_villages[hex_id] + self.ia_villages[hex_id]

    def pieces_at(self, hex_id: int, player: int | None = None) -> list[int]:
        """Piece ids in a hex (of one player, or of all), in id order (each player's ids are consecutive)."""
        lo, hi = (0, len(self.piece_hex)) if player is None else self.piece_span[player]
        return positions(self.piece_hex, hex_id, lo, hi)

    def controlled(self, player: int) -> tuple[int, ...]:
        """Hexes of the island groups the player controls (rule V2: a village of theirs stands there), in order."""
        return self.holdings.get(player, ())

    def set_controller(self, h: int, owner: int) -> None:
        """Who controls an IG changes (V2, M4.3). `holdings` follows `controller` here: VP, building areas and
        the explorer's search ask for a player's IGs many times a turn, and they change seldom."""
        old = self.controller[h]
        if old == owner:
            return
        self.controller[h] = owner
        if old != NOBODY:
            self.holdings[old] = tuple(x for x in self.holdings[old] if x != h)
        if owner != NOBODY:
            self.holdings[owner] = tuple(sorted(self.holdings.get(owner, ()) + (h,)))

    def pieces_of(self, player: int, kind: int | None = None, where: int | None = None) -> list[int]:
        """A player's piece ids (of one kind, in one place), from the static index of pieces."""
        groups = self.piece_ids[player] if kind is None else (self.piece_ids[player][kind],)
        if where is None:
            return [pid for ids in groups for pid in ids]
        at = self.piece_hex
        return [pid for ids in groups for pid in ids if at[pid] == where]

    def ig_squares(self, hex_id: int) -> tuple[int, int, bool] | None:
        """(green, brown, atoll) of the island group in a hex, or None if the hex holds no known IG."""
        printed = self.rules.map.island_at.get(hex_id)
        if printed is not None:
            return printed.green, printed.brown, printed.atoll
        t = self.tile[hex_id]
        if t < 0:
            return None
        tile = self.rules.tiles[t]
        return tile.green, tile.brown, tile.atoll

    def ig_name(self, hex_id: int) -> str:
        """The island group's name as the rules see it (printed name or the tile's name), else the hex label."""
        t = self.tile[hex_id]
        return self.rules.tiles[t].name if t >= 0 else self.rules.map.name_of(hex_id)

    def add_log(self, events: list[Event]) -> None:
        """The log keeps each event as one plain tuple (kind, visible, *data), which the collector drops."""
        if events:
            self.log = self.log.plus([(kind, visible) + data for kind, data, visible in events])
            for _, _, visible in events:
                if visible is not None:   # a private event: counted for those who do not see it (X8, X9)
                    self.unseen = tuple(n + (p not in visible) for p, n in enumerate(self.unseen[:-1])) \
                        + (self.unseen[-1] + 1,)

    def clear_log(self) -> None:
        """An empty log (a scenario's start, a re-dealt position)."""
        self.log = Journal()
        self.unseen = (0,) * (self.players + 1)

    def events(self) -> list[Event]:
        """The event log, oldest first."""
        return [_make(Event, (e[0], e[2:], e[1])) for e in self.log.items()]

    def actions_done(self) -> list[tuple[Action, bool]]:
        """Every action applied since the start, with whether the state's own streams drew it, oldest first."""
        return [(_make(Action, (verb, args)), drawn) for verb, args, drawn in self.history.items()]

    def vp_card_total(self, player: int, include_hidden: bool) -> int:
        cards = self.rules.cards
        total = sum(cards[c].vp for c in self.shown[player])
        if include_hidden:
            total += sum(cards[c].vp for c in self.hand[player])
        return total

