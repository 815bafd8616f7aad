"""Ruling X42: a player takes back their own decisions back to the last reveal, draw, hand-off or new step; the
engine says beforehand which actions end what can be undone."""
from __future__ import annotations

import random

import pytest

import engine
from engine.ai import RandomBot

from .helpers import do

PARTY = {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906", "1006"],
         "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1, "transport_canoe": 1, "warrior_band": 2}]}}


def made(undo: engine.Undo, state: engine.GameState, *texts: str) -> list[str]:
    """Make the decisions through `undo`; the state hash before each."""
    hashes = []
    for text in texts:
        hashes.append(engine.state_hash(state))
        undo.apply(state, engine.parse_action(state, text))
    return hashes


def test_X42_a_players_decisions_undo_one_by_one_back_to_the_same_state(rules):
    s = engine.load_scenario(rules, PARTY)
    undo = engine.Undo()
    hashes = made(undo, s, "party 0807", "take war_canoe", "take warrior_band war_canoe", "go 0906", "done")
    assert undo.steps(s) == 5
    for expected in reversed(hashes):
        s = undo.undo(s)
        assert engine.state_hash(s) == expected
    assert undo.steps(s) == 0
    with pytest.raises(ValueError):
        undo.undo(s)
    do(s, "party 0807", "take war_canoe")           # the game goes on from the restored position
    assert engine.current_player(s) == "Tonga"


def test_X42_a_reveal_ends_what_can_be_undone_and_says_so_before(rules):
    """Turning a transport canoe face up (M6) shows the others what it is."""
    s = engine.load_scenario(rules, PARTY)
    undo = engine.Undo()
    made(undo, s, "party 0807", "take war_canoe", "go 0906", "done")
    raise_it = engine.parse_action(s, "raise 0807")
    before = engine.state_hash(s)
    assert engine.barrier(s, raise_it) == "reveal"
    assert engine.state_hash(s) == before, "asking leaves the game as it was"
    undo.apply(s, raise_it)
    assert undo.steps(s) == 0


def test_X42_a_draw_ends_what_can_be_undone_and_never_rolls_again(rules):
    s = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "step": "exploration"})
    undo = engine.Undo()
    made(undo, s, "premove 0807")
    assert undo.steps(s) == 1
    explore = engine.parse_action(s, "explore 0906")
    assert engine.barrier(s, explore) == "chance"
    undo.apply(s, explore)
    assert engine.current_player(s) == engine.CHANCE and undo.steps(s) == 0
    engine.resolve_chance(s)
    undo.passed()
    assert undo.steps(s) == 0, "the marker drawn stays drawn"


def test_X42_undo_never_crosses_a_hand_off(rules):
    s = engine.load_scenario(rules, PARTY)
    undo = engine.Undo()
    made(undo, s, "party 0807", "take war_canoe", "go 0906", "done")
    end = engine.parse_action(s, "end")
    assert engine.barrier(s, end) == "hand_off"
    undo.apply(s, end)
    assert engine.current_player(s) == "Samoa" and undo.steps(s) == 0, "Samoa cannot take back Tonga's moves"


def test_X42_a_new_step_ends_what_can_be_undone(rules):
    s = engine.load_scenario(rules, PARTY)
    do(s, "end")                                    # Tonga's movement ends; Samoa's is the last of the step
    undo = engine.Undo()
    assert engine.current_player(s) == "Samoa"
    end = engine.parse_action(s, "end")
    assert engine.barrier(s, end) == "step"
    undo.apply(s, end)
    assert engine.observe(s, None)["step"] == "building" and undo.steps(s) == 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_X42_in_random_games_undo_restores_every_position_it_offers(rules, seed):
    """Random games through Undo: whenever decisions can be taken back, taking all of them back gives, hash for
    hash, the positions before them; and an action `barrier` calls undoable never ends what can be undone."""
    s = engine.new_game(rules, 2 + seed % 3, seed)
    bots = {name: RandomBot(name, seed) for name in s.names}
    undo = engine.Undo()
    rnd = random.Random(seed)
    before: list[str] = []
    checked = 0
    for _ in range(1500):
        who = engine.current_player(s)
        if who is None:
            break
        if who == engine.CHANCE:
            engine.resolve_chance(s)
            undo.passed()
            before.clear()
            continue
        action = bots[who].choose(dict, engine.legal_actions(s))
        kept = engine.barrier(s, action) is None
        steps = undo.steps(s)
        if steps != len(before):                    # a new player's first decision: nothing of theirs yet
            assert steps == 0
            before.clear()
        before.append(engine.state_hash(s))
        undo.apply(s, action)
        assert undo.steps(s) == (len(before) if kept else 0)
        if not kept:
            before.clear()
        elif rnd.random() < 0.1:
            for expected in reversed(before):
                s = undo.undo(s)
                assert engine.state_hash(s) == expected
                checked += 1
            before.clear()
    assert checked > 10
