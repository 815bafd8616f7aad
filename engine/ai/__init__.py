"""Bots: each sees the game only through observe() and the list of legal actions (ruling X9)."""
from .random_bot import RandomBot
from .rule_bot import RuleBot

BOTS = {"random": RandomBot, "rules": RuleBot}

__all__ = ["BOTS", "RandomBot", "RuleBot"]
