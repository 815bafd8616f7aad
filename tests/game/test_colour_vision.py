"""Colour-vision safety (issue 27): the tribes' colours and the colours of what the map marks stay apart for normal
vision and under simulated protanopia, deuteranopia and tritanopia; and the four tribes' markers differ without
colour at all (shape and pattern).

Each deficiency is simulated with Machado, Oliveira & Fernandes (2009) at severity 1.0 (dichromacy) and distances
are measured in CAM02-UCS (Luo, Cui & Li 2006), both by colorspacious. Its ΔE' of 1 is about one just noticeable
difference between large patches side by side; colours that name things on a map, seen apart and on small marks,
need many times that. The floor is calibrated on the Okabe-Ito palette, made to be told apart with any of the three
deficiencies (the colour-vision aid uses it): its closest pair under any simulation is 11.0 apart (orange and
reddish purple, tritanopia), so two colours are "distinguishable" here when they lie at least THRESHOLD apart.
"""
from __future__ import annotations

import itertools
import random

import numpy as np
import pygame
import pytest
from colorspacious import cspace_convert

import engine
from game import colourvision, gestures, theme

THRESHOLD = 10.0
CVD = {"protanopia": "protanomaly", "deuteranopia": "deuteranomaly", "tritanopia": "tritanomaly"}
OKABE_ITO = {"orange": (230, 159, 0), "sky blue": (86, 180, 233), "bluish green": (0, 158, 115),
             "yellow": (240, 228, 66), "blue": (0, 114, 178), "vermilion": (213, 94, 0),
             "reddish purple": (204, 121, 167)}
# The verbs that one decision lights together (the steps: exploration, movement, building, a battle, a retreat).
# "choose" (several verbs at a hex, or a verb LIT does not name) may join any of them, and the map's marks
# (HIGHLIGHT: the focus ring, the chosen action's hexes) lie over any lit hex.
TOGETHER = (("premove", "explore", "course", "cross"), ("go", "party"), ("build",), ("battle",), ("retreat",))

Pair = tuple[str, str]


def seen(rgb: tuple[int, int, int], kind: str) -> np.ndarray:
    """Where a colour lies in CAM02-UCS for eyes of this kind (colorspacious's simulation)."""
    srgb = np.array(rgb, float) / 255
    if kind != "normal":
        srgb = np.clip(cspace_convert(srgb, {"name": "sRGB1+CVD", "cvd_type": CVD[kind], "severity": 100},
                                      "sRGB1"), 0, 1)
    return cspace_convert(srgb, "sRGB1", "CAM02-UCS")


def closest(colours: dict[str, tuple[int, int, int]], pairs: list[Pair] | None = None
            ) -> dict[str, tuple[float, Pair]]:
    """For each kind of vision, the smallest distance between the pairs (every pair by default) and which."""
    pairs = pairs if pairs is not None else list(itertools.combinations(colours, 2))
    out = {}
    for kind in colourvision.KINDS:
        at = {name: seen(rgb, kind) for name, rgb in colours.items()}
        out[kind] = min((float(np.linalg.norm(at[a] - at[b])), (a, b)) for a, b in pairs)
    return out


def assert_apart(colours: dict[str, tuple[int, int, int]], pairs: list[Pair] | None = None) -> None:
    worst = closest(colours, pairs)
    near = {kind: (round(d, 1), pair) for kind, (d, pair) in worst.items() if d < THRESHOLD}
    assert not near, f"closer than ΔE' {THRESHOLD}: {near}"


def tribes(aided: bool) -> dict[str, tuple[int, int, int]]:
    """The colours that stand for sides on the map and in a battle: the four tribes in a palette and the local
    warriors."""
    palette = theme.AIDED if aided else {name: spec[0] for name, spec in theme.TRIBES.items()}
    return {**palette, "local warriors": theme.LOCAL_WARRIOR}


def lit_pairs(phase: float) -> tuple[dict[str, tuple[int, int, int]], list[Pair]]:
    """The lit hexes' colours at a phase of their pulse and the marks' colour, and the pairs that can be seen
    together: within a step's verbs, with "choose", with the marks (verbs of one colour are one thing)."""
    colours = {role: theme.mix(c, theme.WHITE, phase) for role, c in theme.LIT.items()}
    colours["marks"] = theme.HIGHLIGHT
    pairs = set()
    for group in TOGETHER:
        shown = [*group, "choose", "marks"]
        pairs |= {(a, b) for a, b in itertools.combinations(shown, 2) if colours[a] != colours[b]}
    return colours, sorted(pairs)


@pytest.mark.parametrize("aided", [False, True], ids=["default", "aided"])
def test_the_sides_colours_stay_apart_in_every_vision(aided):
    """Both palettes pass: the default one too (its closest pair under any simulation is 25.5 apart)."""
    assert_apart(tribes(aided))


@pytest.mark.parametrize("phase", [0.0, theme.LIT_PULSE], ids=["dim", "bright"])
def test_lit_hexes_and_the_marks_over_them_stay_apart_in_every_vision(phase):
    assert_apart(*lit_pairs(phase))


