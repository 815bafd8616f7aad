"""Button prompts: the glyph of what does an intent on the device used last, its name for sentences, and hint bars.

A player with a pad in hand reads "A" on an Xbox pad, a blue cross on a PlayStation one and a grey "A" on a
Nintendo one; with the keys, keycaps; with the mouse, a mouse. Every glyph is drawn with pygame.draw and the
bundled font at the height asked for (crisp at every size, never a scaled bitmap) and cached by style, intent,
size and language (a key's name is the language's: "Enter", "Entrée"). Scenes draw their hint bars each frame
from `app.input`, so the glyphs change the moment the player picks up another device. The words of a glyph (a
key's name, "LB", "Cross") come from the catalog.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Protocol

import pygame

from .. import theme, words
from ..input import MOUSE, PAD

Hint = tuple[str, str]                      # an intent and what it does here, in words

# What does each intent: the buttons of a pad (by SDL's names, the same on every make), the keys, the mouse (the
# intents the mouse has no button for are keys).
PAD_BUTTONS: dict[str, tuple[str, ...]] = {
    "select": ("a",), "back": ("b",), "fit": ("x",), "palette": ("y",), "menu": ("start",), "log": ("view",),
    "prev": ("lb",), "next": ("rb",), "step": ("rb", "lb"), "zoom": ("lt", "rt"), "cursor": ("dpad",),
    "pan": ("rs",), "help": ("r3",),
}
KEY_BUTTONS: dict[str, tuple[str, ...]] = {
    "select": ("enter",), "back": ("esc",), "menu": ("m",), "log": ("l",), "prev": ("shift_tab",),
    "next": ("tab",), "step": ("tab",), "palette": ("p",), "fit": ("f",), "help": ("f1",), "undo": ("u",),
    "cursor": ("arrows",), "zoom": ("plus", "minus"), "pan": ("wasd",), "erase": ("backspace",),
}
MOUSE_BUTTONS: dict[str, tuple[str, ...]] = {
    **{k: KEY_BUTTONS[k] for k in ("menu", "log", "palette", "fit", "help", "undo", "erase")},
    "select": ("click",), "back": ("right_click",), "zoom": ("wheel",), "pan": ("drag",),
}
KEYS_STYLE = "keys"
PAD_STYLES = ("xbox", "playstation", "nintendo")
STYLES = (MOUSE, KEYS_STYLE, *PAD_STYLES)

# Colours of the faces, as each maker prints them.
XBOX_FACES = {"a": (106, 190, 48), "b": (232, 62, 54), "x": (44, 132, 238), "y": (250, 198, 32)}
PS_FACES = {"a": (128, 170, 236), "b": (240, 92, 102), "x": (226, 140, 206), "y": (62, 200, 172)}
PS_SHAPES = {"a": "cross", "b": "circle", "x": "square", "y": "triangle"}
BODY = (44, 44, 52)                         # a pad's button: dark, with a light rim, clear on paper and on the sea
RIM = (214, 214, 222)
NINTENDO_BODY = (132, 132, 142)
CAP = (250, 247, 240)                       # a keycap and the mouse: light, with a dark edge and a lip
CAP_EDGE = (70, 62, 56)
CAP_LIP = (186, 176, 162)


class Device(Protocol):
    """What the prompts read of the input layer: the device used last and the face style of its pad."""
    device: str

    @property
    def family(self) -> str: ...


def style(device: Device) -> str:
    """The glyphs to show: the pad's family with a pad, else the keys' or the mouse's."""
    return device.family if device.device == PAD else device.device


def buttons(style_: str, intent: str) -> tuple[str, ...]:
    """The buttons or keys that do an intent in a style (none: the device has none for it)."""
    table = PAD_BUTTONS if style_ in PAD_STYLES else MOUSE_BUTTONS if style_ == MOUSE else KEY_BUTTONS
    return table.get(intent, ())


def button_key(style_: str, button: str) -> str:
    """The catalog key of a button's printed name (the mouse's keys are the keys')."""
    kind = style_ if style_ in PAD_STYLES or button in MOUSE_PARTS else KEYS_STYLE
    return f"button.{kind}.{button}"


def button_name(style_: str, button: str) -> str:
    """A button's printed name: "LB", "Cross", "Enter"."""
    return words.text(button_key(style_, button))


def name(style_: str, intent: str) -> str:
    """What does an intent, in words for a sentence: "RB / LB", "R1 / L1", "Tab"; "" when nothing does."""
    return words.text("button.or").join(button_name(style_, b) for b in buttons(style_, intent))


