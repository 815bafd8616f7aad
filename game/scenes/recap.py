""""Since your last turn" (pass and play): after a hand-off, what happened since the incoming player last saw
the table is replayed on the map through their own eyes (the table does it, from the view they last saw), and
listed here in words. Any key skips the replay; a click on the list closes it; their first decision does too.
The list is a scene over the table that lets every other intent through to it.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from .. import theme, words
from ..app import App, scene
from ..input import Intent
from ..theme import Scale
from ..ui.overlay import Overlay

SHOWN = 6                                 # the newest lines listed; the log keeps them all


def rect(area: pygame.Rect, scale: Scale, lines: int, floor: float | None) -> pygame.Rect:
    unit = scale.unit
    box = pygame.Rect(0, 0, min(area.w - unit * 2, unit * 24),
                      round(unit * (2.6 + 1.35 * (min(lines, SHOWN) + (lines > SHOWN)))))
    box.bottomright = (area.right - unit, round((area.bottom if floor is None else floor) - unit * 0.6))
    return box


def draw(screen: pygame.Surface, box: pygame.Rect, lines: Sequence[tuple[str, str]], scale: Scale,
         replaying: bool) -> None:
    unit, size = scale.unit, scale.small
    theme.panel(screen, box, alpha=246)
    key = "recap.replaying" if replaying else "recap.title"
    head = theme.text(words.text(key, n=len(lines)), size, theme.INK, "bold")
    screen.blit(head, (box.x + unit * 0.6, box.y + unit * 0.4))
    y = box.y + unit * 0.5 + head.get_height()
    for said, _rule in lines[-SHOWN:]:
        line = theme.text(theme.fit(said, size, box.w - unit * 1.2), size, theme.INK)
        screen.blit(line, (box.x + unit * 0.6, round(y)))
        y += theme.font(size).get_linesize()
    if len(lines) > SHOWN:
        more = theme.text(words.text("recap.more", n=len(lines) - SHOWN), size, theme.MUTED)
        screen.blit(more, (box.x + unit * 0.6, round(y)))


@scene("recap")
class RecapScene(Overlay):
    """The list over the log panel (or the map's bottom right, above the decision bar, without the log)."""

    def __init__(self, app: App, table: Any, lines: list[tuple[str, str]]):
        super().__init__(app)
        self.table = table
        self.lines = lines

    def rect(self) -> pygame.Rect:
        """Over the top of the log panel, which lists the same lines, so that the map stays clear (issue 24: the
        list covered the map); at the bottom right of the map when the log is hidden."""
        table = self.table
        log = table.panels().get("log")
        if log is not None:
            box = rect(log, self.app.scale, len(self.lines), None)
            box.w = log.w
            box.topleft = log.topleft
            return box
        return rect(table.map_area(), self.app.scale, len(self.lines), table.bar.rect.top if table.legal else None)

    def handle(self, intent: Intent) -> bool:
        """A click on the list closes it (once the replay has played or been skipped); a hex's menu or the
        palette, drawn over the list, comes first."""
        if intent.kind != "select" or not intent.pointer or self.table.anim.busy or self.table.menus.open or \
                not self.rect().collidepoint(intent.x, intent.y):
            return False
        self.table.overlays.put("recap", None)
        return True

    def draw(self, screen: pygame.Surface) -> None:
        draw(screen, self.rect(), self.lines, self.app.scale, self.table.anim.busy)
