""""Since your last turn" (pass and play): after a hand-off, what happened since the incoming player last saw
the table is replayed on the map through their own eyes (the table does it, from the view they last saw), and
listed here in words. Any key skips the replay; a click on the list, or back (Esc, the pad's B), closes it; their
first decision does too. A row of hints at its foot says so in the glyphs of the device used last. The list is a
scene over the table that lets every other intent through to it.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from .. import theme, words
from ..app import App, scene
from ..input import MOUSE, Intent
from ..theme import Scale
from ..ui import prompts
from ..ui.backdrop import Hints, draw_hints
from ..ui.overlay import Overlay

SHOWN = 6                                 # the newest lines listed at most; the log keeps them all


def height(width: int, lines: Sequence[tuple[str, str]], scale: Scale, n: int) -> int:
    """How tall the box of this width stands: its heading (the taller of its two), the newest n lines, the note
    of the earlier ones, each wrapped to the width."""
    heads = [said(words.text(key, n=len(lines)), width, scale, bold=True) for key in ("recap.title", "recap.replaying")]
    rows = max(map(len, heads)) + sum(len(wrapped) for wrapped in shown(lines, width, scale, n))
    return round(scale.unit * 1.5 + rows * theme.font(scale.small).get_linesize() + prompts.bar_height(scale.small))


def said(text: str, width: int, scale: Scale, bold: bool = False) -> tuple[str, ...]:
    """A text of the box, wrapped to it."""
    return theme.wrap(text, scale.small, width - round(scale.unit * 1.2), "bold" if bold else "regular")


def shown(lines: Sequence[tuple[str, str]], width: int, scale: Scale, n: int) -> list[tuple[str, ...]]:
    """The newest n lines, each wrapped to the box, then the note of the earlier ones."""
    room = width - round(scale.unit * 1.2)
    out = [theme.wrap(line, scale.small, room) for line, _rule in lines[-n:]]
    if len(lines) > n:
        out.append(said(words.text("recap.more", n=len(lines) - n), width, scale))
    return out


def hints(replaying: bool, device: prompts.Device) -> Hints:
    """Any key skips the replay; then a click (on the list) or back closes it."""
    if replaying:
        return (("select", "hint.skip"),)
    return (("select" if device.device == MOUSE else "back", "hint.close"),)


def draw(screen: pygame.Surface, box: pygame.Rect, lines: Sequence[tuple[str, str]], scale: Scale, n: int,
         replaying: bool, device: prompts.Device) -> None:
    unit, size = scale.unit, scale.small
    theme.panel(screen, box, alpha=246)
    line_h = theme.font(size).get_linesize()
    x, y = box.x + unit * 0.6, box.y + unit * 0.5
    for part in said(words.text("recap.replaying" if replaying else "recap.title", n=len(lines)), box.w, scale, True):
        screen.blit(theme.text(part, size, theme.INK, "bold"), (x, round(y)))
        y += line_h
    for i, wrapped in enumerate(shown(lines, box.w, scale, n)):
        colour = theme.MUTED if i == n else theme.INK               # the note of the earlier lines
        for part in wrapped:
            screen.blit(theme.text(part, size, colour), (x, round(y)))
            y += line_h
    tall = prompts.bar_height(size)
    row = pygame.Rect(round(x), box.bottom - round(unit * 0.5) - tall, box.w - round(unit * 1.2), tall)
    draw_hints(screen, device, hints(replaying, device), row, scale, align="left")


@scene("recap")
class RecapScene(Overlay):
    """The list over the log panel (or the map's bottom right, above the decision bar, without the log)."""

    def __init__(self, app: App, table: Any, lines: list[tuple[str, str]]):
        super().__init__(app)
        self.table = table
        self.lines = lines

    def layout(self) -> tuple[pygame.Rect, Scale, int]:
        """Where the box stands, the sizes it is drawn at and how many of the newest lines it lists. It stands
        over the top of the log panel, which lists the same lines, so that the map stays clear (issue 24: the
        list covered the map), or at the bottom right of the map, above the decision bar, when the log is
        hidden. Where it would be taller than that room, it draws smaller (down to UI scale 1's), then lists
        fewer lines."""
        table = self.table
        log: pygame.Rect | None = table.panels().get("log")
        area: pygame.Rect = table.map_area()
        floor: int = table.bar.rect.top if table.legal else area.bottom

        def box(scale: Scale, n: int) -> pygame.Rect:
            unit = scale.unit
            if log is not None:
                return pygame.Rect(log.topleft, (log.w, height(log.w, self.lines, scale, n)))
            out = pygame.Rect(0, 0, min(area.w - unit * 2, unit * 24), 0)
            out.h = height(out.w, self.lines, scale, n)
            out.bottomright = (area.right - unit, round(floor - unit * 0.6))
            return out

        def fits(rect: pygame.Rect) -> bool:
            return log.contains(rect) if log is not None else rect.top >= area.top + self.app.scale.unit * 0.6
        sizes = self.app.scale.fitting(lambda s: fits(box(s, SHOWN)))
        n = next((k for k in range(SHOWN, 1, -1) if fits(box(sizes, k))), 1)
        return box(sizes, n), sizes, n

    def rect(self) -> pygame.Rect:
        return self.layout()[0]

    def handle(self, intent: Intent) -> bool:
        """A click on the list, or back, closes it (once the replay has played or been skipped); a hex's menu or
        the palette, drawn over the list, comes first."""
        if self.table.anim.busy or self.table.menus.open:
            return False
        clicked = intent.kind == "select" and intent.pointer and self.rect().collidepoint(intent.x, intent.y)
        if not clicked and intent.kind != "back":
            return False
        self.table.overlays.put("recap", None)
        return True

    def draw(self, screen: pygame.Surface) -> None:
        box, sizes, n = self.layout()
        draw(screen, box, self.lines, sizes, n, self.table.anim.busy, self.app.input)
