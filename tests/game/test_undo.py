"""Undo at the table (ruling X42, issue 24): the bar's first button, U or Ctrl+Z take back the human's newest
decision; the board and the log come back as they were; a draw or a hand-off leaves nothing to undo."""
from __future__ import annotations

import pygame

import engine

from .conftest import click, key
from .test_gestures import button_of, screen_of, table_for

WAR_PARTY = {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906", "1006"],
             "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1, "warrior_band": 1}]}}


def undo_button(table):
    assert table.bar.actions and table.bar.actions[0] is None, "Undo comes first in the bar"
    return table.bar.form.widgets[0]


def test_X42_the_undo_button_takes_back_the_newest_decision(app, rules):
    table = table_for(app, rules, WAR_PARTY)
    assert None not in table.bar.actions, "nothing to undo yet"
    before = table.match.state_hash()
    click(app, screen_of(table, "0807"))                 # the party forms at Tonga
    take = engine.Action("take", ("war_canoe",))
    click(app, button_of(table, take).rect.center)
    click(app, screen_of(table, "0906"))                 # the party sails to 0906
    go = engine.Action("go", ("0906",))
    assert table.match.decisions == [engine.Action("party", ("0807",)), take, go]
    lines = len(table.log.lines)
    click(app, undo_button(table).rect.center)
    assert table.match.decisions == [engine.Action("party", ("0807",)), take]
    assert go in table.legal and len(table.log.lines) < lines, "the log forgets the undone move"
    key(app, pygame.K_u)
    key(app, pygame.K_u)
    assert table.match.decisions == [] and table.match.state_hash() == before
    assert None not in table.bar.actions


def test_X42_ctrl_z_undoes_and_a_draw_leaves_nothing_to_undo(app, rules):
    table = table_for(app, rules, {"players": ["Tonga", "Samoa"], "step": "exploration"})
    click(app, screen_of(table, "0807"))                 # the pre-move
    assert table.match.decisions == [engine.Action("premove", ("0807",))]
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert table.match.decisions == []
    click(app, screen_of(table, "0807"))
    click(app, screen_of(table, "0906"))                 # explore: a marker is drawn
    for _ in range(30):
        app.frame()
    assert table.match.decisions[-1] == engine.Action("explore", ("0906",))
    decided = list(table.match.decisions)
    key(app, pygame.K_u)
    assert table.match.decisions == decided and table.menus.toasts, "refused, with the reason"
    assert "X42" in table.menus.toasts[-1][0]
