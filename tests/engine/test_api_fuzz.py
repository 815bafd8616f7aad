"""Words that name no hex, verb or player, given to the engine's public functions, get the engine's own documented
errors (IllegalAction, UnknownPlayer, SetupError), never a KeyError or TypeError from inside, and a refused call
leaves the state as it was (docs/ENGINE.md, "Limits on input"; engine.apply: "refused with the reason, state
untouched"). A seeded fuzz of 10,000 calls in all (CALLS) over positions of every step, including chance's.

Each test gathers every call that broke the contract and reports the first ones, so one run names them all.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import engine

from .helpers import do, play_random

# How many calls each public function gets: 10,000 in all.
CALLS = {"apply": 1500, "barrier": 1500, "route": 1500, "why_not": 1500, "Undo.apply": 1500, "parse_action": 1500,
         "vp": 250, "observe": 250, "events_since": 250, "new_game": 150, "deal_homes": 100}

ODD_VALUES: list[Any] = [None, 0, -1, 7, 10 ** 9, -(10 ** 9), 10 ** 30, 1.5, float("nan"), True, False, b"0807",
                         ("0807",), ["0807"], {"hex": "0807"}, {"0807"}, object()]
ODD_TEXTS = ["", " ", "\x00", "\n", "'", '"', "''", "\\", "-", "--", "+", "9999", "0000", "00000", "-1", "1e9",
             "nowhere", "none", "None", "lost", "home", "x" * 999, "x" * 1000, "x" * 1001, "0807" * 300, "x" * 100_000,
             "\u200b", "\ufeff0807", "😀", "é", "日本", "Tonga\u0301", "\U0010ffff", "\ud800"]
ALPHABET = "0123456789 abcxyzABCXYZ_-./+'\"\\\t\n\x00éßΩж日😀\u200b\u202e\u0430\uff10\uff18"  # Cyrillic a, wide 0 8


def _digits(zero: int) -> dict[int, int]:
    """A table that writes ASCII digits as another script's (str.isdigit() accepts them, hex labels do not)."""
    return str.maketrans("0123456789", "".join(chr(zero + d) for d in range(10)))


LOOKALIKES: list[Callable[[str], str]] = [
    str.upper, str.lower, str.title, lambda w: w + " ", lambda w: " " + w, lambda w: w[:-1], lambda w: w + w[-1:],
    lambda w: w * 2, lambda w: w + "\x00", lambda w: w.replace("a", "\u0430"), lambda w: w.translate(_digits(0xFF10)),
    lambda w: w.translate(_digits(0x0660)), lambda w: "".join(reversed(w)), lambda w: w[:2] + " " + w[2:],
    lambda w: "'" + w + "'", lambda w: w + "\n",
]


class Fuzz:
    """Words for one test's calls, drawn from its own seeded stream: random text and values, the game's own words
    (hex labels, verbs, kinds, cards, players) in any slot, and lookalikes of them."""

    def __init__(self, name: str, positions: dict[str, engine.GameState]):
        self.rnd = random.Random(f"issue-36-{name}")
        self.positions = list(positions.items())
        legal = [a for s in positions.values() for a in engine.legal_actions(s)]
        self.verbs = sorted({a.verb for a in legal})
        names = {name for s in positions.values() for name in s.names}
        labels = set(positions["over"].rules.map.labels)
        self.real = sorted({arg for a in legal for arg in a.args if isinstance(arg, str)} | set(self.verbs) | names
                           | set(self.rnd.sample(sorted(labels), 40)))

    def text(self) -> str:
        roll = self.rnd.random()
        if roll < 0.25:
            return self.rnd.choice(ODD_TEXTS)
        if roll < 0.55:
            return self.rnd.choice(LOOKALIKES)(self.rnd.choice(self.real))
        return "".join(self.rnd.choice(ALPHABET) for _ in range(self.rnd.randint(0, 12)))

    def word(self) -> Any:
        """Any argument a client might send: mostly text, some real words, some values that are no text."""
        roll = self.rnd.random()
        if roll < 0.15:
            return self.rnd.choice(self.real)
        if roll < 0.3:
            return self.rnd.choice(ODD_VALUES)
        return self.text()

    def position(self, i: int) -> tuple[str, engine.GameState]:
        return self.positions[i % len(self.positions)]

    def action(self, state: engine.GameState) -> Any:
        """An action that is not legal now: a legal one with a word changed, added or dropped, a real verb or
        another word with random words, or something that is no Action of texts at all."""
        legal = engine.legal_actions(state)
        while True:
            roll = self.rnd.random()
            if roll < 0.05:
                case = self.rnd.choice(MALFORMED)
            elif roll < 0.55 and legal:
                verb, args = self.rnd.choice(legal)
                words = list(args)
                change = self.rnd.random()
                if words and change < 0.6:
                    words[self.rnd.randrange(len(words))] = self.word()
                elif words and change < 0.75:
                    words.pop(self.rnd.randrange(len(words)))
                else:
                    words.insert(self.rnd.randint(0, len(words)), self.word())
                case = engine.Action(verb, tuple(words))
            else:
                verb = self.rnd.choice(self.verbs) if self.rnd.random() < 0.7 else self.text()
                case = engine.Action(verb, tuple(self.word() for _ in range(self.rnd.choice((0, 1, 1, 2, 2, 3, 9)))))
            if not _is_legal(case, legal):
                return case

    def player(self, state: engine.GameState) -> Any:
        """A word that names none of the game's players."""
        while True:
            who = self.word()
            if not (isinstance(who, str) and who in state.names):
                return who

    def homes(self) -> Any:
        """Homes that no game has: a count out of range, a list with a word that is no home, or no list."""
        roll = self.rnd.random()
        if roll < 0.2:
            return self.rnd.choice([-1, 0, 1, 5, 10 ** 30, None, 3.0, True, "3", "Tonga", b"Tonga", {"Tonga": 1}])
        homes = self.rnd.sample(HOMES, self.rnd.randint(1, 4))
        while homes[0] in HOMES:
            homes[0] = self.word()
        self.rnd.shuffle(homes)
        return homes if roll < 0.9 else tuple(homes)


