"""The log's lines: each engine event as a sentence with its rule number."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine import LogEntry, Ruleset, views

from .english import EN
from .lookup import Line, text
from .names import (
    _capital,
    _item,
    _vp,
    card_title,
    count,
    event_title,
    items,
    join,
    option_title,
    place,
    place_name,
    signed,
    unit,
    who,
    whose,
)

EVENT_RULES: dict[str, str] = {
    "game_started": "S1", "warning": "A6", "step_started": "T1", "step_started.setup": "A1",
    "turn_order_marker": "T2", "turn_order": "T2",
    "explorer_back": "E2", "exploration_skipped": "A7", "exploration_passed": "T1",
    "explorer_moved": "E4", "explorer_moved.premove": "E3",
    "explorer_enters": "E4", "explorer_enters.steered": "E4.3", "tile_seen": "E6.1", "tile_drawn": "E4.2",
    "marker_drawn": "E4", "marker_drawn.island": "E4.2", "marker_drawn.ocean": "E4.1",
    "marker_drawn.off_course": "E4.3", "off_course": "E4.3", "off_course_stuck": "E4.4", "tile_placed": "E4.2",
    "tile_kept": "E4.2", "tile_revealed": "E4.2", "penalty_marker": "E6", "explorer_returned": "E5",
    "explorer_lost": "E5", "kumara_search": "A5", "kumara_roll": "A5", "galapagos_marker": "A5", "kumara": "A5",
    "south_island_placed": "A4", "south_island_lost": "A4", "tile_removed": "A4",
    "transit": "M3", "transit_ended": "M3", "movement_ended": "T1", "stack_moved": "M4",
    "canoe_face_down": "X19", "canoe_face_up": "M6",
    "war_canoes_stopped": "M4.4", "rumor_removed": "M7",
    "battle_announced": "X26", "battle_started": "M8.1", "battle_won_at_once": "M8.3", "battle_card": "X24",
    "die_rolled": "M8.4", "reroll": "X24", "piece_panicked": "M8.4", "piece_removed": "M8.4", "battle_won": "M8.5",
    "attack_cancelled": "X26", "retreat": "M9", "retreat.nowhere": "X4", "retreat.all_lost": "M9",
    "battle_over": "M12", "village_saved": "M10", "conquest": "M10", "home_lost": "M11", "new_home": "M11",
    "build_planned": "B2", "build_planned.village": "B3", "build_planned.improved_agriculture": "B3",
    "build_planned.convert": "B3", "build_planned.card": "B4", "build_planned.internal_rotation": "B1.1",
    "build_planned.face_up_canoe": "M6",
    "build_planned.card_power": "X26", "build_planned.saved_build_point": "A2", "build_planned.settle": "B3",
    "build_planned.event": "A7", "building_done": "X8", "built": "X8", "built_kinds": "X8",
    "internal_rotation": "B1.1", "saved_build_point": "A2", "settled": "B3",
    "card_bought": "B4", "card_drawn": "B4", "card_not_drawn": "X23", "card_revealed": "B4", "card_used": "X26",
    "vp_changed": "V1", "victory_claimed": "V3", "claim_failed": "V4", "game_over": "V5",
    "event_tie": "A7", "event_kept": "A7", "event_drawn": "A7", "event_revealed": "A7", "event_played": "A7",
    "event_without_effect": "A7", "village_lost": "A7", "village_lost.malaria": "A3", "build_points_lost": "A7",
    "build_points_gained": "A7", "village_built": "A7", "improved_agriculture_built": "A7", "pieces_gained": "A7",
    "favourable_winds": "A7", "pieces_sunk": "X28", "malaria_begins": "X7", "malaria_roll": "A3",
}


WHO_FIELDS = ("player", "winner", "loser", "attacker", "defender", "chooser", "drawer", "first", "by", "chosen_by")
PLACE_FIELDS = ("hex", "to", "source")
EVENT_CARDS = ("event_drawn", "event_revealed", "event_played")     # their `card` is a random event's id

Sides = tuple[str, str]                    # (attacker, defender) of a battle, as the log names them
Prep = Callable[[Any, dict[str, Any], Ruleset, "Sides | None"], str]   # its event: the TypedDict of its kind


def _common(event: Mapping[str, Any], rules: Ruleset, tiles: Mapping[str, str] | None) -> dict[str, Any]:
    """The fields every template may use: names (and their possessives), places, pieces, card titles."""
    kind = event["kind"]
    if "tile" in event:
        tiles = None                        # the line names the tile itself: its hex goes by its label
    out: dict[str, Any] = {}
    for key, value in event.items():
        if key in WHO_FIELDS:
            out[key] = who(value)
            out[f"{key}_s"] = whose(value)
        elif key in PLACE_FIELDS and value is not None:    # a retreat with nowhere to go has no `to`
            out[key] = place(value, rules, tiles)
        elif key == "tile":                 # a tile's island: a real place, named in the language in use
            out["tile"] = place_name(value)
        elif key == "piece":
            out["piece"], out["a_piece"] = _item(value), _item(value, "a")
        elif key == "card":
            event_card = kind in EVENT_CARDS or event.get("item") == "event"      # a kept event planned (A7)
            out["card"] = event_title(value, rules) if event_card else card_title(value, rules)
        elif key != "kind":
            out[key] = value
    return out


def _prep_step_started(e: views.StepStartedEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["step"] = text(f"step.{e['step']}")
    return "setup" if e["turn"] == 0 else ""


def _prep_game_started(e: views.GameStartedEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["players"] = join(e["players"])
    chosen = []
    for key, value in e["options"].items():
        title = option_title(key, rules)
        chosen.append(title if value is True else text("option.with_value", title=title, value=value))
    f["options"] = join(chosen)
    return "options" if chosen else ""


def _prep_turn_order(e: views.TurnOrderEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    order = e["order"]
    f["order"] = join(order)
    f["direction"] = text(f"direction.{e['direction']}")
    two = len(order) == 2
    if e["chooser"] == e["first"]:
        return "self_two" if two else "self"
    return "two" if two else ""


def _prep_explorer_moved(e: views.ExplorerMovedEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    return "premove" if e.get("premove") else ""


def _prep_explorer_enters(e: views.ExplorerEntersEvent, f: dict[str, Any], rules: Ruleset,
                          sides: Sides | None) -> str:
    return "steered" if e["chosen_by"] != e["player"] else ""


def _prep_explorer_lost(e: views.ExplorerLostEvent | views.ExplorerReturnedEvent, f: dict[str, Any], rules: Ruleset,
                        sides: Sides | None) -> str:
    f["knots"] = unit("knots", e["knots"])
    f["hexes"] = unit("hexes", e["hexes"])
    return ""


def _prep_marker_drawn(e: views.MarkerDrawnEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["knots"] = unit("knots", e["knots"])
    return str(e["marker"])


def _prep_explorer_returned(e: views.ExplorerReturnedEvent, f: dict[str, Any], rules: Ruleset,
                            sides: Sides | None) -> str:
    _prep_explorer_lost(e, f, rules, sides)
    return "none" if e["hexes"] == 0 else ""


def _prep_kumara_roll(e: views.KumaraRollEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["result"] = text(f"kumara.{e['result']}")
    return ""


def _prep_kumara(e: views.KumaraEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["vp"] = rules.kumara.get("kumara_vp", 2)
    return "conquest" if e["how"] == "conquest" else "voyage"


def _prep_pieces(e: views.TransitEvent | views.StackMovedEvent, f: dict[str, Any], rules: Ruleset,
                 sides: Sides | None) -> str:
    f["what"] = count(e["pieces"], "piece")
    return ""


def _prep_war_canoes_stopped(e: views.WarCanoesStoppedEvent, f: dict[str, Any], rules: Ruleset,
                             sides: Sides | None) -> str:
    return e["cause"]


def _prep_battle_started(e: views.BattleStartedEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["attacker_pieces"] = items(e["attacker_pieces"])
    f["defender_pieces"] = items({**e["defender_pieces"], "local_warrior": e["local_warriors"]})
    f["villages"] = count(e["villages"], "village")
    return "villages" if e["villages"] else ""


def _prep_die_rolled(e: views.DieRolledEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    # Without the battle's start in this stretch of the log, its sides go by their roles.
    attacker, defender = sides or (text("side.attacker"), text("side.defender"))
    f["result"] = text(f"die.{e['result']}", attacker=who(attacker), attacker_s=whose(attacker),
                       defender=who(defender), defender_s=whose(defender))
    f["modifier"] = signed(e["modifier"])
    return "modified" if e["modifier"] else ""


def _prep_retreat(e: views.RetreatEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["what"] = count(e["pieces"], "piece")
    f["lost"] = count(e["removed"], "piece")
    if e["to"] is None:
        return "nowhere"
    if not e["pieces"]:
        return "all_lost"
    return "lost" if e["removed"] else ""


def _prep_conquest(e: views.ConquestEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["saved"] = count(e["saved"], "village")
    return "" if e["saved"] else "razed"


def _prep_build_planned(e: views.BuildPlannedEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    item = e["item"]
    if f"event.build_planned.{item}" not in EN:          # a piece, a village or improved agriculture
        f["a_item"] = _item(item, "a")
    return item


def _prep_built(e: views.BuiltEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    parts = [count(n, kind) for n, kind in ((e["pieces"], "piece"), (e["villages"], "village")) if n]
    if e["improved_agriculture"]:
        parts.append(_item("improved_agriculture", "a"))
    if e["face_up_canoe"]:
        parts.append(_item("face_up_canoe", "a"))
    f["items"] = join(parts)
    return ""


def _prep_built_kinds(e: views.BuiltKindsEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["items"] = items(e["items"])
    return "" if any(e["items"].values()) else "none"


def _prep_saved_build_point(e: views.SavedBuildPointEvent, f: dict[str, Any], rules: Ruleset,
                            sides: Sides | None) -> str:
    f["saved"] = text("bp", n=e["saved"])
    return "" if e["saved"] else "spent"


def _prep_vp_changed(e: views.VpChangedEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["old"], f["new"] = _vp(e["old"]), _vp(e["new"])
    return ""


def _prep_claim_failed(e: views.ClaimFailedEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["vp"] = _vp(e["vp"])
    return ""


def _prep_game_over(e: views.GameOverEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    winners = list(e["winners"])
    f["winners"] = join(winners)
    f["scores"] = text("list.sep").join(text("score", player=p, vp=_vp(v)) for p, v in e["vp"].items())
    return "" if len(winners) == 1 else "shared" if winners else "none"


def _prep_event_tie(e: views.EventTieEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["marker"] = who(e["marker"])            # here `marker` names a player, not a discovery marker
    return ""


def _prep_village_lost(e: views.VillageLostEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    return "malaria" if e["cause"] == "malaria" else ""


def _prep_build_points_lost(e: views.BuildPointsLostEvent, f: dict[str, Any], rules: Ruleset,
                            sides: Sides | None) -> str:
    players = list(e["players"])
    f["players"] = join(players)
    f["bp"] = text("bp", n=e["bp"])
    return "one" if len(players) == 1 else ""


def _prep_build_points_gained(e: views.BuildPointsGainedEvent, f: dict[str, Any], rules: Ruleset,
                              sides: Sides | None) -> str:
    f["bp"] = text("bp", n=e["bp"])
    return ""


def _prep_pieces_gained(e: views.PiecesGainedEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["what"] = count(e["count"], e["piece"])
    f["piece"] = _item(e["piece"], "many")
    return "" if e["count"] else "none"


def _prep_pieces_sunk(e: views.PiecesSunkEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["what"] = count(e["pieces"], "piece")
    f["losses"] = "; ".join(text("loss", player=who(p), what=items(kinds)) for p, kinds in e["sunk"].items())
    return "" if e["pieces"] else "none"


def _prep_malaria_roll(e: views.MalariaRollEvent, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    f["roller"] = rules.malaria_roller
    return ""


def _prep_none(e: LogEntry, f: dict[str, Any], rules: Ruleset, sides: Sides | None) -> str:
    return ""


# Each function is annotated with the TypedDict of its kind, so mypy checks its key lookups; the table's value
# type takes `Any` for the event, as one Callable type cannot tie each kind to its own TypedDict.
PREP: dict[str, Prep] = {
    "game_started": _prep_game_started, "step_started": _prep_step_started, "turn_order": _prep_turn_order,
    "explorer_moved": _prep_explorer_moved, "explorer_enters": _prep_explorer_enters,
    "marker_drawn": _prep_marker_drawn, "explorer_returned": _prep_explorer_returned,
    "explorer_lost": _prep_explorer_lost, "kumara_roll": _prep_kumara_roll, "kumara": _prep_kumara,
    "transit": _prep_pieces, "stack_moved": _prep_pieces, "war_canoes_stopped": _prep_war_canoes_stopped,
    "battle_started": _prep_battle_started, "die_rolled": _prep_die_rolled, "retreat": _prep_retreat,
    "conquest": _prep_conquest, "build_planned": _prep_build_planned, "built": _prep_built,
    "built_kinds": _prep_built_kinds, "saved_build_point": _prep_saved_build_point,
    "vp_changed": _prep_vp_changed, "claim_failed": _prep_claim_failed, "game_over": _prep_game_over,
    "event_tie": _prep_event_tie, "village_lost": _prep_village_lost,
    "build_points_lost": _prep_build_points_lost, "build_points_gained": _prep_build_points_gained,
    "pieces_gained": _prep_pieces_gained, "pieces_sunk": _prep_pieces_sunk, "malaria_roll": _prep_malaria_roll,
}


def event_rule(kind: str, variant: str = "") -> str:
    """The rule that governs an event (of a variant: an island marker is E4.2, an ocean one E4.1)."""
    return EVENT_RULES.get(f"{kind}.{variant}") or EVENT_RULES[kind]


def event_line(event: LogEntry, rules: Ruleset, sides: Sides | None = None,
               tiles: Mapping[str, str] | None = None) -> Line:
    """One log event in words with its rule number. `sides`: the (attacker, defender) of the battle the event
    belongs to, when known (`event_lines` tracks them), so a die roll can say whose piece it hurts. A kind or a
    field the catalog cannot word is a KeyError: the tests hold every kind the engine emits to words."""
    kind = event["kind"]
    fields = _common(event, rules, tiles)
    prep: Prep = PREP.get(kind, _prep_none)
    variant = prep(event, fields, rules, sides)
    key = f"event.{kind}.{variant}" if variant else f"event.{kind}"
    if key not in EN:
        key = f"event.{kind}"         # a variant without words of its own (it may still have its own rule)
    return Line(_capital(text(key, **fields)), event_rule(kind, variant))


def event_lines(events: Iterable[LogEntry], rules: Ruleset, battles: dict[str, Sides] | None = None,
                tiles: Mapping[str, str] | None = None) -> list[Line]:
    """The lines of a stretch of the log, in order; it remembers who fights each battle, so that a die roll
    names the side it hurts. A log read in batches passes the same `battles` to each call; `tiles` names the
    hexes of face-up tiles."""
    battles = {} if battles is None else battles
    out = []
    for event in events:
        if event["kind"] == "battle_announced" or event["kind"] == "battle_started":
            battles[event["hex"]] = (event["attacker"], event["defender"])
        sides = battles.get(event["hex"]) if event["kind"] == "die_rolled" else None
        out.append(event_line(event, rules, sides, tiles))
    return out
