"""Advanced rule A4, the South Island: Te Waka Maui joins Aotearoa when Aotearoa is revealed (ruling X30)."""
from __future__ import annotations

from . import changes
from .state import Event, GameState, event


def on_reveal(state: GameState, h: int) -> list[Event]:
    """Place Te Waka Maui beside a revealed Aotearoa, where its art lines up with Aotearoa's orientation."""
    rules = state.rules
    if not state.options.get("south_island") or state.adv.south_island:
        return []
    aotearoa = rules.tiles[state.tile[h]]
    if aotearoa.south_island_direction is None:
        return []
    te_waka_maui = next(t.id for t in rules.tiles if t.aside)
    if te_waka_maui in state.adv.removed_tiles:
        return []
    target = rules.map.step(h, state.orient[h] + aotearoa.south_island_direction)
    # Off the map, on a printed IG or on a face-up tile, Te Waka Maui leaves the game.
    if target < 0 or rules.map.kinds[target] == "island" or (state.tile[target] >= 0 and state.tile_up[target]):
        changes.remove_tile_from_play(state, te_waka_maui)
        return [event("south_island_lost", hex=rules.map.labels[h])]
    events = []
    if state.tile[target] >= 0:          # a face-down tile there is removed from play, its markers go back
        changes.remove_tile_from_play(state, state.tile[target])
        events.append(event("tile_removed", hex=rules.map.labels[target]))
    changes.set_ocean(state, target, False)
    changes.place_tile(state, target, te_waka_maui, face_up=True)
    changes.orient_tile(state, target, state.orient[h])
    changes.place_south_island(state, h, target)
    return events + [event("south_island_placed", hex=rules.map.labels[target], tile=rules.tiles[te_waka_maui].name)]


def other_island(state: GameState, h: int) -> int:
    """The other New Zealand hex, if `h` is one of the two (else -1): bands and colonies walk between them."""
    pair = state.adv.south_island
    if len(pair) == 2 and h in pair:
        return pair[1] if h == pair[0] else pair[0]
    return -1
