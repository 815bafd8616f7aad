"""Battle resolution (rules M8-M13, rulings X3, X4, X16, X17, X33).

A battle is a machine inside the mover's Movement step: the defender's moment before the rows form (call it off
with Arioi, or show a card that counts in it, X6), reveal and rows (M8.1-M8.3), die rounds with the owner of the
hit side choosing the piece (M8.4-M8.5) and the battle cards' windows around each roll (B4, X6), then the loser's
retreat (M9), the conqueror's saving of villages (M10), a new home for a player who lost theirs (M11) and the
winner's face-up canoe (M12). A card shown while it is fought works at once (Pa, `reinforced`).
A card window opens on public facts only (X33), so that it tells nobody what a player holds.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Final

from . import chance, changes, kumara, random_events
from .actions import Action, IllegalAction, act
from .board import enemy_ig, enemy_owners, garrison, has_enemy_combat_pieces
from .cards import (
    battle_cards,
    eliminates_retreating_bands,
    extra_local_warriors,
    may_hide,
    modifier,
    show_card,
    spend,
    usable_one_time,
    window_open,
)
from .ruleset import PIECES
from .south_island import other_island
from .state import (
    BAND,
    CHANCE_ACTOR,
    COLONY,
    INDEPENDENT,
    NOBODY,
    RUMOR,
    TRANSPORT,
    UNBUILT,
    WAR_CANOE,
    Event,
    GameState,
    event,
)
from .views import BattlePhase, BattleView, CardWindow, Decision, DecisionKind, Verb

ATTACKER, DEFENDER = 0, 1
LOCAL = "local_warrior"
CANCEL: Final = "cancel"
CARD: Final = "card"
ROLL: Final = "roll"
REROLL: Final = "reroll"
HIT: Final = "hit"
RETREAT: Final = "retreat"
CARRY: Final = "carry"
SAVE: Final = "save"
HOME: Final = "home"
RAISE: Final = "raise"
OVER: Final = "over"
SIDE_NAMES = ("attack", "defend")


class Battle:
    """One battle in progress. Side 0 attacks, side 1 defends (a player, or INDEPENDENT)."""

    __slots__ = ("hex", "sides", "ferried", "front", "panicked", "locals", "phase", "hit", "winner", "villages",
                 "saved", "retreat_to", "carry", "homeless", "window", "modifier", "carded", "used", "face",
                 "cancelled")

    def __init__(self, h: int, attacker: int, defender: int, ferried: tuple[int, ...] = ()):
        self.hex = h
        self.sides = (attacker, defender)
        self.ferried = ferried          # the attacker's bands that transport canoes brought: never in front (M5)
        self.front: tuple[list[int], list[int]] = ([], [])      # piece ids fighting
        self.panicked: tuple[list[int], list[int]] = ([], [])   # piece ids out of this battle (M8.4)
        self.locals = 0                 # local warriors still in the defender's front row (M8.2, M13)
        self.phase: BattlePhase = ROLL
        self.hit = ""                   # the die result waiting for its owner's choice of piece
        self.winner = -1                # ATTACKER or DEFENDER once decided
        self.villages = 0               # villages on the IG when the battle began (M10)
        self.saved = 0                  # villages the attacker saved (M10)
        self.retreat_to: list[int] = []  # equally near IGs the loser chooses between (M9); then the one chosen
        self.carry = [0, 0]             # bands and colonies the loser has chosen to keep aboard (M9, X17)
        self.homeless = -1              # a player who lost the home IG and must name another (M11)
        self.window = 0                 # the side whose battle-card window is open before the roll (X6)
        self.modifier = 0               # a battle card's change to the coming roll
        self.carded = False             # a card already affects this roll (B4: one card per roll)
        self.used: tuple[list[int], list[int]] = ([], [])    # battle cards used in this battle, per side
        self.face = 0                   # the roll waiting for the hurt side's reroll decision
        self.cancelled = False          # the defender called the attack off (Arioi)

    def clone(self) -> Battle:
        c = Battle.__new__(Battle)
        c.hex, c.sides, c.ferried, c.front = self.hex, self.sides, self.ferried, (self.front[0][:], self.front[1][:])
        c.panicked, c.locals, c.phase = (self.panicked[0][:], self.panicked[1][:]), self.locals, self.phase
        c.hit, c.winner, c.villages, c.saved = self.hit, self.winner, self.villages, self.saved
        c.retreat_to, c.carry, c.homeless = self.retreat_to[:], self.carry[:], self.homeless
        c.window, c.modifier, c.carded, c.face = self.window, self.modifier, self.carded, self.face
        c.used, c.cancelled = (self.used[0][:], self.used[1][:]), self.cancelled
        return c

    def to_dict(self) -> dict[str, Any]:
        return {slot: getattr(self, slot) for slot in self.__slots__}

    @property
    def over(self) -> bool:
        return self.phase == OVER


def _kinds(state: GameState, pids: list[int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for pid in pids:
        name = PIECES[state.piece_kind[pid]]
        out[name] = out.get(name, 0) + 1
    return out


def start(state: GameState, attacker: int, h: int, ferried: tuple[int, ...] = ()) -> tuple[Battle, list[Event]]:
    """A battle is about to start: the defender's moment before the rows form (`before_rows`); then it is fought.
    `ferried`: the attacker's bands there that transport canoes brought this turn."""
    defender = state.controller[h] if enemy_ig(state, h, attacker) else enemy_owners(state, h, attacker)[0]
    b = Battle(h, attacker, defender, ferried)
    if defender >= 0 and before_rows(state, b):
        b.phase = CANCEL
        changes.set_actor(state, defender)
        return b, [event("battle_announced", hex=state.rules.map.labels[h], attacker=state.names[attacker],
                         defender=state.names[defender])]
    return b, fight(state, b)


