"""A rule-based bot that plays to win: it explores, colonises, builds villages and canoe chains, buys cards
and attacks weak targets. Like every bot it sees the game only through observe() and the legal actions, plus
the printed rule tables (the map and the tiles' squares).
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from ..actions import Action
from ..rng import Random
from ..ruleset import Ruleset
from ..views import HexView, StackView, View

NO_STACK: StackView = {"pieces": 0, "face_up_canoe": False}      # a player's stack where there is none


class Board:
    """What the bot knows of the map this decision, read from its view."""

    def __init__(self, rules: Ruleset, view: View):
        self.rules, self.me = rules, view["you"]
        m = rules.map
        self.records: dict[int, HexView] = {m.hex_of(r["hex"]): r for r in view["hexes"]}
        home = next(p["home"] for p in view["players"] if p["name"] == self.me)
        self.home = m.hex_of(home) if home else -1
        self._open: dict[bool, frozenset[int]] = {}     # hexes a party may cross, without / with an escort
        self._distances: dict[tuple[int, bool], dict[int, int]] = {}

    def record(self, h: int) -> HexView:
        return self.records.get(h) or {"hex": self.rules.map.labels[h]}

    def stack(self, h: int, player: str | None) -> StackView:
        """The player's stack in the hex as the view shows it (NO_STACK if there is none)."""
        stacks = self.record(h).get("stacks")
        return stacks.get(player, NO_STACK) if stacks and player is not None else NO_STACK

    def known(self, h: int) -> bool:
        r = self.record(h)
        return self.rules.map.kinds[h] != "unknown" or r.get("ocean", False) or r.get("face_up", False)

    def enemy(self, h: int) -> bool:
        r = self.record(h)
        owner = r.get("controller")
        if owner is not None and owner != self.me:
            return True
        return any(name != self.me for name in r.get("stacks", {}))

    def mine(self, h: int) -> dict[str, int]:
        kinds: dict[str, int] = self.stack(h, self.me).get("kinds", {})
        return kinds

    def controlled(self) -> list[int]:
        return [h for h, r in self.records.items() if r.get("controller") == self.me]

    def squares(self, h: int) -> tuple[int, int, bool] | None:
        printed = self.rules.map.island_at.get(h)
        if printed is not None:
            return printed.green, printed.brown, printed.atoll
        name = self.record(h).get("tile")
        if not name:
            return None
        tile = self.rules.tiles[self.rules.tile_id(name)]
        return tile.green, tile.brown, tile.atoll

    def colonisable(self) -> list[int]:
        """Known island groups with room, controlled by nobody and free of enemies (B3)."""
        out = []
        for h, r in self.records.items():
            squares = self.squares(h)
            if squares is None or squares[2] or squares[0] == 0 or "controller" in r:
                continue
            if r.get("tile") and not r.get("face_up"):
                continue
            if not self.enemy(h):
                out.append(h)
        return out

    def distances(self, target: int, through_enemy: bool = False) -> dict[int, int]:
        """Hex steps to `target` through known hexes (enemy hexes barred unless escorted). Asked many times a
        decision, so the hexes open to a party and each answer are kept for the decision (callers must not change
        the dict)."""
        key = (target, through_enemy)
        dist = self._distances.get(key)
        if dist is not None:
            return dist
        open_hexes = self._open.get(through_enemy)
        if open_hexes is None:
            known = self.rules.map.printed.union(h for h, r in self.records.items()
                                                 if r.get("ocean") or r.get("face_up"))
            open_hexes = self._open[through_enemy] = known if through_enemy else known.difference(
                h for h in self.records if self.enemy(h))
        neighbors = self.rules.map.neighbors
        dist = self._distances[key] = {target: 0}
        frontier = deque([target])
        while frontier:
            h = frontier.popleft()
            for n in neighbors(h):
                if n not in dist and n in open_hexes:
                    dist[n] = dist[h] + 1
                    frontier.append(n)
        return dist


