"""The advanced rules' rows (A1-A7) that the new game's page and the online host's page both offer: the agreed VP
target a choice, each other option a toggle with the line that says what it does."""
from __future__ import annotations

from functools import partial

import engine

from .. import words
from .widgets import Choice, Toggle, Widget

TARGETS: tuple[bool | int, ...] = (False, *range(15, 36))       # A6: the usual threshold, or an agreed VP target


def option_rows(rules: engine.Ruleset, options: dict[str, bool | int]) -> list[tuple[Widget, str]]:
    """The advanced rules' rows (A1-A7), each with the rule it stands for: the agreed VP target a choice, the
    others a toggle with a line saying what it does; each row sets its option in `options` (left out when off)."""
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
            targets = [(v, str(v) if v else words.text("setup.target.usual")) for v in TARGETS]
            widget = Choice(title, targets, TARGETS.index(options.get(key, False)), partial(changed, key))
        else:
            widget = Toggle(title, words.text(f"option.hint.{key}"), bool(options.get(key)), partial(changed, key))
        rows.append((widget, spec["rule"]))
    return rows