HOMES = ["Tonga", "Samoa", "Hiva", "Raiatea"]
MALFORMED: list[Any] = [
    None, 5, "go 0906", ("go", ("0906",)), ["go", ["0906"]], engine.Action(5, None), engine.Action("go", "0906"),
    engine.Action(None, ()), engine.Action(["go"], ()), engine.Action("go", ["0906"]), engine.Action("go", (["0906"],)),
    engine.Action("premove", ({"hex": "0906"},)), engine.Action("die", (True,)), engine.Action("die", (4.0,)),
    engine.Action("go", (b"0906",)), engine.Action("go", (10 ** 30,)), engine.Action("x" * 5000, ()),
    engine.Action("go", ("0906",) * 9), tuple.__new__(engine.Action, ("go", ("0906",), "extra")),
]


def _is_legal(case: Any, legal: list[engine.Action]) -> bool:
    """Whether `case` is one of the legal actions, words of the same types (True == 1, yet `die True` is refused)."""
    return isinstance(case, engine.Action) and any(
        case == a and all(type(x) is type(y) for x, y in zip(case.args, a.args)) for a in legal)


@pytest.fixture(scope="module")
def positions(rules: engine.Ruleset) -> dict[str, engine.GameState]:
    """A position of every step and of chance: turn order, exploration (before and after entering a hex: the cup
    decides), a party under way, a battle's die, building, a random 4-player mid-game, and a finished game."""
    two = {"players": ["Tonga", "Samoa"]}
    exploring = engine.load_scenario(rules, {**two, "step": "exploration"})
    cup = exploring.clone()
    do(cup, "premove 0807", "explore 0906")
    party = engine.load_scenario(rules, {
        **two, "step": "movement", "ocean": ["0906"], "dice": [6, 6, 6],
        "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 2}],
                   "Samoa": [{"hex": "0906", "war_canoe": 1, "warrior_band": 1}]}})
    do(party, "party 0807", "take war_canoe", "take war_canoe")
    battle = party.clone()
    do(battle, "go 0906", "done", "end")
    over = play_random(engine.new_game(rules, 2, 1, {"variable_game_end": 5}), 5000, 1)
    found = {"turn order": engine.new_game(rules, 3, 5), "exploration": exploring, "the cup": cup, "party": party,
             "battle die": battle, "building": engine.load_scenario(rules, {**two, "step": "building"}),
             "mid-game": play_random(engine.new_game(rules, 4, 17), 400, 17), "over": over}
    assert engine.current_player(cup) == engine.current_player(battle) == engine.CHANCE and engine.is_over(over)
    return found


def _attempt(call: Callable[[], Any], documented: type[Exception]) -> tuple[Any, str]:
    """What a call gave and how: "" if it answered, "refused" with the documented error, else the other error."""
    try:
        return call(), ""
    except documented as exc:
        return exc, "refused"
    except Exception as exc:  # noqa: BLE001 - any other error is what these tests look for: gather them all
        return exc, f"{type(exc).__name__}: {str(exc)[:80]}"


def _report(failures: list[str], calls: int) -> None:
    assert not failures, f"{len(failures)} of {calls} calls broke the contract, first ones:\n" + "\n".join(
        failures[:12])


ACTION_TAKERS: dict[str, Callable[[engine.GameState, Any], Any]] = {
    "apply": engine.apply, "barrier": engine.barrier, "route": engine.route, "why_not": engine.why_not,
    "Undo.apply": lambda state, action: engine.Undo().apply(state, action),
}


