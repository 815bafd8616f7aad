"""The board as small integer hex ids with neighbour and distance tables (built once per Ruleset)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from . import hexgrid
from .actions import Action, act
from .views import Verb

OCEAN, UNKNOWN, ISLAND = "ocean", "unknown", "island"   # printed ocean, explorable hex, printed island group
CELL_KINDS = {"~": OCEAN, ".": UNKNOWN, "#": ISLAND}


@dataclass(frozen=True, slots=True)
class PrintedIG:
    """A printed island group of the map (rule C1): an independent group or one of the homes Tonga/Samoa."""
    name: str
    hex: int
    green: int
    brown: int
    atoll: bool
    local_warriors: int
    home: bool
    orientation: int
    malaria: tuple[int, ...]
    region: str


@dataclass(frozen=True, slots=True)
class SetupTile:
    tile: str
    hex: int
    from_players: int
    orientation: int


@dataclass(frozen=True, slots=True)
class SetupOcean:
    hex: int
    from_players: int


class HexMap:
    """Static map facts. Hex ids are 0..n-1 in label order; -1 means "no hex"."""

    def __init__(self, columns: int, rows: int, cells: dict[tuple[int, int], str],
                 islands: list[PrintedIG], setup_tiles: list[SetupTile], setup_oceans: list[SetupOcean],
                 to_south_america: tuple[int, ...], galapagos: int, unfortunate: int,
                 south_america_adjacent: tuple[int, ...], labels: dict[str, int]):
        self.columns, self.rows = columns, rows
        coords = sorted(cells)
        self.coords: tuple[tuple[int, int], ...] = tuple(coords)
        self.labels: tuple[str, ...] = tuple(hexgrid.label(c, r) for c, r in coords)
        self.kinds: tuple[str, ...] = tuple(cells[c] for c in coords)
        index = {c: i for i, c in enumerate(coords)}
        self._index = index
        self.steps: tuple[tuple[int, ...], ...] = tuple(
            tuple(index.get(hexgrid.neighbor(c, r, d), -1) for d in range(6)) for c, r in coords)
        self.adjacent: tuple[tuple[int, ...], ...] = tuple(tuple(n for n in steps if n >= 0) for steps in self.steps)
        self._distance = tuple(tuple(hexgrid.distance(a, b) for b in coords) for a in coords)
        self.islands: tuple[PrintedIG, ...] = tuple(islands)
        self.island_at: Mapping[int, PrintedIG] = MappingProxyType({ig.hex: ig for ig in islands})
        self.setup_tiles = tuple(setup_tiles)
        self.setup_oceans = tuple(setup_oceans)
        self.to_south_america = to_south_america
        self.galapagos, self.unfortunate = galapagos, unfortunate
        self.south_america_adjacent = south_america_adjacent
        self.labels_named: tuple[tuple[str, int], ...] = tuple(labels.items())   # decorative names, map order
        names = {label: i for i, label in enumerate(self.labels)}
        names.update(labels)
        names.update({t.tile: t.hex for t in setup_tiles})
        names.update({"Galapagos Islands": galapagos, "Unfortunate Islands": unfortunate})
        names.update({ig.name: ig.hex for ig in islands})
        self._names: Mapping[str, int] = MappingProxyType(names)
        self._display = {i: ig.name for i, ig in self.island_at.items()}
        self.explorable: tuple[int, ...] = tuple(i for i, k in enumerate(self.kinds) if k == UNKNOWN)
        self.printed: frozenset[int] = frozenset(i for i, k in enumerate(self.kinds) if k != UNKNOWN)
        self._hex_actions: dict[Verb, tuple[Action, ...]] = {}
        # Hex masks: a set of hexes as the bits of one integer, hex (col, row) at bit col * stride + row. The
        # spare row between columns keeps shifted masks from wrapping; searches over the whole known sea
        # (the explorer's pre-move, E3) spread a mask by shifts instead of visiting hexes one by one.
        self.stride = rows + 1
        self.bits: tuple[int, ...] = tuple(1 << (c * self.stride + r) for c, r in coords)
        self.every = sum(self.bits)
        self._even = sum(bit for bit, (c, _) in zip(self.bits, coords) if c % 2 == 0)
        self._by_position = {bit.bit_length() - 1: i for i, bit in enumerate(self.bits)}
        self.printed_mask = sum(self.bits[i] for i in self.printed)
        self.explorable_mask = self.every ^ self.printed_mask
        self.around: tuple[int, ...] = tuple(sum(self.bits[n] for n in near) for near in self.adjacent)

    def __len__(self) -> int:
        return len(self.labels)

    def index(self, col: int, row: int) -> int:
        return self._index.get((col, row), -1)

    def hex_of(self, name: str) -> int:
        """The hex id of a printed IG, a set-up tile's historical hex, a named special hex or a "CCRR" label."""
        try:
            return self._names[name]
        except KeyError:
            raise KeyError(f"no hex is named {name!r}") from None

    def has_name(self, name: str) -> bool:
        return name in self._names

    def named(self, word: object) -> int:
        """The hex a word from outside names (as hex_of), or -1: the word may be any value a client sent."""
        return self._names.get(word, -1) if isinstance(word, str) else -1

    def name_of(self, hex_id: int) -> str:
        """The printed IG's name for its hex, otherwise the hex label."""
        return self._display.get(hex_id) or self.labels[hex_id]

    def hex_actions(self, verb: Verb) -> tuple[Action, ...]:
        """The actions "<verb> <hex label>" indexed by hex id, made once per verb: action lists that name hexes
        (go, party, withdraw...) are built every decision."""
        table = self._hex_actions.get(verb)
        if table is None:
            table = self._hex_actions[verb] = tuple(act(verb, label) for label in self.labels)
        return table

    def spread(self, mask: int) -> int:
        """The hexes of a mask and all their neighbours (hexgrid's odd-q layout: an even column's diagonal
        neighbours are a row higher than an odd column's)."""
        s, even = self.stride, mask & self._even
        odd = mask ^ even
        return (mask | mask << 1 | mask >> 1 | mask << s | mask >> s | even << (s - 1) | even >> (s + 1)
                | odd << (s + 1) | odd >> (s - 1)) & self.every

    def mask(self, hexes: Iterable[int]) -> int:
        """The mask of some hex ids (negative ids, places off the map, are left out)."""
        bits = self.bits
        return sum(bits[h] for h in set(hexes) if h >= 0)

    def hexes(self, mask: int) -> list[int]:
        """The hex ids of a mask, in order."""
        out, by_position = [], self._by_position
        while mask:
            low = mask & -mask
            out.append(by_position[low.bit_length() - 1])
            mask ^= low
        return out

    def first(self, mask: int) -> int:
        """The lowest hex id of a non-empty mask."""
        return self._by_position[(mask & -mask).bit_length() - 1]

    def neighbors(self, hex_id: int) -> tuple[int, ...]:
        return self.adjacent[hex_id]

    def step(self, hex_id: int, direction: int) -> int:
        """The neighbour in a direction 0-5 (hexgrid.DIRECTIONS), or -1 off the map."""
        return self.steps[hex_id][direction % 6]

    def distance(self, a: int, b: int) -> int:
        return self._distance[a][b]
