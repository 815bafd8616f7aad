"""A Hard bot at its plan point in a match, shared by the worker's tests (tests/game/test_worker.py) and the client
processes they start: a module of its own, so that those processes import neither a test module nor pygame (its
banner would come before the worker's pid they print)."""
from __future__ import annotations

import pickle

import engine
from engine.ai import BOTS, Budget, SearchBot
from game import botpool
from game.match import Match
from tests.positions import plan_points

ENDLESS = Budget(seconds=None, rollouts=10 ** 9)


def at_plan_point(rules: engine.Ruleset, seed: int, budget: Budget) -> tuple[Match, SearchBot, SearchBot]:
    """A match where its Hard bot is to search, the bot, and a twin of it to decide in this process."""
    state, who, bot = plan_points(rules, seed, 1)[0]
    bot.budget = budget
    twin: SearchBot = pickle.loads(botpool._dumps(bot))
    seats = {name: "hard" if name == who else "normal" for name in state.names}
    match = Match(rules, state, seats, seed, speed="normal",      # one action at a time
                  make_bot=lambda kind, name: bot if name == who else BOTS[kind](name, seed, rules))
    return match, bot, twin
