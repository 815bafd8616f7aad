"""Bots: each sees the game only through observe() and the list of legal actions (ruling X9)."""
from .random_bot import RandomBot

BOTS = {"random": RandomBot}

__all__ = ["BOTS", "RandomBot"]
