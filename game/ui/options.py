"""The advanced rules' rows (A1-A7) that the new game's page and the online host's page both offer: the agreed VP
target a choice, each other option a toggle with the line that says what it does."""
from __future__ import annotations

from functools import partial

import engine

from .. import words
from .widgets import Choice, Toggle, Widget

ADVISED = 3          # A6: the rulebook advises an agreed target within 3 VP of the usual one (V3)


def targets(rules: engine.Ruleset, players: int) -> list[bool | int]:
    """The VP targets offered for this many players, lowest first: one agreed within the rulebook's advice (A6:
    25-31 for 2 players), the usual threshold (V3, False) standing at its own value's place, so that left lowers
    the target and right raises it (issue 40). The engine takes any target (`--options variable_game_end=N`)."""
    usual = rules.threshold(players)
    return [target if target != usual else False for target in range(usual - ADVISED, usual + ADVISED + 1)]


def option_rows(rules: engine.Ruleset, options: dict[str, bool | int],
                players: int) -> list[tuple[Widget, str]]:
    """The advanced rules' rows (A1-A7), each with the rule it stands for: the agreed VP target a choice (with a
    line saying what the chosen target means), the others a toggle with a line saying what it does; each row sets
    its option in `options` (left out when off). A target outside the advice for `players` goes back to the usual
    one (the players' count changed)."""
    def changed(key: str, value: bool | int) -> None:
        if value:
            options[key] = value
        else:
            options.pop(key, None)
    rows: list[tuple[Widget, str]] = []
    for spec in rules.options.values():
        key = spec["id"]
        title = words.option_title(key, rules)
        widget: Widget
        if spec["kind"] == "vp_target":
            offered, usual = targets(rules, players), rules.threshold(players)
            if options.get(key, False) not in offered:
                changed(key, False)
            values = [(v, str(v) if v else words.text("setup.target.usual")) for v in offered]
            hints = {v: words.text("option.hint.target", target=v, usual=usual) if v else
                     words.text("option.hint.target.usual", usual=usual, players=players) for v in offered}
            widget = Choice(title, values, offered.index(options.get(key, False)), partial(changed, key), hints)
        else:
            widget = Toggle(title, words.text(f"option.hint.{key}"), bool(options.get(key)), partial(changed, key))
        rows.append((widget, spec["rule"]))
    return rows
