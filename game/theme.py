"""The look shared by every scene: colours, the four tribes' colours and shapes, fonts and cached text.

Text sizes follow the window's height so that no text is smaller than 1/45 of it at UI scale 1 (CLIENT.md,
readable from the couch). Rendered text is cached: labels repeat every frame.
"""
from __future__ import annotations

import math
import re
import sys
from collections.abc import Callable
from functools import cache, lru_cache

import pygame

from . import untrusted
from . import words as _words
from .paths import asset

Colour = tuple[int, int, int]

# The sea and the land.
DEEP_SEA: Colour = (24, 74, 122)
PRINTED_SEA: Colour = (38, 104, 160)
SEA_LINE: Colour = (62, 128, 182)
UNKNOWN_SEA: Colour = (120, 150, 164)
UNKNOWN_LINE: Colour = (146, 174, 186)
EXPLORED_SEA: Colour = (42, 110, 166)
SAND: Colour = (236, 214, 160)
LAND: Colour = (96, 160, 84)
LAND_DARK: Colour = (64, 118, 62)
REEF: Colour = (140, 210, 220)
OFF_MAP: Colour = (14, 44, 76)

# Paper and ink of the interface.
PANEL: Colour = (246, 238, 220)
PANEL_EDGE: Colour = (170, 140, 96)
INK: Colour = (40, 34, 30)
MUTED: Colour = (120, 108, 96)
ACCENT: Colour = (214, 96, 52)
# The marker's colour (a highlighter's yellow-green): the focus ring's inner band (the keyboard's and pad's focus on
# the map and on every widget), the chosen action's hexes, the battle table's row; apart from every lit hex's
# colour (LIT), also to colour-blind eyes.
HIGHLIGHT: Colour = (184, 208, 0)
SELECTED: Colour = (232, 196, 170)       # the chosen line of a list: a tint of the accent, no tribe's colour
WHITE: Colour = (255, 255, 255)
SHADOW = (0, 0, 0, 90)

GREEN_SQUARE: Colour = (70, 150, 70)
BROWN_SQUARE: Colour = (150, 100, 56)
LOCAL_WARRIOR: Colour = (30, 40, 110)     # a dark blue: apart from every tribe's colour in both palettes

# What a lit hex of the map does, by its outline's colour (the verb of its action; "choose": several, and the
# colour of any verb not named). Lit outlines pulse toward white by up to LIT_PULSE.
LIT: dict[str, Colour] = {"premove": (120, 220, 255), "explore": (120, 220, 255), "course": (120, 220, 255),
                          "cross": (245, 100, 190), "go": (255, 230, 110), "party": (255, 230, 110),
                          "build": (150, 235, 140), "battle": (255, 120, 100), "retreat": (255, 170, 120),
                          "choose": (255, 255, 255)}
LIT_PULSE = 0.3
# The exploration markers on the map, by kind (E4, E5).
MARKERS: dict[str, Colour] = {"ocean": (70, 150, 210), "island": (110, 170, 90), "penalty": (200, 70, 60)}

# Each tribe has a colour, a shape and a pattern, so that they differ in greyscale and without colour (CLIENT.md).
TRIBES: dict[str, tuple[Colour, str, str]] = {
    "Tonga": ((206, 52, 46), "circle", "plain"),
    "Samoa": ((238, 184, 40), "square", "stripes"),
    "Hiva": ((126, 70, 170), "triangle", "dots"),
    "Raiatea": ((30, 160, 150), "diamond", "hatch"),
}
NOBODY = ((128, 128, 128), "hexagon", "plain")     # anyone else (the local warriors in a battle): no tribe's shape


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """A colour between a and b (t = 0: a; t = 1: b)."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]  # 3 channels in, 3 out


# The tribes' colours for colour-blind eyes (the Okabe-Ito palette: told apart with any of the three common
# colour-vision deficiencies, and each tribe keeps its shape too).
AIDED: dict[str, Colour] = {"Tonga": (213, 94, 0), "Samoa": (240, 228, 66), "Hiva": (0, 114, 178),
                            "Raiatea": (204, 121, 167)}
aided = False                     # the colour-vision aid is on (the settings; set_colour_aid)


def set_colour_aid(on: bool) -> None:
    global aided
    aided = on


def tribe_colour(name: str) -> Colour:
    if aided and name in AIDED:
        return AIDED[name]
    return TRIBES.get(name, NOBODY)[0]


def tribe_shape(name: str) -> str:
    return TRIBES.get(name, NOBODY)[1]


def tribe_pattern(name: str) -> str:
    return TRIBES.get(name, NOBODY)[2]


def draw_tribe(surface: pygame.Surface, name: str, centre: tuple[float, float], radius: float,
               edge: Colour = INK, width: int = 2, fill: Colour | None = None) -> None:
    """A tribe's marker: its shape in its colour (or `fill`) with its pattern."""
    draw_shape(surface, tribe_shape(name), centre, radius, fill or tribe_colour(name), edge, width,
               tribe_pattern(name))


