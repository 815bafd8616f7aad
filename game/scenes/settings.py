"""The settings: the full screen, the controller's rumble, one controller per player in pass and play, the volume
of the sound effects and of the music, the speed of the animations and the bots, the UI scale, the language, reduce
motion, the confirmations (a page of their own: which decisions that cannot be undone are asked about first, X42,
one row per kind, so that a "don't ask again" is taken back there) and the colour-vision aid, with a preview of
the tribes' colours and the map's marks as each kind of colour vision sees them. A change applies at once (to the
game under way too) and is kept for the next run (game/settings.py); reached from the title and the pause menu.
Its hints at the foot say how to move and change a row, choose, and go back, as on every page."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from .. import colourvision, sound, theme, words
from .. import settings as preferences
from ..app import App, scene
from ..host import Host
from ..theme import UI_SCALES, Scale
from ..ui.backdrop import MenuPage, sheet
from ..ui.widgets import Button, Choice, Form, Toggle, Widget

LEVELS = [step / 10 for step in range(11)]          # a volume's steps: off, 10 % ... 100 %
HINTS = (("cursor", "hint.change"), ("select", "hint.choose"), ("back", "hint.back"))
# A row's height, in a button's: its title and the line under it clear of the focus ring (issue 40), or a little
# less where the window is short.
ROOMS = (1.55, 1.4)


def volume(key: str, level: float, changed: Callable[[float], None]) -> Choice:
    """A volume row: its steps between arrows (left and right, select or a click on either half step it), with
    its hint under it; a level kept between the steps shows as the nearest."""
    steps = [(v, words.text("settings.volume", percent=round(v * 100)) if v else words.text("settings.volume.off"))
             for v in LEVELS]
    nearest = min(range(len(LEVELS)), key=lambda i: abs(LEVELS[i] - level))
    hint = words.text(f"settings.{key}.hint")
    return Choice(words.text(f"settings.{key}"), steps, nearest, changed, dict.fromkeys(LEVELS, hint))


@scene("settings")
class SettingsScene(MenuPage):
    heading = "settings.title"
    previewed = True                  # the colour preview under the rows (or beside the last)

    def __init__(self, app: App):
        super().__init__(app)
        self.form = Form()
        self.paper = pygame.Rect(0, 0, 0, 0)
        self.preview = pygame.Rect(0, 0, 0, 0)
        self.build()

    def respoken(self) -> None:
        self.build()

    def build(self) -> None:
        """The rows as the settings stand (F11 may have switched the full screen meanwhile)."""
        focus = self.form.focus
        self.form = Form([*self.rows(), Button(words.text("menu.back"), self.app.pop, primary=True)])
        self.form.focus = focus
        self.layout()

    def rows(self) -> list[Widget]:
        settings = self.app.settings
        return [
            Toggle(words.text("settings.fullscreen"), words.text("settings.fullscreen.hint"), settings.fullscreen,
                   self.set_fullscreen),
            Toggle(words.text("settings.rumble"), words.text("settings.rumble.hint"), settings.rumble,
                   self.set_rumble),
            Toggle(words.text("settings.pad_per_seat"), words.text("settings.pad_per_seat.hint"),
                   settings.pad_per_seat, self.set_pad_per_seat),
            volume("effects_volume", settings.effects_volume, partial(self.set_volume, "effects_volume")),
            volume("music_volume", settings.music_volume, partial(self.set_volume, "music_volume")),
            Choice(words.text("settings.speed"), [(v, words.text(f"speed.{v}")) for v in preferences.SPEEDS],
                   preferences.SPEEDS.index(settings.speed) if settings.speed in preferences.SPEEDS else 1,
                   self.set_speed, {v: words.text(f"settings.speed.{v}") for v in preferences.SPEEDS}),
            Choice(words.text("settings.ui_scale"), [(v, f"{round(v * 100)}%") for v in UI_SCALES],
                   min(range(len(UI_SCALES)), key=lambda i: abs(UI_SCALES[i] - settings.ui_scale)),
                   self.set_ui_scale, dict.fromkeys(UI_SCALES, words.text("settings.ui_scale.hint"))),
            Choice(words.text("settings.language"), list(preferences.LANGUAGES.items()),
                   list(preferences.LANGUAGES).index(settings.language) if settings.language in
                   preferences.LANGUAGES else 0, self.set_language,
                   dict.fromkeys(preferences.LANGUAGES, words.text("settings.language.hint"))),
            Toggle(words.text("settings.reduce_motion"), words.text("settings.reduce_motion.hint"),
                   settings.reduce_motion, self.set_reduce_motion),
            Button(words.text("settings.asks"), lambda: self.app.push(self.app.make("asks"))),
            Toggle(words.text("settings.colour_aid"), words.text("settings.colour_aid.hint"), settings.colour_aid,
                   self.set_colour_aid),
        ]

    # --- what the rows change -------------------------------------------------------------------------------

    def set_fullscreen(self, on: bool) -> None:
        """The display switches (and keeps the choice itself, as F11 does); the toggle then shows what it did."""
        if on != self.app.settings.fullscreen:
            self.app.toggle_fullscreen()
        self.build()

    def set_rumble(self, on: bool) -> None:
        self.app.settings.rumble = on
        preferences.save(self.app.settings.data_dir, rumble=on)

    def set_pad_per_seat(self, on: bool) -> None:
        """Switched off, every pad acts again at once; switched on, the next hand-off gives the seat its pad."""
        self.app.settings.pad_per_seat = on
        if not on:
            self.app.input.free_pads()
        preferences.save(self.app.settings.data_dir, pad_per_seat=on)

    def set_volume(self, key: str, level: float) -> None:
        """Heard at once: the music plays at its new level, and a knock of the die is a sample of the effects'."""
        setattr(self.app.settings, key, level)
        preferences.save(self.app.settings.data_dir, **{key: level})
        sound.follow(self.app.settings)
        if key == "effects_volume":
            sound.play("die")

    def set_speed(self, speed: str) -> None:
        """The animations and the bots' pace, in the game under way too."""
        self.app.settings.speed = speed
        for match in (getattr(s, "match", None) for s in self.app.stack):
            if isinstance(match, Host):
                match.speed = speed
        preferences.save(self.app.settings.data_dir, speed=speed)

    def set_ui_scale(self, scale: float) -> None:
        """Every scene lays itself out again at the new size of the words (this one too)."""
        self.app.settings.ui_scale = scale
        preferences.save(self.app.settings.data_dir, ui_scale=scale)
        self.app.resized()

    def set_language(self, language: str) -> None:
        """Every scene speaks it at once (these rows too, the focus kept on the language's)."""
        self.app.set_language(language)
        preferences.save(self.app.settings.data_dir, language=language)

    def set_colour_aid(self, on: bool) -> None:
        """The tribes' colours change at once, on the map and the panels (their pictures are keyed by it)."""
        self.app.settings.colour_aid = on
        theme.set_colour_aid(on)
        preferences.save(self.app.settings.data_dir, colour_aid=on)

    def set_reduce_motion(self, on: bool) -> None:
        """No shake, no particles, the camera's glides as cross-fades: from the next clip and the next move of
        the camera in the game under way (docs/ART.md)."""
        self.app.settings.reduce_motion = on
        preferences.save(self.app.settings.data_dir, reduce_motion=on)

    # --- drawing ---------------------------------------------------------------------------------------------

    def arrange(self, scale: Scale) -> bool:
        """The rows on a sheet under the heading, in one column or, where that is too tall, two (closer together
        where even that is too tall), with the colour preview under them or beside the colour-vision aid's row (the
        last), and Back under them, above the hints at the window's foot, at these sizes; False where they would
        not fit the window or a row's words its width."""
        return any(self.columns(scale, n, beside, apart, room) for room in ROOMS
                   for n, beside, apart in ((1, False, 0.8), (1, True, 0.8), (2, False, 0.8), (2, False, 0.45),
                                             (2, False, 0.25)))

    def columns(self, scale: Scale, n: int, beside: bool, apart: float, room: float) -> bool:
        """One arrangement: `n` columns of rows `apart` units from one another and `room` buttons tall, the
        preview beside or under."""
        w, h = self.app.screen.get_size()
        unit = scale.unit
        rows, back = self.form.widgets[:-1], self.form.widgets[-1]
        gap = unit
        self.preview = pygame.Rect((0, 0), preview_size(scale) if self.previewed else (0, 0))
        side = self.preview.w + gap if beside else 0
        col_w = min((w - unit * 4 - gap * (n - 1) - side) // n, unit * 34)
        inner = col_w * n + gap * (n - 1)
        row_h = round(unit * 2.2 * room)
        per = -(-len(rows) // n)
        paper = sheet((w, h), scale)
        top = paper.y
        left = w // 2 - (inner + side) // 2
        for i, widget in enumerate(rows):
            column, line = divmod(i, per)
            widget.rect = pygame.Rect(left + column * (col_w + gap), round(top + unit + line * (row_h + unit * apart)),
                                      col_w, row_h)
        y = top + unit + per * (row_h + unit * apart)
        if beside:
            self.preview.bottomleft = (left + inner + gap, rows[-1].rect.bottom)
        else:
            self.preview.midtop = (left + inner // 2, round(y))
            y += self.preview.h + unit * 0.8
        back.rect = pygame.Rect(0, 0, unit * 10, round(unit * 2.2))
        back.rect.midtop = (w // 2, round(y))
        y += back.rect.h + unit * 0.8
        self.paper = pygame.Rect(0, 0, inner + side + unit * 2, round(y - top + unit * 0.2))
        self.paper.midtop = (w // 2, top)
        return (self.paper.bottom <= paper.bottom and self.preview.w <= inner + side
                and self.preview.top >= top + unit and all(wd.needs(scale.body) <= wd.rect.w
                                                           for wd in self.form.widgets))

    def resize(self, size: tuple[int, int]) -> None:
        self.build()

    def draw(self, screen: pygame.Surface) -> None:
        self.page(screen, words.text(self.heading), self.sizes)
        theme.panel(screen, self.paper, alpha=250)
        self.form.draw(screen, self.sizes.body)
        if self.previewed:
            draw_preview(screen, self.preview, self.sizes)
        self.foot(screen, HINTS, self.sizes)


@scene("asks")
class AsksScene(SettingsScene):
    """The confirmations (X42), a page of the settings: a row for each kind of decision that cannot be undone
    (game/settings.py ASKS), on while it is asked about first; "Do it, don't ask again" turns its kind's row off,
    and this turns it on again. Kept for the next run."""
    heading = "settings.asks"
    previewed = False

    def rows(self) -> list[Widget]:
        settings = self.app.settings
        return [Toggle(words.text(f"settings.ask.{kind}"), words.text(f"settings.ask.{kind}.hint"),
                       kind in settings.ask_before, partial(preferences.ask_before, settings, kind))
                for kind in preferences.ASKS]


# --- the preview: the colours as each kind of colour vision sees them ----------------------------------------------

# The preview's spacing, in units: a row of it, a tribe's marker, a mark on the sea.
ROW, TRIBE, MARK = 2.0, 1.6, 1.45


def marks() -> list[theme.Colour]:
    """The colours the map marks hexes with: each lit hex's role once, and the cursor's."""
    return [*dict.fromkeys(theme.LIT.values()), theme.HIGHLIGHT]


def blocks(scale: Scale) -> tuple[int, int, int]:
    """The widths of the preview's columns: the kinds of vision's names, the tribes, the marks on the sea (each
    at least as wide as its caption)."""
    unit, font = scale.unit, theme.font(scale.small)
    label = max(font.size(words.text(f"settings.vision.{k}"))[0] for k in colourvision.KINDS)
    tribes = max(round(unit * TRIBE * len(theme.TRIBES)), font.size(words.text("settings.preview.tribes"))[0])
    marked = max(round(unit * (MARK * len(marks()) + 0.3)), font.size(words.text("settings.preview.marks"))[0])
    return label, tribes, marked


def preview_size(scale: Scale) -> tuple[int, int]:
    """The preview's size: a heading, the columns' captions, then a row per kind of vision."""
    unit = scale.unit
    label, tribes, marked = blocks(scale)
    heading = theme.font(scale.small, "semibold").size(words.text("settings.preview"))[0]
    return max(heading, round(label + unit * 1.2 + tribes + marked)), round(unit * (3 + ROW * len(colourvision.KINDS)))


def draw_preview(screen: pygame.Surface, rect: pygame.Rect, scale: Scale) -> None:
    """The tribes (in the palette in use, with their shapes and patterns) and the map's lit outlines and cursor on
    the sea, each row as normal vision, protanopia, deuteranopia and tritanopia see them (colourvision.py)."""
    unit = scale.unit
    label_w, tribes_w, marks_w = blocks(scale)
    left, right = rect.x + label_w + unit * 0.6, rect.x + label_w + unit * 1.2 + tribes_w
    screen.blit(theme.text(words.text("settings.preview"), scale.small, theme.INK, "semibold"), rect.topleft)
    for key, x, w in (("tribes", left, tribes_w), ("marks", right, marks_w)):
        caption = theme.text(words.text(f"settings.preview.{key}"), scale.small, theme.MUTED)
        screen.blit(caption, caption.get_rect(midtop=(round(x + w / 2), rect.y + unit * 1.5)))
    shown = marks()
    for row, kind in enumerate(colourvision.KINDS):
        cy = rect.y + unit * (3 + ROW * (row + 0.5))
        label = theme.text(words.text(f"settings.vision.{kind}"), scale.small, theme.INK)
        screen.blit(label, label.get_rect(midleft=(rect.x, round(cy))))
        for i, tribe in enumerate(theme.TRIBES):
            x = left + tribes_w / 2 + unit * TRIBE * (i + 0.5 - len(theme.TRIBES) / 2)
            theme.draw_tribe(screen, tribe, (x, cy), unit * 0.64,
                             fill=colourvision.simulate(theme.tribe_colour(tribe), kind))
        sea = pygame.Rect(round(right + marks_w / 2 - unit * (MARK * len(shown) + 0.3) / 2), round(cy - unit * 0.8),
                          round(unit * (MARK * len(shown) + 0.3)), round(unit * 1.6))
        pygame.draw.rect(screen, colourvision.simulate(theme.PRINTED_SEA, kind), sea, border_radius=6)
        for i, colour in enumerate(shown):
            hx = sea.x + unit * (0.15 + MARK * (i + 0.5))
            corners = theme.outline("hexagon", (hx, cy), unit * 0.6)
            thick = 5 if colour == theme.HIGHLIGHT else 3                 # as the map draws a lit hex and a mark
            pygame.draw.polygon(screen, colourvision.simulate(colour, kind), corners, max(2, round(unit * thick / 18)))
