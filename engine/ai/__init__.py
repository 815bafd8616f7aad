"""Bots: each sees the game only through observe() and the list of legal actions (ruling X9); the Hard bot also
through positions re-dealt from its view (Sight)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..actions import Action
from ..ruleset import Ruleset
from ..views import View
from .easy_bot import EasyBot
from .random_bot import RandomBot
from .rule_bot import RuleBot
from .search_bot import Budget, SearchBot
from .sight import Sight


class Bot(Protocol):
    """What every bot offers: `choose(view, legal)`, where `view()` returns observe() for the bot's player (a
    Sight, whose `sample` the Hard bot also uses) and `legal` is the list of legal actions."""

    def choose(self, view: Callable[[], View], legal: list[Action]) -> Action: ...


# The levels a seat can be given at setup, weakest first (issue 18); the client words each in a sentence.
LEVELS = ("easy", "normal", "hard")
BOTS: dict[str, Callable[[str, int, Ruleset], Bot]] = {
    "easy": EasyBot, "normal": RuleBot, "hard": SearchBot, "random": RandomBot,
    "rules": RuleBot}            # "rules": the Normal bot's name before levels, kept for old command lines

__all__ = ["BOTS", "Bot", "Budget", "EasyBot", "LEVELS", "RandomBot", "RuleBot", "SearchBot", "Sight"]