def outline(shape: str, centre: tuple[float, float], r: float) -> list[tuple[float, float]]:
    """The corners of a square, triangle, diamond or hexagon of this radius (a circle has none)."""
    x, y = centre
    if shape == "square":
        return [(x - r * .85, y - r * .85), (x + r * .85, y - r * .85), (x + r * .85, y + r * .85),
                (x - r * .85, y + r * .85)]
    if shape == "triangle":
        return [(x, y - r * 1.1), (x + r, y + r * .75), (x - r, y + r * .75)]
    if shape == "diamond":
        return [(x, y - r * 1.1), (x + r, y), (x, y + r * 1.1), (x - r, y)]
    if shape == "hexagon":
        return [(x + r * math.cos(a), y + r * math.sin(a)) for a in (math.pi / 3 * k for k in range(6))]
    return []


def draw_shape(surface: pygame.Surface, shape: str, centre: tuple[float, float], radius: float, fill: Colour,
               edge: Colour = INK, width: int = 2, pattern: str = "plain") -> None:
    """A shape (a circle, or one of `outline`'s), filled, with its pattern where the shape is large
    enough to show one (PATTERN_MIN), and outlined."""
    points = outline(shape, centre, radius)
    if points:
        pygame.draw.polygon(surface, fill, points)
    else:
        pygame.draw.circle(surface, fill, centre, radius)
    if pattern != "plain" and radius >= PATTERN_MIN:
        patch = pattern_patch(shape, pattern, round(radius) - width, fill)
        surface.blit(patch, patch.get_rect(center=(round(centre[0]), round(centre[1]))))
    if points:
        pygame.draw.polygon(surface, edge, points, width)
    else:
        pygame.draw.circle(surface, edge, centre, radius, width)


PATTERN_MIN = 6                   # the smallest radius, in pixels, a pattern is drawn in (smaller: a blur)


@lru_cache(maxsize=256)
def pattern_patch(shape: str, pattern: str, radius: int, fill: Colour) -> pygame.Surface:
    """A pattern (stripes, dots or hatch) in a shade of `fill`, cut to the inside of a shape of this radius: drawn
    once per size and colour, as the board and the panels draw the same markers again."""
    side = round(radius * 2.4) + 2
    c = side / 2
    out = pygame.Surface((side, side), pygame.SRCALPHA)
    light = 0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2] > 140
    ink = (*mix(fill, INK if light else WHITE, 0.4), 255)
    step = max(4.0, radius * 0.5)
    line = max(1, round(radius / 14))
    marks = range(-round(side / step) - 1, round(side / step) + 2)
    if pattern == "stripes":                       # diagonal, rising to the right
        for k in marks:
            pygame.draw.line(out, ink, (c + k * step - side, c + side), (c + k * step + side, c - side), line)
    elif pattern == "hatch":                       # a square grid of lines
        for k in marks:
            pygame.draw.line(out, ink, (c + k * step, 0), (c + k * step, side), line)
            pygame.draw.line(out, ink, (0, c + k * step), (side, c + k * step), line)
    else:                                          # dots, every other row shifted by half a step
        for j in marks:
            for i in marks:
                pygame.draw.circle(out, ink, (c + (i + (j % 2) / 2) * step, c + j * step), max(1.5, radius * 0.15))
    mask = pygame.Surface((side, side), pygame.SRCALPHA)
    points = outline(shape, (c, c), radius)
    if points:
        pygame.draw.polygon(mask, WHITE, points)
    else:
        pygame.draw.circle(mask, WHITE, (c, c), radius)
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


