"""Undo at the table (ruling X42, issue 24): the bar's first button, U or Ctrl+Z take back the human's newest
decision; the board and the log come back as they were; a draw or a hand-off leaves nothing to undo."""
from __future__ import annotations

import pygame

import engine

from .conftest import click, key
from .helpers import button_of, claim_table, screen_of, table_for

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


def test_X42_a_reveal_is_marked_and_asked_first_and_cancel_keeps_the_game_as_it_was(app, rules):
    """Showing a card (B4) cannot be undone: the bar says so when it is pointed at, a confirmation asks first;
    Cancel (where the keys' focus starts) changes nothing, "don't ask again" stops asking for shown cards."""
    from game.scenes.message import ConfirmScene
    table, match = claim_table(app, rules)
    show = engine.Action("show", ("poi",))
    assert table.final(show) == "reveal"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button_of(table, show).rect.center, rel=(1, 1),
                                         buttons=(0, 0, 0)))
    app.frame()
    assert table.bar.pointed() == show
    before = match.state_hash()
    click(app, button_of(table, show).rect.center)
    assert isinstance(app.top, ConfirmScene) and match.decisions == []
    key(app, pygame.K_RETURN)                            # the focus starts on Cancel
    assert app.top is table and match.decisions == [] and match.state_hash() == before
    click(app, button_of(table, show).rect.center)
    click(app, app.top.form.widgets[1].rect.center)      # do it, and don't ask again
    assert match.decisions == [show] and "card" not in app.settings.ask_before
    click(app, button_of(table, engine.Action("show", ("moai",))).rect.center)
    assert app.top is table and match.decisions[-1] == engine.Action("show", ("moai",)), "not asked again"



def test_X42_tab_reaches_the_lit_hexes_first_and_undo_last(app, rules):
    """Tab then Enter acts on what the decision is about; it never takes a decision back (the first Tab once
    focused Undo, the bar's first button)."""
    table = table_for(app, rules, WAR_PARTY)
    click(app, screen_of(table, "0807"))
    click(app, button_of(table, engine.Action("take", ("war_canoe",))).rect.center)
    stops = table.focus.stops()
    assert stops[0][0] == "hex" and stops[-1] == ("button", 0) and table.bar.actions[0] is None
    key(app, pygame.K_TAB)
    assert table.focus.stop() == stops[0]
    key(app, pygame.K_RETURN)
    made = table.match.decisions
    asked = type(app.top).__name__ == "ConfirmScene"           # 0806 is Samoa's home: the party must stop there
    assert len(made) == 3 or asked, "Tab, Enter: the first lit hex's action (or its confirmation)"
    assert made[:2] == [engine.Action("party", ("0807",)), engine.Action("take", ("war_canoe",))], "nothing undone"


def test_X42_with_nothing_decided_since_the_game_was_opened_undo_says_so(app, rules):
    table = table_for(app, rules, WAR_PARTY)
    key(app, pygame.K_u)
    assert table.menus.toasts and "since the game was opened" in table.menus.toasts[-1][0]
