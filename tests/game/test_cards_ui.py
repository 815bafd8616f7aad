"""Cards as cards (issue 38): every Arts & Culture card and random event has a face that draws in every language;
pointing at a card in the hand, on a row or in the log shows its face; help on it opens its entry; each card event
has its clip, which never shows a card the event does not name (X9); a VP change ticks to the view's value."""
from __future__ import annotations

import copy
import typing

import pygame
import pytest

import engine
from engine.views import EventKind
from game import catalog, help, sound, words
from game.render import cards, hud
from game.render.cards import Card
from game.scenes.help import HelpScene

from .conftest import click, key
from .helpers import table_for

HAND = {"players": ["Tonga", "Samoa"], "step": "exploration",
        "cards": {"Tonga": {"hand": ["tiki", "moai"], "shown": ["surfing"]}}}


def point(app, pos, frames=1):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(pos[0]), round(pos[1])), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    for _ in range(frames):
        app.frame()


def colours(surface: pygame.Surface) -> int:
    """How many different colours a picture holds (a sample of its pixels): a face is no blank rectangle."""
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y))) for x in range(0, w, 3) for y in range(0, h, 3)})


@pytest.mark.parametrize("language", list(catalog.LANGUAGES))
def test_every_card_has_a_face_that_draws_in_every_language(screen, rules, language):
    words.set_language(language)
    try:
        every = cards.every_card(rules)
        assert len(every) == len(rules.cards) + len(rules.events) and len(every) > 30
        faces = {}
        for card in every:
            face = cards.face(card, 240, rules)
            m = cards.shadow_margin(240)
            assert face.get_size() == (240 + 2 * m, round(240 * cards.RATIO) + 2 * m)
            assert colours(face) > 12, f"{card}: a picture, words and a frame"
            faces[card] = pygame.image.tobytes(face, "RGBA")
            assert cards.mini(card, 20, rules).get_height() == 20
        assert len(set(faces.values())) == len(every), "no two cards look the same"
        for deck in ("card", "event"):
            assert colours(cards.back(deck, 240)) > 3
    finally:
        words.set_language("en")


def test_a_face_is_drawn_once_and_kept(screen, rules):
    tiki = cards.arts("tiki")
    assert cards.face(tiki, 200, rules) is cards.face(tiki, 200, rules)
    assert cards.face(tiki, 200, rules) is not cards.face(tiki, 210, rules)


def hand_spot(table, card):
    """Where the viewer's hand shows a card (below the rows)."""
    below = table.players.rows()["Samoa"].bottom
    return next(rect for rect, c in table.players.marks.spots if c == card and rect.y > below)


def test_pointing_at_a_card_in_the_hand_shows_its_face(app, rules):
    table = table_for(app, rules, HAND)
    tiki = cards.arts("tiki")
    assert {c for _, c in table.players.marks.spots} == {tiki, cards.arts("moai"), cards.arts("surfing")}
    spot = hand_spot(table, tiki)
    point(app, spot.center, frames=3)
    assert table.settled and table.players.pointed_card() == (tiki, spot.center)
    expected = pygame.Surface(app.screen.get_size(), pygame.SRCALPHA)
    drawn = cards.tooltip(expected, spot.center, tiki, rules, table.players.fitted().unit)
    inner = drawn.inflate(-cards.shadow_margin(drawn.w) * 6, -cards.shadow_margin(drawn.w) * 6)
    shown = app.screen.subsurface(inner)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(expected.subsurface(inner), "RGB"), \
        "the face is on the screen, whole"
    point(app, (spot.x - 2 * app.scale.unit, spot.y - 3 * app.scale.unit), frames=3)       # off the card
    assert table.players.pointed_card() is None
    assert pygame.image.tobytes(app.screen.subsurface(inner), "RGB") != pygame.image.tobytes(
        expected.subsurface(inner), "RGB")


def test_a_rows_face_up_card_shows_its_face_too(app, rules):
    table = table_for(app, rules, HAND)
    surfing = cards.arts("surfing")
    spot = next(rect for rect, c in table.players.marks.spots if c == surfing)
    assert table.players.rows()["Tonga"].contains(spot), "in its owner's row"
    point(app, spot.center, frames=2)
    assert table.players.pointed_card() == (surfing, spot.center)


def test_help_over_a_card_opens_its_entry(app, rules):
    table = table_for(app, rules, HAND)
    spot = hand_spot(table, cards.arts("moai"))
    point(app, spot.center)
    assert table.players.rule_here() == "card.moai"
    key(app, pygame.K_F1)
    assert isinstance(app.top, HelpScene) and app.top.code == "card.moai"
    assert app.top.ref.entries["card.moai"].title == "Moai" and app.top.picture is not None, "its face beside"


def test_a_log_line_naming_a_card_shows_it_and_opens_its_entry(app, rules):
    table = table_for(app, rules, HAND)
    table.act(engine.Action("show", ("tiki",)))            # X6: shown to all, a line in the log
    app.frame()
    n = max(table.log.cards)
    assert table.log.cards[n] == cards.arts("tiki")
    log = table.panels()["log"]
    _, rows = hud.log_places(table.log.panel(log), table.log.lines, table.log.scroll, app.scale)
    top = next(top for *_, top, line in rows if line == n)
    point(app, (log.centerx, top + 2), frames=2)
    assert table.log.card_here() == (cards.arts("tiki"), (log.centerx, top + 2))
    key(app, pygame.K_F1)
    assert isinstance(app.top, HelpScene) and app.top.code == "card.tiki"
    key(app, pygame.K_ESCAPE)
    click(app, (log.centerx, top + 2))
    assert isinstance(app.top, HelpScene) and app.top.code == "card.tiki", "a click on the line opens it too"