def before_rows(state: GameState, b: Battle) -> bool:
    """X6, X33 (revised): the defender has a moment before the rows form to call the attack off (Arioi, X26) or
    to show a card that counts in this battle (Pa on its own IG with villages, M8.2; Cannibalism, B4), the
    attacker having had theirs while moving. It opens on what the defender may hold by public facts alone."""
    defender = b.sides[DEFENDER]
    return (window_open(state, defender, "cancel_attack") or may_hide(state, defender, "eliminate_retreating_bands")
            or (defended_villages(state, b) > 0 and may_hide(state, defender, "extra_local_warriors")))


def defended_villages(state: GameState, b: Battle) -> int:
    """M8.2, M10: the villages of the IG the defender controls there (none at sea or on another's IG)."""
    return state.villages(b.hex) if state.controller[b.hex] == b.sides[DEFENDER] else 0


def fight(state: GameState, b: Battle) -> list[Event]:
    """M8.1-M8.3: everything in the hex is revealed, rumors leave, the rows form."""
    rules = state.rules
    h, (attacker, defender) = b.hex, b.sides
    events: list[Event] = []
    for pid in list(state.pieces_at(h)):
        if state.piece_kind[pid] == RUMOR:
            changes.unbuild(state, pid)
            events.append(event("rumor_removed", player=state.names[state.piece_owner[pid]],
                                hex=rules.map.labels[h]))
        else:
            changes.turn_face(state, pid, False)
    on_island = state.ig_squares(h) is not None
    for side, player in enumerate(b.sides):
        if player < 0:
            continue
        pids = list(state.pieces_at(h, player))
        canoes = [p for p in pids if state.piece_kind[p] == WAR_CANOE]
        bands = [p for p in pids if state.piece_kind[p] == BAND and p not in b.ferried]
        # Bands fight when they defend an IG or ride war canoes; the rest, and non-combat pieces, stay back.
        fighting = len(bands) if side == DEFENDER and on_island else min(len(bands), len(canoes))
        b.front[side].extend(canoes + bands[:fighting])
    if defender == INDEPENDENT:
        ig = rules.map.island_at[h]
        b.locals, b.villages = ig.local_warriors, ig.green           # M13: villages on every green square
    else:
        b.villages = defended_villages(state, b)
        b.locals = rules.local_warriors[min(b.villages, len(rules.local_warriors) - 1)]
        if b.villages:
            b.locals += extra_local_warriors(state, defender)
    defending = _kinds(state, list(state.pieces_at(h, defender))) if defender >= 0 else {}
    events.append(event("battle_started", hex=rules.map.labels[h], attacker=state.names[attacker],
                        defender=_name(state, defender),
                        attacker_pieces=_kinds(state, list(state.pieces_at(h, attacker))), defender_pieces=defending,
                        local_warriors=b.locals, villages=b.villages,
                        front=[_kinds(state, b.front[side]) for side in (ATTACKER, DEFENDER)],
                        back=[_kinds(state, _back_row(state, b, side)) for side in (ATTACKER, DEFENDER)]))
    if not b.front[DEFENDER] and not b.locals:
        events.append(event("battle_won_at_once", hex=rules.map.labels[h], attacker=state.names[attacker]))
        return events + finish(state, b, ATTACKER)                   # M8.3
    return events + next_roll(state, b)


