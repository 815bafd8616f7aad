"""Exploration step (rules E1-E7, rulings X1 and X12).

Players explore one after another in turn order. A player's exploration is a small machine held in
`state.sub`: pre-move (E3), then for each hex a draw from the discovery cup (E4) resolved as ocean, island
(a tile draw and the discoverer's keep-or-reveal choice) or off course (the left neighbour picks the hex), with
the knot count checked after every hex (E5) and the special cases of E6; it ends with the resolution of E7.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Final, cast

from . import chance, changes, flow, kumara, random_events, south_island
from .actions import Action, IllegalAction, act
from .board import enemy_hexes, is_enemy, is_known, known_mask, reach, rings
from .cards import ignored_knots, knot_allowance, spend, usable_one_time
from .changes import face_home
from .random_events import Owed
from .state import AT_HOME, CHANCE_ACTOR, EXPLORATION, LOST, Event, GameState, event
from .views import Decision, DecisionKind, ExplorationPhase, ExplorationView

STEP = EXPLORATION
PENALTY = -1                      # marker kind of a 2-knot penalty marker in Exploration.markers

# Phases of one player's exploration.
START: Final = "start"
MOVE: Final = "move"
DRAW: Final = "draw"
TILE: Final = "tile"
KEEP: Final = "keep"
OFF_COURSE: Final = "off_course"
SAIL_ROLL: Final = "kumara_roll"                  # A5: the search for kumara
SAIL: Final = "kumara_sail"


class Exploration:
    """One player's exploration in progress: where the explorer is, the markers placed this turn, the phase."""

    __slots__ = ("player", "phase", "origin", "target", "markers", "explored", "examining", "discount", "outcome",
                 "owed")

    def __init__(self, player: int):
        self.player = player
        self.phase: ExplorationPhase = START
        self.origin = -1          # the hex the explorer stands in before entering `target`
        self.target = -1          # the hex being explored now
        self.markers: list[tuple[int, int]] = []     # (hex, marker kind id or PENALTY), in order placed
        self.explored = 0         # hexes explored so far this turn
        self.examining = False    # the target is another player's face-down tile (E6.1)
        self.discount = 0         # knots a card lets this exploration ignore (Fishhooks)
        self.outcome = ""         # the Kumara table's result waiting for the sailing choice (A5)
        self.owed: Owed | None = None     # a choice a kept event just played leaves to a player (A7: X28, X29)

    def clone(self) -> Exploration:
        c = Exploration.__new__(Exploration)
        c.player, c.phase, c.origin, c.target = self.player, self.phase, self.origin, self.target
        c.markers, c.explored, c.examining = self.markers[:], self.explored, self.examining
        c.discount, c.outcome = self.discount, self.outcome
        c.owed = self.owed.clone() if self.owed is not None else None
        return c

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "phase": self.phase, "origin": self.origin, "target": self.target,
                "markers": self.markers, "explored": self.explored, "examining": self.examining,
                "discount": self.discount, "outcome": self.outcome,
                "owed": self.owed.to_dict() if self.owed is not None else None}


def knots(state: GameState, exp: Exploration) -> int:
    """Knots showing this turn (rule E5): markers knot side up plus 2 per penalty marker, less a card's discount."""
    penalty = state.rules.exploration["penalty_knots"]
    total = sum(penalty if kind == PENALTY else state.rules.markers[kind].knots for _, kind in exp.markers)
    return max(0, total - exp.discount)


# --- what the map looks like to an explorer ---------------------------------------------------------------------

def can_explore(state: GameState, h: int, player: int) -> bool:
    """An unknown hex, or a face-down tile that this player has not discovered (E1, E6.1, E6.4)."""
    if state.rules.map.kinds[h] != "unknown" or state.ocean[h]:
        return False
    t = state.tile[h]
    return t < 0 or (not state.tile_up[h] and not state.discovered.get(h, 0) >> player & 1)


def premove_endpoints(state: GameState, player: int) -> list[int]:
    """Pre-move hexes next to a hex the player can explore (E3)."""
    m, tile = state.rules.map, state.tile
    known = known_mask(state)
    mine = 1 << player                    # can_explore, for every hex at once: not known, not discovered by me
    unexplored = m.explorable_mask & ~known & ~m.mask(
        [h for h, marks in state.discovered.items() if marks & mine and tile[h] >= 0])
    reached = reach(state, player, known & ~premove_barred(state, player))
    ends = m.spread(unexplored) & reached
    for h in m.hexes(ends & unexplored):  # a controlled IG not explored by me: an end only beside another
        if not m.around[h] & unexplored:
            ends ^= m.bits[h]
    return m.hexes(ends)


