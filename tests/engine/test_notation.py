"""Action notation (docs/NOTATION.md): one canonical text per action, and parse_action is its inverse."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.actions import Action
from tests.positions import DOC, doc_rows, position

from .helpers import play_random


def test_every_documented_example_parses_in_its_position_and_round_trips(rules):
    rows = doc_rows()
    assert len(rows) >= 14
    for example, where in rows:
        state = position(rules, where)
        action = engine.parse_action(state, example)
        assert str(action) == example, where
        engine.apply(state, action)


def test_documented_first_turn_plays(rules):
    block = [line for line in DOC.read_text().split("```")[1].splitlines() if line.strip()]
    s = engine.new_game(rules, 2, seed=1)
    for text in block:
        engine.apply(s, engine.parse_action(s, text))
    assert s.turn == 2


def test_quoting_of_arguments_with_spaces():
    action = Action("tile", ("Flint Is.",))
    assert str(action) == "tile 'Flint Is.'"


@pytest.mark.parametrize("text,reason", [
    ("", "empty"),
    ("order Tonga", "not legal"),
    ("fly Tonga", "possible actions are: order"),
    ("order 'Tonga", "cannot read"),
])
def test_bad_text_is_refused_with_a_reason(rules, text, reason):
    s = engine.new_game(rules, 2, seed=1)
    with pytest.raises(engine.IllegalAction, match=reason):
        engine.parse_action(s, text)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120), players=st.sampled_from([2, 3, 4]))
def test_every_legal_action_round_trips_in_random_games(rules, seed, steps, players):
    s = play_random(engine.new_game(rules, players, seed), steps, seed)
    for action in engine.legal_actions(s):
        text = str(action)
        assert engine.parse_action(s, text) == action
        assert str(engine.parse_action(s, text)) == text
