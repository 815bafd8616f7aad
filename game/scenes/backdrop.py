"""The painted sea behind the menus: the map itself, far away and dimmed, with a soft vignette."""
from __future__ import annotations

from functools import lru_cache

import pygame

import engine

from ..render.camera import ZOOMS
from ..render.layout import Layout
from ..render.mapart import MapArt


@lru_cache(maxsize=2)
def backdrop(size: tuple[int, int]) -> pygame.Surface:
    rules = engine.load_ruleset()
    layout = Layout(rules)
    art = MapArt(rules, layout, {})
    zoom = max(z for z in ZOOMS if z <= 1.0)
    sea = art.static(zoom)
    w, h = size
    scale = max(w / sea.get_width(), h / sea.get_height())
    picture = pygame.transform.smoothscale(sea, (round(sea.get_width() * scale), round(sea.get_height() * scale)))
    out = pygame.Surface(size)
    out.blit(picture, picture.get_rect(center=(w // 2, h // 2)))
    shade = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(0, h, 4):                       # darker towards the top and the bottom
        edge = abs(i - h / 2) / (h / 2)
        pygame.draw.rect(shade, (8, 24, 44, round(110 + 90 * edge ** 2)), (0, i, w, 4))
    out.blit(shade, (0, 0))
    return out
