"""The living sea (game/render/sea.py): on an idle table the sea moves while the interface stays still, and the
sea and the pieces' bob depend on the clock and the public board alone (X9), never on another seat's secrets."""
from __future__ import annotations

import itertools

import pygame

from game import flow
from game.app import App, Settings
from game.match import Match
from game.scenes.table import TableScene

from .helpers import changed, run_to

SEED = 7
GLASS = 40             # a change smaller than this in every channel is the sea seen through a panel's glass


def idle_table(screen: pygame.Surface, rules, tmp_path, match: Match) -> tuple[App, TableScene]:
    """A table waiting for the human's decision, nothing animating."""
    app = App(screen, Settings(data_dir=tmp_path, speed="instant"), rules, fixed_dt=1 / 60)
    flow.start_match(app, match)
    app.settle()
    table = next(s for s in app.live() if isinstance(s, TableScene))
    assert table.legal and not table.anim.busy, "the human decides, nothing plays"
    return app, table


def test_on_an_idle_table_the_sea_moves_and_the_interface_stays(screen, rules, tmp_path):
    match = Match.new(rules, 3, ["human", "normal", "normal"], SEED, {}, speed="instant")
    app, table = idle_table(screen, rules, tmp_path, match)
    try:
        start = app.time
        frames = [run_to(app, start + k) for k in (1.0, 2.0, 3.0)]
        assert table.legal and not table.anim.busy, "still idle"
        for a, b in itertools.pairwise(frames):
            moved = changed(a, b, table.map_area())
            assert moved > 0.002 * table.map_area().w * table.map_area().h, "the sea moves a second later"
            panels = table.panels()                # the columns' rects reach below their paper: over the sea
            log = table.log.panel(panels["log"])
            for name, rect in (("top", panels["top"]), ("log", log), ("bar", table.bar.rect)):
                if rect.w > 0 and rect.h > 0:      # the sea's glints seen dimmed through a panel's glass at most
                    assert changed(a, b, rect, GLASS) == 0, f"the {name} panel stays still"
    finally:
        match.close()


def test_another_seats_secrets_draw_the_same_frames(screen, rules, tmp_path):
    """Two tables whose games differ only in what the viewer may not see (another seat's hand, the draw piles'
    order) draw the same frames at the same moments."""
    matches = [Match.new(rules, 3, ["human", "normal", "normal"], SEED, {}, speed="instant") for _ in range(2)]
    try:
        tables = [idle_table(screen, rules, tmp_path / str(i), match) for i, match in enumerate(matches)]
        secret, me = matches[1]._state, matches[1].viewer()
        for player, hand in enumerate(secret.hand):          # the others' hands, and every pile's order
            if secret.names[player] != me:
                secret.hand[player] = secret.deck[:len(hand)]
        for pile in (secret.deck, secret.stack, secret.cup):
            pile.reverse()
        tables[1][1].install()
        assert matches[0].view(me) == matches[1].view(me), "the viewer's views are alike"
        base = max(app.time for app, _ in tables)
        pictures = []
        for app, _ in tables:           # the other table drew the shared screen last: this one draws it whole again
            pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
            pictures.append([run_to(app, base + k) for k in (0.5, 1.25, 2.0)])
        for a, b in zip(*pictures):
            assert changed(a, b, a.get_rect()) == 0, "the same moment, the same picture"
    finally:
        for match in matches:
            match.close()