@pytest.mark.parametrize("name", list(ACTION_TAKERS))
def test_actions_naming_no_hex_verb_or_player_get_illegal_action_and_change_nothing(positions, name):
    """apply, barrier and Undo.apply refuse every such action; route and why_not may answer (route with real
    hexes only, why_not with a reason), else refuse it with IllegalAction."""
    fuzz, call, labels = Fuzz(name, positions), ACTION_TAKERS[name], set(positions["over"].rules.map.labels)
    failures = []
    for i in range(CALLS[name]):
        where, state = fuzz.position(i)
        case = fuzz.action(state)
        before = engine.state_hash(state)
        answer, how = _attempt(lambda: call(state, case), engine.IllegalAction)  # noqa: B023 - called at once
        if how == "":
            fine = (isinstance(answer, list) and all(type(h) is str and h in labels for h in answer) if name == "route"
                    else isinstance(answer, engine.Reason) if name == "why_not" else False)
            how = "" if fine else f"gave {answer!r:.80}"
        if engine.state_hash(state) != before:
            how += "; the state changed"
        if how not in ("", "refused"):
            failures.append(f"{name}({where}, {case!r:.100}): {how}")
    _report(failures, CALLS[name])


def test_action_texts_naming_no_hex_verb_or_player_get_illegal_action_and_change_nothing(positions):
    """parse_action: canonical texts of the fuzzed actions, random texts and values that are no text at all; a
    text it accepts names a legal action."""
    fuzz, failures = Fuzz("parse_action", positions), []
    for i in range(CALLS["parse_action"]):
        where, state = fuzz.position(i)
        roll = fuzz.rnd.random()
        case = (fuzz.rnd.choice(ODD_VALUES) if roll < 0.05 else fuzz.text() if roll < 0.35
                else _text(fuzz.action(state)) if roll < 0.85 else " ".join(fuzz.text() for _ in range(3)))
        before = engine.state_hash(state)
        action, how = _attempt(lambda: engine.parse_action(state, case), engine.IllegalAction)  # noqa: B023
        if how == "" and action not in engine.legal_actions(state):
            how = f"gave {action}, which is not legal"
        if engine.state_hash(state) != before:
            how += "; the state changed"
        if how not in ("", "refused"):
            failures.append(f"parse_action({where}, {case!r:.100}): {how}")
    _report(failures, CALLS["parse_action"])


def _text(case: Any) -> str:
    """An action's canonical text; a malformed one (Action(5, None) has none) as its repr."""
    well_formed = isinstance(case, engine.Action) and isinstance(case.verb, str) and isinstance(case.args, tuple)
    return str(case) if well_formed else repr(case)


PLAYER_TAKERS: dict[str, Callable[[engine.GameState, Any], Any]] = {
    "vp": engine.vp, "observe": engine.observe, "events_since": engine.events_since}


@pytest.mark.parametrize("name", list(PLAYER_TAKERS))
def test_words_naming_no_player_get_unknown_player_naming_the_players(positions, name):
    """vp, observe and events_since (observe(None) is the public view, so None is left out for those two)."""
    fuzz, call, failures = Fuzz(name, positions), PLAYER_TAKERS[name], []
    for i in range(CALLS[name]):
        where, state = fuzz.position(i)
        who = fuzz.player(state)
        if who is None and name != "vp":
            who = ""
        before = engine.state_hash(state)
        error, how = _attempt(lambda: call(state, who), engine.UnknownPlayer)  # noqa: B023 - called at once
        if how == "":
            how = "answered"
        elif how == "refused" and not (str(error).startswith("no player is named") and state.names[0] in str(error)):
            how = f"the message {str(error)[:80]!r} names no player"
        if engine.state_hash(state) != before:
            how += "; the state changed"
        if how != "refused":
            failures.append(f"{name}({where}, {who!r:.100}): {how}")
    _report(failures, CALLS[name])


def test_homes_seeds_and_options_that_no_game_has_get_setup_error(rules):
    """new_game and deal_homes (rule S2: the homes of each player count): homes that are no player count or list
    of homes, and with good homes, a seed that is no whole number or options that are no options."""
    fuzz = Fuzz("new_game", {"over": engine.new_game(rules, 2, 1)})
    calls: list[tuple[str, Callable[[], Any]]] = []
    for _ in range(CALLS["new_game"]):
        roll, homes = fuzz.rnd.random(), fuzz.homes()
        if roll < 0.6:
            calls.append((f"new_game({homes!r:.100})", lambda homes=homes: engine.new_game(rules, homes, 1)))
        elif roll < 0.8:
            seed = fuzz.rnd.choice([None, 1.5, "1", b"1", True, [1], fuzz.word()])
            calls.append((f"new_game(seed={seed!r:.100})", lambda seed=seed: engine.new_game(rules, 2, seed)))
        else:
            options = fuzz.rnd.choice([{fuzz.text(): True}, fuzz.word() or 5, [("malaria", True)], "malaria"])
            calls.append((f"new_game(options={options!r:.100})",
                          lambda options=options: engine.new_game(rules, 2, 1, options)))
    for _ in range(CALLS["deal_homes"]):
        players = fuzz.homes() if fuzz.rnd.random() < 0.8 else fuzz.word()
        calls.append((f"deal_homes({players!r:.100})", lambda players=players: engine.deal_homes(rules, players, 1)))
    failures = [f"{shown}: {how or 'answered'}" for shown, call in calls
                if (how := _attempt(call, engine.SetupError)[1]) != "refused"]
    _report(failures, len(calls))
