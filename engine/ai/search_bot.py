"""Hard: the rule bot's play with its movement plans chosen by search.

At the start of each party of its Movement & Battle step (the plan points: where to colonise, whom to attack,
which chain gap to fill, or to stop moving) the bot lists whole plans, re-deals what it cannot know from its
view (Sight.sample, ruling X9) and plays each plan out to the end of the turn with the rule bot's policy for
every player, on the same re-dealt positions (common random numbers). The plan with the best mean outcome is
played; a position is scored by VP counted from scratch plus a little for pieces that will earn VP later.
Every other decision is the rule bot's, and a plan point with one plan is decided at once.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import rng, victory
from ..actions import Action
from ..driver import play
from ..game import apply, is_over, legal_actions
from ..ruleset import Ruleset
from ..state import BAND, COLONY, WAR_CANOE, GameState
from ..views import View
from .rule_bot import Board, RuleBot
from .sight import ask

WIN = 1000.0                  # the score of a rollout that ends the game: far beyond any VP difference
PIECE_WORTH = {WAR_CANOE: 0.3, BAND: 0.2, COLONY: 0.5}   # future VP a piece on the map stands for
ROLLOUT_ACTIONS = 5000        # a rollout that has not reached its horizon after this many actions stops there


@dataclass
class Budget:
    """How long the bot may think at a plan point: `seconds` of wall time, or exactly `rollouts` rollouts (which
    makes its choices reproducible: tests and seeded matches use it)."""
    seconds: float | None = 0.25
    rollouts: int | None = None


@dataclass
class SearchStats:
    """What the bot has done so far: plan points searched, rollouts played, their actions, time thinking."""
    searches: int = 0
    rollouts: int = 0
    actions: int = 0
    seconds: float = 0.0
    widths: list[int] = field(default_factory=list)     # candidate plans per search


@dataclass
class Candidate:
    action: Action
    plan: dict[str, Any] | None = None

    def key(self) -> tuple[Action, tuple[Any, ...] | None]:
        plan = self.plan
        return (self.action, None if plan is None else (tuple(plan["take"]), plan["target"], plan["escort"]))


class SearchBot(RuleBot):
    """The Hard bot: rule-bot play, movement plans chosen by determinised rollouts. Stoppable: `stop()` makes a
    search in progress return the rule bot's own choice at once (the client calls it on quit, undo and load)."""

    def __init__(self, player: str, seed: int, rules: Ruleset | None = None, budget: Budget | None = None,
                 horizon: int = 1):
        super().__init__(player, seed, rules)
        self.seed = seed
        self.budget = budget or Budget()
        self.horizon = horizon            # rollouts stop when this many turns have begun after the plan point
        self.stats = SearchStats()
        self._stopped = threading.Event()
        self._sight: Any = None

    def stop(self) -> None:
        self._stopped.set()

    def __getstate__(self) -> dict[str, Any]:
        """The bot as it goes to think in another process (game/botpool.py) and comes back: all it keeps between
        decisions; the stop signal, which cannot cross, as whether it was given."""
        kept = dict(self.__dict__)
        kept["_stopped"] = self._stopped.is_set()
        kept["_sight"] = None
        return kept

    def __setstate__(self, kept: dict[str, Any]) -> None:
        stopped = kept.pop("_stopped")
        self.__dict__.update(kept)
        self._stopped = threading.Event()
        if stopped:
            self.stop()

    def plans_here(self, v: View) -> bool:
        """Whether this decision is a plan point, where the bot may search: the start of a party in its own
        Movement & Battle step (the client has such decisions thought in another process)."""
        movement = v.get("movement")
        return bool(movement and movement["player"] == self.player and not movement.get("battle")
                    and movement["phase"] == "move")

    def choose(self, view: Callable[[], View], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        self._sight = view
        try:
            return super().choose(view, legal)
        finally:
            self._sight = None

    def move(self, v: View, board: Board, legal: list[Action], verbs: set[str]) -> Action | None:
        if not self.plans_here(v) or not hasattr(self._sight, "sample"):
            return super().move(v, board, legal, verbs)
        if self.tried[0] != v["turn"]:
            self.tried = (v["turn"], set())
        candidates = self.candidates(board, legal)
        pick = candidates[0] if len(candidates) == 1 else self.search(v, candidates)
        self.plan = _copy(pick.plan)
        if pick.action.verb == "party":
            self.tried[1].add(self.rules.map.hex_of(pick.action.args[0]))
        return pick.action

    # --- The plans --------------------------------------------------------------------------------------------

    def candidates(self, board: Board, legal: list[Action]) -> list[Candidate]:
        """Every plan worth a rollout, the rule bot's own choice first (it wins ties)."""
        m = self.rules.map
        parties: list[Candidate] = []
        for a in legal:
            if a.verb == "party" and m.hex_of(a.args[0]) not in self.tried[1]:
                parties += [Candidate(a, plan) for plan in self.plans_from(board, m.hex_of(a.args[0]))]
        wanted = self.chain_wanted(board)
        raises = [Candidate(a) for a in legal if a.verb == "raise" and m.hex_of(a.args[0]) in wanted
                  and not board.mine(m.hex_of(a.args[0])).get("colony")][:1]
        end = Candidate(next(a for a in legal if a.verb == "end"))
        # The rule bot's choice: the first party with a plan of its own (plans_from lists that one first).
        ruled = [c for c in parties if c.plan is not None and c.plan.get("rule")][:1] or raises or [end]
        out, seen = [], set()
        for c in ruled + parties + raises + [end]:
            if c.key() not in seen:
                seen.add(c.key())
                out.append(c)
        return out

    def plans_from(self, board: Board, h: int) -> list[dict[str, Any]]:
        """The rule bot's plan for a party from `h`, then the alternatives: other colonies to found, attacks on
        independents and on other players' IGs within reach (the rule bot never attacks a player), other chain
        gaps to fill."""
        plans = []
        base = self.plan_from(board, h)
        if base is not None:
            plans.append({**base, "rule": True})
        mine = board.mine(h)
        up = board.stack(h, self.player)["face_up_canoe"]
        free_transports = mine.get("transport_canoe", 0) - (1 if up else 0)
        dist = board.distances(h)
        if mine.get("colony") and free_transports > 0:
            targets = sorted((t for t in board.colonisable() if t in dist and t != h), key=lambda t: (dist[t], t))
            plans += [{"take": ["transport_canoe", "colony"], "target": t, "escort": False} for t in targets[:3]]
        war = mine.get("war_canoe", 0)
        if war:
            take = ["war_canoe"] * war + ["warrior_band"] * min(mine.get("warrior_band", 0), war)
            plans += [{"take": list(take), "target": t, "escort": True} for t in self.attack_targets(board, h, war)]
        if free_transports > 0 and not mine.get("colony"):
            gaps = sorted((g for g in self.chain_wanted(board) if g in dist and g != h
                           and not board.stack(g, self.player)["face_up_canoe"]), key=lambda g: (dist[g], g))
            plans += [{"take": ["transport_canoe"], "target": g, "escort": False} for g in gaps[:2]]
        return plans

    def attack_targets(self, board: Board, h: int, war: int) -> list[int]:
        """IGs within two hexes held by another player, or independent with fewer local warriors than the
        party's war canoes can face (M4.3, M13)."""
        dist = board.distances(h, through_enemy=True)
        out = []
        for target, d in sorted(dist.items(), key=lambda item: (item[1], item[0])):
            if d == 0 or d > 2:
                continue
            owner = board.record(target).get("controller")
            if owner == "independent":
                printed = self.rules.map.island_at.get(target)
                if printed is not None and war + 1 >= printed.local_warriors:
                    out.append(target)
            elif owner is not None and owner != self.player:
                out.append(target)
        return out[:4]

    # --- The search ---------------------------------------------------------------------------------------------

    def search(self, v: View, candidates: list[Candidate]) -> Candidate:
        """Rounds of one rollout per plan on a fresh re-deal each, until the budget is spent; only complete
        rounds count, so every plan is judged on the same positions."""
        started = time.perf_counter()
        budget, sight = self.budget, self._sight
        totals = [0.0] * len(candidates)
        horizon = v["turn"] + self.horizon
        decision = self.stats.searches
        rollouts = rounds = 0
        while not self._stopped.is_set():
            world = sight.sample(rng.derive(self.seed, f"search/{self.player}/{decision}/{rounds}"))
            legal_actions(world)          # once: every plan's clone of this position shares the legal-action memo
            scores = []
            for c in candidates:
                scores.append(self.rollout(world, c, horizon))
                rollouts += 1
                if self._stopped.is_set() or (budget.seconds is not None
                                             and time.perf_counter() - started > budget.seconds):
                    break
            if len(scores) < len(candidates):
                break
            totals = [t + s for t, s in zip(totals, scores)]
            rounds += 1
            if budget.rollouts is not None and rollouts >= budget.rollouts:
                break
        self.stats.searches += 1
        self.stats.rollouts += rollouts
        self.stats.seconds += time.perf_counter() - started
        self.stats.widths.append(len(candidates))
        if self._stopped.is_set() or rounds == 0:
            return candidates[0]
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def rollout(self, world: GameState, candidate: Candidate, horizon: int) -> float:
        """Play the plan, then every player by the rule bot's policy, until `horizon` turn begins or the game
        ends; score the position for this bot."""
        s = world.clone()
        bots = {name: RuleBot(name, world.seed, self.rules) for name in s.names}
        me = bots[self.player]
        me.tried, me.plan = (self.tried[0], set(self.tried[1])), _copy(candidate.plan)
        if candidate.action.verb == "party":
            me.tried[1].add(self.rules.map.hex_of(candidate.action.args[0]))
        apply(s, candidate.action)
        stopped = self._stopped
        actions = 1 + play(s, ask(bots), until_turn=horizon, max_actions=ROLLOUT_ACTIONS - 1,
                           until=lambda _: stopped.is_set())
        self.stats.actions += actions
        return self.score(s)

    def score(self, s: GameState) -> float:
        """This bot's value minus the best other player's; a finished game is worth WIN, lost -WIN."""
        me = s.names.index(self.player)
        if is_over(s):
            if me not in s.winners:
                return -WIN
            return WIN if len(s.winners) == 1 else 0.0
        values = [_value(s, p) for p in range(s.players)]
        return values[me] - max(x for p, x in enumerate(values) if p != me)


def _value(s: GameState, p: int) -> float:
    """VP counted from scratch as if every card were shown (V1, V3: a claim reveals them), plus what the
    player's colonies, war canoes and warrior bands on the map stand for."""
    where = s.piece_hex
    worth = sum(w * sum(1 for pid in s.piece_ids[p][kind] if where[pid] >= 0) for kind, w in PIECE_WORTH.items())
    return float(victory.vp(s, p, include_hidden=True)) + worth


def _copy(plan: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if plan is None else {**plan, "take": list(plan["take"])}
