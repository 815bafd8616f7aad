"""The scene stack and its transitions, driven as a player would: synthetic mouse and key events through the
real input layer, on the dummy video driver."""
from __future__ import annotations

import pygame

from engine.ai import LEVELS, SearchBot
from engine.runner import play_game
from game import words
from game.app import Scene
from game.scenes.end import EndScene
from game.scenes.pause import PauseScene
from game.scenes.setup import SetupScene
from game.scenes.table import TableScene
from game.scenes.title import TitleScene
from game.ui.widgets import Choice

from .conftest import button, click, key, paused_new_game


class Probe(Scene):
    """A scene that records what happens to it."""

    def __init__(self, app, opaque=True):
        super().__init__(app)
        self.opaque = opaque
        self.calls: list[str] = []

    def enter(self):
        self.calls.append("enter")

    def leave(self):
        self.calls.append("leave")

    def draw(self, screen):
        self.calls.append("draw")


def test_push_pop_replace_and_reset_keep_the_stack_and_call_enter_and_leave(app):
    a, b, c = Probe(app), Probe(app, opaque=False), Probe(app)
    app.push(a)
    app.push(b)
    assert a.calls == ["enter", "leave"] and b.calls == ["enter"]
    app.frame()
    assert a.calls[-1] == "draw" and b.calls[-1] == "draw", "a transparent scene draws over the one below"
    app.replace(c)
    assert app.stack == [a, c] and b.calls[-1] == "leave"
    draws = a.calls.count("draw")
    app.frame()
    assert a.calls.count("draw") == draws and c.calls[-1] == "draw", "an opaque scene hides the ones below"
    app.pop()
    assert app.stack == [a] and a.calls[-1] == "enter"
    app.reset(Probe(app))
    assert len(app.stack) == 1 and a.calls[-1] == "leave"
    app.pop()
    assert not app.running, "popping the last scene ends the loop"


def test_title_to_setup_to_table_to_pause_and_back_to_title(app):
    app.push(TitleScene(app))
    app.frame()
    assert not button(app.top, "Continue").enabled, "no save yet: Continue is disabled"
    click(app, button(app.top, "New game").rect.center)
    assert isinstance(app.top, SetupScene)
    setup = app.top
    players = next(w for w in setup.form.widgets if isinstance(w, Choice) and w.label == "Players")
    for _ in range(2):                                  # the left half steps it down (the count stops at its ends)
        click(app, (players.rect.x + players.rect.w * 0.5 + 8, players.value_rect().centery))
    assert setup.players == 2, "the players choice steps 4 -> 2 and the seats follow"
    assert len([w for w in setup.form.widgets if w.label.startswith("Seat")]) == 2
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene), "Esc goes back"
    key(app, pygame.K_UP)                               # a first visit focuses Learn to play; New game above
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SetupScene)
    click(app, button(app.top, "Start").rect.center, frames=3)
    assert isinstance(app.top, TableScene) and len(app.stack) == 1, "the table replaces the menus"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    click(app, button(app.top, "Save and leave to title").rect.center)
    assert isinstance(app.top, TitleScene) and len(app.stack) == 1
    assert button(app.top, "Continue").enabled, "the game was saved: Continue is offered"
    click(app, button(app.top, "Continue").rect.center, frames=2)
    assert isinstance(app.top, TableScene)


def test_the_pause_menu_resumes_the_game_by_esc_or_resume(app):
    """Closing the pause menu goes back to the same table (it once left to the title: the menu's "leave" was
    also the scene's lifecycle hook)."""
    table = paused_new_game(app)
    key(app, pygame.K_ESCAPE)
    assert app.top is table and app.stack == [table], "Esc resumes"
    key(app, pygame.K_ESCAPE)
    click(app, button(app.top, "Resume").rect.center)
    assert app.top is table and app.stack == [table], "Resume resumes"


def test_quit_in_the_pause_menu_asks_first_with_the_focus_on_cancel(app):
    """Issue 40 (6): Quit once closed the program at once, and its place moves with the language and the text
    size. It asks now; Enter on the first focus (Cancel) keeps the game; Quit there quits, the game saved."""
    from game.scenes.message import MessageScene
    table = paused_new_game(app)
    pause = app.top
    click(app, button(pause, "Quit").rect.center)
    asking = app.top
    assert isinstance(asking, MessageScene) and asking.title == words.text("pause.quit.title")
    assert asking.message == words.text("pause.quit.saved") and app.running
    key(app, pygame.K_RETURN)
    assert app.top is pause and app.running, "Enter on the first focus cancels"
    click(app, button(pause, "Quit").rect.center)
    click(app, button(app.top, "Quit").rect.center)
    assert not app.running, "Quit, asked and answered, quits"
    assert table.match.autosave_error is None


