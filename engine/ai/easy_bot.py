"""Easy: the rule bot with deliberate mistakes."""
from __future__ import annotations

from collections.abc import Callable

from ..actions import Action
from ..views import View
from .rule_bot import RuleBot

MISTAKE_RATE = 0.35          # the share of plan decisions made at random
PLAN_VERBS = frozenset({"party", "raise", "build", "buy", "premove", "explore", "return", "end"})


class EasyBot(RuleBot):
    """Where to explore, where to send a party and what to build: about one such decision in three is taken at
    random among the legal ones (ending the step among them); the rest, and every battle, as the rule bot."""

    def choose(self, view: Callable[[], View], legal: list[Action]) -> Action:
        plans = [a for a in legal if a.verb in PLAN_VERBS]
        if len(plans) > 1 and self.random.below(1000) < MISTAKE_RATE * 1000:
            self.plan = None
            return plans[self.random.below(len(plans))]
        return super().choose(view, legal)