def premove_barred(state: GameState, player: int) -> int:
    """E3: the explorer starts on any IG the player controls and moves through known, non-enemy hexes."""
    return state.rules.map.mask(enemy_hexes(state, player))


def premove_path(state: GameState, player: int, end: int) -> list[int]:
    """A shortest pre-move route from a controlled IG to `end`, for the client to animate hex by hex: back
    from `end` through the rings of the search, one step nearer the start each time."""
    m = state.rules.map
    steps = rings(state, player, known_mask(state) & ~premove_barred(state, player), until=m.bits[end])
    if not steps or not steps[-1] & m.bits[end]:
        return [end]
    path = [end]
    for ring in reversed(steps[:-1]):
        path.append(m.first(m.around[path[-1]] & ring))
    path.reverse()
    return path


def left_neighbour(state: GameState, player: int) -> int:
    """Ruling X1: the next seat clockwise, whatever the direction of play."""
    return (player + 1) % state.players


def discovered_markers(state: GameState, player: int) -> int:
    """How many of the player's discovered-island markers lie on the map (E6.2)."""
    return sum(1 for mask in state.discovered.values() if mask >> player & 1)


# --- flipping a face-down tile (E4.2, E6.1, E6.5) ----------------------------------------------------------------

def flippable(state: GameState, player: int) -> list[int]:
    """Face-down tiles this player discovered: they may turn them face up whenever they are to act (E6.5)."""
    return sorted(h for h, mask in state.discovered.items() if mask >> player & 1 and not state.tile_up[h])


def reveal(state: GameState, h: int, player: int) -> list[Event]:
    """Turn a tile face up, oriented to the player's home; discovered markers go back to their owners."""
    changes.turn_tile_up(state, h)
    face_home(state, h, player)
    return [event("tile_revealed", hex=state.rules.map.labels[h], tile=state.rules.tiles[state.tile[h]].name,
                  orientation=state.orient[h], by=state.names[player])] + south_island.on_reveal(state, h)


# --- the step ---------------------------------------------------------------------------------------------------

def begin(state: GameState) -> list[Event]:
    return begin_player(state)


def begin_player(state: GameState) -> list[Event]:
    """E2: an explorer in the Lost box comes back and does not explore this step. A7: the Shaman keeps a player
    from exploring in one Exploration step, the next; on an explorer in the Lost box it falls on that step,
    which E2 already takes, and is spent there rather than carried to the next turn."""
    events: list[Event] = []
    while state.active < len(state.order):
        player = state.order[state.active]
        shaman = changes.use_up_skip_exploration(state, player)
        if state.explorer[player] == LOST:
            changes.move_explorer(state, player, AT_HOME)
            events.append(event("explorer_back", player=state.names[player]))
            changes.skip_in_order(state)
            continue
        if shaman:
            events.append(event("exploration_skipped", player=state.names[player]))
            changes.skip_in_order(state)
            continue
        changes.keep_step_record(state, Exploration(player))
        changes.set_actor(state, player)
        return events
    return events + flow.end_of_step(state)


def legal(state: GameState) -> list[Action]:
    exp = cast(Exploration, state.sub)
    if exp.owed is not None:
        return exp.owed.legal(state)
    out = step_actions(state, exp)
    if exp.phase in (MOVE, KEEP) and not exp.discount:
        out += [act("use", state.rules.cards[c].key) for c in usable_one_time(state, exp.player, "exploration")]
    return out


