"""Bots: each sees the game only through observe() and the list of legal actions (ruling X9); the Hard bot also
through positions re-dealt from its view (Sight)."""
from .easy_bot import EasyBot
from .random_bot import RandomBot
from .rule_bot import RuleBot
from .search_bot import Budget, SearchBot
from .sight import Sight

# The levels a seat can be given at setup, weakest first, with one honest sentence each (issue 18).
LEVELS = {
    "easy": "The Normal bot, but about one plan in three is picked at random.",
    "normal": "Fixed rules: settles, chains its islands, buys cards; attacks only independents.",
    "hard": "Tries its moves out on re-dealt copies of what it sees, then picks; never peeks.",
}
BOTS = {"easy": EasyBot, "normal": RuleBot, "hard": SearchBot, "random": RandomBot,
        "rules": RuleBot}            # "rules": the Normal bot's name before levels, kept for old command lines

__all__ = ["BOTS", "Budget", "EasyBot", "LEVELS", "RandomBot", "RuleBot", "SearchBot", "Sight"]