@pytest.mark.parametrize("language", list(catalog.LANGUAGES))
def test_the_rules_search_finds_each_card_by_its_title(screen, rules, language):
    words.set_language(language)
    try:
        ref = help.reference()
        for card in cards.every_card(rules):
            assert ref.chapter_of(card.code).id == "cards"
            assert card.code in ref.search(cards.title(card, rules))[:3], f"{card} in {language}"
    finally:
        words.set_language("en")


CARDISH = sorted(k for k in typing.get_args(EventKind) if k.startswith(("card_", "event_")) or k == "battle_card")


def sample(kind: str, player: str = "Tonga", named: bool = True) -> dict[str, object]:
    event: dict[str, object] = {"kind": kind, "player": player}
    if named:
        event["card"] = "pele" if kind.startswith("event_") else "tiki"
    return event


def frames_of(clip) -> list[bytes]:
    """The clip drawn at a dozen moments, on a blank screen each."""
    out = []
    surface = pygame.Surface((1280, 720))
    steps = 12
    for i in range(steps):
        clip.elapsed = clip.duration * i / steps
        surface.fill((0, 0, 0))
        rect = clip.draw(surface, lambda label: ((0.0, 0.0), 10.0), 24)
        assert rect is not None and rect.w > 0
        out.append(pygame.image.tobytes(surface, "RGB"))
    return out


def test_every_card_event_kind_has_a_clip_or_a_reason(screen):
    assert set(CARDISH) == cards.KINDS | set(cards.WITHOUT_CLIP), "each card event kind is placed"
    for kind in sorted(cards.KINDS):
        named = kind not in ("card_bought", "event_kept")          # these never name the card (X9)
        clip = cards.clip(sample(kind, named=named), 1.0)
        assert clip is not None and clip.cue == "card", kind
        frames_of(clip)
        assert cards.clip(sample(kind, named=named), 0.0) is None, "speed instant: no clip"
    for kind in cards.WITHOUT_CLIP:
        assert cards.clip(sample(kind, named=False), 1.0) is None


def test_a_clip_never_shows_a_card_the_event_does_not_name(screen):
    hidden = frames_of(cards.clip({"kind": "card_drawn", "player": "Samoa"}, 1.0))
    back = cards.back("card", 24 * 7)
    assert cards.clip({"kind": "card_drawn", "player": "Samoa"}, 1.0).card is None
    assert hidden == frames_of(cards.clip({"kind": "card_bought", "player": "Samoa"}, 1.0)), \
        "another's draw is a back sliding, whichever card it is"
    assert back.get_width() > 0
    tiki = frames_of(cards.clip({"kind": "card_drawn", "player": "Tonga", "card": "tiki"}, 1.0))
    moai = frames_of(cards.clip({"kind": "card_drawn", "player": "Tonga", "card": "moai"}, 1.0))
    assert tiki[0] == moai[0] == hidden[0], "face down as it leaves the deck"
    assert tiki[8] != moai[8], "the viewer's own draw turns face up"
    kept = frames_of(cards.clip({"kind": "event_kept", "player": "Samoa"}, 1.0))
    assert all(a != b for a, b in zip(kept[3:], hidden[3:])), "an event's back, not the cards' back"


def test_a_vp_change_ticks_to_the_views_value_with_a_pop_and_a_sound(app, rules, monkeypatch):
    played: list[str] = []
    monkeypatch.setattr(sound, "play", lambda name, strength=1.0: played.append(name))
    table = table_for(app, rules, HAND, speed="normal")
    players = table.players
    view = copy.deepcopy(table.shown)
    tonga = next(p for p in view["players"] if p["name"] == "Tonga")
    before = float(tonga["vp"])
    tonga["vp"] = str(int(before) + 3)
    table.put_view(view)
    app.frame()
    assert played.count("vp") == 1 and players.moving("Tonga")
    seen = []
    for _ in range(45):
        app.frame()
        seen.append(players.vp_shown("Tonga", -1))
    assert seen == sorted(seen) and before + 1 in seen, "it ticks up, through the numbers between"
    assert seen[-1] == before + 3 and not players.moving("Tonga"), "it reaches the view's value"
    assert played.count("vp") == 1, "the sound once"


def test_at_speed_instant_the_vp_shows_at_once(app, rules, monkeypatch):
    played: list[str] = []
    monkeypatch.setattr(sound, "play", lambda name, strength=1.0: played.append(name))
    table = table_for(app, rules, HAND)
    view = copy.deepcopy(table.shown)
    view["players"][0]["vp"] = "9"
    table.put_view(view)
    app.frame()
    assert not table.players.moving(view["players"][0]["name"]) and "vp" not in played


def test_the_card_of_an_event_is_its_decks(screen):
    assert cards.of_event({"kind": "event_played", "card": "pele"}) == Card("event", "pele")
    assert cards.of_event({"kind": "build_planned", "item": "event", "card": "pele"}) == Card("event", "pele")
    assert cards.of_event({"kind": "battle_card", "card": "tiki"}) == cards.arts("tiki")
    assert cards.of_event({"kind": "card_bought", "player": "Samoa"}) is None
