"""How each legal action is reached by hand: most by the hex they name (click it; a menu at the hex when it
offers several), the rest by a button of the decision bar, and the turn order by a player's row of the VP
panel then a direction. The palette lists them all, but is never the only way (issue 15).

Everything here is computed from the legal actions and the rules' map: no rule is decided here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine import Action, Ruleset

# The argument of each verb that names the hex a player points at (NOTATION.md).
HEX_ARG = {"premove": 0, "explore": 0, "cross": 0, "course": 0, "flip": 0, "party": 0, "go": 0, "raise": 0,
           "battle": 0, "retreat": 0, "home": 0, "withdraw": 0, "kumara": 0, "sail": 0, "convert": 0,
           "settle": 0, "buy": 0, "save_bp": 0, "build": 1, "transit": 1, "target": 0, "play": 1}
# Buttons of the decision bar come in this order: what moves the game on comes last.
BUTTON_ORDER = ("order", "choose", "keep", "reveal", "take", "leave", "panic", "lose", "carry", "save", "fight",
                "roll", "use", "accept", "play", "target", "sail", "show", "rotate", "raze", "claim", "decline",
                "pass", "return", "done", "end")
# The verbs that end a step or a decision: the bar keeps them at its right end.
ENDING = frozenset({"claim", "decline", "pass", "return", "done", "end"})


def hex_of(action: Action, rules: Ruleset) -> int:
    """The hex a player points at to make this action, or -1 if it names none."""
    index = HEX_ARG.get(action.verb)
    if index is None or len(action.args) <= index:
        return -1
    arg = action.args[index]
    m = rules.map
    if isinstance(arg, str) and len(arg) == 4 and arg.isascii() and arg.isdigit() and m.has_name(arg):
        return m.hex_of(arg)
    return -1


@dataclass
class Plan:
    """The legal actions of a decision, sorted by gesture."""
    by_hex: dict[int, list[Action]] = field(default_factory=dict)
    buttons: list[Action] = field(default_factory=list)
    order: dict[str, list[Action]] = field(default_factory=dict)     # first player -> `order` actions

    @property
    def empty(self) -> bool:
        return not (self.by_hex or self.buttons or self.order)


def plan(legal: list[Action], rules: Ruleset) -> Plan:
    out = Plan()
    for action in legal:
        h = hex_of(action, rules)
        if h >= 0:
            out.by_hex.setdefault(h, []).append(action)
        elif action.verb == "order":
            out.order.setdefault(action.args[0], []).append(action)
        else:
            out.buttons.append(action)
    rank = {verb: i for i, verb in enumerate(BUTTON_ORDER)}
    out.buttons.sort(key=lambda a: rank.get(a.verb, len(rank) // 2))
    return out


def hex_roles(plan_: Plan) -> dict[int, str]:
    """What a lit hex does, for its colour on the map: the verb of its action (or "choose" when several)."""
    return {h: actions[0].verb if len({a.verb for a in actions}) == 1 else "choose"
            for h, actions in plan_.by_hex.items()}