class RuleBot:
    """Plays a simple, purposeful plan; deterministic given its seed."""

    def __init__(self, player: str, seed: int, rules: Ruleset | None = None):
        from ..ruleset import load_ruleset
        self.player = player
        self.rules = rules or load_ruleset()
        self.random = Random(seed, f"bots/{player}")
        self.plan: dict[str, Any] | None = None
        self.tried: tuple[int, set[int]] = (0, set())    # (turn, hexes whose party was tried this turn)

    def choose(self, view: Callable[[], View], legal: list[Action]) -> Action:
        texts = {str(a): a for a in legal}
        verbs = {a.verb for a in legal}
        for always in ("claim", "settle", "convert"):
            if always in verbs:
                return next(a for a in legal if a.verb == always)
        v = view()
        board = Board(self.rules, v)
        pick = (self.turn_order(v, legal, verbs) or self.explore(v, board, legal, verbs)
                or self.fight(v, board, legal, verbs) or self.move(v, board, legal, verbs)
                or self.build(v, board, legal, verbs))
        if pick is not None:
            return pick
        for fallback in ("end", "done", "pass", "decline", "roll", "accept", "fight", "raze", "return"):
            if fallback in texts:
                return texts[fallback]
        return legal[self.random.below(len(legal))]

    # --- Turn order and random events ---------------------------------------------------------------------

    def turn_order(self, v: View, legal: list[Action], verbs: set[str]) -> Action | None:
        if "order" in verbs:
            return next(a for a in legal if a.verb == "order" and a.args[0] == self.player)
        if "choose" in verbs:
            return next(a for a in legal if a.args == ("marker",))
        for verb in ("target", "home"):
            if verb in verbs:
                options = [a for a in legal if a.verb == verb and a.args[0] != self.player]
                return (options or [a for a in legal if a.verb == verb])[0]
        plays = [a for a in legal if a.verb == "play"]
        if plays:
            return plays[0]
        return None

    # --- Exploration (E) -------------------------------------------------------------------------------------

    def unknown_around(self, board: Board, h: int) -> int:
        return sum(1 for n in self.rules.map.neighbors(h) if not board.known(n)
                   and self.rules.map.kinds[n] == "unknown")

    def explore(self, v: View, board: Board, legal: list[Action], verbs: set[str]) -> Action | None:
        m = self.rules.map
        if "premove" in verbs:
            options = [a for a in legal if a.verb == "premove"]
            return max(options, key=lambda a: (self.unknown_around(board, m.hex_of(a.args[0])),
                                               -m.distance(m.hex_of(a.args[0]), max(board.home, 0))))
        if "sail" in verbs:
            options = [a for a in legal if a.verb == "sail"]
            return min(options, key=lambda a: -1 if a.args[0] == "south_america" else min(
                m.distance(m.hex_of(a.args[0]), x) for x in m.south_america_adjacent))
        if "kumara" in verbs and "premove" not in verbs:
            return next(a for a in legal if a.verb == "kumara")
        if "reveal" in verbs and "keep" in verbs:
            return next(a for a in legal if a.verb == "reveal")
        if "course" in verbs:
            return next(a for a in legal if a.verb == "course")
        exploring = v.get("exploration")
        if exploring and exploring["player"] == self.player and ("explore" in verbs or "return" in verbs):
            targets = [a for a in legal if a.verb == "explore"]
            if targets and exploring["knots"] <= 2:
                return max(targets, key=lambda a: self.unknown_around(board, m.hex_of(a.args[0])))
            return next((a for a in legal if a.verb == "return"), None)
        return None

    # --- Battles (M8-M12) ------------------------------------------------------------------------------------

    def fight(self, v: View, board: Board, legal: list[Action], verbs: set[str]) -> Action | None:
        for verb in ("battle", "use", "retreat", "home"):
            if verb in verbs:
                return next(a for a in legal if a.verb == verb)
        if "carry" in verbs:                  # M9: colonies found the next villages; keep them first
            return next(a for a in legal if a.args == ("colony",))
        for verb in ("panic", "lose"):        # a battle's losses; the sea's too (A7, X28): the cheapest first
            if verb in verbs:
                order = ("local_warrior", "rumor", "transport_canoe", "colony", "warrior_band", "war_canoe")
                return min((a for a in legal if a.verb == verb), key=lambda a: order.index(a.args[0]))
        if "save" in verbs:
            movement = v["movement"]
            battle = movement.get("battle") if movement else None
            saved_any = (battle["villages"] if battle else 0) == 0
            return next(a for a in legal if a.verb == "save") if not saved_any else next(
                a for a in legal if a.verb == "raze")
        if "raze" in verbs:
            return next(a for a in legal if a.verb == "raze")
        if "raise" in verbs and "done" in verbs and "go" not in verbs and "take" not in verbs:
            return next(a for a in legal if a.verb == "raise")
        return None

    # --- Movement (M3-M7) ------------------------------------------------------------------------------------

    def move(self, v: View, board: Board, legal: list[Action], verbs: set[str]) -> Action | None:
        movement = v.get("movement")
        if not movement or movement["player"] != self.player or movement.get("battle"):
            return None
        m = self.rules.map
        if movement["phase"] == "transit":
            return next(a for a in legal if a.verb == "end")
        if movement["phase"] == "party":
            return self.party_step(board, m.hex_of(movement["party_at"]), legal, verbs)
        self.plan = None
        if self.tried[0] != v["turn"]:
            self.tried = (v["turn"], set())
        for a in legal:
            if a.verb != "party" or m.hex_of(a.args[0]) in self.tried[1]:
                continue
            h = m.hex_of(a.args[0])
            self.tried[1].add(h)
            plan = self.plan_from(board, h)
            if plan is not None:
                self.plan = plan
                return a
        for a in legal:
            if a.verb == "raise" and m.hex_of(a.args[0]) in self.chain_wanted(board) \
                    and not board.mine(m.hex_of(a.args[0])).get("colony"):
                return a
        return next(a for a in legal if a.verb == "end")

    def chain_wanted(self, board: Board) -> set[int]:
        """Hexes that would link controlled IGs to home with face-up canoes (M2, V1)."""
        if board.home < 0:
            return set()
        wanted = {board.home}
        home_dist = board.distances(board.home)
        for h in board.controlled():
            if h == board.home or h not in home_dist:
                continue
            step = h
            while step != board.home:
                wanted.add(step)
                step = min((n for n in self.rules.map.neighbors(step) if n in home_dist),
                           key=lambda n: home_dist[n])
        return wanted

    def plan_from(self, board: Board, h: int) -> dict[str, Any] | None:
        mine = board.mine(h)
        up = board.stack(h, self.player)["face_up_canoe"]
        free_transports = mine.get("transport_canoe", 0) - (1 if up else 0)
        if mine.get("colony") and free_transports > 0:
            targets = board.colonisable()
            dist = board.distances(h)
            reachable = [t for t in targets if t in dist and t != h]
            if reachable:
                target = min(reachable, key=lambda t: dist[t])
                return {"take": ["transport_canoe", "colony"], "target": target, "escort": False}
        if mine.get("war_canoe", 0) >= 2:
            attacked = self.attack_target(board, h, mine)
            if attacked is not None:
                take = ["war_canoe"] * mine["war_canoe"] + ["warrior_band"] * min(mine.get("warrior_band", 0),
                                                                                   mine["war_canoe"])
                return {"take": take, "target": attacked, "escort": True}
        if free_transports > 0 and not mine.get("colony"):
            gaps = [g for g in self.chain_wanted(board) if not board.stack(g, self.player)["face_up_canoe"]]
            dist = board.distances(h)
            gaps = [g for g in gaps if g in dist and g != h]
            if gaps:
                return {"take": ["transport_canoe"], "target": min(gaps, key=lambda g: dist[g]), "escort": False}
        return None

    def attack_target(self, board: Board, h: int, mine: dict[str, int]) -> int | None:
        strength = mine.get("war_canoe", 0) + min(mine.get("warrior_band", 0), mine.get("war_canoe", 0))
        dist = board.distances(h, through_enemy=True)
        best: int | None = None
        for ig in self.rules.map.islands:
            record = board.record(ig.hex)
            if record.get("controller") != "independent" or dist.get(ig.hex, 9) > 2:
                continue
            if strength >= ig.local_warriors + 2 and (best is None or dist[ig.hex] < dist[best]):
                best = ig.hex
        return best

    def party_step(self, board: Board, here: int, legal: list[Action], verbs: set[str]) -> Action:
        plan = self.plan
        done = next(a for a in legal if a.verb == "done")
        if plan is None or (here == plan["target"] and not plan["take"]):
            return done
        if plan["take"]:
            kind = plan["take"][0]
            take = next((a for a in legal if a.verb == "take" and a.args[0] == kind), None)
            plan["take"].pop(0)
            if take is not None:
                return take
            return self.party_step(board, here, legal, verbs)
        m = self.rules.map
        dist = board.distances(plan["target"], through_enemy=plan["escort"])
        moves = [a for a in legal if a.verb == "go" and dist.get(m.hex_of(a.args[0]), 99) < dist.get(here, 99)]
        if not moves:
            return done
        return min(moves, key=lambda a: dist[m.hex_of(a.args[0])])

    # --- Building (B) ----------------------------------------------------------------------------------------

    def build(self, v: View, board: Board, legal: list[Action], verbs: set[str]) -> Action | None:
        building = v.get("building")
        if not building or building.get("builder") != self.player or ("build" not in verbs and "buy" not in verbs):
            return None
        m = self.rules.map
        options = {str(a): a for a in legal}
        bp = sum(area["bp"] for area in building.get("areas", []))
        pending = building["pending"]

        def count(item: str) -> int:
            return sum(1 for p in pending if p["item"] == item)

        for a in legal:
            if a.verb == "build" and a.args[0] == "village":
                return a
        for a in legal:
            if a.verb == "build" and a.args[0] == "improved_agriculture" and bp >= 3:
                return a
        targets = board.colonisable()
        colonies = sum(board.mine(h).get("colony", 0) for h in board.records) + count("colony")
        home = m.labels[board.home] if board.home >= 0 else None
        if targets and colonies < min(2, len(targets)) and home and f"build colony {home}" in options:
            return options[f"build colony {home}"]
        if colonies and home and count("transport_canoe") < 1 and f"build transport_canoe {home}" in options:
            return options[f"build transport_canoe {home}"]
        for a in legal:
            if a.verb == "raise":
                return a
        wanted = self.chain_wanted(board)
        for h in sorted(wanted):
            stacks = board.stack(h, self.player)
            if not stacks["face_up_canoe"] and h in board.controlled():
                key = f"build transport_canoe {m.labels[h]}"
                if key in options and count("transport_canoe") < 2:
                    return options[key]
        fleet = sum(board.mine(h).get("war_canoe", 0) for h in board.records) + count("war_canoe")
        bands = sum(board.mine(h).get("warrior_band", 0) for h in board.records) + count("warrior_band")
        if home and fleet < 3 and f"build war_canoe {home}" in options and v["turn"] > 4:
            return options[f"build war_canoe {home}"]
        if home and bands < fleet and f"build warrior_band {home}" in options:
            return options[f"build warrior_band {home}"]
        buys = [a for a in legal if a.verb == "buy"]
        if buys:
            return buys[0]
        return next(a for a in legal if a.verb == "end")
