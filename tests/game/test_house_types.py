"""The client's types catch what strings hid (issue 40, the house): a misspelt intent kind, a dispatch that forgets
a kind, a scene made with the wrong arguments are each a mypy error, and App.make's signatures stay those of the
scenes they build."""
from __future__ import annotations

import inspect
import re
import subprocess
import sys
import typing
from pathlib import Path

import game.scenes  # noqa: F401  (registers every scene)
from game.app import SCENES, App
from game.input import KEYMAP, PAD_BUTTONS, IntentKind

ROOT = Path(__file__).resolve().parents[2]

SNIPPET = '''\
from typing import assert_never

from game.app import App
from game.input import Intent
from game.scenes.message import MessageScene


def wrong(app: App, intent: Intent) -> None:
    if intent.kind == "selcet":                                   # line 9: misspelt
        pass
    app.make("message", "Saved", 3)                               # line 11: a number for the message
    app.make("table")                                             # line 12: no match
    match intent.kind:
        case "select" | "back":
            pass
        case _:
            assert_never(intent.kind)                             # line 17: every other kind left out


def right(app: App, intent: Intent) -> MessageScene:
    if intent.kind == "select":
        app.push(app.make("setup", 3))
    return app.make("message", "Saved", "Your game is saved")
'''


def mypy_errors(tmp_path: Path) -> dict[int, str]:
    """mypy --strict (the project's settings: strict_equality) on the snippet: its errors by line."""
    path = tmp_path / "snippet.py"
    path.write_text(SNIPPET, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-pretty", "--show-error-codes",
                          "--follow-imports=silent", str(path)], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, check=False)
    found: dict[int, str] = {}
    for line in out.stdout.splitlines():
        m = re.search(r"snippet\.py:(\d+): error: (.*)", line)      # (mypy's cache may name an earlier run's path)
        if m:
            found[int(m[1])] = found.get(int(m[1]), "") + m[2]
    return found


def test_mypy_catches_a_misspelt_kind_a_forgotten_kind_and_a_wrong_scene_argument(tmp_path: Path) -> None:
    errors = mypy_errors(tmp_path)
    assert "comparison-overlap" in errors.get(9, "") and "selcet" in errors[9]
    assert "call-overload" in errors.get(11, "")
    assert "call-overload" in errors.get(12, "")
    assert "assert_never" in errors.get(17, "") or "Never" in errors.get(17, "")
    assert set(errors) == {9, 11, 12, 17}, errors                 # the right calls pass


def parameters(function: typing.Callable[..., object], skip: int) -> list[tuple[str, bool]]:
    """A function's parameters after the first `skip`: each annotation (module prefixes dropped) and whether it
    has a default."""
    params = list(inspect.signature(function).parameters.values())[skip:]
    return [(re.sub(r"\b\w+\.", "", str(p.annotation)), p.default is not inspect.Parameter.empty) for p in params]


def test_every_scene_has_a_make_signature_like_its_own() -> None:
    """One overload of App.make per registered scene, with the scene's parameters after the app: a scene whose
    arguments change must change its overload too."""
    overloads = {}
    for over in typing.get_overloads(App.make):
        said = str(inspect.signature(over).parameters["name"].annotation)
        name = re.fullmatch(r"Literal\[['\"](\w+)['\"]\]", said)
        assert name is not None, said
        overloads[name[1]] = over
    assert set(overloads) == set(SCENES)
    for name, over in overloads.items():
        assert parameters(over, 2) == parameters(SCENES[name].__init__, 2), name


def test_intent_kinds_are_the_ones_the_input_layer_makes() -> None:
    """The closed set is every kind the input layer, the app and the on-screen keyboard make."""
    made: set[str] = set()
    for path in [ROOT / "game" / "input.py", ROOT / "game" / "app.py", ROOT / "game" / "ui" / "keyboard.py"]:
        made |= set(re.findall(r"Intent\(\"(\w+)\"", path.read_text(encoding="utf-8")))
    made |= {*KEYMAP.values(), *PAD_BUTTONS.values()}
    assert made <= set(typing.get_args(IntentKind))
    assert {"select", "cursor", "type", "erase", "unplugged"} <= made