# --- fonts and text --------------------------------------------------------------------------------------------

# Each family's file for each of the game's weights (docs/CLIENT.md, Fonts). Source Sans Pro has no Hangul, and
# pygame-ce draws a text with one font (no fallback to another), so a Korean game draws every text, names and
# numbers too, with Noto Sans CJK KR, whose Latin letters are Source Sans Pro's design; its Medium stands for
# Semibold. Its files (2 MB each) are opened only when a text with Hangul is drawn or measured.
LATIN, KOREAN = "Source Sans Pro", "Noto Sans CJK KR"
FAMILIES: dict[str, dict[str, str]] = {
    LATIN: {"regular": "SourceSansPro-Regular.ttf", "semibold": "SourceSansPro-Semibold.ttf",
            "bold": "SourceSansPro-Bold.ttf"},
    KOREAN: {"regular": "NotoSansCJKkr-Regular-subset.otf", "semibold": "NotoSansCJKkr-Medium-subset.otf",
             "bold": "NotoSansCJKkr-Bold-subset.otf"},
}
FAMILY_OF = {"ko": KOREAN}                        # the languages Source Sans Pro cannot draw
HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]")
FONT_BYTES = 16 << 20                             # the largest font file opened (the game's are at most 2 MB)


def family(language: str | None = None) -> str:
    """The family of a language (by default the one in use, `words.language_in_use()`, read at each call: the caches
    below are keyed by the family, so a language switched at run time never shows a text drawn in the other)."""
    return FAMILY_OF.get(_words.language_in_use() if language is None else language, LATIN)


def drawn_with(words: str, family: str) -> str:
    """The family that draws these words: the language's, but the Korean one for a text with Hangul in any
    language (the settings name each language in its own words), where Source Sans Pro would draw boxes."""
    return KOREAN if family == LATIN and HANGUL.search(words) else family


@cache
def font_file(family: str, weight: str) -> str | None:
    """The file of a family's font at a weight, or None (pygame's own font) where it is missing, cannot be read, or
    is no whole font (untrusted.check_font) or one FreeType refuses: one warning line on stderr, never a traceback.
    Checked before SDL_ttf opens it for the game, once per file: a font SDL_ttf cannot open still makes a
    pygame.font.Font of a subclass (pygame-ce 2.5.8), which crashes the interpreter when it is measured, so the
    file is first opened by pygame.font.Font itself, which raises."""
    path = asset("fonts", FAMILIES[family][weight])
    try:
        untrusted.check_font(untrusted.read(path, FONT_BYTES, "font"), f"the font {path}")
        pygame.font.init()
        pygame.font.Font(str(path), 8)
    except untrusted.Refused as exc:
        problem = str(exc)
    except pygame.error as exc:
        problem = f"the font {path} cannot be opened ({exc})"
    else:
        return str(path)
    print(f"warning: {problem}; pygame's default font stands in", file=sys.stderr)
    return None


class Font(pygame.font.Font):
    """A family's font at a size and weight that measures a text as `text` draws it (`drawn_with`)."""

    def __init__(self, size: int, weight: str, family: str):
        super().__init__(font_file(family, weight), max(8, int(size)))
        self.key = (size, weight, family)

    def size(self, words: str | bytes, /) -> tuple[int, int]:
        size, weight, family = self.key
        if isinstance(words, str) and drawn_with(words, family) != family:
            return _font(size, weight, drawn_with(words, family)).size(words)
        return super().size(words)


def font(size: int, weight: str = "regular") -> Font:
    return _font(size, weight, family())


@lru_cache(maxsize=64)
def _font(size: int, weight: str, family: str) -> Font:
    return Font(size, weight, family)


def text(words: str, size: int, colour: Colour = INK, weight: str = "regular") -> pygame.Surface:
    """A rendered line of text (cached: the same labels are drawn every frame)."""
    return _text(words, size, colour, weight, family())


@lru_cache(maxsize=2048)
def _text(words: str, size: int, colour: Colour, weight: str, family: str) -> pygame.Surface:
    return _font(size, weight, drawn_with(words, family)).render(words, True, colour)


