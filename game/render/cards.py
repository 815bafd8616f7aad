"""Cards as cards (issue 38): every Arts & Culture card (C6) and random event (A7) has a face drawn by the program,
its title, its kind in colour and in words, an illustration of its own (game/render/cardart.py) and its power;
the decks have a tapa-cloth back. Faces are pictures kept by (card, size, language, colour aid): a hand, a row, a
tooltip or a clip blits them, never draws them again.

A card moment (drawing, buying, revealing, playing) is a clip (`clip`, called by game/anim.py): a card slides from
the deck face down and turns face up only where the event names the card to this viewer (X9), a bought card
slides to its buyer's row, a revealed one turns over, a played one flies to the middle of the map, glows and
fades. The clips find the players' rows where the players' panel last drew them (`places`).
"""
from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

import pygame

import engine

from .. import theme, words
from ..anim import Anim, ToScreen
from . import cardart, tween

RATIO = 1.4                     # a card's height to its width (the printed cards' 5:7)
FLIP_STEPS = 12                 # the widths a turning card is drawn at (kept, not scaled every frame)
FADE_STEPS = 12                 # and its opacities
PAPER: theme.Colour = (250, 243, 226)
DECK_INK: theme.Colour = (62, 36, 20)

# Each kind's colour (the printed number's, C6; an event's title bar, A7), and its colour-vision-aid twin (the
# Okabe-Ito palette): the kind is also said in words on the face, so no card is told apart by colour alone.
FAMILIES: dict[str, tuple[theme.Colour, theme.Colour]] = {
    "red": ((172, 50, 38), (213, 94, 0)),
    "blue": ((38, 88, 162), (0, 114, 178)),
    "plain": ((120, 96, 64), (110, 110, 110)),
    "event": ((70, 92, 140), (0, 158, 115)),
    "kept": ((118, 72, 36), (230, 159, 0)),
}
BACKS: dict[str, tuple[theme.Colour, theme.Colour]] = {   # the two decks' backs: ground and pattern
    "card": ((176, 118, 66), (72, 40, 22)),
    "event": ((92, 70, 58), (226, 200, 150)),
}


@dataclass(frozen=True)
class Card:
    """A card as its face shows it: its deck ("card": Arts & Culture, "event": a random event) and key."""
    deck: str
    key: str

    @property
    def code(self) -> str:
        """The card's entry in the rules reference (game/help.py)."""
        return f"{self.deck}.{self.key}"


def arts(key: str) -> Card:
    """An Arts & Culture card (C6) by its key, as a view's hands and rows name them."""
    return Card("card", key)


EVENT_DECK = frozenset({"event_drawn", "event_revealed", "event_played", "event_kept"})   # their card is an event


def of_event(event: Mapping[str, Any]) -> Card | None:
    """The card an event names to this viewer, or None where it names none (a card drawn by another: X9)."""
    key = event.get("card")
    if not isinstance(key, str) or not key:
        return None
    planned = event.get("kind") == "build_planned" and event.get("item") == "event"      # an event to play (A7)
    return Card("event" if event.get("kind") in EVENT_DECK or planned else "card", key)


@cache
def known_rules() -> engine.Ruleset:
    """The rules whose cards the clips draw (config/: the cards are the same in every game)."""
    return engine.load_ruleset()


def family(card: Card, rules: engine.Ruleset) -> str:
    """The card's kind, as its colour says: red, blue or plain (C6), or an event played at once or kept (A7)."""
    if card.deck == "event":
        event = next((e for e in rules.events if e["id"] == card.key), None)
        return "kept" if event is not None and event.get("keep") else "event"
    found = next((c for c in rules.cards if c.key == card.key), None)
    return found.colour if found is not None and found.colour in FAMILIES else "plain"


def colour(card: Card, rules: engine.Ruleset) -> theme.Colour:
    normal, aided = FAMILIES[family(card, rules)]
    return aided if theme.aided else normal


def title(card: Card, rules: engine.Ruleset) -> str:
    return words.event_title(card.key, rules) if card.deck == "event" else words.card_title(card.key, rules)


def power(card: Card, rules: engine.Ruleset) -> str:
    """The card's power in words, in the language in use."""
    if card.deck == "card":
        return words.card_text(card.key, rules)
    event = next(e for e in rules.events if e["id"] == card.key)
    return words.translate(f"random_event.{card.key}.text", str(event["text"]))