def reinforced(state: GameState, b: Battle, player: int, before: int) -> None:
    """B4, C6: Pa shown by the defender of its IG while the battle is fought adds its local warriors at once
    (`before`: the defender's extra local warriors until then). Before the rows form `fight` counts them."""
    if player == b.sides[DEFENDER] and b.villages and b.winner < 0:
        b.locals += extra_local_warriors(state, player) - before


def modifier_cards(state: GameState, b: Battle, side: int) -> list[int]:
    player = b.sides[side]
    if player < 0 or b.carded:
        return []
    return [c for c in battle_cards(state, player, SIDE_NAMES[side], "battle_modifier") if c not in b.used[side]]


def reroll_cards(state: GameState, b: Battle, side: int) -> list[int]:
    player = b.sides[side]
    if player < 0 or b.carded:
        return []
    return [c for c in battle_cards(state, player, SIDE_NAMES[side], "battle_reroll") if c not in b.used[side]]


def event_aids(state: GameState, b: Battle) -> list[Action]:
    """A7: a kept event that helps in battle may be played in the card window of its side."""
    player = b.sides[b.window]
    if player < 0 or b.carded:
        return []
    side = SIDE_NAMES[b.window]
    return [a for a in random_events.playable(state, player, "battle")
            if random_events.effect_of(state, random_events.card_id(state, a.args[0]))["side"] in (side, "any")]


def next_roll(state: GameState, b: Battle) -> list[Event]:
    """Before each roll, the attacker then the defender may play a battle card (B4, X6); then the die."""
    b.modifier, b.carded, b.window = 0, False, ATTACKER
    return open_window(state, b)


def card_window(state: GameState, b: Battle, side: int, effect_id: str) -> bool:
    """X33: whether a side's card window opens, on public facts: a usable face-up card of the side, or a hand or
    kept events that might hide one. What the side really holds shows only in its legal actions."""
    player = b.sides[side]
    if player < 0 or b.carded:
        return False
    name = SIDE_NAMES[side]
    if window_open(state, player, effect_id, name, b.used[side]):
        return True
    return effect_id == "battle_modifier" and random_events.may_hide(state, player, "battle", name)


def open_window(state: GameState, b: Battle) -> list[Event]:
    while b.window <= DEFENDER:
        if card_window(state, b, b.window, "battle_modifier"):
            b.phase = CARD
            changes.set_actor(state, b.sides[b.window])
            return []
        b.window += 1
    b.phase = ROLL
    changes.set_actor(state, CHANCE_ACTOR)
    return []


def use_battle_card(state: GameState, b: Battle, side: int, card: int) -> list[Event]:
    """The card is revealed if hidden; it counts as used in this battle and for this roll (B4)."""
    player = b.sides[side]
    b.used[side].append(card)
    b.carded = True
    events = []
    if card in state.hand[player]:
        events += show_card(state, player, card)
    return events + [event("battle_card", hex=state.rules.map.labels[b.hex], player=state.names[player],
                           card=state.rules.cards[card].key)]


