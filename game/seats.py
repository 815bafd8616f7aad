"""Pass-and-play settings of a human seat (CLIENT.md, who sees what; RULES.md X8, X9, X33).

- A PIN (four digits, optional) that the hand-off asks for before it shows the seat's view. Only a slow hash with
  a random salt is kept, in the game and in its save; wrong tries make the keypad wait longer and longer, counted
  in the save too (a game opened again goes on counting), and a PIN forgotten, or one the save holds in a form
  that cannot be checked, is cleared with the other players' consent at the game's own hand-off (never in a
  replay). A curtain against a glance at a shared screen, not a lock (README).
- How the seat answers **card windows** (X6, X24, X26: a battle card before a roll, a reroll after one, Arioi
  before a battle, Deforestation after a claim): in person, with a hand-off like any decision out of turn; or
  by **standing orders**, set privately on the seat's own turn and applied by the client without a hand-off.
  The choice is public, so whether a hand-off happens never depends on hidden cards.

Standing orders say, per card or kept event with a window power, when to use it; everything else lets the
window pass. They decide nothing the player did not decide: they are the player's answers given in advance.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import Action, Ruleset, View

IN_PERSON, ORDERS = "person", "orders"
PIN_DIGITS = 4
# A PIN's hash: scrypt (memory-hard, in the standard library) of the seat's name and the digits, with a random salt
# per PIN, kept as "scrypt$n$r$p$salt$hash" (hex) so that the parameters can change later. N = 2**14, r = 12,
# p = 1 (24 MiB) cost 70-90 ms a check on the development machine (2 cores, issue 26), so trying all 10,000 PINs
# takes about 13 minutes of a core, where the sha256 salted with the seat's name before took 8 ms. A check is
# made once per PIN typed, never per frame: the window stops that long.
SCRYPT_COST = (2 ** 14, 12, 1)
SALT_BYTES, HASH_BYTES = 16, 32
# What a stored hash may ask of scrypt: its memory (128 r (N + p + 2) bytes) and work (N r p), so that a seats file
# cannot make a check take minutes or the machine's memory. Both are well above today's cost.
SCRYPT_MEMORY, SCRYPT_WORK = 64 * 2 ** 20, 2 ** 22
SCRYPT_FORM = re.compile(r"scrypt\$([1-9][0-9]{0,7})\$([1-9][0-9]{0,3})\$([1-9][0-9]{0,3})"
                         r"\$((?:[0-9a-f]{2}){16,64})\$((?:[0-9a-f]{2}){16,64})")
# The form of before issue 26: sha256 of "paradise:{seat}:{digits}", 64 hex digits. Still checked, and replaced by
# the new form the first time the PIN is typed right.
LEGACY_FORM = re.compile(r"[0-9a-f]{64}")
# The PIN of a seat whose stored one cannot be checked (junk in the save, kept by a lenient load): no digits open
# it; the hand-off offers only to clear it, with the other players' consent.
PIN_UNUSABLE = "unusable"
# Seconds the hand-off's keypad waits after the 1st, 2nd, 3rd ... wrong PIN in a row; the last holds from then on.
PIN_WAITS = (0.0, 0.0, 2.0, 4.0, 8.0, 16.0, 32.0, 60.0)
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
class PinGuard:
    """A seat's wrong PINs in a row at its hand-off and the wait they earned (PIN_WAITS), kept in the save with
    the seat's settings: a program restarted between tries would otherwise get three free tries a launch (issue
    36). The wait runs down on the hand-off's frames (`tick`), not the wall clock, so a closed game's wait is
    still to be sat out when it is opened again."""
    wrong: int = 0
    wait: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"wrong": self.wrong, "wait": self.wait}

    @classmethod
    def from_dict(cls, data: object) -> PinGuard:
        """From a save (a save of before issue 36 has none: no wrong try); ValueError naming the key unless it
        is a count and a wait this client could have written."""
        if data is None:
            return cls()
        wrong, wait = (data.get("wrong"), data.get("wait")) if isinstance(data, dict) else (None, None)
        if isinstance(wrong, bool) or not isinstance(wrong, int) or wrong < 0 or isinstance(wait, bool) \
                or not isinstance(wait, (int, float)) or not 0 <= wait <= PIN_WAITS[-1]:
            raise ValueError(f'guard: expected {{"wrong": a count, "wait": 0 to {PIN_WAITS[-1]:g} seconds}}')
        return cls(wrong, float(wait))

    def record(self, right: bool) -> None:
        """A PIN was typed: a right one forgives the wrong ones; a wrong one may earn a wait."""
        self.wrong = 0 if right else self.wrong + 1
        self.wait = PIN_WAITS[min(self.wrong, len(PIN_WAITS)) - 1] if self.wrong else 0.0

    def tick(self, dt: float) -> None:
        self.wait = max(0.0, self.wait - dt)


@dataclass
class SeatSettings:
    """A human seat's pass-and-play settings: its PIN's hash (None: no PIN), how it answers card windows, and
    its standing orders (card or event id -> order); the guard on its PIN, and `keep`, how a change to the guard
    is kept at once where the game keeps it (the match's autosave, a replay's save: game/replay.py)."""
    pin: str | None = None
    windows: str = IN_PERSON
    orders: dict[str, str] = field(default_factory=dict)
    guard: PinGuard = field(default_factory=PinGuard, compare=False, repr=False)
    keep: Callable[[], None] | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {"pin": self.pin, "windows": self.windows, "orders": dict(self.orders), "guard": self.guard.to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, unusable_pin: bool = False) -> SeatSettings:
        """From a save; ValueError when a value is not one it could have written. With `unusable_pin`, a PIN that
        cannot be checked is kept as PIN_UNUSABLE instead, so that junk in the file neither stops the game from
        opening nor locks the seat out: its hand-off offers to clear the PIN."""
        pin, windows, orders = data.get("pin"), data.get("windows", IN_PERSON), data.get("orders", {})
        try:
            check_pin(pin)
        except ValueError:
            if not unusable_pin:
                raise
            pin = PIN_UNUSABLE
        if windows not in (IN_PERSON, ORDERS):
            raise ValueError(f"windows: expected {IN_PERSON!r} or {ORDERS!r}, got {windows!r}")
        if not isinstance(orders, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                   for k, v in orders.items()):
            raise ValueError("orders: expected a mapping of card ids to orders")
        return cls(pin, windows, dict(orders), PinGuard.from_dict(data.get("guard")))

    def unlock(self, seat: str, digits: str) -> bool:
        """Whether the digits typed at the seat's hand-off open it, counted by its guard, which is kept (`keep`)
        before the answer is shown: killing the program once it says "wrong" cannot undo the count."""
        was = self.guard.wrong
        right = pin_matches(self, seat, digits)
        self.guard.record(right)
        if self.keep is not None and (not right or was):
            self.keep()
        return right

    def clear_pin(self) -> None:
        """With every other player's consent (the hand-off's "Forgot PIN"): no PIN, and no wait."""
        self.pin, self.guard = None, PinGuard()


def secret(seat: str, digits: str) -> bytes:
    """What a PIN's hash is made of: the seat's name binds it to the seat."""
    return f"paradise:{seat}:{digits}".encode()


def derive(seat: str, digits: str, n: int, r: int, p: int, salt: bytes, size: int) -> bytes:
    return hashlib.scrypt(secret(seat, digits), salt=salt, n=n, r=r, p=p, maxmem=SCRYPT_MEMORY, dklen=size)


def pin_hash(seat: str, digits: str) -> str:
    """The form kept for a seat's PIN: scrypt at SCRYPT_COST with a new random salt (so the same PIN twice is
    kept as two different strings)."""
    n, r, p = SCRYPT_COST
    salt = secrets.token_bytes(SALT_BYTES)
    return f"scrypt${n}${r}${p}${salt.hex()}${derive(seat, digits, n, r, p, salt, HASH_BYTES).hex()}"


def scrypt_of(pin: str) -> tuple[int, int, int, bytes, bytes]:
    """A stored scrypt hash's n, r, p, salt and digest; ValueError naming the key unless it is one, at a cost this
    client will pay."""
    found = SCRYPT_FORM.fullmatch(pin)
    if found is None:
        raise ValueError('pin: expected null, "scrypt$n$r$p$salt$hash" (hex), a sha256 hash (64 hex digits) or '
                         f"{PIN_UNUSABLE!r}")
    n, r, p = (int(found[k]) for k in (1, 2, 3))
    if n < 2 or n & (n - 1):
        raise ValueError(f"pin: scrypt's n must be a power of 2, not {n}")
    if 128 * r * (n + p + 2) > SCRYPT_MEMORY or n * r * p > SCRYPT_WORK:
        raise ValueError(f"pin: scrypt's n={n}, r={r}, p={p} ask more memory or work than a check may take")
    return n, r, p, bytes.fromhex(found[4]), bytes.fromhex(found[5])


def check_pin(pin: object) -> None:
    """ValueError naming the key unless `pin` is a PIN this client writes or reads: null, PIN_UNUSABLE, scrypt's
    form or the legacy sha256."""
    if pin is None or pin == PIN_UNUSABLE:
        return
    if not isinstance(pin, str):
        raise ValueError(f"pin: expected a PIN hash or null, not {type(pin).__name__}")
    if not LEGACY_FORM.fullmatch(pin):
        scrypt_of(pin)


def pin_matches(settings: SeatSettings, seat: str, digits: str) -> bool:
    """Whether the digits open the seat: any where it has no PIN, none where its PIN is unusable. A legacy hash
    that matches is replaced by the new form, saved with the game from then on."""
    pin = settings.pin
    if pin is None or pin == PIN_UNUSABLE:
        return pin is None
    if LEGACY_FORM.fullmatch(pin):
        right = hmac.compare_digest(hashlib.sha256(secret(seat, digits)).hexdigest(), pin)
        if right:
            settings.pin = pin_hash(seat, digits)
        return right
    n, r, p, salt, digest = scrypt_of(pin)
    return hmac.compare_digest(derive(seat, digits, n, r, p, salt, len(digest)), digest)


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