def vp(card: Card, rules: engine.Ruleset) -> int | None:
    """The VP printed on an Arts & Culture card (None on an event)."""
    found = next((c for c in rules.cards if c.key == card.key), None) if card.deck == "card" else None
    return found.vp if found is not None else None


def every_card(rules: engine.Ruleset) -> list[Card]:
    """Each Arts & Culture card kind and random event once, in the rule files' order."""
    return [arts(c.key) for c in rules.cards] + [Card("event", str(e["id"])) for e in rules.events]


def size_of(width: int) -> tuple[int, int]:
    return width, round(width * RATIO)


# --- faces --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Printed:
    """What a face shows, in the language in use: the key of the pictures' cache (a Ruleset does not hash)."""
    card: Card
    title: str
    kind: str
    power: str
    vp: int | None
    ink: theme.Colour


def printed(card: Card, rules: engine.Ruleset) -> Printed:
    return Printed(card, title(card, rules), words.text(f"cardface.kind.{family(card, rules)}"), power(card, rules),
                   vp(card, rules), colour(card, rules))


def face(card: Card, width: int, rules: engine.Ruleset) -> pygame.Surface:
    """The card's face `width` pixels wide, with its shadow (kept by card, size, language and colour aid: what
    it prints says them)."""
    return _face(printed(card, rules), width)