def names(device: Device) -> dict[str, str]:
    """The names of every intent's buttons on the device used last, to fill a sentence's {select}, {step}..."""
    shown = style(device)
    return {intent: name(shown, intent) for intent in {*PAD_BUTTONS, *KEY_BUTTONS}}


def variant(device: Device, key: str) -> str:
    """The catalog sentence to say how a thing is done on the device: `key.mouse` (or `key.keys`, `key.pad`)
    where the device has one of its own, else `key`; its {intent} fields take `names(device)`."""
    own = f"{key}.{device.device}"
    return own if own in words.EN else key


# --- the glyphs ---------------------------------------------------------------------------------------------------

Drawer = Callable[[pygame.Surface, pygame.Rect, str, str], None]      # surface, rect, style, button


def caption(surface: pygame.Surface, key: str, centre: tuple[float, float], size: int, colour: theme.Colour,
            weight: str = "bold") -> None:
    """A glyph's letters (the catalog's `key`), centred (through theme.text: the layout test sees them)."""
    label = theme.text(words.text(key), size, colour, weight)
    surface.blit(label, label.get_rect(center=(round(centre[0]), round(centre[1]))))


GROW = 1.6               # a glyph's height over the size of its letters: none smaller than the hint's words


def caption_size(height: int) -> int:
    """The size of a glyph's letters at its height (never under the words beside it: `glyph_height`)."""
    return math.ceil(height / GROW)


def disc(surface: pygame.Surface, centre: tuple[float, float], radius: float, fill: theme.Colour,
         edge: theme.Colour) -> None:
    """A smooth round button with a rim."""
    x, y = round(centre[0]), round(centre[1])
    r = max(2, math.floor(radius))
    pygame.draw.circle(surface, edge, (x, y), r)
    pygame.draw.circle(surface, fill, (x, y), max(1, r - max(1, round(r * 0.12))))
    pygame.draw.aacircle(surface, edge, (x, y), r, 1)


def face(surface: pygame.Surface, rect: pygame.Rect, style_: str, button: str) -> None:
    """A face button: a letter in its colour (Xbox), a shape in its colour (PlayStation), a white letter on grey
    (Nintendo)."""
    r = rect.h / 2 - 1
    centre = rect.center
    if style_ == "nintendo":
        disc(surface, centre, r, NINTENDO_BODY, BODY)
        caption(surface, button_key(style_, button), centre, caption_size(rect.h), theme.WHITE)
        return
    disc(surface, centre, r, BODY, RIM)
    if style_ == "xbox":
        caption(surface, button_key(style_, button), centre, caption_size(rect.h), XBOX_FACES[button])
        return
    ps_shape(surface, PS_SHAPES[button], centre, r * 0.46, PS_FACES[button], max(2, round(rect.h * 0.1)))


def ps_shape(surface: pygame.Surface, shape: str, centre: tuple[float, float], r: float, colour: theme.Colour,
             width: int) -> None:
    """PlayStation's cross, circle, square or triangle, in outline."""
    x, y = centre
    if shape == "cross":
        for dx in (-1, 1):
            pygame.draw.line(surface, colour, (x - r * dx, y - r), (x + r * dx, y + r), width)
    elif shape == "circle":
        pygame.draw.circle(surface, colour, (round(x), round(y)), max(2, round(r)), width)
    elif shape == "square":
        side = round(r * 1.7)
        pygame.draw.rect(surface, colour, pygame.Rect(round(x - side / 2), round(y - side / 2), side, side), width)
    else:
        points = [(x, y - r * 1.05), (x + r * 1.1, y + r * 0.8), (x - r * 1.1, y + r * 0.8)]
        pygame.draw.polygon(surface, colour, points, width)


