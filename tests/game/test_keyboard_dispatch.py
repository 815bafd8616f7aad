"""The on-screen keyboard's dispatch (issue 40, the house): every kind of intent has its answer in one `match` that
ends in `assert_never` (a kind added to game/input.py and left out is a mypy error), and what each kind does is
what it did under the `elif` chain: typing and erasing go on as the keys' own intents, B erases then closes, Start
closes, the steps and the cursor move over the keys, and everything else waits without reaching the page."""
from __future__ import annotations

import ast
import inspect
import textwrap
import typing

import pygame

from game import theme
from game.input import CHOOSING, Intent, IntentKind
from game.theme import Scale
from game.ui.keyboard import Keyboard

Said = list[str]


def open_keyboard(typed: Said | None = None) -> tuple[Keyboard, Said]:
    """A keyboard laid out on a 1280x720 window, and what it sent: each letter, "erase", "closed"."""
    pygame.font.init()
    said: Said = []
    text = typed if typed is not None else []
    keyboard = Keyboard(lambda intent: said.append(intent.char or intent.kind), lambda: "".join(text),
                        lambda: said.append("closed"))
    keyboard.layout((1280, 720), Scale(720, theme.UI_SCALES[0]))
    return keyboard, said


def test_every_kind_but_a_click_outside_stays_the_keyboards() -> None:
    for kind in typing.get_args(IntentKind):
        keyboard, said = open_keyboard(["a"])
        assert keyboard.handle(Intent(kind, char="x")) is True, kind
        if kind not in ("select", "back", "menu", "type", "erase"):
            assert said == [], f"{kind} reaches nothing: {said}"


def test_each_kind_does_what_it_did() -> None:
    keyboard, said = open_keyboard(["a"])
    keyboard.handle(Intent("type", char="q"))
    keyboard.handle(Intent("erase"))
    assert said == ["q", "erase"], "the real keys type through it"
    keyboard.handle(Intent("back"))
    assert said[-1] == "erase", "B erases while there is text"
    keyboard.handle(Intent("menu"))
    assert said[-1] == "closed", "Start is done"
    empty, said = open_keyboard([])
    empty.handle(Intent("back"))
    assert said == ["closed"], "B with nothing typed closes"
    empty.handle(Intent("next"))
    empty.handle(Intent("cursor", dy=1))
    assert (empty.row, empty.col) == (1, empty.col) and empty.col >= 0
    empty.handle(Intent("prev"))
    empty.handle(Intent("select"))
    assert said[-1] == empty.focused.label, "select types the focused key"


def test_a_click_outside_closes_it_and_goes_on_to_the_page() -> None:
    keyboard, said = open_keyboard()
    outside = (keyboard.rect.centerx, keyboard.rect.top - 5)
    assert keyboard.handle(Intent("point", *outside, pointer=True)) is True
    assert keyboard.handle(Intent("select", *outside, pointer=True)) is False
    assert said == ["closed"]
    assert {"point", "select"} == set(CHOOSING)


def test_the_dispatch_is_one_match_ending_in_assert_never() -> None:
    """Keyboard.handle compares the kind in a `match` (its cases every kind) and nowhere in an if/elif chain."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(Keyboard.handle)))
    matches = [node for node in ast.walk(tree) if isinstance(node, ast.Match)]
    assert len(matches) == 1, "one match on the kind"
    last = matches[0].cases[-1]
    assert isinstance(last.pattern, ast.MatchAs) and last.pattern.pattern is None
    assert "assert_never" in ast.unparse(last.body[0])
    chains = [node for node in ast.walk(tree) if isinstance(node, ast.If) and node.orelse
              and isinstance(node.orelse[0], ast.If) and "kind" in ast.unparse(node.test)]
    assert chains == [], "no elif chain on the kind"
    named = {node.value.value for case in matches[0].cases for node in ast.walk(case.pattern)
             if isinstance(node, ast.MatchValue) and isinstance(node.value, ast.Constant)}
    assert named == set(typing.get_args(IntentKind)), "every kind named, none by a catch-all"
