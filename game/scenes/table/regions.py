"""Where the table's panels lie on a screen of a given size: the top bar, the players' column on the left, the log
on the right (when shown); the map fills the rest.

The columns grow with the text (the unit) but never past a share of the window's width, so that at a large UI
scale the map and the decision bar across it keep more than half the width (the players' column then draws its
words smaller, never under UI scale 1's: players.py)."""
from __future__ import annotations

import pygame

LEFT, LOG = 0.23, 0.23            # the columns' widest, as shares of the window's width


def panels(size: tuple[int, int], unit: int, show_log: bool) -> dict[str, pygame.Rect]:
    w, h = size
    top = pygame.Rect(0, 0, w, round(unit * 2.4))
    left = pygame.Rect(unit // 2, top.bottom + unit // 2, round(min(unit * 17, w * LEFT)), 0)
    left.h = h - left.y - unit // 2
    right_w = round(min(unit * 18, w * LOG))
    out = {"top": top, "left": left}
    if show_log:
        out["log"] = pygame.Rect(w - right_w - unit // 2, top.bottom + unit // 2, right_w, h - top.bottom - unit)
    return out


def map_area(size: tuple[int, int], panels: dict[str, pygame.Rect]) -> pygame.Rect:
    """The part of the window where the map shows between the panels."""
    w, h = size
    x0 = panels["left"].right
    x1 = panels["log"].x if "log" in panels else w
    return pygame.Rect(x0, panels["top"].bottom, x1 - x0, h - panels["top"].bottom)