def _name(state: GameState, player: int) -> str:
    return "independent" if player == INDEPENDENT else state.names[player]


def front_kinds(state: GameState, b: Battle, side: int) -> list[str]:
    kinds = sorted({PIECES[state.piece_kind[p]] for p in b.front[side]})
    return kinds + [LOCAL] if side == DEFENDER and b.locals else kinds


def chance_outcomes(state: GameState) -> list[tuple[Action, Fraction]]:
    return chance.outcomes(state, chance.DICE)


def draw(state: GameState) -> Action:
    return chance.draw(state, chance.DICE)


def legal(state: GameState, b: Battle) -> list[Action]:
    labels = state.rules.map.labels
    keys = [c.key for c in state.rules.cards]
    if b.phase == CANCEL:
        return [act("use", keys[c]) for c in usable_one_time(state, b.sides[DEFENDER], "attacked")] + [act("fight")]
    if b.phase == CARD:
        return [act("use", keys[c]) for c in modifier_cards(state, b, b.window)] + event_aids(state, b) + [act("roll")]
    if b.phase == REROLL:
        return [act("use", keys[c]) for c in reroll_cards(state, b, hurt_side(state, b.face))] + [act("accept")]
    if b.phase == HIT:
        verb: Verb = "lose" if b.hit.endswith("removed") else "panic"
        side = ATTACKER if b.hit.startswith("attacker") else DEFENDER
        return [act(verb, kind) for kind in front_kinds(state, b, side)]
    if b.phase == RETREAT:
        return [act("retreat", labels[h]) for h in b.retreat_to]
    if b.phase == CARRY:
        return [act("carry", PIECES[BAND]), act("carry", PIECES[COLONY])]
    if b.phase == SAVE:
        return [act("save", kind) for kind in front_kinds(state, b, ATTACKER)] + [act("raze")]
    if b.phase == HOME:
        return [act("home", labels[h]) for h in state.controlled(b.homeless)]
    if b.phase == RAISE:
        return [act("raise", labels[b.hex]), act("done")] if winner_has_transport(state, b) else [act("done")]
    raise IllegalAction("no decision is pending in this battle")


def perform(state: GameState, b: Battle, action: Action) -> list[Event]:
    verb = action.verb
    if verb == "die":
        return rolled(state, b, chance.take(state, chance.DICE, action))
    if verb == "fight":
        return fight(state, b)
    if verb == "use" and b.phase == CANCEL:
        return cancel(state, b, state.rules.card_id(action.args[0]))
    if verb == "use" and b.phase == CARD:
        card = state.rules.card_id(action.args[0])
        b.modifier = modifier(state, card)
        b.window = DEFENDER + 1
        return use_battle_card(state, b, ATTACKER if state.actor == b.sides[ATTACKER] else DEFENDER, card) \
            + open_window(state, b)
    if verb == "play":
        card = random_events.card_id(state, action.args[0])
        b.modifier, b.carded, b.window = random_events.effect_of(state, card)["delta"], True, DEFENDER + 1
        return random_events.play(state, state.actor, action) + open_window(state, b)
    if verb == "roll":
        b.window += 1
        return open_window(state, b)
    if verb == "use" and b.phase == REROLL:
        events = use_battle_card(state, b, hurt_side(state, b.face), state.rules.card_id(action.args[0]))
        b.phase = ROLL
        changes.set_actor(state, CHANCE_ACTOR)
        return events + [event("reroll", hex=state.rules.map.labels[b.hex])]
    if verb == "accept":
        return roll(state, b, b.face)
    if verb in ("lose", "panic"):
        return apply_hit(state, b, action.args[0])
    if verb == "retreat":
        return retreat(state, b, state.rules.map.hex_of(action.args[0]))
    if verb == "carry":
        return carry(state, b, action.args[0])
    if verb == "save":
        return save(state, b, action.args[0])
    if verb == "raze":
        return conquer(state, b)
    if verb == "home":
        return new_home(state, b, state.rules.map.hex_of(action.args[0]))
    if verb in ("raise", "done"):
        return rejoin(state, b, verb == "raise")
    raise IllegalAction(f"{action} is not a battle action")


