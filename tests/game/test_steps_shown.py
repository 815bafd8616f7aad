"""Steps that show (issue 24): each step begins with a banner saying what happens in it."""
from __future__ import annotations

import pygame


def test_each_step_begins_with_a_banner_saying_what_happens_in_it(screen):
    """Issue 24: the Victory step passed unnoticed. A step's start is a clip of its own (skipped like any other;
    none at speed instant): its name and a line on what happens, drawn across the top of the map."""
    from game import anim
    event = {"kind": "step_started", "turn": 3, "step": "victory"}
    clips, leading = anim.from_events([event], {}, "normal")
    banner = clips[0]
    assert isinstance(banner, anim.Banner) and leading == [] and banner.after == [event]
    assert "Victory" in banner.title and "(V3)" in banner.line
    assert anim.from_events([event], {}, "instant") == ([], [event])
    screen.fill((0, 0, 0))
    banner.advance(banner.duration / 2)
    banner.draw(screen, lambda label: ((0, 0), 1), 16)
    top = pygame.image.tobytes(screen.subsurface((0, 0, screen.get_width(), 200)), "RGB")
    lit = sum(1 for i in range(0, len(top), 3) if top[i:i + 3] != b"\x00\x00\x00")
    assert lit > 5000, "the banner is drawn"
