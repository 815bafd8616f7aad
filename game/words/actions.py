"""Actions as words (the action list, the decision bar's buttons), each with its rule number."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine import Action, Ruleset, View

from .lookup import text
from .names import _item, card_title, event_title, face_up_tiles, place, unit

# The first rule of each verb's row in docs/NOTATION.md (`take`/`leave` with a canoe: M5).
ACTION_RULES: dict[str, str] = {
    "order": "T2", "end": "T1", "premove": "E3", "explore": "E4", "marker": "E4", "tile": "E4.2", "keep": "E4.2",
    "reveal": "E4.2", "course": "E4.3", "cross": "E6.3", "return": "E5", "flip": "E6.5", "transit": "M3",
    "party": "M4", "take": "M4", "leave": "M4", "go": "M4", "done": "M4", "raise": "M6", "battle": "M8",
    "die": "M8.4", "panic": "M8.4", "lose": "M8.4", "retreat": "M9", "carry": "M9", "save": "M10", "raze": "M10",
    "home": "M11", "withdraw": "M7", "build": "B1", "convert": "B3", "settle": "B3", "buy": "B4", "rotate": "B1.1",
    "use": "B4", "card": "B4", "show": "B4", "fight": "X26", "roll": "X24", "accept": "X24", "decline": "V4",
    "save_bp": "A2", "kumara": "A5", "sail": "A5", "choose": "A7", "event": "A7", "target": "A7", "play": "A7",
    "claim": "V3", "pass": "V3",
}


CANOES = ("transport_canoe", "war_canoe")


def action_rule(action: Action) -> str:
    """The rule a verb carries out (docs/NOTATION.md's rule column)."""
    verb, args = action.verb, action.args
    if args[1:] == ("face_up",):
        return "X19"
    if verb in ("take", "leave") and len(args) >= 2:
        return "M5"
    return ACTION_RULES[verb]


def _target(value: str, rules: Ruleset, tiles: Mapping[str, str]) -> str:
    """An event's target: a player, or a hex."""
    return place(value, rules, tiles) if rules.map.has_name(value) and not value.isalpha() else value


def action_text(action: Action, rules: Ruleset, view: View | None = None) -> str:
    """A legal action as a short imperative a player would click ("Explore 0906", "Put a warrior band aboard
    a war canoe"). With the player's `view`, `end` and `done` say what they end. A verb or an argument the
    catalog cannot word is a KeyError: the tests hold every verb of the notation to words."""
    verb, args = action.verb, action.args
    if verb in FORMS:
        return FORMS[verb](args, rules, view)
    if not args:
        return text(f"action.{verb}")
    first, tiles = args[0], face_up_tiles(view)
    if verb in ("panic", "lose", "carry", "save"):
        return text(f"action.{verb}", a_piece=_item(first, "a"))
    if verb in ("use", "card", "show"):
        return text(f"action.{verb}", card=card_title(first, rules))
    if verb == "event":
        return text("action.event", card=event_title(first, rules))
    if verb in ("die", "tile"):
        return text(f"action.{verb}", face=first, tile=first)
    if verb == "choose":
        return text(f"action.choose.{first}")
    if verb == "target":
        return text("action.target", target=_target(first, rules, tiles))
    if verb == "transit":
        return text("action.transit", a_piece=_item(first, "a"), source=place(args[1], rules, tiles),
                    to=place(args[2], rules, tiles))
    if verb == "build":
        return text("action.build", a_item=_item(first, "a"), hex=place(args[1], rules, tiles),
                    cost=text("bp", n=rules.costs[first]))
    if verb == "buy":
        return text("action.buy", cost=text("bp", n=rules.costs["card"]), hex=place(first, rules, tiles))
    return text(f"action.{verb}", hex=place(first, rules, tiles))       # the verbs of one hex


def _end_text(args: tuple[Any, ...], rules: Ruleset, view: View | None) -> str:
    """What `end` ends, by the step and stage of the decision."""
    if view is None:
        return text("action.end")
    step, stage = view["decision"]["step"], view["decision"]["stage"]
    if step == "exploration":
        return text("action.end.explore_not" if stage == "start" else "action.end.exploration")
    if step == "movement":
        return text("action.end.transit" if stage == "transit" else "action.end.movement")
    return text("action.end.building" if step == "building" else "action.end")


def _done_text(args: tuple[Any, ...], rules: Ruleset, view: View | None) -> str:
    """`done` ends a party, or after a battle leaves the winner's canoes face down (M12)."""
    raising = view is not None and view["decision"]["kind"] == "raise"
    return text("action.done.raise" if raising else "action.done")


def _order_text(args: tuple[Any, ...], rules: Ruleset, view: View | None) -> str:
    """T2: with two players the direction makes no difference, and goes unsaid."""
    two = view is not None and len(view["players"]) == 2
    return text("action.order.two" if two else "action.order", first=args[0], direction=text(f"direction.{args[1]}"))


def _marker_text(args: tuple[Any, ...], rules: Ruleset, view: View | None) -> str:
    """A discovery marker named by its kind and knots ("island_2"); an off-course marker has no knots."""
    kind, _, knots = args[0].rpartition("_")
    if not knots.isdigit():
        kind, knots = args[0], "0"
    return text("action.marker", marker=text(f"marker.{kind}", knots=unit("knots", int(knots))))


def _take_text(args: tuple[Any, ...], rules: Ruleset, view: View | None) -> str:
    """`take`: a piece into the party, a passenger aboard a canoe (M5), the canoe named (X18), the face-up canoe
    (X19); the chain canoe is named as such when the mover's view says it comes next."""
    if len(args) >= 3:
        key = "action.take.named_fresh" if len(args) == 4 else "action.take.named"
        return text(key, a_piece=_item(args[0], "a"), canoe=_item(args[1]), n=args[2])
    if args[1:] == ("face_up",):
        return text("action.take.face_up")
    if len(args) == 2:
        return text("action.take.aboard", a_piece=_item(args[0], "a"), a_canoe=_item(args[1], "a"))
    movement = view["movement"] if view else None
    party = movement.get("party") if movement else None       # the mover's own view only
    if args[0] == "transport_canoe" and party and party["chain_canoe_next"]:
        return text("action.take.chain_canoe")
    walker = args[0] in ("warrior_band", "colony")
    return text("action.take.walker" if walker else "action.take", a_piece=_item(args[0], "a"))


def _leave_text(args: tuple[Any, ...], rules: Ruleset, view: View | None) -> str:
    if len(args) == 2:
        return text("action.leave.aboard", piece=_item(args[0]), a_canoe=_item(args[1], "a"))
    if args[0] in CANOES:
        return text("action.leave.canoe", piece=_item(args[0]))
    return text("action.leave", a_piece=_item(args[0], "a"))


def _play_text(args: tuple[Any, ...], rules: Ruleset, view: View | None) -> str:
    card = event_title(args[0], rules)
    if len(args) > 1:
        return text("action.play.target", card=card, target=_target(args[1], rules, face_up_tiles(view)))
    return text("action.play", card=card)


def _sail_text(args: tuple[Any, ...], rules: Ruleset, view: View | None) -> str:
    if args[0] == "south_america":
        return text("action.sail.south_america")
    return text("action.sail", hex=place(args[0], rules, face_up_tiles(view)))


# The verbs with several forms, or whose words read the view.
FORMS: dict[str, Callable[[tuple[Any, ...], Ruleset, View | None], str]] = {
    "end": _end_text, "done": _done_text, "order": _order_text, "marker": _marker_text, "take": _take_text,
    "leave": _leave_text, "play": _play_text, "sail": _sail_text}
