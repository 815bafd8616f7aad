"""Actions: one small hashable value per decision, with one canonical text form (docs/NOTATION.md).

An action is a verb and a tuple of arguments that are already in their text-level form (player names, hex
labels, tile names, numbers), so `str(action)` needs no ruleset and `parse_action` is its exact inverse.
Arguments that contain spaces are quoted ("tile 'Flint Is.'").
"""
from __future__ import annotations

import shlex
from typing import NamedTuple


class IllegalAction(Exception):
    """The action is not legal now; the message says why. The state is unchanged."""


class Action(NamedTuple):
    verb: str
    args: tuple = ()

    def __str__(self) -> str:
        return " ".join([self.verb, *(_quote(a) for a in self.args)])


def _quote(arg: object) -> str:
    text = str(arg)
    return text if text and all(ch.isalnum() or ch in "._-+/" for ch in text) else shlex.quote(text)


_make = tuple.__new__
_ONE_ARG: dict[str, dict[object, Action]] = {}


def act(verb: str, *args: object) -> Action:
    """Action(verb, args), built without the NamedTuple constructor's overhead; the common one-argument
    actions ("go 0906", "take war_canoe") are made once and shared, as actions are immutable."""
    if len(args) == 1:
        table = _ONE_ARG.get(verb)
        if table is None:
            table = _ONE_ARG[verb] = {}
        action = table.get(args[0])
        if action is None:
            action = table[args[0]] = _make(Action, (verb, args))
        return action
    return _make(Action, (verb, args))


def split_text(text: str) -> list[str]:
    """Split an action's text into words, honouring quotes; IllegalAction on unbalanced quotes."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action must be text, got {type(text).__name__}")
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise IllegalAction(f"cannot read {text!r}: {exc}") from None
    if not words:
        raise IllegalAction("empty action text")
    return words