def step_actions(state: GameState, exp: Exploration) -> list[Action]:
    labels = state.rules.map.labels
    player = exp.player
    if exp.phase == START:
        search = [act("kumara", labels[h]) for h in kumara.departures(state, player)]
        if not chance.size(state, chance.CUP):
            return search + [act("end")]
        premove = state.rules.map.hex_actions("premove")
        return [premove[h] for h in premove_endpoints(state, player)] + search + [act("end")]
    if exp.phase == SAIL:
        return [act("sail", h) for h in kumara.sailing_choices(state, state.explorer[player], exp.outcome)]
    if exp.phase == KEEP:
        out = [act("reveal")]
        if discovered_markers(state, player) < state.rules.limits["discovered_markers"]:
            out.insert(0, act("keep"))
        return out
    if exp.phase == OFF_COURSE:
        return [act("course", labels[h]) for h in off_course_choices(state, exp)]
    here = state.explorer[player]
    neighbors = state.rules.map.neighbors(here)
    cup = chance.size(state, chance.CUP) > 0
    explore, cross = state.rules.map.hex_actions("explore"), state.rules.map.hex_actions("cross")
    out = [explore[n] for n in neighbors if can_explore(state, n, player)
           and (cup or state.tile[n] >= 0)]
    if exp.explored:                     # E6.3: crossing a known hex costs 2 knots, after a hex was explored
        out += [cross[n] for n in neighbors if is_known(state, n) and not is_enemy(state, n, player)]
    return out + [act("return")]


def pile(state: GameState) -> str:
    return {DRAW: chance.CUP, TILE: chance.TILES, SAIL_ROLL: chance.DICE}[cast(Exploration, state.sub).phase]


def chance_outcomes(state: GameState) -> list[tuple[Action, Fraction]]:
    return chance.outcomes(state, pile(state))


def draw(state: GameState) -> Action:
    return chance.draw(state, pile(state))


def perform(state: GameState, action: Action) -> list[Event]:
    exp = cast(Exploration, state.sub)
    if exp.owed is not None:
        return random_events.answer(state, exp, action)
    verb = action.verb
    if verb == "end":                    # the player does not explore this step: said, so the order shows (T1)
        return [event("exploration_passed", player=state.names[exp.player])] + flow.next_player(state)
    if verb == "premove":
        h = state.rules.map.hex_of(action.args[0])
        path = [state.rules.map.labels[x] for x in premove_path(state, exp.player, h)]
        changes.move_explorer(state, exp.player, h)
        exp.phase = MOVE
        return [event("explorer_moved", player=state.names[exp.player], to=action.args[0], path=path,
                      premove=True)]
    if verb == "explore" or verb == "course":
        return enter(state, exp, state.rules.map.hex_of(action.args[0]), chosen_by=state.actor)
    if verb == "cross":
        h = state.rules.map.hex_of(action.args[0])
        changes.move_explorer(state, exp.player, h)
        events = [event("explorer_moved", player=state.names[exp.player], to=action.args[0])]
        return events + penalty(state, exp, h) + check_knots(state, exp)
    if verb == "marker":
        return resolve_marker(state, exp, chance.take(state, chance.CUP, action))
    if verb == "tile":
        return resolve_tile(state, exp, chance.take(state, chance.TILES, action))
    if verb in ("keep", "reveal"):
        return decide_tile(state, exp, verb)
    if verb == "return":
        return finish(state, exp, lost=False)
    if verb == "use":
        return use_card(state, exp, state.rules.card_id(action.args[0]))
    if verb == "kumara":
        changes.move_explorer(state, exp.player, state.rules.map.hex_of(action.args[0]))
        exp.phase = SAIL_ROLL
        changes.set_actor(state, CHANCE_ACTOR)
        return [event("kumara_search", player=state.names[exp.player], hex=action.args[0])]
    if verb == "die":
        return sail_roll(state, exp, chance.take(state, chance.DICE, action))
    if verb == "sail":
        return sail(state, exp, action.args[0])
    raise IllegalAction(f"{action} is not an exploration action")


def enter(state: GameState, exp: Exploration, h: int, chosen_by: int) -> list[Event]:
    """The explorer enters a hex to explore it: a face-down tile of others is examined, else a marker drawn."""
    if exp.phase != OFF_COURSE:
        exp.origin = state.explorer[exp.player]
    exp.target = h
    label = state.rules.map.labels[h]
    events = [event("explorer_enters", player=state.names[exp.player], hex=label,
                    chosen_by=state.names[chosen_by])]
    if state.tile[h] >= 0:                  # E6.1: another player's face-down tile, 2 knots, no draw
        changes.move_explorer(state, exp.player, h)
        exp.examining = True
        exp.explored += 1
        events += penalty(state, exp, h)
        events.append(event("tile_seen", frozenset({exp.player}), hex=label,
                            tile=state.rules.tiles[state.tile[h]].name))
        exp.phase = KEEP
        changes.set_actor(state, exp.player)
        return events
    exp.examining = False
    exp.phase = DRAW
    changes.set_actor(state, CHANCE_ACTOR)
    return events