def hurt_side(state: GameState, face: int) -> int:
    return ATTACKER if state.rules.battle_die[face].startswith("attacker") else DEFENDER


def rolled(state: GameState, b: Battle, face: int) -> list[Event]:
    """The die shows a face; a card's modifier moves it (within 1-6); the side it hurts may reroll."""
    final = min(6, max(1, face + b.modifier))
    events = [event("die_rolled", hex=state.rules.map.labels[b.hex], face=face, modifier=b.modifier,
                    result=state.rules.battle_die[final])]
    if card_window(state, b, hurt_side(state, final), "battle_reroll"):
        b.face, b.phase = final, REROLL
        changes.set_actor(state, b.sides[hurt_side(state, final)])
        return events
    return events + roll(state, b, final)


def roll(state: GameState, b: Battle, face: int) -> list[Event]:
    """M8.4: the result stands; the owner of the side hit picks the piece (automatic with one kind)."""
    result = state.rules.battle_die[face]
    events: list[Event] = []
    b.hit = result
    side = ATTACKER if result.startswith("attacker") else DEFENDER
    kinds = front_kinds(state, b, side)
    if len(kinds) == 1:
        return events + apply_hit(state, b, kinds[0])
    b.phase = HIT
    changes.set_actor(state, b.sides[side])
    return events


def apply_hit(state: GameState, b: Battle, kind: str) -> list[Event]:
    side = ATTACKER if b.hit.startswith("attacker") else DEFENDER
    removed = b.hit.endswith("removed")
    owner = b.sides[side]
    if kind == LOCAL:
        b.locals -= 1                     # local warriors leave whether panicked or removed
    else:
        pid = next(p for p in b.front[side] if PIECES[state.piece_kind[p]] == kind)
        b.front[side].remove(pid)
        if removed:
            changes.unbuild(state, pid)
        else:
            b.panicked[side].append(pid)
    events = [event("piece_removed" if removed else "piece_panicked", hex=state.rules.map.labels[b.hex],
                    player=_name(state, owner), piece=kind)]
    b.hit = ""
    if not b.front[side] and not (side == DEFENDER and b.locals):
        return events + finish(state, b, 1 - side)                    # M8.5
    return events + next_roll(state, b)


def finish(state: GameState, b: Battle, winner: int) -> list[Event]:
    b.winner = winner
    events = [event("battle_won", hex=state.rules.map.labels[b.hex], winner=_name(state, b.sides[winner]),
                    loser=_name(state, b.sides[1 - winner]))]
    loser = b.sides[1 - winner]
    if loser < 0 or not any(True for _ in state.pieces_at(b.hex, loser)):
        return events + after_retreat(state, b)
    choices = retreat_choices(state, b, loser)
    if len(choices) > 1:
        b.retreat_to, b.phase = choices, RETREAT
        changes.set_actor(state, loser)
        return events
    return events + retreat(state, b, choices[0] if choices else -1)


def cancel(state: GameState, b: Battle, card: int) -> list[Event]:
    """Arioi: there is no battle; the attacker's pieces in the hex retreat (M9)."""
    b.cancelled = True
    events = spend(state, b.sides[DEFENDER], card)
    return events + [event("attack_cancelled", hex=state.rules.map.labels[b.hex])] + finish(state, b, DEFENDER)


def retreat_choices(state: GameState, b: Battle, loser: int) -> list[int]:
    """M9, X4: the nearest IGs the loser controls that hold no enemy combat pieces."""
    dist = state.rules.map.distance
    options = [h for h in state.controlled(loser) if h != b.hex and not has_enemy_combat_pieces(state, h, loser)]
    if not options:
        return []
    best = min(dist(b.hex, h) for h in options)
    return [h for h in options if dist(b.hex, h) == best]


