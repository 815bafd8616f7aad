"""The human's turn arriving after the others played (issue 38): a moment of its own, so that the decision
coming back is never missed while the eye follows the bots' moves."""
from __future__ import annotations

from functools import lru_cache

import pygame

from ... import anim, theme
from ...render.tween import out_cubic

SWEEP = 0.25                    # the share of the banner's time the wings take to open


@lru_cache(maxsize=4)
def wing(w: int, h: int, colour: theme.Colour) -> pygame.Surface:
    """A band of a tribe's colour (opaque, made see-through by its surface alpha: no per-pixel blending)."""
    surface = pygame.Surface((max(1, w), max(1, h)))
    surface.fill(colour)
    return surface


class TurnBanner(anim.Banner):
    """"Your turn": the step banner's plate, with wings of the player's tribe colour opening from it to both
    edges of the screen and the tribe's shape and pattern at the plate's sides (colour is never alone), to the
    call of the conch ("turn"). Under reduce motion (`still`) the wings fade in where they end instead of
    sweeping out. At speed instant it lasts nothing, so it neither shows nor sounds."""

    def __init__(self, player: str, title: str, line: str, speed: float, still: bool):
        super().__init__(title, line, speed)
        self.cue = "turn"
        self.player, self.still = player, still

    def draw(self, screen: pygame.Surface, where: anim.ToScreen, unit: int) -> pygame.Rect | None:
        drawn = super().draw(screen, where, unit)
        if drawn is None:
            return None
        plate = self.band
        t = self.t
        alpha = round(230 * min(1.0, t * 6, (1 - t) * 5))
        opened = 1.0 if self.still else out_cubic(min(1.0, t / SWEEP))
        band = plate.inflate(0, -unit)
        colour = theme.tribe_colour(self.player)
        out = drawn
        for side in (-1, 1):
            room = plate.left if side < 0 else screen.get_width() - plate.right
            w = round(room * opened)
            if w <= 0:
                continue
            stripe = wing(room, band.h, colour)
            stripe.set_alpha(alpha)
            rect = pygame.Rect(plate.left - w if side < 0 else plate.right, band.y, w, band.h)
            screen.blit(stripe, rect, pygame.Rect(0, 0, w, band.h))
            out = out.union(rect)
            if alpha > 128:
                centre = (plate.left - unit * 1.2 if side < 0 else plate.right + unit * 1.2, band.centery)
                theme.draw_tribe(screen, self.player, centre, unit * 0.7)
        return out