def resolve_marker(state: GameState, exp: Exploration, kind_id: int) -> list[Event]:
    """E4: ocean (E4.1), island group (E4.2) or off course (E4.3, E4.4)."""
    marker = state.rules.markers[kind_id]
    h = exp.target
    label = state.rules.map.labels[h]
    events = [event("marker_drawn", player=state.names[exp.player], hex=label, marker=marker.kind,
                    knots=marker.knots)]
    if marker.kind == "off_course":
        choices = off_course_choices(state, exp)
        changes.move_explorer(state, exp.player, exp.origin)
        if choices:
            exp.phase = OFF_COURSE
            changes.set_actor(state, left_neighbour(state, exp.player))
            return events + [event("off_course", player=state.names[exp.player],
                                   chooser=state.names[state.actor])]
        events.append(event("off_course_stuck", player=state.names[exp.player]))       # E4.4
        return events + penalty(state, exp, exp.origin) + check_knots(state, exp)
    exp.markers.append((h, kind_id))
    exp.explored += 1
    changes.move_explorer(state, exp.player, h)
    events.append(event("explorer_moved", player=state.names[exp.player], to=label))
    if marker.kind == "ocean":
        changes.set_ocean(state, h, True)
        return events + check_knots(state, exp)
    exp.phase = TILE
    return events


def off_course_choices(state: GameState, exp: Exploration) -> list[int]:
    """E4.3: hexes next to the explorer that it can explore, except the one it meant to explore (X12)."""
    cup = chance.size(state, chance.CUP) > 0
    return [n for n in state.rules.map.neighbors(exp.origin)
            if n != exp.target and can_explore(state, n, exp.player) and (cup or state.tile[n] >= 0)]


def resolve_tile(state: GameState, exp: Exploration, tile_id: int) -> list[Event]:
    """E4.2: the tile is drawn and seen by the discoverer alone, who keeps it face down or reveals it."""
    h = exp.target
    changes.place_tile(state, h, tile_id, face_up=False)
    exp.phase = KEEP
    changes.set_actor(state, exp.player)
    label = state.rules.map.labels[h]
    return [event("tile_drawn", frozenset({exp.player}), hex=label, tile=state.rules.tiles[tile_id].name),
            event("tile_placed", hex=label, player=state.names[exp.player])]


def decide_tile(state: GameState, exp: Exploration, verb: str) -> list[Event]:
    """Keep the tile face down under a discovered marker, or reveal it (E4.2, E6.1, E6.2)."""
    h, player = exp.target, exp.player
    if verb == "reveal":
        events = reveal(state, h, player)
    else:
        changes.mark_discovered(state, h, player)
        events = [event("tile_kept", hex=state.rules.map.labels[h], player=state.names[player])]
        if state.discovered[h] == (1 << state.players) - 1:        # E6.1: everyone has discovered it
            events += reveal(state, h, player)
    return events + check_knots(state, exp)


def penalty(state: GameState, exp: Exploration, h: int) -> list[Event]:
    """A 2-knot penalty marker from the pool goes in a hex (E4.4, E6.1, E6.3)."""
    exp.markers.append((h, PENALTY))
    changes.take_penalty_marker(state)
    return [event("penalty_marker", player=state.names[exp.player], hex=state.rules.map.labels[h],
                  knots=state.rules.exploration["penalty_knots"])]


def check_knots(state: GameState, exp: Exploration) -> list[Event]:
    """E5: up to 4 knots the explorer may go on; exactly 5 it must return; 6 or more it is lost."""
    total = knots(state, exp) - knot_allowance(state, exp.player)     # Star Compass raises the thresholds
    limits = state.rules.exploration
    if total >= limits["lost_at"]:
        return finish(state, exp, lost=True)
    if total > limits["continue_max"]:
        return finish(state, exp, lost=False)
    exp.phase = MOVE
    changes.set_actor(state, exp.player)
    return []


