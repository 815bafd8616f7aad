"""Pass-and-play settings of a human seat (CLIENT.md, who sees what; RULES.md X8, X9, X33).

- A PIN (four digits, optional) that the hand-off asks for before it shows the seat's view. Only a salted hash
  is kept, in the game and beside its save.
- How the seat answers **card windows** (X6, X24, X26: a battle card before a roll, a reroll after one, Arioi
  before a battle, Deforestation after a claim): in person, with a hand-off like any decision out of turn; or
  by **standing orders**, set privately on the seat's own turn and applied by the client without a hand-off.
  The choice is public, so whether a hand-off happens never depends on hidden cards.

Standing orders say, per card or kept event with a window power, when to use it; everything else lets the
window pass. They decide nothing the player did not decide: they are the player's answers given in advance.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import Action, Ruleset, View

IN_PERSON, ORDERS = "person", "orders"
PIN_DIGITS = 4
# The answer that lets each kind of window pass: fight on (Arioi), roll without a card, accept the roll, decline
# to answer a claim.
PASS_VERBS = frozenset({"fight", "roll", "accept", "decline"})
# The powers a window offers, and the standing orders each may take (the first is the default).
ORDER_CHOICES = {
    "battle_modifier": ("never", "use"),        # Tattoo, Feather Cloak, A Leader Rises: before a roll
    "battle_reroll": ("never", "removed", "hurts"),   # Tiki: when the roll would remove a piece, or hurt at all
    "cancel_attack": ("never", "always"),       # Arioi: call off an attack against me
    "deforestation": ("never", "always"),       # Deforestation: answer a claim
}
# Until a player says otherwise: a power that costs nothing to use is used (a face-up card, once per battle); one
# that spends the card or the event (Arioi, Deforestation) is kept for the player to spend by choice.
DEFAULT_ORDERS = {"battle_modifier": "use", "battle_reroll": "removed", "cancel_attack": "never",
                  "deforestation": "never"}


def order_of(orders: Mapping[str, str], power: str, key: str) -> str:
    """The seat's standing order for a card or event with this window power."""
    return orders.get(key, DEFAULT_ORDERS[power])


@dataclass
class SeatSettings:
    """A human seat's pass-and-play settings: its PIN's hash (None: no PIN), how it answers card windows, and
    its standing orders (card or event id -> order)."""
    pin: str | None = None
    windows: str = IN_PERSON
    orders: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"pin": self.pin, "windows": self.windows, "orders": dict(self.orders)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeatSettings:
        """From a seats file; ValueError when a value is not one it could have written."""
        pin, windows, orders = data.get("pin"), data.get("windows", IN_PERSON), data.get("orders", {})
        if pin is not None and not (isinstance(pin, str) and len(pin) == 64):
            raise ValueError("pin: expected a PIN hash or null")
        if windows not in (IN_PERSON, ORDERS):
            raise ValueError(f"windows: expected {IN_PERSON!r} or {ORDERS!r}, got {windows!r}")
        if not isinstance(orders, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                   for k, v in orders.items()):
            raise ValueError("orders: expected a mapping of card ids to orders")
        return cls(pin, windows, dict(orders))


def pin_hash(seat: str, digits: str) -> str:
    """The salted hash kept for a seat's PIN."""
    return hashlib.sha256(f"paradise:{seat}:{digits}".encode()).hexdigest()


def pin_matches(settings: SeatSettings, seat: str, digits: str) -> bool:
    return settings.pin is None or pin_hash(seat, digits) == settings.pin


def window_power(rules: Ruleset, key: str) -> str | None:
    """The window power of a card or kept event, by its id (None if it has none)."""
    card = next((c for c in rules.cards if c.key == key), None)
    if card is not None:
        return next((e for e in ORDER_CHOICES if e in card.effect_ids), None)
    event = next((e for e in rules.events if e["id"] == key), None)
    if event is not None:
        return next((x["id"] for x in event["effects"] if x["id"] in ORDER_CHOICES), None)
    return None


# What a player may do at any of their decisions besides answering it (show a card, flip a tile, withdraw a
# rumor): a window offers them too, and standing orders never use them.
ANY_TIME = frozenset({"show", "flip", "withdraw"})


def is_window(legal: list[Action]) -> bool:
    """Whether a decision is a card window: a way to let it pass, cards or events to use, and the actions
    allowed at any time."""
    return any(a.verb in PASS_VERBS for a in legal) and all(a.verb in PASS_VERBS | ANY_TIME | {"use", "play"}
                                                           for a in legal)


def standing_answer(legal: list[Action], orders: Mapping[str, str], rules: Ruleset, rolled: int = 0) -> Action:
    """The answer a seat's standing orders give to a card window (`rolled`: the roll a reroll window is about,
    from the battle's public view)."""
    passing = next(a for a in legal if a.verb in PASS_VERBS)
    removed = bool(rolled) and rules.battle_die[rolled].endswith("removed")
    for action in legal:
        if action.verb not in ("use", "play") or not action.args:
            continue
        key = str(action.args[0])
        power = window_power(rules, key)
        if power is None:
            continue
        order = order_of(orders, power, key)
        if power == "battle_reroll":
            if order == "hurts" or (order == "removed" and removed):
                return action
        elif order in ("use", "always"):
            return action
    return passing


def standing(settings: SeatSettings | None, legal: list[Action], view: Callable[[], View], rules: Ruleset
             ) -> Action | None:
    """What a human seat's standing orders answer to the decision `legal` offers it: None unless the seat answers
    card windows by standing orders and this is one. `view()` is the seat's view, read only for the roll a
    reroll window is about. The match and the monkey's replay through the engine alone both ask this."""
    if settings is None or settings.windows != ORDERS or not is_window(legal):
        return None
    movement = view()["movement"]
    battle = movement.get("battle") if movement else None
    return standing_answer(legal, settings.orders, rules, battle["rolled"] if battle else 0)