@lru_cache(maxsize=96)
def _face(card: Printed, width: int) -> pygame.Surface:
    w, h = size_of(width)
    edge = max(2, round(w * 0.035))
    out = _blank(w, h)
    body = pygame.Rect(0, 0, w, h)
    ink = card.ink
    pygame.draw.rect(out, PAPER, body, border_radius=_radius(w))
    pygame.draw.rect(out, ink, body, edge, border_radius=_radius(w))
    inner = body.inflate(-edge * 3, -edge * 3)
    pygame.draw.rect(out, theme.mix(ink, PAPER, 0.55), inner, 1, border_radius=max(2, _radius(w) - edge))
    pad = max(3, round(w * 0.06))
    size = max(8, round(w * 0.095))                  # the title band
    band = pygame.Rect(inner.x, inner.y, inner.w, round(size * 1.6))
    pygame.draw.rect(out, ink, band, border_top_left_radius=max(2, _radius(w) - edge),
                     border_top_right_radius=max(2, _radius(w) - edge))
    badge = round(band.h * 0.42)
    room = band.w - pad * 2 - (badge * 2 + pad // 2 if card.vp is not None else 0)
    size = _shrunk(card.title, size, room, "bold")
    label = theme.text(theme.fit(card.title, size, room, "bold"), size, theme.WHITE, "bold")
    out.blit(label, label.get_rect(midleft=(band.x + pad, band.centery)))
    if card.vp is not None:                          # the VP number in a ring, as printed (C6)
        centre = (band.right - pad // 2 - badge, band.centery)
        pygame.draw.circle(out, PAPER, centre, badge)
        pygame.draw.circle(out, theme.INK, centre, badge, max(1, edge // 2))
        number = theme.text(str(card.vp), round(badge * 1.5), ink, "bold")
        out.blit(number, number.get_rect(center=centre))
    small = _shrunk(card.kind, max(8, round(w * 0.068)), inner.w - pad * 2, "semibold")
    kind = theme.text(theme.fit(card.kind, small, inner.w - pad * 2, "semibold"), small,
                      theme.mix(ink, theme.INK, 0.4), "semibold")
    body_size, lines = _power_lines(card.power, w, inner.w - pad * 2, h)
    line_h = theme.font(body_size).get_linesize()
    art_top = band.bottom + pad // 2                 # the illustration takes the room the words leave
    art_h = inner.bottom - pad - len(lines) * line_h - kind.get_height() - pad - art_top
    art = pygame.Rect(inner.x + pad // 2, art_top, inner.w - pad, max(8, art_h))
    cardart.draw(out, art, card.card.key, ink, zlib.crc32(card.card.code.encode()))
    pygame.draw.rect(out, theme.mix(ink, theme.INK, 0.5), art, max(1, edge // 2))
    y = art.bottom + pad // 3
    out.blit(kind, kind.get_rect(midtop=(inner.centerx, y)))
    y += kind.get_height() + pad // 3
    for line in lines:
        said = theme.text(line, body_size, theme.INK)
        out.blit(said, said.get_rect(midtop=(inner.centerx, y)))
        y += line_h
    return _shadowed(out)


def mini(card: Card, height: int, rules: engine.Ruleset) -> pygame.Surface:
    """The card as a small token `height` pixels tall, for a hand or a row: its colour and its picture, no words
    (its title stands beside it; pointing at it shows the face)."""
    return _mini(card, height, colour(card, rules))


def mini_width(height: int) -> int:
    return max(4, round(height / RATIO))


@lru_cache(maxsize=128)
def _mini(card: Card, height: int, ink: theme.Colour) -> pygame.Surface:
    w = mini_width(height)
    out = _blank(w, height)
    pygame.draw.rect(out, ink, out.get_rect(), border_radius=max(2, w // 5))
    edge = max(1, w // 8)
    art = out.get_rect().inflate(-edge * 2, -edge * 2)
    cardart.draw(out, art, card.key, ink, zlib.crc32(card.code.encode()))
    pygame.draw.rect(out, theme.INK, out.get_rect(), 1, border_radius=max(2, w // 5))
    return out


def _shrunk(said: str, size: int, room: float, weight: str) -> int:
    """The size a line fits `room` at, down to three quarters of `size` (then it is cut with an ellipsis)."""
    least = max(8, round(size * 0.75))
    while size > least and theme.font(size, weight).size(said)[0] > room:
        size -= 1
    return size


def _power_lines(said: str, w: int, room: int, h: int) -> tuple[int, tuple[str, ...]]:
    """The power's size and lines: as large as leaves the illustration a quarter of the card, never under the
    smallest size a face uses."""
    size = max(8, round(w * 0.072))
    while True:
        lines = theme.wrap(said, size, room)
        if len(lines) * theme.font(size).get_linesize() <= h * 0.42 or size <= max(8, round(w * 0.05)):
            return size, lines
        size -= 1


def back(deck: str, width: int) -> pygame.Surface:
    """A deck's back: tapa cloth, rows of triangles, zigzags and diamonds stamped in bark-brown."""
    return _back(deck, width)


@lru_cache(maxsize=16)
def _back(deck: str, width: int) -> pygame.Surface:
    w, h = size_of(width)
    ground, ink = BACKS[deck]
    out = _blank(w, h)
    body = pygame.Rect(0, 0, w, h)
    pygame.draw.rect(out, ground, body, border_radius=_radius(w))
    cloth = pygame.Surface((w, h), pygame.SRCALPHA)
    cardart.tapa(cloth, body.inflate(-round(w * 0.12), -round(w * 0.12)), ink, ground)
    out.blit(cloth, (0, 0))
    pygame.draw.rect(out, ink, body, max(2, round(w * 0.035)), border_radius=_radius(w))
    pygame.draw.rect(out, theme.mix(ground, PAPER, 0.5), body.inflate(-round(w * 0.09), -round(w * 0.09)),
                     max(1, round(w * 0.015)), border_radius=max(2, _radius(w) - 3))
    return _shadowed(out)


def _radius(w: int) -> int:
    return max(3, round(w * 0.07))


def _blank(w: int, h: int) -> pygame.Surface:
    return pygame.Surface((w, h), pygame.SRCALPHA)


def _shadowed(card: pygame.Surface) -> pygame.Surface:
    """The card over its soft shadow, a little below and right (SHADOW pixels of margin on every side)."""
    w, h = card.get_size()
    m = shadow_margin(w)
    out = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
    for i, alpha in enumerate((26, 34, 44)):
        grow = m - i * max(1, m // 3)
        pygame.draw.rect(out, (0, 0, 0, alpha), pygame.Rect(m - grow + m // 3, m - grow + m // 2, w + 2 * grow,
                                                             h + 2 * grow), border_radius=_radius(w) + grow)
    out.blit(card, (m, m))
    return out


def shadow_margin(width: int) -> int:
    return max(2, round(width * 0.04))


def sprite(card: Card | None, deck: str, width: int, turned: float, alpha: float,
           rules: engine.Ruleset) -> pygame.Surface:
    """A card as a clip shows it: its face (or its deck's back where `card` is None or `turned` < 0.5), narrowed
    as it turns (`turned` 0 to 1: back to face) and at an opacity, in a few steps kept once drawn."""
    squeeze = abs(math.cos(math.pi * min(1.0, max(0.0, turned))))
    step = max(1, round(squeeze * FLIP_STEPS))
    fade = max(0, round(alpha * FADE_STEPS))
    shown = printed(card, rules) if card is not None and turned >= 0.5 else None
    return _sprite(shown, deck, width, step, fade)


@lru_cache(maxsize=64)
def _sprite(card: Printed | None, deck: str, width: int, step: int, fade: int) -> pygame.Surface:
    whole = _face(card, width) if card is not None else back(deck, width)
    out = whole if step >= FLIP_STEPS else pygame.transform.scale(
        whole, (max(2, round(whole.get_width() * step / FLIP_STEPS)), whole.get_height()))
    if fade < FADE_STEPS:
        out = out.copy()
        out.set_alpha(round(255 * fade / FADE_STEPS))
    return out


@lru_cache(maxsize=8)
def glow(width: int, glowing: theme.Colour) -> pygame.Surface:
    """The light behind a card played: rings of its colour fading outward."""
    w, h = size_of(width)
    m = round(width * 0.25)
    out = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
    for i in range(8):
        grow = m * (8 - i) // 8
        pygame.draw.rect(out, (*glowing, 14 + i * 6), pygame.Rect(m - grow, m - grow, w + 2 * grow, h + 2 * grow),
                         border_radius=_radius(w) + grow)
    return out


def tooltip(screen: pygame.Surface, at: tuple[float, float], card: Card, rules: engine.Ruleset,
            unit: int) -> pygame.Rect:
    """The card's face, large, beside the pointer (`at`) and kept on the screen: what pointing at a card shows."""
    width = round(min(unit * 13, screen.get_height() / RATIO * 0.8))
    picture = face(card, width, rules)
    rect = picture.get_rect(topleft=(round(at[0] + unit), round(at[1] - picture.get_height() // 3)))
    if rect.right > screen.get_width():
        rect.right = round(at[0] - unit)
    rect.clamp_ip(screen.get_rect())
    screen.blit(picture, rect)
    return rect                     # not blit's answer, clipped to nothing while the frame is measured


# --- where cards go -----------------------------------------------------------------------------------------

@dataclass
class Places:
    """Where the players' panel last drew each player's row (game/scenes/table/players.py tells it): where a
    card bought, revealed or played starts or lands."""
    rows: dict[str, pygame.Rect] = field(default_factory=dict)


places = Places()


def row_of(player: str, screen: pygame.Surface, unit: int) -> tuple[float, float]:
    """The middle of a player's row, or of the left column where the row is not known."""
    rect = places.rows.get(player)
    if rect is not None:
        return float(rect.centerx), float(rect.centery)
    return unit * 8.0, screen.get_height() * 0.4


def deck_place(screen: pygame.Surface, unit: int) -> tuple[float, float]:
    """Where the decks lie: at the top of the map, beside the players' column."""
    return unit * 22.0, unit * 8.0


def middle(screen: pygame.Surface) -> tuple[float, float]:
    return screen.get_width() / 2, screen.get_height() * 0.45


# --- clips --------------------------------------------------------------------------------------------------

SLIDE, PLAY, SHOW = 0.7, 1.3, 1.1          # seconds at speed normal
Path = Callable[[float], tuple[tuple[float, float], float, float, float]]   # t -> (centre, scale, turned, alpha)


class CardClip(Anim):
    """A card moving over the table: its place, size, how far it has turned and its opacity at each moment."""

    def __init__(self, card: Card | None, deck: str, duration: float, path: Callable[[pygame.Surface, int], Path],
                 glowing: bool = False):
        super().__init__(duration, "card")
        self.card, self.deck, self.path, self.glowing = card, deck, path, glowing

    @property
    def focus(self) -> str | None:
        return None                      # drawn over the panels and the map, at no hex

    def draw(self, screen: pygame.Surface, where: ToScreen, unit: int) -> pygame.Rect | None:
        rules = known_rules()
        (x, y), scale, turned, alpha = self.path(screen, unit)(self.t)
        width = max(8, round(unit * 7 * scale))
        drawn: pygame.Rect | None = None
        if self.glowing and self.card is not None:
            light = tween.pulse(min(1.0, max(0.0, (self.t - 0.35) / 0.5)))
            if light > 0.05:
                halo = glow(width, colour(self.card, rules)).copy()
                halo.set_alpha(round(255 * light * alpha))
                drawn = halo.get_rect(center=(round(x), round(y)))
                screen.blit(halo, drawn)
        picture = sprite(self.card, self.deck, width, turned, alpha, rules)
        rect = picture.get_rect(center=(round(x), round(y)))
        screen.blit(picture, rect)
        return rect.union(drawn) if drawn is not None else rect       # where, even while the frame is measured


def _between(a: tuple[float, float], b: tuple[float, float], f: float) -> tuple[float, float]:
    return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f


def drawn_path(player: str, named: bool) -> Callable[[pygame.Surface, int], Path]:
    """From the deck to the drawer's row, face down; turned face up on the way only when the card is named."""
    def path(screen: pygame.Surface, unit: int) -> Path:
        start, end = deck_place(screen, unit), row_of(player, screen, unit)

        def at(t: float) -> tuple[tuple[float, float], float, float, float]:
            travel = tween.smooth(min(1.0, t / 0.75))
            turned = tween.smooth(min(1.0, max(0.0, (t - 0.2) / 0.4))) if named else 0.0
            size = 1.0 + 0.25 * tween.pulse(travel) if named else 1.0
            land = 0.6 + 0.4 * tween.out_back(min(1.0, max(0.0, (t - 0.75) / 0.25)))    # settles into the row
            return _between(start, end, travel), size * (land if t > 0.75 else 1.0), turned, \
                1.0 - max(0.0, (t - 0.9) / 0.1)
        return at
    return path


def turned_path(player: str) -> Callable[[pygame.Surface, int], Path]:
    """A card revealed: out of its owner's row, up and over, face up, a moment, and back."""
    def path(screen: pygame.Surface, unit: int) -> Path:
        home = row_of(player, screen, unit)
        shown = (home[0] + unit * 10, home[1])

        def at(t: float) -> tuple[tuple[float, float], float, float, float]:
            out = tween.out_back(min(1.0, t / 0.3))
            back_in = tween.in_back(max(0.0, (t - 0.8) / 0.2))
            place = _between(home, shown, out * (1 - back_in))
            turned = tween.smooth(min(1.0, max(0.0, (t - 0.15) / 0.3)))
            return place, 0.5 + 0.7 * out * (1 - back_in), turned, 1.0
        return at
    return path


def played_path(player: str) -> Callable[[pygame.Surface, int], Path]:
    """A card played: from its owner's row to the middle of the map (anticipation, then the throw), where it
    glows, then fades."""
    def path(screen: pygame.Surface, unit: int) -> Path:
        home, centre = row_of(player, screen, unit), middle(screen)

        def at(t: float) -> tuple[tuple[float, float], float, float, float]:
            fly = tween.in_back(min(1.0, t / 0.35)) if t < 0.35 else 1.0
            fly = tween.smooth(min(1.0, t / 0.35)) * 0.3 + fly * 0.7
            grow = tween.out_back(min(1.0, t / 0.45))
            return _between(home, centre, fly), 0.5 + 0.8 * grow, 1.0, 1.0 - max(0.0, (t - 0.8) / 0.2)
        return at
    return path


def clip(event: Mapping[str, Any], speed: float) -> Anim | None:
    """The clip of a card event (`speed`: anim.SPEED_FACTOR's factor; 0 makes none). A card is shown face up only
    where the event itself names it (X9): another's draw is a back sliding to their row."""
    kind, player = event.get("kind"), str(event.get("player", ""))
    if speed <= 0 or kind not in KINDS:
        return None
    card = of_event(event)
    deck = "event" if str(kind).startswith("event_") else "card"
    if kind in ("card_drawn", "event_drawn", "event_kept", "card_bought"):
        return CardClip(card, deck, SLIDE * speed * (1.6 if card is not None else 1.0),
                        drawn_path(player, card is not None))
    if kind in ("card_revealed", "event_revealed"):
        return CardClip(card, deck, SHOW * speed, turned_path(player))
    return CardClip(card, deck, PLAY * speed, played_path(player), glowing=True)


# The card events a clip tells (engine/views.py), and why the others have none.
KINDS = frozenset({"card_bought", "card_drawn", "card_revealed", "card_used", "event_drawn", "event_kept",
                   "event_revealed", "event_played", "battle_card"})
WITHOUT_CLIP = {
    "card_not_drawn": "the deck is empty (X23): no card moves; the log says so",
    "event_tie": "a choice between the marker and the event card; the event's own draw has its clip",
    "event_without_effect": "follows the event played, whose clip has shown the card",
}