def retreat_party(state: GameState, b: Battle) -> tuple[list[int], list[int], list[int], bool]:
    """The loser's survivors: canoes, bands, colonies, and whether bands are lost anyway (Cannibalism)."""
    loser = b.sides[1 - b.winner]
    kind_of = state.piece_kind
    pids = state.pieces_at(b.hex, loser)
    canoes = [p for p in pids if kind_of[p] in (TRANSPORT, WAR_CANOE)]
    bands = [p for p in pids if kind_of[p] == BAND]
    colonies = [p for p in pids if kind_of[p] == COLONY]
    eaten = b.sides[b.winner] >= 0 and not b.cancelled and eliminates_retreating_bands(state, b.sides[b.winner])
    return canoes, bands, colonies, eaten


def retreat(state: GameState, b: Battle, to: int) -> list[Event]:
    """M9, X17: each band and colony needs a transport or war canoe to carry it, else it is removed. When there
    are too few canoes for both, the owner chooses whom to keep (`carry`); after an attack called off (Arioi),
    whose stacks nobody has seen (X35), the canoes take bands first without asking, as a question would tell."""
    b.retreat_to = [to]
    canoes, bands, colonies, eaten = retreat_party(state, b)
    if to >= 0 and to == other_island(state, b.hex):     # A4: bands and colonies walk between the islands
        return withdraw(state, b, len(bands), len(colonies))
    if eaten:                                            # Cannibalism: the bands are lost whatever happens
        return withdraw(state, b, 0, min(len(colonies), len(canoes)))
    if bands and colonies and len(bands) + len(colonies) > len(canoes) > 0 and to >= 0 and not b.cancelled:
        b.phase, b.carry = CARRY, [0, 0]
        changes.set_actor(state, b.sides[1 - b.winner])
        return []
    kept_bands = min(len(bands), len(canoes))
    return withdraw(state, b, kept_bands, min(len(colonies), len(canoes) - kept_bands))


def carry(state: GameState, b: Battle, kind: str) -> list[Event]:
    """The loser puts one more band or colony aboard a retreating canoe; once the canoes are full, or only one
    kind is left to choose, the retreat goes ahead."""
    b.carry[0 if kind == PIECES[BAND] else 1] += 1
    canoes, bands, colonies, _ = retreat_party(state, b)
    seats = len(canoes) - sum(b.carry)
    more_bands, more_colonies = len(bands) - b.carry[0], len(colonies) - b.carry[1]
    if seats and more_bands and more_colonies:
        return []
    return withdraw(state, b, b.carry[0] + min(more_bands, seats), b.carry[1] + min(more_colonies, seats))


def withdraw(state: GameState, b: Battle, kept_bands: int, kept_colonies: int) -> list[Event]:
    """The loser's survivors go face down to the IG chosen (M9); bands and colonies beyond those kept are lost."""
    to = b.retreat_to[0]
    loser = b.sides[1 - b.winner]
    pids = list(state.pieces_at(b.hex, loser))
    canoes, bands, colonies, _ = retreat_party(state, b)
    keep = canoes + bands[:kept_bands] + colonies[:kept_colonies]
    lost = [p for p in pids if p not in keep] if to >= 0 else pids
    for pid in pids:
        changes.place(state, pid, UNBUILT if pid in lost else to)
    labels = state.rules.map.labels
    events = [event("retreat", player=state.names[loser], source=labels[b.hex],
                    to=labels[to] if to >= 0 else None, pieces=len(pids) - len(lost), removed=len(lost))]
    return events + after_retreat(state, b)


def after_retreat(state: GameState, b: Battle) -> list[Event]:
    """M10: an attacker who beat the defenders of an IG with villages may save some of them."""
    if b.cancelled:
        b.phase = OVER
        return [event("battle_over", hex=state.rules.map.labels[b.hex])]
    if b.winner == ATTACKER and is_conquest(state, b):
        if b.villages and can_save(state, b):
            b.phase = SAVE
            changes.set_actor(state, b.sides[ATTACKER])
            return []
        return conquer(state, b)
    return rejoin_or_ask(state, b)