def test_A6_X46_the_agreed_target_offers_the_advised_range_for_the_players_and_says_what_it_means(app):
    """Issue 40 (17): the new-game page offered 15-35 VP for 2 players, though A6 advises staying within 3 of the
    usual target (V3: 28, 25, 22), and said nothing of the choice. It offers the usual target or 25-31 for 2
    players, 19-25 for 4, lowest first with the usual one at its own place (left lowers, right raises), each with
    its line; a target outside the new range goes back to the usual one."""
    app.push(TitleScene(app))
    click(app, button(app.top, "New game").rect.center)
    setup = app.top
    title = words.option_title("variable_game_end", app.rules)

    def target() -> Choice:
        return next(w for w in setup.form.widgets if isinstance(w, Choice) and w.label == title)
    for players, usual in ((2, 28), (3, 25), (4, 22)):
        setup.set_players(players)
        assert [v for v, _ in target().options] == [*range(usual - 3, usual), False, *range(usual + 1, usual + 4)]
        assert target().hints[False] == words.text("option.hint.target.usual", usual=usual, players=players)
        assert target().hints[usual + 3] == words.text("option.hint.target", target=usual + 3, usual=usual)
    setup.set_players(2)
    target().adjust(-1)                                   # from the usual target (28) down to 27
    assert setup.options["variable_game_end"] == 27
    target().adjust(1)
    target().adjust(1)                                    # back to the usual, then up to 29
    assert setup.options["variable_game_end"] == 29
    for _ in range(3):
        target().adjust(1)
    assert setup.options["variable_game_end"] == 31, "the highest advised: right stops there"
    setup.set_players(4)
    assert "variable_game_end" not in setup.options and target().value is False, "31 is not advised for 4"


def test_setup_offers_the_levels_each_with_its_sentence_and_leaving_stops_a_hard_bot(app):
    """Issue 18: a seat is Human, Easy, Normal or Hard, the chosen level's sentence under it; the Hard bot's search
    is stopped when the game leaves the window."""
    app.push(TitleScene(app))
    click(app, button(app.top, "New game").rect.center)
    setup = app.top
    seat = next(w for w in setup.form.widgets if w.label.startswith("Seat 2"))
    top = seat.value_rect().bottom
    hint_area = pygame.Rect(seat.rect.x, top, seat.rect.w, seat.rect.bottom - top)
    shown = {}
    for _ in range(4):
        click(app, (seat.value_rect().right - 8, seat.value_rect().centery))
        shown[seat.value] = pygame.image.tobytes(app.screen.subsurface(hint_area), "RGB")
    assert set(shown) == {"human", *LEVELS}
    assert len(set(shown.values())) == 4, "each level's sentence is drawn under the seat"
    assert all(seat.hints[kind] == words.text(f"seat.hint.{kind}") for kind in shown)
    while seat.value != "hard":
        click(app, (seat.value_rect().right - 8, seat.value_rect().centery))
    click(app, button(setup, "Start").rect.center, frames=3)
    match = app.top.match
    hard = match.names[1]
    assert match.seats[hard] == "hard" and isinstance(match._bots[hard], SearchBot)
    key(app, pygame.K_ESCAPE)
    click(app, button(app.top, "Save and leave to title").rect.center)
    assert match._bots[hard]._stopped.is_set()


def test_a_finished_game_shows_the_end_scene_and_offers_a_new_game(app):
    from game.flow import new_match
    app.push(TitleScene(app))
    new_match(app, 2, ["rules"], 5, {})
    for _ in range(3000):
        app.frame()
        if isinstance(app.top, EndScene):
            break
    end = app.top
    assert isinstance(end, EndScene) and "wins" in app.settings.results[0]
    _, headless = play_game(app.rules, 2, 5, ["rules"], max_turns=10 ** 6)
    assert app.settings.results == [headless.summary()], "watched in the window, the same game as headless"
    assert end.why(), "the end says why"
    click(app, button(end, "New game").rect.center)
    assert isinstance(app.top, SetupScene)


def test_a_fading_toast_leaves_the_same_words_opaque_elsewhere(app, screen):
    """A toast fades its words on a copy: `theme.text` shares one cached surface with every use of them."""
    from game import theme
    said = theme.text("Nothing to do here", 20, theme.WHITE, "semibold")
    faded = theme.faded(said, 90)
    assert faded.get_alpha() == 90 and said.get_alpha() in (None, 255)
    assert theme.text("Nothing to do here", 20, theme.WHITE, "semibold").get_alpha() in (None, 255)


def test_a_dialog_covers_what_lies_over_the_table(app, rules):
    """The table's menus, toasts and tooltip (draw_over) lie over the battle overlay but under a dialog: the
    palette left open under "Do it?" once hid the dialog's buttons."""
    from .helpers import table_for
    table = table_for(app, rules)
    order: list[str] = []
    table.draw_over = lambda screen: order.append("table menus")
    overlay = app.make("message", "Title", "Words")
    real = overlay.draw
    overlay.draw = lambda screen: (order.append("dialog"), real(screen))
    app.push(overlay)
    app.draw()
    assert order == ["table menus", "dialog"]
