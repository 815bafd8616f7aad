"""Actions: one small hashable value per decision, with one canonical text form (docs/NOTATION.md).

An action is a verb and a tuple of arguments that are already in their text-level form (player names, hex
labels, tile names, numbers), so `str(action)` needs no ruleset and `parse_action` is its exact inverse.
Arguments that contain spaces are quoted ("tile 'Flint Is.'").
"""
from __future__ import annotations

import shlex
from typing import Any, NamedTuple

from .views import Verb


class IllegalAction(Exception):
    """The action is not legal now; the message says why. The state is unchanged."""


class Action(NamedTuple):
    verb: str
    args: tuple[Any, ...] = ()

    def __str__(self) -> str:
        return " ".join([self.verb, *(_quote(a) for a in self.args)])


def _quote(arg: object) -> str:
    text = str(arg)
    return text if text and all(ch.isalnum() or ch in "._-+/" for ch in text) else shlex.quote(text)


_make = tuple.__new__
_ONE_ARG: dict[Verb, dict[object, Action]] = {}


def act(verb: Verb, *args: object) -> Action:
    """Action(verb, args), built without the NamedTuple constructor's overhead; the common one-argument
    actions ("go 0906", "take war_canoe") are made once and shared, as actions are immutable. The engine makes
    its actions here, so the type checker holds every verb it offers to `Verb` (an `Action` may also carry a
    verb a client or a text made up: it is then refused)."""
    if len(args) == 1:
        table = _ONE_ARG.get(verb)
        if table is None:
            table = _ONE_ARG[verb] = {}
        action = table.get(args[0])
        if action is None:
            action = table[args[0]] = _make(Action, (verb, args))
        return action
    return _make(Action, (verb, args))


MAX_TEXT = 1000          # characters in an action's text, or in a word of an Action (ENGINE.md, Limits on input)
MAX_ARGS = 8             # arguments of an Action (the longest legal action has 3)
MAX_NUMBER = 10 ** 9     # whole-number arguments lie strictly between -MAX_NUMBER and MAX_NUMBER (die faces: 1-6)


def split_text(text: str) -> list[str]:
    """Split an action's text into words, honouring quotes; IllegalAction on unbalanced quotes or on a text
    longer than MAX_TEXT (checked first: shlex takes seconds over a megabyte)."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action must be text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise IllegalAction(f"an action's text is at most {MAX_TEXT} characters, got {len(text):,}")
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise IllegalAction(f"cannot read {text!r}: {exc}") from None
    if not words:
        raise IllegalAction("empty action text")
    return words


def check_shape(action: object) -> None:
    """IllegalAction unless `action` is an Action whose verb is a text and whose arguments are a tuple of texts
    and whole numbers (what every legal action is made of), none of them too long: so engine.apply refuses a
    malformed Action (Action(5, None), Action("go", "0906"), a list among the arguments) like any other
    illegal one, instead of failing somewhere inside with a TypeError."""
    if not isinstance(action, Action):
        raise IllegalAction(f"expected an Action, got {type(action).__name__}")
    if len(action) != 2:
        raise IllegalAction("an Action is a verb and a tuple of arguments")
    verb, args = action
    if type(verb) is not str:
        raise IllegalAction(f"an action's verb is a text, got {type(verb).__name__}")
    if type(args) is not tuple:
        raise IllegalAction(f"an action's arguments are a tuple, got {type(args).__name__}")
    if len(args) > MAX_ARGS:
        raise IllegalAction(f"an action has at most {MAX_ARGS} arguments, got {len(args)}")
    if len(verb) > MAX_TEXT:
        raise IllegalAction(f"an action's words are at most {MAX_TEXT} characters")
    for arg in args:
        kind = type(arg)
        if kind is str:
            if len(arg) > MAX_TEXT:
                raise IllegalAction(f"an action's words are at most {MAX_TEXT} characters")
        elif kind is not int or not -MAX_NUMBER < arg < MAX_NUMBER:
            raise IllegalAction(f"an action's arguments are texts and whole numbers below {MAX_NUMBER:,}, "
                                f"got {kind.__name__}")
