"""Random play keeps every invariant (engine/invariants.py): pieces conserved, one place per piece, villages
within squares, control following villages, VP on the track equal to a recount, piles intact."""
from __future__ import annotations

import pytest

import engine
from engine.ai import RandomBot
from engine.invariants import track_violations, view_violations, violations
from engine.saves import history

ARMY = [{"hex": None, "war_canoe": 3, "warrior_band": 3, "transport_canoe": 3, "colony": 1, "rumor": 1,
         "face_up_canoe": True}]


def armed_game(rules, players: int, seed: int) -> engine.GameState:
    homes = list(rules.setups[players].homes)
    pieces = {home: [{**ARMY[0], "hex": home}] for home in homes}
    return engine.load_scenario(rules, {"players": homes, "seed": seed, "pieces": pieces})


def play_checked(state: engine.GameState, actions: int, seed: int) -> list[str]:
    bots = {name: RandomBot(name, seed) for name in state.names}
    kinds: list[str] = []
    for _ in range(actions):
        who = engine.current_player(state)
        if who is None:
            break
        legal = engine.legal_actions(state)
        assert legal, "legal actions are never empty while the game runs"
        events = (engine.resolve_chance(state) if who == engine.CHANCE
                  else engine.apply(state, bots[who].choose(dict, legal)))
        kinds += [e.kind for e in events]
        broken = violations(state)
        if any(e.kind == "step_started" and e.get("step") == "victory" for e in events):
            broken += track_violations(state)
        assert not broken, broken
    assert view_violations(state) == []
    return kinds


@pytest.mark.parametrize("seed", range(6))
def test_random_four_player_games_with_canoes_and_warriors_keep_invariants(rules, seed):
    state = armed_game(rules, 4, seed)
    play_checked(state, 1500, seed)


def test_random_games_do_fight_battles(rules):
    battles = sum(play_checked(armed_game(rules, 2, seed), 1500, seed).count("battle_started")
                  for seed in range(4))
    assert battles > 0


def test_an_illegal_action_is_refused_and_changes_nothing(rules):
    state = armed_game(rules, 3, 1)
    play_checked(state, 200, 1)
    before = engine.state_hash(state)
    with pytest.raises(engine.IllegalAction):
        engine.apply(state, engine.Action("go", ("9999",)))
    assert engine.state_hash(state) == before


def test_a_clone_and_its_original_go_separate_ways(rules):
    """Clones share the history and the log until one of them acts (state.Journal); neither sees the other's
    actions, and each replays from its own history to its own state."""
    state = armed_game(rules, 3, 2)
    play_checked(state, 300, 2)
    twin = state.clone()
    actions, log = history(state), state.events()
    play_checked(state, 150, 3)
    play_checked(twin, 150, 4)
    assert history(state)[:len(actions)] == history(twin)[:len(actions)] == actions
    assert state.events()[:len(log)] == twin.events()[:len(log)] == log
    assert history(state) != history(twin) and state.events() != twin.events()
    for one in (state, twin):
        assert engine.state_hash(engine.replay(one.start, history(one), rules)) == engine.state_hash(one)
