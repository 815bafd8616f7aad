"""The declared shapes of engine/views.py are true: on random games (advanced rules on and off, battles fought)
every observe() result, for every player and the public view, and every log entry matches its TypedDict: no key
missing, none unknown, every value of its declared type, every verb, step and phase one of its Literal's words.
A renamed or missing field fails here as well as in the type check."""
from __future__ import annotations

import ast
import functools
import types
from pathlib import Path
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

import engine
from engine import views
from engine.chance import VERB as CHANCE_VERBS
from tests.positions import ALL_OPTIONS, armed_game

from .helpers import play_random

ENGINE = Path(engine.__file__).resolve().parent


def kind_of(entry_type: Any) -> str:
    (kind,) = get_args(get_type_hints(entry_type)["kind"])
    return str(kind)


ENTRY_TYPES: dict[str, Any] = {kind_of(t): t for t in get_args(views.LogEntry)}
_HINTS: dict[Any, dict[str, Any]] = {}


def _hints(td: Any) -> dict[str, Any]:
    if td not in _HINTS:
        _HINTS[td] = get_type_hints(td, include_extras=True)
    return _HINTS[td]


def mismatches(value: Any, tp: Any, path: str) -> list[str]:
    """Where `value` does not match the type `tp` (TypedDicts, Literals, unions, lists, dicts, plain types)."""
    origin, args = get_origin(tp), get_args(tp)
    if tp is Any:
        return []
    if origin in (NotRequired, Required):
        return mismatches(value, args[0], path)
    if is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{path}: {value!r} is not a {tp.__name__}"]
        hints = _hints(tp)
        out = [f"{path}: {tp.__name__} lacks {key!r}" for key in sorted(tp.__required_keys__ - value.keys())]
        out += [f"{path}: {tp.__name__} has no key {key!r}" for key in sorted(value.keys() - hints.keys())]
        for key, item in value.items():
            if key in hints:
                out += mismatches(item, hints[key], f"{path}.{key}")
        return out
    if origin is Literal:
        # `True == 1`: a Literal's word must match in type as well as value
        return [] if any(value == a and type(value) is type(a) for a in args) else [f"{path}: {value!r} not in {args}"]
    if origin in (Union, types.UnionType):
        each = [mismatches(value, a, path) for a in args]
        return [] if any(not m for m in each) else min(each, key=len)
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: {value!r} is not a list"]
        return [m for i, item in enumerate(value) for m in mismatches(item, args[0], f"{path}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: {value!r} is not a dict"]
        return [m for key, item in value.items()
                for m in mismatches(key, args[0], f"{path} key") + mismatches(item, args[1], f"{path}[{key!r}]")]
    if tp is type(None) or tp is None:
        return [] if value is None else [f"{path}: {value!r} is not None"]
    if tp in (int, str, bool, float):
        return [] if type(value) is tp else [f"{path}: {value!r} is a {type(value).__name__}, not {tp.__name__}"]
    raise AssertionError(f"the checker cannot read the type {tp!r} at {path}")


def entry_mismatches(entry: Any, path: str) -> list[str]:
    kind = entry.get("kind") if isinstance(entry, dict) else None
    if kind not in ENTRY_TYPES:
        return [f"{path}: no declared shape for the event kind {kind!r}"]
    return mismatches(entry, ENTRY_TYPES[kind], f"{path}<{kind}>")


def view_mismatches(view: Any, path: str) -> list[str]:
    """A view against View, with its log entries checked by their kind (for a readable message)."""
    out = mismatches({**view, "log": []}, views.View, path)
    for i, entry in enumerate(view["log"]):
        out += entry_mismatches(entry, f"{path}.log[{i}]")
    return out


class Checker:
    """After an action: each viewer's new log entries (read with `since`) and, every `every` actions, each
    viewer's whole view (whose log then holds those same entries)."""

    def __init__(self, state: engine.GameState, every: int = 1):
        self.seen: dict[str | None, int] = dict.fromkeys([None, *state.names], 0)
        self.kinds: set[str] = set()
        self.verbs: set[str] = set()
        self.every, self.calls = every, 0

    def __call__(self, state: engine.GameState) -> None:
        whole = self.every and self.calls % self.every == 0
        self.calls += 1
        for viewer, since in self.seen.items():
            entries, size = engine.events_since(state, viewer, since)
            problems = [m for i, e in enumerate(entries) for m in entry_mismatches(e, f"log[{viewer}][{since + i}]")]
            if whole:
                view = engine.observe(state, viewer, since=since)
                assert view["log"] == entries and view["log_size"] == size
                problems += view_mismatches(view, f"view[{viewer}]")
            assert not problems, problems[:10]
            self.kinds.update(e["kind"] for e in entries)
            self.seen[viewer] = size
        if not engine.is_over(state):
            self.verbs.update(a.verb for a in engine.legal_actions(state))

    def check_verbs(self) -> None:
        unknown = self.verbs - set(get_args(views.Verb))
        assert not unknown, f"verbs the engine offers that Verb does not declare: {unknown}"


def games(rules: engine.Ruleset) -> list[engine.GameState]:
    return [
        engine.new_game(rules, 2, seed=1),
        engine.new_game(rules, 3, seed=2, options=ALL_OPTIONS),
        engine.new_game(rules, 4, seed=3, options={**ALL_OPTIONS, "variable_game_end": 30}),   # and a warning
        armed_game(rules, 3, 4),
    ]


@pytest.mark.parametrize("index", range(4))
def test_every_view_matches_its_declared_shape(rules, index):
    """Every view of every viewer after each of the first 300 actions."""
    state = games(rules)[index]
    checker = Checker(state)
    checker(state)
    play_random(state, 300, seed=index, check=checker)
    assert "step_started" in checker.kinds and (index == 3 or "game_started" in checker.kinds)
    checker.check_verbs()


@pytest.mark.parametrize("seeds", [range(2), range(2, 4)])
def test_every_log_entry_of_long_games_matches_its_declared_shape(rules, seeds):
    """Long games (up to 5,000 actions, some to the end): every entry each viewer reads, and a view now and then."""
    for seed in seeds:
        for state in (armed_game(rules, 4, seed), engine.new_game(rules, 3, seed=seed, options=ALL_OPTIONS)):
            checker = Checker(state, every=250)
            play_random(state, 5000, seed=seed, check=checker)
            assert {"battle_started", "built", "vp_changed"} <= checker.kinds
            checker.check_verbs()


def test_the_checker_refuses_a_renamed_a_missing_and_a_mistyped_field(rules):
    state = engine.new_game(rules, 2, seed=5)
    view = engine.observe(state, state.names[0])
    assert not view_mismatches(view, "view")
    renamed = {**view, "turns": view["turn"]}
    del renamed["turn"]
    assert view_mismatches(renamed, "view") == ["view: View lacks 'turn'", "view: View has no key 'turns'"]
    assert view_mismatches({**view, "step": "exploring"}, "view")
    assert view_mismatches({**view, "turn": "1"}, "view")
    player = {**view["players"][0], "supply": {"war_canoe": True}}
    assert view_mismatches({**view, "players": [player]}, "view")
    started = view["log"][0]
    assert started["kind"] == "game_started" and not entry_mismatches(started, "e")
    assert entry_mismatches({**started, "kind": "game_begun"}, "e")
    assert entry_mismatches({k: v for k, v in started.items() if k != "seed"}, "e")


# --- the Literal lists against the engine's source --------------------------------------------------------------

@functools.cache
def _sources() -> list[ast.AST]:
    return [ast.parse(path.read_text(encoding="utf-8")) for path in sorted(ENGINE.glob("*.py"))]


def _calls(name: str) -> list[ast.Call]:
    out = []
    for tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                if called == name and node.args:
                    out.append(node)
    return out


def _words(node: ast.expr) -> set[str]:
    """The texts a first argument can be: a literal, or either branch of `"a" if c else "b"`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _words(node.body) | _words(node.orelse)
    return set()


def test_every_event_kind_the_engine_makes_is_declared():
    made = set().union(*(_words(call.args[0]) for call in _calls("event")))
    assert made == set(get_args(views.EventKind)) == set(ENTRY_TYPES)


def test_every_verb_the_engine_makes_is_declared():
    made = set().union(*(_words(call.args[0]) for name in ("act", "Action", "hex_actions") for call in _calls(name)))
    made |= set(CHANCE_VERBS.values()) | {"lose", "panic"}         # battle.legal: act(verb, kind)
    assert made <= set(get_args(views.Verb)), made - set(get_args(views.Verb))
