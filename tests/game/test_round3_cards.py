"""Issue 40, round 3: a card's power is read where the card is chosen (the bar's word box names the power of the
card a button reveals or plays), the hand's cards show their face to the keys' focus as to the pointer, and a
found tile that cannot stay face down says so (E6.2)."""
from __future__ import annotations

from typing import Any

import pygame
import pytest

import engine
from game import words
from game.render import cards, hud

from .conftest import key
from .helpers import button_of, table_for

HAND = {"players": ["Tonga", "Samoa"], "step": "exploration",
        "cards": {"Tonga": {"hand": ["tiki", "moai"], "shown": ["surfing"]}}}


def point(app: Any, pos: tuple[float, float], frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(pos[0]), round(pos[1])), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    for _ in range(frames):
        app.frame()


def tooltips(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The lines of every hud tooltip drawn from now on."""
    drawn: list[list[str]] = []
    real = hud.tooltip

    def record(screen: pygame.Surface, at: tuple[float, float], lines: Any, *args: Any, **kw: Any) -> pygame.Rect:
        drawn.append(list(lines))
        return real(screen, at, lines, *args, **kw)
    monkeypatch.setattr(hud, "tooltip", record)
    return drawn


def test_the_reveal_buttons_word_box_gives_the_cards_power(app: Any, rules: engine.Ruleset,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 40 point 1 (B4): pointing at "Reveal Tiki" says what Tiki does, as its face prints it."""
    table = table_for(app, rules, HAND)
    show = engine.Action("show", ("tiki",))
    assert show in table.bar.actions
    drawn = tooltips(monkeypatch)
    point(app, button_of(table, show).rect.center)
    power = cards.power(cards.arts("tiki"), rules)
    assert any(power in line and words.card_title("tiki", rules) in line for line in drawn[-1]), drawn[-1]


def test_the_focused_reveal_button_gives_the_cards_power_too(app: Any, rules: engine.Ruleset,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """By keys (Tab to the button), the same words: the pointer is not needed to read a card."""
    table = table_for(app, rules, HAND)
    show = engine.Action("show", ("moai",))
    drawn = tooltips(monkeypatch)
    for _ in range(30):
        key(app, pygame.K_TAB)
        if table.bar.pointed() == show:
            break
    assert table.bar.pointed() == show
    app.frame()
    assert any(cards.power(cards.arts("moai"), rules) in line for line in drawn[-1]), drawn[-1]


def test_an_event_aimed_names_its_power(rules: engine.Ruleset) -> None:
    """A7: the event to aim is the decision's card; a card played is the event the action names."""
    from game.scenes.table.bar import named_card
    view: Any = {"decision": {"kind": "event_target", "card": "pele"}}
    assert named_card(engine.Action("target", ("Samoa",)), view) == cards.Card("event", "pele")
    assert named_card(engine.Action("play", ("pele", "0906")), view) == cards.Card("event", "pele")
    assert named_card(engine.Action("end"), view) is None


def test_a_hand_card_focused_by_keys_shows_its_face(app: Any, rules: engine.Ruleset) -> None:
    """Tab reaches the hand's cards; the one focused shows its face (the power printed on it)."""
    table = table_for(app, rules, HAND)
    tiki = cards.arts("tiki")
    for _ in range(40):
        key(app, pygame.K_TAB)
        card = table.players.focused()
        if card is not None and card[0] == tiki:
            break
    assert table.players.pointed_card() is not None and table.players.pointed_card()[0] == tiki


def test_a_found_tile_that_cannot_stay_face_down_says_it_must_be_revealed(rules: engine.Ruleset) -> None:
    """E6.2: with the 3 discovered-island markers out, only "reveal" is offered, and the headline says why."""
    view: Any = {"exploration": {"target": "0906", "player": "Tonga"}, "hexes": [{"hex": "0906", "tile": "Pukapuka"}],
                 "movement": None, "building": None, "you": "Tonga"}
    free = words.decision_headline(view, rules, {"keep", "reveal"})
    forced = words.decision_headline(view, rules, {"reveal"})
    assert "face down" in free and "Pukapuka" in free
    assert "face down" not in forced and "Pukapuka" in forced and "E6.2" in forced


BUILDING = {"players": ["Tonga", "Samoa"], "step": "building", "active": "Tonga"}


def builds_in_palette(table: Any) -> list[str]:
    """The items the palette offers to build at Tonga's home (0807), in its order."""
    return [a.args[0] for a in table.menus.palette_actions() if a.verb == "build" and a.args[1] == "0807"]


def test_B2_the_palette_keeps_the_rulebooks_order_as_the_building_menu(app: Any, rules: engine.Ruleset) -> None:
    """Issue 40: the All-actions palette lists a hex's build items in B2's order, as its Building menu does, turn
    after turn (an item that becomes affordable takes its place, never the end of the list)."""
    from game.scenes.table.menus import BUILD_ITEMS
    table = table_for(app, rules, BUILDING)
    for _ in range(3):
        offered = builds_in_palette(table)
        assert offered == [item for item in BUILD_ITEMS if item in offered], offered
        table.act(engine.Action("build", (offered[0], "0807")))
        app.frame()


@pytest.mark.parametrize("gain", ["1", "3/2"])
def test_V1_the_ticking_vp_steps_through_whole_vp_from_the_old_count(app: Any, rules: engine.Ruleset,
                                                                     gain: str) -> None:
    """Issue 40: from 5 to 6 the number never says 5½ (an atoll's ½ is real, V1; halfway between counts is not);
    from 5 to 6½ it says 5, 6, then 6½."""
    import copy
    from fractions import Fraction
    table = table_for(app, rules, HAND, speed="normal")
    view = copy.deepcopy(table.shown)
    tonga = next(p for p in view["players"] if p["name"] == "Tonga")
    before = Fraction(tonga["vp"])
    after = before + Fraction(gain)
    tonga["vp"] = str(after)
    table.put_view(view)
    seen = set()
    for _ in range(60):
        app.frame()
        seen.add(table.players.vp_shown("Tonga", -1))
    real = {float(before), float(before + 1), float(after)}
    assert seen - {-1} <= real and float(after) in seen, sorted(seen)