def sail_roll(state: GameState, exp: Exploration, face: int) -> list[Event]:
    """A5: each hex toward South America is rolled for on the Kumara table."""
    outcome = kumara.result(state, exp.player, face)
    events = [event("kumara_roll", player=state.names[exp.player], face=face, result=outcome)]
    if outcome in ("lost", "return"):
        return events + finish(state, exp, lost=outcome == "lost")
    exp.outcome = outcome
    if not kumara.sailing_choices(state, state.explorer[exp.player], outcome):
        exp.phase = SAIL_ROLL      # nowhere to go: roll again from here
        changes.set_actor(state, CHANCE_ACTOR)
        return events
    exp.phase = SAIL
    changes.set_actor(state, exp.player)
    return events


def sail(state: GameState, exp: Exploration, where: str) -> list[Event]:
    player = exp.player
    if where == kumara.SOUTH_AMERICA:
        return kumara.gain(state, player, "voyage") + finish(state, exp, lost=False)
    h = state.rules.map.hex_of(where)
    changes.move_explorer(state, player, h)
    exp.phase = SAIL_ROLL
    changes.set_actor(state, CHANCE_ACTOR)
    return [event("explorer_moved", player=state.names[player], to=where)] + kumara.arrive(state, player, h)


def use_card(state: GameState, exp: Exploration, card: int) -> list[Event]:
    """Fishhooks: one exploration counts fewer knots; a hidden card used is revealed and spent."""
    exp.discount += ignored_knots(state, card)
    return spend(state, exp.player, card) + (check_knots(state, exp) if exp.phase == MOVE else [])


def finish(state: GameState, exp: Exploration, lost: bool) -> list[Event]:
    """E7: ocean markers stay ocean side up, island markers leave, penalty markers go back to the pool."""
    changes.return_penalty_markers(state, sum(1 for _, kind in exp.markers if kind == PENALTY))
    changes.move_explorer(state, exp.player, LOST if lost else AT_HOME)
    events = [event("explorer_lost" if lost else "explorer_returned", player=state.names[exp.player],
                    knots=knots(state, exp), hexes=exp.explored)]
    return events + flow.next_player(state)


# Each phase as a decision: its kind and rule.
DECISIONS: dict[ExplorationPhase, tuple[DecisionKind, str]] = {
    START: ("explore", "E3"), MOVE: ("explore_on", "E5"), DRAW: ("cup", "E4"), TILE: ("tile", "E4.2"),
    KEEP: ("keep", "E4.2"), OFF_COURSE: ("off_course", "E4.3"), SAIL_ROLL: ("kumara_roll", "A5"),
    SAIL: ("kumara_sail", "A5")}


def decision(state: GameState) -> Decision:
    """The exploration's phase as the view's decision, with whose explorer it is and the hex being explored (the
    left neighbour steering it off course decides for another player's explorer, E4.3)."""
    exp = cast(Exploration, state.sub)
    if exp.owed is not None:
        return exp.owed.decision(state, exp.phase)
    kind, rule = DECISIONS[exp.phase]
    out: Decision = {"kind": kind, "stage": exp.phase, "rule": rule, "explorer": state.names[exp.player]}
    if exp.phase in (DRAW, TILE, KEEP, OFF_COURSE):
        out["hex"] = state.rules.map.labels[exp.target]
    return out


def tile_in_hand(state: GameState, player: int) -> int:
    """The hex of a tile the player is looking at before deciding to keep or reveal it (E4.2, E6.1), or -1."""
    exp = state.sub
    if isinstance(exp, Exploration) and exp.phase == KEEP and exp.player == player:
        return exp.target
    return -1


def view(state: GameState) -> ExplorationView | None:
    """The exploration in progress as everyone sees it: knots on the map are public (E5)."""
    exp = state.sub
    if not isinstance(exp, Exploration):
        return None
    labels, markers = state.rules.map.labels, state.rules.markers
    return {"player": state.names[exp.player], "phase": exp.phase,
            "at": labels[state.explorer[exp.player]] if state.explorer[exp.player] >= 0 else None,
            "target": labels[exp.target] if exp.target >= 0 else None, "knots": knots(state, exp),
            "markers": [{"hex": labels[h], "marker": "penalty" if k == PENALTY else markers[k].kind,
                         "knots": state.rules.exploration["penalty_knots"] if k == PENALTY else markers[k].knots}
                        for h, k in exp.markers]}
