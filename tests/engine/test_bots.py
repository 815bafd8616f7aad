"""Bots (engine/ai): they see only observe() and the legal actions; the rule-based bot plays to win."""
from __future__ import annotations

import engine
from engine.ai import BOTS, Budget, RuleBot, SearchBot
from engine.runner import play_game


def test_rule_bot_beats_the_random_bot_nine_times_in_ten(rules):
    games, wins = 20, 0
    for seed in range(games):
        bots = ["rules", "random"] if seed % 2 == 0 else ["random", "rules"]
        state, result = play_game(rules, 2, seed, bots, max_turns=120)
        rule_seat = state.names[0] if seed % 2 == 0 else state.names[1]
        wins += result.winner == rule_seat
    assert wins >= 0.9 * games


def test_four_rule_bots_usually_end_the_game_by_victory(rules):
    ended = sum(play_game(rules, 4, seed, ["rules"], max_turns=60)[1].over for seed in range(4))
    assert ended >= 3


def test_bots_decide_from_the_view_alone(rules):
    state = engine.new_game(rules, 3, seed=2)
    bot = RuleBot(state.names[0], 2, rules)
    seen = []

    def view():
        seen.append(True)
        return engine.observe(state, state.names[0], log=False)

    action = bot.choose(view, engine.legal_actions(state))
    assert action in engine.legal_actions(state) and seen


def test_bots_are_deterministic_per_seed(rules):
    """Every kind of bot; the Hard bot with a rollout budget (with a time budget, how far it looks depends on the
    machine)."""
    def make(kind, name):
        return SearchBot(name, 7, rules, Budget(seconds=None, rollouts=3)) if kind == "hard" else BOTS[kind](
            name, 7, rules)
    for kind in BOTS:
        first_state, first = play_game(rules, 3, 7, [kind], max_turns=8, make_bot=make)
        second_state, second = play_game(rules, 3, 7, [kind], max_turns=8, make_bot=make)
        assert first == second and engine.state_hash(first_state) == engine.state_hash(second_state)
