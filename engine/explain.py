"""Why an action is not legal now, in terms of the rules: for the client's "every refused gesture says why, with
the rule number" (CLIENT.md). A reason is a rule number, a code and its data, so the client can put it in any
language; `why_not` returns None for a legal action.

It answers the questions a player asks by pointing at a hex: why the explorer cannot pre-move or explore there,
why a party cannot go there, why nothing of theirs sets out from there, why an item cannot be built there. Any
other refusal gets the decision's own rule.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from . import board, building, exploration, movement
from .actions import Action, IllegalAction, check_shape
from .game import current_player, legal_actions
from .hexmap import HexMap
from .state import RUMOR, TRANSPORT, WAR_CANOE, GameState


class Reason(NamedTuple):
    rule: str
    code: str
    data: Mapping[str, Any] = {}          # read only: the default is shared by every Reason without data


RULE_OF_VERB = {"order": "T2", "premove": "E3", "explore": "E4", "cross": "E6.3", "course": "E4.3", "flip": "E6.5",
                "return": "E5", "keep": "E6.2", "transit": "M3", "party": "M4", "go": "M4", "take": "M5",
                "leave": "M5", "raise": "M6", "withdraw": "M7", "battle": "M8", "retreat": "M9", "carry": "M9",
                "save": "M10", "home": "M11", "build": "B2", "convert": "B3", "settle": "B3", "buy": "B4",
                "rotate": "B1.1", "use": "B4", "show": "B4", "claim": "V3", "kumara": "A5", "sail": "A5",
                "save_bp": "A2", "play": "A7", "target": "A7", "choose": "A7"}


def why_not(state: GameState, action: Action) -> Reason | None:
    """None if the action is legal now; else the first rule it breaks (words that name nothing break the
    decision's own rule). IllegalAction, as from apply, if `action` is not an Action of texts and numbers."""
    check_shape(action)
    who = current_player(state)
    if who is None:
        return Reason("V3", "game_over")
    if action in legal_actions(state):
        return None
    h = -1
    if action.verb in HEX_VERBS and len(action.args) > HEX_VERBS[action.verb]:
        h = state.rules.map.named(action.args[HEX_VERBS[action.verb]])
    if h >= 0 and action.verb in CHECKS:
        reason = CHECKS[action.verb](state, action, h)
        if reason is not None:
            return reason
    return Reason(RULE_OF_VERB.get(action.verb, "T1"), "not_now", {"verb": action.verb})


HEX_VERBS = {"premove": 0, "explore": 0, "go": 0, "party": 0, "build": 1, "settle": 0, "convert": 0}


def _premove(state: GameState, action: Action, h: int) -> Reason | None:
    sub = state.sub
    if not isinstance(sub, exploration.Exploration) or sub.phase != exploration.START:
        return None
    player, label = sub.player, state.rules.map.labels[h]
    if not board.is_known(state, h):
        return Reason("E3", "premove_unknown", {"hex": label})
    if board.is_enemy(state, h, player):
        return Reason("E3", "premove_enemy", {"hex": label})
    if not any(exploration.can_explore(state, n, player) for n in state.rules.map.adjacent[h]):
        return Reason("E3", "premove_not_beside_unknown", {"hex": label})
    return Reason("E3", "premove_unreachable", {"hex": label})


def _explore(state: GameState, action: Action, h: int) -> Reason | None:
    sub = state.sub
    if not isinstance(sub, exploration.Exploration) or sub.phase != exploration.MOVE:
        return None
    player, m = sub.player, state.rules.map
    label = m.labels[h]
    if h not in m.adjacent[state.explorer[player]]:
        return Reason("E4", "explore_not_adjacent", {"hex": label})
    if h in m.printed:
        return Reason("E6.4", "explore_printed", {"hex": label})
    if board.is_known(state, h):
        return Reason("E6.3", "explore_known", {"hex": label})
    return Reason("E4", "explore_cannot", {"hex": label})


def _go(state: GameState, action: Action, h: int) -> Reason | None:
    sub = state.sub
    if not isinstance(sub, movement.Movement) or sub.phase != movement.PARTY:
        return None
    m, player = state.rules.map, sub.player
    label = m.labels[h]
    if not sub.party:
        return Reason("M4", "go_empty_party", {"hex": label})
    if h not in m.adjacent[sub.at]:
        return Reason("M4", "go_not_adjacent", {"hex": label})
    if not board.is_known(state, h):
        return Reason("M4.1", "go_unknown", {"hex": label})
    kind_of = state.piece_kind
    if any(kind_of[p] in movement.SELF_MOVING and sub.moves[p] < 1 for p in sub.party):
        return Reason("M4", "go_no_moves", {"hex": label})
    real = sum(1 for p in sub.party if kind_of[p] != RUMOR)
    if real and movement.last_garrison(state, player, sub.at, real):
        return Reason("M10", "go_garrison", {"hex": m.labels[sub.at]})
    kinds = {kind_of[p] for p in sub.party}
    if TRANSPORT in kinds and WAR_CANOE not in kinds and board.is_enemy(state, h, player):
        return Reason("M4.2", "go_escort", {"hex": label})
    if not kinds & set(movement.SELF_MOVING):
        return Reason("M5", "go_no_canoe", {"hex": label})
    return Reason("M4", "go_cannot", {"hex": label})


def _party(state: GameState, action: Action, h: int) -> Reason | None:
    sub = state.sub
    if not isinstance(sub, movement.Movement) or sub.phase != movement.MOVE:
        return None
    return Reason("M4", "party_nothing", {"hex": state.rules.map.labels[h]})


def _build(state: GameState, action: Action, h: int) -> Reason | None:
    sub = state.sub
    if not isinstance(sub, building.Building) or sub.phase != building.BUILD or not action.args:
        return None
    item, player, label = action.args[0], state.actor, state.rules.map.labels[h]
    costs = state.rules.costs
    if item not in costs:
        return None
    area = building.area_of(sub, h)
    if area < 0:
        return _atoll(state, h) or Reason("B1.3", "build_not_area", {"hex": label})
    if sub.bp[area] < costs[item]:
        return Reason("B2", "build_bp", {"item": item, "cost": costs[item], "bp": sub.bp[area]})
    if item == "village":
        if building.new_village_here(sub, player, h):
            return Reason("X10", "build_village_once", {"hex": label})
        if not building.village_room(state, sub, player, h):
            return _atoll(state, h) or Reason("B3", "build_village_room", {"hex": label})
    elif item == "improved_agriculture":
        if not building.ia_room(state, sub, player, h):
            return Reason("B3", "build_ia_room", {"hex": label})
    elif building.unbuilt(state, sub, player).get(item, 0) <= 0:
        return Reason("B1.6", "build_mix", {"item": item})
    if state.turn == 0 and item not in ("transport_canoe", "war_canoe", "warrior_band", "colony", "rumor"):
        return Reason("A1", "build_setup_pieces", {"item": item})
    return None


def _colony(state: GameState, action: Action, h: int) -> Reason | None:
    """Settling or converting a colony (B3) on an atoll, or that is the last real piece on a conquered printed IG
    (M10, X22)."""
    sub = state.sub
    if not isinstance(sub, building.Building) or sub.phase != building.BUILD:
        return None
    if not building.colonies_at(state, state.actor, h):
        return None
    if not building.keeps_garrison(state, sub, state.actor, h):
        return Reason("M10", f"{action.verb}_garrison", {"hex": state.rules.map.labels[h]})
    return _atoll(state, h)


def _atoll(state: GameState, h: int) -> Reason | None:
    """B3 (C5): no village ever stands on an atoll, so nothing is built there and a colony there never becomes a
    village; said before the rules that follow from it (no village, so no building area). Only of a known IG
    (printed, or a face-up tile): a face-down tile's squares are hidden (X9)."""
    squares = state.ig_squares(h) if board.is_known(state, h) else None
    if squares is not None and squares[2]:
        return Reason("B3", "atoll", {"hex": state.rules.map.labels[h]})
    return None


CHECKS = {"premove": _premove, "explore": _explore, "go": _go, "party": _party, "build": _build,
          "settle": _colony, "convert": _colony}


def route(state: GameState, action: Action) -> list[str]:
    """The hexes a move would pass through, for the map to draw before the player commits: the explorer's
    pre-move route (E3), a party's step, a ride along the transit chain; [] for other actions. The action need
    not be legal, but IllegalAction if it is not an Action of texts and numbers or a hex it names is no hex."""
    check_shape(action)
    m, sub = state.rules.map, state.sub
    verb, args = action
    if verb == "premove" and isinstance(sub, exploration.Exploration) and args:
        return [m.labels[h] for h in exploration.premove_path(state, sub.player, _hex(m, args[0]))]
    if verb == "go" and isinstance(sub, movement.Movement) and sub.at >= 0 and args:
        return [m.labels[sub.at], m.labels[_hex(m, args[0])]]
    if verb == "transit" and len(args) == 3:
        return [m.labels[_hex(m, args[1])], m.labels[_hex(m, args[2])]]
    if verb == "explore" and isinstance(sub, exploration.Exploration) and args:
        where, end = state.explorer[sub.player], m.labels[_hex(m, args[0])]
        return [m.labels[where], end] if where >= 0 else [end]
    return []


def _hex(m: HexMap, word: object) -> int:
    """The hex an action's word names, for route: the word came from a client, so naming no hex is refused."""
    h = m.named(word)
    if h < 0:
        raise IllegalAction(f"no hex is named {word!r}")
    return h
