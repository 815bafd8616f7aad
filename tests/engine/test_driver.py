"""The one driver (engine/driver.py): chance by the state's streams, every other decision asked of a decider, with
stop conditions and hooks. The runner and the Hard bot's rollouts play through it and play the games they played
before it existed (hashes recorded with the loops it replaced)."""
from __future__ import annotations

import pytest

import engine
from engine.ai import BOTS, Budget, RuleBot, SearchBot, Sight, ask
from engine.driver import play, step
from engine.runner import GameResult, play_game
from tests.positions import plan_points

ALL = dict.fromkeys(("variable_starting_pieces", "saved_resources", "malaria", "south_island", "kumara",
                     "random_events"), True)

# (players, seed, bots, max turns, options) -> (state hash, summary, turns begun during the game), recorded with
# the runner's own loop before the driver replaced it (re-recorded when a rule changed the games: issue 37, a card
# shown works at once; an event's choices asked of their players at once, X28, X29).
BEFORE = [
    ((2, 1, ["rules"], 60, None),
     ("f71d9c904a1951d87711146e6eccaf07445dfc0efe3b5422621225b69a0b8a5b",
      "game seed 1: Samoa wins; 1053 actions; VP Tonga 17, Samoa 28½", 18)),
    ((4, 3, ["random"], 30, None),
     ("284717f1fd91177cca0ea2182fdd20a49a413646ecefcd25f72f5711c757cf97",
      "game seed 3: no winner after 30 turns; 2944 actions; VP Hiva 10, Samoa 15, Raiatea 10, Tonga 13", 30)),
    ((4, 4, ["rules", "easy", "random"], 50, ALL),
     ("70ee1b296a06b861e779fcc06dc6796fe8ebcf534c0f37487214413330b50d38",
      "game seed 4: Samoa wins; 1002 actions; VP Samoa 23, Hiva 11, Raiatea 7, Tonga 10", 12)),
]


@pytest.mark.parametrize("setup,expected", BEFORE)
def test_the_runner_plays_the_games_it_played_before_the_driver(rules, setup, expected):
    players, seed, bots, turns, options = setup
    begun: list[int] = []
    state, result = play_game(rules, players, seed, bots, turns, options, on_turn=lambda s: begun.append(s.turn))
    assert (engine.state_hash(state), result.summary(), len(begun)) == expected
    assert begun == list(range(state.turn - len(begun) + 1, state.turn + 1)), "once per turn, as it begins"


def test_the_hard_bot_searches_as_before_the_driver(rules):
    """Its rollouts play through the driver: with a rollout budget the same game as with the old loop."""
    def make(kind: str, name: str):
        return SearchBot(name, 4, rules, Budget(seconds=None, rollouts=6)) if kind == "hard" else BOTS[kind](
            name, 4, rules)
    state, result = play_game(rules, 2, 4, ["hard", "normal"], 8, make_bot=make)
    assert engine.state_hash(state) == "22ba3c8260b459325d21c3781b45326c5437a963882d7e3ee649184421113fe8"
    assert result.bots[state.names[0]].stats.rollouts == 79


def test_step_draws_chance_asks_the_decider_and_stops_when_it_has_nothing(rules):
    state = engine.new_game(rules, 2, 3)
    asked: list[str] = []

    def decide(s: engine.GameState, who: str) -> engine.Action | None:
        asked.append(who)
        return None
    while engine.current_player(state) != engine.CHANCE:
        engine.apply(state, engine.legal_actions(state)[0])
    drawn = len(state.actions_done())
    assert step(state, decide) is not None and asked == []
    assert state.actions_done()[drawn][1], "the state's own stream drew it"
    while engine.current_player(state) == engine.CHANCE:
        engine.resolve_chance(state)
    before = engine.state_hash(state)
    assert step(state, decide) is None
    assert asked == [engine.current_player(state)] and engine.state_hash(state) == before


def test_play_stops_where_asked_and_calls_its_hooks(rules):
    bots = {name: RuleBot(name, 2, rules) for name in engine.new_game(rules, 3, 2).names}
    state = engine.new_game(rules, 3, 2)
    seen: list[int] = []
    begun: list[int] = []
    played = play(state, ask(bots), until_turn=3, on_action=lambda s, events: seen.append(len(events)),
                  on_turn=lambda s: begun.append(s.turn))
    assert state.turn == 3 and begun == [2, 3] and played == len(seen) == len(state.actions_done())
    assert play(state, ask(bots), max_actions=5) == 5
    assert play(state, ask(bots), until=lambda s: s.turn == 4) > 0 and state.turn == 4
    assert play(state, ask(bots), until=lambda s: True) == 0
    over = engine.new_game(rules, 2, 5)
    play(over, ask({name: RuleBot(name, 5, rules) for name in over.names}))
    assert engine.is_over(over) and step(over, ask({})) is None


def test_one_result_for_the_runner_and_the_client(rules):
    state, result = play_game(rules, 2, 1, ["rules"], 5)
    assert GameResult.of(state, 1, 5, result.actions) == result
    assert GameResult.of(state, 1, None, result.actions).turns == state.turn


def test_a_snapshot_samples_the_positions_the_sight_samples(rules):
    """What goes to the client's worker process (a view and a position re-dealt from it) re-deals exactly as the
    real state does, and holds nothing of the deal: no history, no log, no start with its seed."""
    for state, who, _ in plan_points(rules, 3, 3):
        sight = Sight(state, who)
        snap = sight.snapshot()
        assert snap() == sight()
        assert snap.position is not None and snap.position.start == {}
        assert not snap.position.actions_done() and not snap.position.events()
        for seed in (1, 77):
            assert engine.state_hash(snap.sample(seed)) == engine.state_hash(sight.sample(seed))