# The UI scales offered (`--ui-scale` takes any number from the first to the last): text and widgets as large as
# the player chooses; tests/game/test_layout.py lays out every scene at each of them.
UI_SCALES = (1.0, 1.25, 1.5, 1.75, 2.0)


class Scale:
    """Sizes that follow the window: `unit` is 1/45 of its height (the smallest text allowed) times the UI
    scale the player chose."""

    def __init__(self, height: int, ui_scale: float = 1.0):
        self.height, self.ui_scale = height, ui_scale
        self.unit = max(12, round(height / 45 * ui_scale))

    def fitting(self, fits: Callable[[Scale], bool]) -> Scale:
        """These sizes, or those of the largest smaller UI scale offered at which `fits` holds: a screen or a
        panel whose words would not fit at the player's scale draws them smaller, never under UI scale 1's (the
        smallest readable) rather than cut them or lay them off the screen."""
        smaller = sorted((u for u in UI_SCALES if u < self.ui_scale), reverse=True)
        scales = [self, *(Scale(self.height, u) for u in smaller)]
        return next((s for s in scales if fits(s)), scales[-1])

    @property
    def small(self) -> int:
        return self.unit

    @property
    def body(self) -> int:
        return round(self.unit * 1.15)

    @property
    def heading(self) -> int:
        return round(self.unit * 1.6)

    @property
    def title(self) -> int:
        return round(self.unit * 3.6)


def faded(surface: pygame.Surface, alpha: int) -> pygame.Surface:
    """A text at this opacity: on a copy, as `text` shares its cached surface with every other use of it."""
    if alpha >= 255:
        return surface
    out = surface.copy()
    out.set_alpha(alpha)
    return out


def fit(words: str, size: int, width: float, weight: str = "regular") -> str:
    """The text, cut with an ellipsis to fit `width` pixels."""
    f = font(size, weight)
    if f.size(words)[0] <= width:
        return words
    while words and f.size(words + "…")[0] > width:
        words = words[:-1]
    return words + "…"


BREAKS = re.compile(r"[ \t\r\n]+")    # where a line may break: never at a no-break space (French "Tour 3 :")


def wrap(words: str, size: int, width: float, weight: str = "regular") -> tuple[str, ...]:
    """Break a text into lines no wider than `width` pixels (cached: the log wraps the same lines often)."""
    return _wrap(words, size, width, weight, family())


@lru_cache(maxsize=4096)
def _wrap(words: str, size: int, width: float, weight: str, family: str) -> tuple[str, ...]:
    f = _font(size, weight, family)
    lines: list[str] = []
    line = ""
    for word in BREAKS.split(words):
        if not word:
            continue
        trial = f"{line} {word}" if line else word
        if f.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return tuple(lines)


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: Colour = PANEL, edge: Colour = PANEL_EDGE,
          radius: int = 10, alpha: int = 240, clear: bool = False) -> None:
    """A rounded paper panel with a soft shadow; `clear`: on a see-through picture of nothing yet (a panel's
    cached layer), where the panel's pixels are copied as they are rather than blended."""
    surface.blit(panel_art(rect.w, rect.h, fill, edge, radius, alpha), rect.move(-2, -2),
                 special_flags=pygame.BLEND_RGBA_MAX if clear else 0)


@lru_cache(maxsize=32)
def plate(w: int, h: int, colour: tuple[int, int, int, int], radius: int) -> pygame.Surface:
    """A see-through rounded plate under words (a toast, a banner, an animation's label), drawn once per size
    and shade: a frame drawn in part draws it in each of its passes."""
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(out, colour, out.get_rect(), border_radius=radius)
    return out


@lru_cache(maxsize=64)
def panel_art(w: int, h: int, fill: Colour, edge: Colour, radius: int, alpha: int) -> pygame.Surface:
    """A panel's shadow and body, drawn once per size (panels are drawn every frame)."""
    out = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
    pygame.draw.rect(out, SHADOW, pygame.Rect(0, 0, w + 8, h + 8).inflate(-4, -4).move(3, 4),
                     border_radius=radius + 2)
    body = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(body, (*fill, alpha), body.get_rect(), border_radius=radius)
    pygame.draw.rect(body, (*edge, 255), body.get_rect(), 2, border_radius=radius)
    out.blit(body, (2, 2))
    return out
