"""Bots: each sees the game only through observe() and the list of legal actions (ruling X9); the Hard bot also
through positions re-dealt from its view (Sight).

The engine's second public package (docs/ENGINE.md, "Public API"): a bot is a client of the engine too, and the
client's seats, benchmarks and main.py --headless import the names in `__all__`, never a module below."""
from __future__ import annotations

from collections.abc import Callable

from ..ruleset import Ruleset
from .easy_bot import EasyBot
from .random_bot import RandomBot
from .rule_bot import Board, RuleBot
from .search_bot import Budget, SearchBot
from .sight import Bot, Sight, Snapshot, ask

# The levels a seat can be given at setup, weakest first (issue 18); the client words each in a sentence.
LEVELS = ("easy", "normal", "hard")
BOTS: dict[str, Callable[[str, int, Ruleset], Bot]] = {
    "easy": EasyBot, "normal": RuleBot, "hard": SearchBot, "random": RandomBot,
    "rules": RuleBot}            # "rules": the Normal bot's name before levels, kept for old command lines

__all__ = ["BOTS", "Board", "Bot", "Budget", "EasyBot", "LEVELS", "RandomBot", "RuleBot", "SearchBot", "Sight",
           "Snapshot", "ask"]