def test_markers_and_the_chosen_line_stay_apart_in_every_vision():
    """The exploration markers lie side by side on the map; a list's chosen line stands on the paper."""
    assert_apart(theme.MARKERS)
    assert_apart({"chosen line": theme.SELECTED, "paper": theme.PANEL})


def test_the_threshold_is_met_by_the_okabe_ito_palette():
    assert_apart(OKABE_ITO)


def test_colours_made_too_close_fail(monkeypatch):
    """The checks can fail: a cross lit like an exploration, Hiva's aided colour a shade off Raiatea's, a marker
    of danger the island marker's green."""
    monkeypatch.setitem(theme.LIT, "cross", (150, 215, 255))
    with pytest.raises(AssertionError, match="cross"):
        assert_apart(*lit_pairs(0.0))
    monkeypatch.setitem(theme.AIDED, "Hiva", (190, 120, 170))
    with pytest.raises(AssertionError, match="Hiva"):
        assert_apart(tribes(True))
    monkeypatch.setitem(theme.MARKERS, "penalty", (150, 150, 80))
    with pytest.raises(AssertionError, match="deuteranopia"):
        assert_apart(theme.MARKERS)


def test_a_decision_lights_the_verbs_of_one_step_only(rules):
    """TOGETHER holds in play: random games' decisions light (besides "choose") verbs of one group only."""
    groups = [set(group) for group in TOGETHER]
    for seed in (1, 2):
        state = engine.new_game(rules, 2 + seed, seed, {"kumara": True, "malaria": True})
        rnd = random.Random(seed)
        for _ in range(2500):
            if engine.is_over(state):
                break
            if engine.current_player(state) == engine.CHANCE:
                engine.resolve_chance(state)
                continue
            legal = engine.legal_actions(state)
            roles = {r for r in gestures.hex_roles(gestures.plan(legal, rules)).values() if r in theme.LIT} - {
                "choose"}
            assert not roles or any(roles <= group for group in groups), roles
            engine.apply(state, rnd.choice(legal))


def test_the_preview_shows_what_the_tests_measure():
    """The settings' preview simulates with hand-copied matrices (no numpy in the game): the same colours as
    colorspacious, to a step of 8 bits."""
    colours = [*theme.AIDED.values(), *(spec[0] for spec in theme.TRIBES.values()), *theme.LIT.values(),
               theme.HIGHLIGHT, theme.LOCAL_WARRIOR, (0, 0, 0), (255, 255, 255)]
    for kind, cvd in CVD.items():
        for rgb in colours:
            srgb = cspace_convert(np.array(rgb, float) / 255, {"name": "sRGB1+CVD", "cvd_type": cvd, "severity": 100},
                                  "sRGB1")
            expected = np.round(np.clip(srgb, 0, 1) * 255)
            assert np.abs(np.array(colourvision.simulate(rgb, kind)) - expected).max() <= 1, (kind, rgb)


# --- without colour -------------------------------------------------------------------------------------------

GROUND = 128                                    # the grey the markers are drawn on

def grey(name: str, radius: int, fill: tuple[int, int, int] | None = None, shape: str | None = None) -> np.ndarray:
    """A tribe's marker (in its colour, or `fill`; in its shape, or `shape`) as luminance, on a mid-grey ground."""
    side = radius * 3
    surface = pygame.Surface((side, side))
    surface.fill((GROUND,) * 3)
    if shape is None:
        theme.draw_tribe(surface, name, (side / 2, side / 2), radius, fill=fill)
    else:
        theme.draw_shape(surface, shape, (side / 2, side / 2), radius, fill or theme.tribe_colour(name),
                         pattern=theme.tribe_pattern(name))
    rgb = pygame.surfarray.array3d(surface).astype(float)
    return rgb @ np.array([0.2126, 0.7152, 0.0722])


def differing(a: np.ndarray, b: np.ndarray) -> float:
    """The share of the markers' pixels (off the ground in either) whose luminance differs by more than a faint
    step."""
    marker = (a != GROUND) | (b != GROUND)
    return float((np.abs(a - b) > 24)[marker].mean())


@pytest.mark.parametrize("aided", [False, True], ids=["default", "aided"])
def test_the_tribes_markers_differ_in_greyscale(aided):
    """At a token's size on the map (radius 12 px at the table's opening zoom) and in one grey for all, so that
    no colour helps: the shapes and patterns alone set every two tribes apart, and the local warriors (a battle's
    islanders) from each tribe."""
    theme.set_colour_aid(aided)
    try:
        for radius, fill in ((12, None), (12, (150, 150, 150)), (30, (150, 150, 150))):
            pictures = {name: grey(name, radius, fill) for name in (*theme.TRIBES, "independent")}
            for a, b in itertools.combinations(pictures, 2):
                assert differing(pictures[a], pictures[b]) > 0.1, (a, b, radius, fill)
    finally:
        theme.set_colour_aid(False)


def test_the_patterns_alone_tell_the_tribes_apart():
    """The same shape in the same grey: only the patterns differ, and they do, visibly."""
    pictures = {name: grey(name, 20, (150, 150, 150), "square") for name in theme.TRIBES}
    for a, b in itertools.combinations(pictures, 2):
        assert differing(pictures[a], pictures[b]) > 0.05, (a, b)