def shoulder(surface: pygame.Surface, rect: pygame.Rect, style_: str, button: str) -> None:
    """A shoulder button: a flat pill (LB, R1, L); a trigger stands taller, rounded on top (LT, R2, ZL)."""
    trigger = button in ("lt", "rt")
    body = rect.inflate(-2, -round(rect.h * (0.08 if trigger else 0.24)))
    top = round(body.w * 0.35) if trigger else body.h // 2
    foot = max(2, top // 3) if trigger else top
    pygame.draw.rect(surface, BODY, body, border_top_left_radius=top, border_top_right_radius=top,
                     border_bottom_left_radius=foot, border_bottom_right_radius=foot)
    caption(surface, button_key(style_, button), body.center, caption_size(rect.h), RIM)


def small(surface: pygame.Surface, rect: pygame.Rect, style_: str, button: str) -> None:
    """Start and Back/View: Xbox's Menu (three lines) and View (two windows), PlayStation's Options (three lines)
    and Create (rays) on upright oblongs, Nintendo's plus and minus."""
    r = rect.h * 0.4
    centre = rect.center
    x, y = centre
    if style_ == "playstation":
        oblong = pygame.Rect(0, 0, round(rect.h * 0.56), rect.h - 2)
        oblong.center = centre
        pygame.draw.rect(surface, RIM, oblong, border_radius=oblong.w // 2)
        pygame.draw.rect(surface, BODY, oblong.inflate(-2, -2), border_radius=oblong.w // 2 - 1)
    else:
        disc(surface, centre, r, BODY, RIM)
    width, s = max(1, round(rect.h * 0.08)), r * 0.5
    if style_ == "nintendo":
        pygame.draw.line(surface, RIM, (x - s, y), (x + s, y), width + 1)
        if button == "start":
            pygame.draw.line(surface, RIM, (x, y - s), (x, y + s), width + 1)
    elif button == "start":
        for dy in (-s * 0.6, 0, s * 0.6):
            pygame.draw.line(surface, RIM, (x - s, y + dy), (x + s, y + dy), width)
    elif style_ == "xbox":
        side = max(3, round(s * 1.1))
        pygame.draw.rect(surface, RIM, pygame.Rect(round(x - s), round(y - s), side, side), width)
        pygame.draw.rect(surface, RIM, pygame.Rect(round(x - s * 0.2), round(y - s * 0.2), side, side), width)
    else:
        for angle in (-50, 0, 50):
            a = math.radians(angle - 90)
            pygame.draw.line(surface, RIM, (x + math.cos(a) * s * 0.3, y + s * 0.5 + math.sin(a) * s * 0.3),
                             (x + math.cos(a) * s * 1.1, y + s * 0.5 + math.sin(a) * s * 1.1), width)


def dpad(surface: pygame.Surface, rect: pygame.Rect, style_: str, button: str) -> None:
    """The d-pad: a cross with a small arrow on each arm."""
    x, y = rect.center
    arm, half = rect.h * 0.46, rect.h * 0.17
    for w, h in ((arm, half), (half, arm)):
        pygame.draw.rect(surface, BODY, pygame.Rect(round(x - w), round(y - h), round(w * 2), round(h * 2)),
                         border_radius=max(1, round(half * 0.4)))
    tip = arm * 0.78
    for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
        ax, ay, s = x + dx * tip, y + dy * tip, half * 0.6
        points = [(ax + dx * s * 0.3, ay + dy * s * 0.3), (ax - dx * s * 0.7 - dy * s, ay - dy * s * 0.7 - dx * s),
                  (ax - dx * s * 0.7 + dy * s, ay - dy * s * 0.7 + dx * s)]
        pygame.draw.polygon(surface, RIM, points)


def stick(surface: pygame.Surface, rect: pygame.Rect, style_: str, button: str) -> None:
    """A stick seen from above, its letter on its cap; moved (a pan), a ring round the cap; pressed (R3), its
    name."""
    r = rect.h / 2 - 1
    disc(surface, rect.center, r, BODY, RIM)
    if button == "rs":
        pygame.draw.circle(surface, RIM, rect.center, max(2, round(r * 0.8)), max(1, round(rect.h * 0.05)))
    said = button_key(style_, button) if button == "r3" else "button.stick"
    caption(surface, said, rect.center, caption_size(rect.h), RIM)


def keycap(surface: pygame.Surface, rect: pygame.Rect, style_: str, button: str) -> None:
    """A key: a light cap with a darker lip under it, its name on it; the arrows, a cluster of four caps."""
    if button == "arrows":
        arrows(surface, rect)
        return
    cap(surface, rect)
    caption(surface, button_key(KEYS_STYLE, button), (rect.centerx, rect.centery - rect.h * 0.05),
            caption_size(rect.h), theme.INK, "semibold")


def cap(surface: pygame.Surface, rect: pygame.Rect) -> None:
    radius = max(2, round(rect.h * 0.18))
    pygame.draw.rect(surface, CAP_EDGE, rect, border_radius=radius)
    inner = rect.inflate(-2, -2)
    pygame.draw.rect(surface, CAP_LIP, inner, border_radius=radius)
    top = pygame.Rect(inner.x, inner.y, inner.w, max(1, inner.h - max(2, round(rect.h * 0.12))))
    pygame.draw.rect(surface, CAP, top, border_radius=radius)


def arrows(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The arrow keys as laid out: one on top, three under it, each with its triangle."""
    side = rect.h // 2
    left = rect.centerx - side * 3 // 2
    for col, row, (dx, dy) in ((1, 0, (0, -1)), (0, 1, (-1, 0)), (1, 1, (0, 1)), (2, 1, (1, 0))):
        key = pygame.Rect(left + col * side, rect.y + row * side, side, side)
        cap(surface, key.inflate(-1, -1) if side > 8 else key)
        x, y, s = key.centerx, key.centery - key.h * 0.05, side * 0.22
        points = [(x + dx * s, y + dy * s), (x - dx * s * 0.6 - dy * s, y - dy * s * 0.6 - dx * s),
                  (x - dx * s * 0.6 + dy * s, y - dy * s * 0.6 + dx * s)]
        pygame.draw.polygon(surface, theme.INK, points)


MOUSE_PARTS = ("click", "right_click", "wheel", "drag")


def mouse(surface: pygame.Surface, rect: pygame.Rect, style_: str, button: str) -> None:
    """A mouse: its left or right button lit for a click, its wheel for the wheel, arrows beside it for a drag."""
    body = pygame.Rect(0, 0, round(rect.h * 0.62), rect.h - 2)
    body.center = (rect.centerx if button != "drag" else rect.x + body.w // 2 + 1, rect.centery)
    radius = body.w // 2
    pygame.draw.rect(surface, CAP_EDGE, body, border_radius=radius)
    inner = body.inflate(-2, -2)
    pygame.draw.rect(surface, CAP, inner, border_radius=max(1, radius - 1))
    split = inner.y + round(inner.h * 0.42)
    lit = {"click": 0, "right_click": 1}.get(button)
    if lit is not None:
        half = pygame.Rect(inner.x + (inner.w // 2 if lit else 0), inner.y, inner.w - inner.w // 2, split - inner.y)
        pygame.draw.rect(surface, theme.ACCENT, half, border_top_left_radius=0 if lit else radius,
                         border_top_right_radius=radius if lit else 0)
    pygame.draw.line(surface, CAP_EDGE, (inner.x, split), (inner.right - 1, split), max(1, rect.h // 16))
    pygame.draw.line(surface, CAP_EDGE, (inner.centerx, inner.y), (inner.centerx, split), max(1, rect.h // 16))
    if button == "wheel":
        wheel = pygame.Rect(0, 0, max(2, round(inner.w * 0.22)), max(3, round(inner.h * 0.26)))
        wheel.center = (inner.centerx, inner.y + round(inner.h * 0.22))
        pygame.draw.rect(surface, theme.ACCENT, wheel, border_radius=wheel.w // 2)
    if button == "drag":
        width, s = max(1, round(rect.h * 0.08)), rect.h * 0.3
        x, y = rect.right - 1 - width - s, rect.centery
        pygame.draw.line(surface, theme.ACCENT, (x - s, y), (x + s, y), width)
        pygame.draw.line(surface, theme.ACCENT, (x, y - s), (x, y + s), width)


SHAPES: dict[str, Drawer] = {
    "a": face, "b": face, "x": face, "y": face, "lb": shoulder, "rb": shoulder, "lt": shoulder, "rt": shoulder,
    "start": small, "view": small, "dpad": dpad, "rs": stick, "r3": stick,
    **dict.fromkeys(MOUSE_PARTS, mouse),
}


def width(style_: str, button: str, height: int) -> int:
    """How wide a button's glyph is drawn at this height: round ones as wide as tall, keycaps and shoulders as
    their names need."""
    drawer = SHAPES.get(button, keycap)
    if drawer is keycap:
        if button == "arrows":
            return height // 2 * 3
        said = theme.font(caption_size(height), "semibold").size(button_name(KEYS_STYLE, button))[0]
        return max(height, round(said + height * 0.5))
    if drawer is shoulder:
        return round(theme.font(caption_size(height), "bold").size(button_name(style_, button))[0] + height * 0.5)
    if drawer is stick and button == "r3":
        return max(height, round(theme.font(caption_size(height), "bold").size(button_name(style_, button))[0]
                                 + height * 0.3))
    if drawer is mouse:
        return round(height * (1.45 if button == "drag" else 0.7))
    return height


def draw_button(surface: pygame.Surface, rect: pygame.Rect, style_: str, button: str) -> None:
    """One button's glyph, drawn in `rect` (as wide as `width` says) and nowhere else."""
    SHAPES.get(button, keycap)(surface, rect, style_, button)


def glyph(style_: str, intent: str, height: int) -> pygame.Surface | None:
    """The glyph of what does an intent in a style, `height` pixels tall (several buttons side by side, as RB
    and LB); None where the device has nothing for it. Cached: hints are drawn every frame; by the language in
    use too, so that a switch of language in the settings renames the keys at once."""
    return spoken_glyph(style_, intent, height, words.language_in_use())


@lru_cache(maxsize=512)
def spoken_glyph(style_: str, intent: str, height: int, language: str) -> pygame.Surface | None:
    """`glyph` drawn with the keys' names in `language` (the language in use: the cache's key)."""
    parts = buttons(style_, intent)
    if not parts:
        return None
    gap = max(2, round(height * 0.15))
    sizes = [width(style_, b, height) for b in parts]
    out = pygame.Surface((sum(sizes) + gap * (len(parts) - 1), height), pygame.SRCALPHA)
    x = 0
    for button, w in zip(parts, sizes, strict=True):
        draw_button(out, pygame.Rect(x, 0, w, height), style_, button)
        x += w + gap
    return out


# --- hint bars --------------------------------------------------------------------------------------------------

def glyph_height(size: int) -> int:
    """The glyphs' height beside words of this text size: their own letters as large as those."""
    return round(size * GROW)


def measured(style_: str, hints: Sequence[Hint], size: int) -> list[tuple[pygame.Surface, str, float]]:
    """Each hint the style has a button for (the others are left out): its glyph, its label and how wide the two
    stand side by side at this text size."""
    font, gap = theme.font(size), size * 0.35
    out: list[tuple[pygame.Surface, str, float]] = []
    for intent, label in hints:
        art = glyph(style_, intent, glyph_height(size))
        if art is not None:
            out.append((art, label, art.get_width() + gap + font.size(label)[0]))
    return out


def row_width(style_: str, hints: Sequence[Hint], size: int) -> float:
    """How wide a row of every hint the style has a button for stands at this text size: what a panel or a
    strip must leave for its hints to show whole."""
    items = measured(style_, hints, size)
    return sum(need for _, _, need in items) + size * 1.2 * max(0, len(items) - 1)


def widest(hints: Sequence[Hint], size: int) -> float:
    """The row's width in the style that needs the most: a panel as wide keeps its size (and its buttons their
    places) as the player picks up another device."""
    return max(row_width(s, hints, size) for s in STYLES)


def laid_out(device: Device, hints: Sequence[Hint], room: float, size: int) -> list[tuple[pygame.Surface, str]]:
    """The hints that fit `room` pixels, in their order (the most useful first): each glyph and its label; an
    intent the device has no button for is left out, and so is every hint after the first that overflows."""
    spacing = size * 1.2
    out: list[tuple[pygame.Surface, str]] = []
    used = -spacing
    for art, label, need in measured(style(device), hints, size):
        if used + spacing + need > room:
            break
        used += spacing + need
        out.append((art, label))
    return out


def hint_bar(surface: pygame.Surface, device: Device, hints: Sequence[Hint], room: pygame.Rect, size: int,
             colour: theme.Colour = theme.WHITE, align: str = "center") -> pygame.Rect:
    """A row of hints (a glyph and what it does), centred in `room` (or at its "left" or "right"), in the glyphs
    of the device used last; hints that would not fit its width are left out, never drawn outside it. Returns
    where the row was drawn."""
    items = laid_out(device, hints, room.w, size)
    gap, spacing = round(size * 0.35), round(size * 1.2)
    labels = [theme.text(label, size, colour) for _, label in items]
    total = sum(art.get_width() + gap + label.get_width() for (art, _), label in zip(items, labels, strict=True))
    total += spacing * max(0, len(items) - 1)
    height = glyph_height(size)
    drawn = pygame.Rect(0, 0, total, height)
    drawn.center = room.center
    if align == "left":
        drawn.x = room.x
    elif align == "right":
        drawn.right = room.right
    x = drawn.x
    for (art, _), label in zip(items, labels, strict=True):
        surface.blit(art, (x, drawn.y))
        x += art.get_width() + gap
        surface.blit(label, label.get_rect(midleft=(x, drawn.centery)))
        x += label.get_width() + spacing
    return drawn


def bar_height(size: int) -> int:
    """The height of a hint bar at this text size."""
    return glyph_height(size)