def is_conquest(state: GameState, b: Battle) -> bool:
    """M10: a battle won on an IG conquers it only when it was fought against whoever holds the IG: its
    controller defended it, or it is independent (M13), or nobody controls it. A battle against pieces on an IG
    that the attacker controls, or that a player outside the battle controls, razes nothing and changes no
    controller (« l'attaquant d'un groupe d'îles », X39)."""
    if state.ig_squares(b.hex) is None:
        return False
    holder, defender = state.controller[b.hex], b.sides[DEFENDER]
    # Nobody controls it: a conquest of its garrison's holder, if it has one (M10, X22), else of whoever is there.
    return holder == defender or (holder == NOBODY and state.must_hold[b.hex] in (NOBODY, defender))


def can_save(state: GameState, b: Battle) -> bool:
    """M10, X3: a surviving front-row piece may be removed to save a village; on a printed IG the conqueror must
    keep one real piece there (M10, M13, X22), so the last one is never spent."""
    if not b.front[ATTACKER]:
        return False
    return b.hex not in state.rules.map.island_at or garrison(state, b.hex, b.sides[ATTACKER]) > 1


def save(state: GameState, b: Battle, kind: str) -> list[Event]:
    """X3: a surviving front-row piece, not panicked, leaves the game to save one village."""
    pid = next(p for p in b.front[ATTACKER] if PIECES[state.piece_kind[p]] == kind)
    b.front[ATTACKER].remove(pid)
    changes.remove_from_game(state, pid)
    b.saved += 1
    events = [event("village_saved", hex=state.rules.map.labels[b.hex], player=state.names[b.sides[0]],
                    piece=kind)]
    if b.saved == b.villages or not can_save(state, b):
        return events + conquer(state, b)
    return events


def conquer(state: GameState, b: Battle) -> list[Event]:
    """M10: all villages go (IA stays); saved ones become the winner's; the tile faces the winner's home."""
    h, attacker, defender = b.hex, b.sides[ATTACKER], b.sides[DEFENDER]
    rules = state.rules
    squares = state.ig_squares(h)
    assert squares is not None            # is_conquest: the battle was on an IG
    green = min(b.saved, squares[0])
    changes.set_villages(state, h, green, min(b.saved - green, state.ia[h]))
    changes.set_controller(state, h, attacker if b.saved else NOBODY)
    changes.face_home(state, h, attacker)
    if h in rules.map.island_at:
        changes.hold_printed_ig(state, h, attacker)     # M10, M13: the conqueror keeps a piece on a printed IG
    if b.saved and defender >= 0 and state.adv.kumara[defender]:
        events_kumara = kumara.gain(state, attacker, "conquest")          # A5: the loser keeps theirs
    else:
        events_kumara = []
    events = [event("conquest", hex=rules.map.labels[h], player=state.names[attacker], saved=b.saved,
                    controlled=bool(b.saved))] + events_kumara
    if defender >= 0:
        changes.clear_capital(state, h)
        if state.home[defender] == h:
            return events + lose_home(state, b, defender)
    return events + rejoin_or_ask(state, b)


def lose_home(state: GameState, b: Battle, player: int) -> list[Event]:
    """M11: the player names another controlled IG as home at once (automatic when there is one choice)."""
    options = state.controlled(player)
    if len(options) > 1:
        b.homeless, b.phase = player, HOME
        changes.set_actor(state, player)
        return [event("home_lost", player=state.names[player])]
    events = [event("home_lost", player=state.names[player])]
    if options:
        return events + new_home(state, b, options[0])
    changes.set_home(state, player, -1)
    return events + rejoin_or_ask(state, b)


def new_home(state: GameState, b: Battle, h: int) -> list[Event]:
    player = b.homeless if b.homeless >= 0 else b.sides[DEFENDER]
    changes.set_home(state, player, h)
    b.homeless = -1
    return [event("new_home", player=state.names[player], hex=state.rules.map.labels[h])] + rejoin_or_ask(state, b)


def winner_has_transport(state: GameState, b: Battle) -> bool:
    winner = b.sides[b.winner]
    return winner >= 0 and any(state.piece_kind[p] == TRANSPORT for p in state.pieces_at(b.hex, winner))


