"""The decision bar's headline and line, and refusals (why an action or a save is not taken) in words."""
from __future__ import annotations

import re

from engine import Reason, Ruleset, SaveError, View

from .lookup import Line, text
from .names import _capital, _item, event_title, face_up_tiles, join, place, unit, who, whose
from .tooltips import area_bp, party_summary


def decision_headline(view: View, rules: Ruleset, verbs: set[str]) -> str:
    """What the human at the screen needs to see to decide, in a line or two: the tile they found, their party
    counted (piece by piece in the bar's tooltip: `party_lines`), the knots so far, the BP of their building
    areas; else whose decision it is."""
    exploring = view["exploration"]
    tiles = face_up_tiles(view)
    if {"keep", "reveal"} & verbs and exploring and exploring["target"]:
        record = next((r for r in view["hexes"] if r["hex"] == exploring["target"]), None)
        if record and record.get("tile"):
            must = "" if "keep" in verbs else ".must"          # E6.2: all 3 discovered-island markers are out
            return text(f"ui.found_tile{must}", tile=record.get("tile"), hex=place(exploring["target"], rules, tiles))
    movement = view["movement"]
    if movement and "party" in movement:                      # the mover's own view only
        return party_summary(movement, rules, tiles)
    if exploring and exploring["player"] == view["you"] and {"explore", "return", "cross"} & verbs:
        return text("ui.knots", player_s=whose(exploring["player"]), knots=unit("knots", exploring["knots"]))
    building = view["building"]
    areas = building.get("areas") if building else None       # the builder's own view only
    if areas:
        return text("list.sep").join(area_bp(a, rules, tiles) for a in areas)
    return text("ui.your_decision", player=view["you"] or "")



# --- refusals ---------------------------------------------------------------------------------------------------

def save_problem(error: SaveError) -> str:
    """What went wrong with a save, in the language in use, and the English detail beside it (for a bug report);
    a file's folder says nothing to a player, so only its name is kept."""
    detail = re.sub(r"(?:[^\s'\"]*[/\\])+([^/\\\s'\":]+)", r"\1", str(error))
    return text("save.problem.detail", problem=text(f"save.problem.{error.kind}"), detail=detail)


def reason_text(reason: Reason, rules: Ruleset) -> str:
    """engine.why_not's reason in words, with its rule number."""
    data = dict(reason.data)
    if "hex" in data:
        data["hex"] = place(data["hex"], rules)
    if "item" in data:
        data["item_one"] = _item(data["item"])
        data["item"] = _capital(_item(data["item"], "a"))
    return text("why.with_rule", text=text(f"why.{reason.code}", **data), rule=reason.rule)


# --- decisions --------------------------------------------------------------------------------------------------

def decision_line(view: View, rules: Ruleset) -> Line:
    """Who decides now and why, with the rule: the view's `decision`, which the engine makes from the state (the
    kind names the template; the facts it carries fill it)."""
    decision = view["decision"]
    kind, actor = decision["kind"], decision["who"]
    fields: dict[str, str] = {}
    for role, name in (("player", actor), ("explorer", decision.get("explorer")),
                       ("attacker", decision.get("attacker")), ("claimant", decision.get("claimant"))):
        if name is not None:
            fields[role], fields[f"{role}_s"] = who(name), whose(name)
    if "hex" in decision:
        fields["hex"] = place(decision["hex"], rules, face_up_tiles(view))
    if "card" in decision:
        fields["card"] = event_title(decision["card"], rules)
    key = f"decision.{kind}"
    if kind == "over":
        winners = decision["winners"]
        fields["winners"] = join(winners)
        key += ".won" if len(winners) == 1 else ".shared" if winners else ""
    return Line(text(key, **fields), decision["rule"])


def decision_text(view: View, rules: Ruleset) -> str:
    """The HUD line: "Samoa chooses where Tonga's explorer drifts off course (E4.3)", from the view's decision."""
    line = decision_line(view, rules)
    return text("decision.with_rule", text=line.text, rule=line.rule)
