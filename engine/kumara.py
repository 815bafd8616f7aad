"""Advanced rule A5, Kumara: instead of exploring, an explorer sails from a "To South America" hex across the
printed far-eastern ocean, one rolled hex at a time, to bring the sweet potato back (ruling X31)."""
from __future__ import annotations

from . import changes
from .board import enemy_hexes, known_mask, reach
from .cards import kumara_lost_becomes_return, kumara_modifier
from .state import Event, GameState, event

SOUTH_AMERICA = "south_america"


def far_east_ocean(state: GameState) -> set[int]:
    """X31: the printed ocean from the columns of the To South America hexes eastwards."""
    m = state.rules.map
    first = min(m.coords[h][0] for h in m.to_south_america)
    return {h for h in range(len(m)) if m.kinds[h] == "ocean" and m.coords[h][0] >= first}

def departures(state: GameState, player: int) -> list[int]:
    """A5: the To South America hexes the explorer can pre-move to (E3) without crossing the far-east ocean."""
    if not state.options.get("kumara") or state.adv.kumara[player]:
        return []
    m = state.rules.map
    barred = m.mask(far_east_ocean(state) | enemy_hexes(state, player))
    reached = reach(state, player, known_mask(state) & ~barred)
    return sorted(t for t in m.to_south_america if m.around[t] & reached)

def distance_to_america(state: GameState, h: int) -> int:
    m = state.rules.map
    return 1 + min(m.distance(h, a) for a in m.south_america_adjacent)

def result(state: GameState, player: int, face: int) -> str:
    """The Kumara table with its modifiers: a Galapagos marker +1, cards +1 at most, Ocean Chart saves the lost."""
    rules = state.rules
    roll = face + kumara_modifier(state, player)
    if state.adv.galapagos[player]:
        roll += rules.kumara["galapagos_marker"]
    outcome: str = rules.kumara["table"][min(6, roll)]
    if outcome == "lost" and kumara_lost_becomes_return(state, player):
        return "return"
    return outcome

def sailing_choices(state: GameState, here: int, outcome: str) -> list[str]:
    """Explore: any adjacent far-east hex, or South America itself when adjacent; off course: no closer."""
    m = state.rules.map
    ocean = far_east_ocean(state)
    near = distance_to_america(state, here)
    hexes = [n for n in m.neighbors(here) if n in ocean]
    if outcome == "off_course":
        return [m.labels[n] for n in hexes if distance_to_america(state, n) >= near]
    return [m.labels[n] for n in hexes] + ([SOUTH_AMERICA] if here in m.south_america_adjacent else [])

def arrive(state: GameState, player: int, h: int) -> list[Event]:
    """Entering the Galapagos or the Unfortunate Islands gives the "+1 Galapagos" marker (one per player)."""
    m = state.rules.map
    if h in (m.galapagos, m.unfortunate) and not state.adv.galapagos[player]:
        changes.give_galapagos_marker(state, player)
        return [event("galapagos_marker", player=state.names[player], hex=m.labels[h])]
    return []

def gain(state: GameState, player: int, how: str) -> list[Event]:
    """A Kumara marker, worth 2 VP; one per player."""
    if state.adv.kumara[player]:
        return []
    changes.give_kumara(state, player)
    return [event("kumara", player=state.names[player], how=how)]