def rejoin_or_ask(state: GameState, b: Battle) -> list[Event]:
    """M12: the winner's pieces stay face down; the winner may turn one transport canoe face up."""
    winner = b.sides[b.winner]
    if winner_has_transport(state, b):
        b.phase = RAISE
        changes.set_actor(state, winner)
        return []
    return rejoin(state, b, False)


def rejoin(state: GameState, b: Battle, face_up: bool) -> list[Event]:
    winner = b.sides[b.winner]
    events: list[Event] = []
    if winner >= 0:
        for pid in state.pieces_at(b.hex, winner):
            changes.turn_face(state, pid, False)
        if face_up:
            pid = next(p for p in state.pieces_at(b.hex, winner) if state.piece_kind[p] == TRANSPORT)
            changes.turn_face(state, pid, True)
            events.append(event("canoe_face_up", player=state.names[winner], hex=state.rules.map.labels[b.hex]))
    b.phase = OVER
    return events + [event("battle_over", hex=state.rules.map.labels[b.hex])]


# Each stage that waits for a decision: its kind and rule (a hit is `lose` or `panic`, by the die's result), and
# the power a card window is open for.
DECISIONS: dict[BattlePhase, tuple[DecisionKind, str]] = {
    CANCEL: ("cancel_attack", "X26"), CARD: ("battle_card", "X24"), ROLL: ("battle_roll", "M8.4"),
    REROLL: ("reroll", "X24"), RETREAT: ("retreat", "M9"), CARRY: ("carry", "X17"), SAVE: ("save", "M10"),
    HOME: ("new_home", "M11"), RAISE: ("raise", "M12")}
WINDOWS: dict[BattlePhase, CardWindow] = {CANCEL: "cancel_attack", CARD: "battle_modifier", REROLL: "battle_reroll"}


def decision(state: GameState, b: Battle) -> Decision:
    """The battle's stage as the view's decision: where, between whom, which side decides (none while the die
    does) and what a card window is for. All of it public: a window opens on public facts (X33)."""
    hit: DecisionKind = "lose" if b.hit.endswith("removed") else "panic"
    kind, rule = (hit, "M8.4") if b.phase == HIT else DECISIONS[b.phase]
    out: Decision = {"kind": kind, "stage": b.phase, "rule": rule, "hex": state.rules.map.labels[b.hex],
                     "attacker": _name(state, b.sides[ATTACKER]), "defender": _name(state, b.sides[DEFENDER])}
    if state.actor != CHANCE_ACTOR:
        out["side"] = "attacker" if state.actor == b.sides[ATTACKER] else "defender"
    if b.phase in WINDOWS:
        out["window"] = WINDOWS[b.phase]
    return out


def view(state: GameState, b: Battle) -> BattleView:
    """Everyone sees both sides of a battle (M8.1: all pieces in the hex are revealed): the front row that
    fights, the back row (bands a transport canoe brought, non-combat pieces), the pieces that panicked, and
    the battle cards each side has used."""
    cards = state.rules.cards
    return {"hex": state.rules.map.labels[b.hex], "attacker": _name(state, b.sides[0]),
            "defender": _name(state, b.sides[1]), "phase": b.phase, "hit": b.hit,
            "front": [_kinds(state, b.front[0]),
                      {**_kinds(state, b.front[1]), **({LOCAL: b.locals} if b.locals else {})}],
            "back": [_kinds(state, _back_row(state, b, side)) for side in (ATTACKER, DEFENDER)],
            "panicked": [_kinds(state, b.panicked[0]), _kinds(state, b.panicked[1])],
            "cards": [[cards[c].key for c in b.used[side]] for side in (ATTACKER, DEFENDER)],
            "rolled": b.face if b.phase == REROLL else 0,      # the roll a side may have taken again (X24)
            "villages": b.villages}


def _back_row(state: GameState, b: Battle, side: int) -> list[int]:
    player = b.sides[side]
    if player == INDEPENDENT or b.phase == CANCEL or b.cancelled:   # nothing is revealed unless it is fought (X35)
        return []
    fighting = set(b.front[side]) | set(b.panicked[side])
    return [p for p in state.pieces_at(b.hex, player) if p not in fighting]
