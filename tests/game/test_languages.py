"""The game speaks English, French, Italian and Korean through gettext catalogs (game/catalog.py, game/words/,
assets/locale/): a message is looked up under its key, English beneath; plurals follow the language's own forms;
lists and possessives are the language's own patterns; the first run follows the system's locale, the settings
and --lang choose; a change of language reaches every scene at once."""
from __future__ import annotations

import re
import string

import pygame
import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from game import catalog, help, scenes, tutorial, words  # noqa: F401 - scenes: registered
from game import settings as preferences

from .conftest import key


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.fixture
def made_catalog(tmp_path, monkeypatch):
    """A language (French unless `code` says) whose catalog the test writes: (context, English or (one, many),
    translation or forms)."""
    def make(*messages: tuple[str, object, object], plural_forms: str = "nplurals=2; plural=(n > 1);",
             code: str = "fr") -> None:
        po = Catalog(locale=code)
        po._set_mime_headers([("Plural-Forms", plural_forms)])
        for context, english, translated in messages:
            po.add(english, translated, context=context)
        folder = tmp_path / code / "LC_MESSAGES"
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / "paradise.mo").open("wb") as f:
            write_mo(f, po)
        monkeypatch.setattr(catalog, "locale_dir", lambda: str(tmp_path))
        forget()
        words.set_language(code)
    yield make
    words.set_language("en")
    forget()


def forget() -> None:
    """The catalogs and what was read through them, as a new run has them (a catalog never changes in a run)."""
    for cached in (catalog.translations, help._reference, help._terms_in, tutorial._chapters):
        cached.cache_clear()


def test_a_message_is_looked_up_under_its_key_with_english_beneath(made_catalog):
    made_catalog(("event.reroll", words.EN["event.reroll"], "Encore à {hex}."))
    assert words.text("event.reroll", hex="0906") == "Encore à 0906."
    assert words.text("action.roll") == words.EN["action.roll"], "an untranslated message stays English"


def test_plurals_follow_the_languages_own_forms(made_catalog):
    made_catalog(("knots", words.EN["knots"], ("{n} nœud", "{n} nœuds")))
    assert [words.unit("knots", n) for n in (0, 1, 2)] == ["0 nœud", "1 nœud", "2 nœuds"], "French: 0 is singular"
    words.set_language("en")
    assert [words.unit("knots", n) for n in (0, 1, 2)] == ["0 knots", "1 knot", "2 knots"]


def test_a_language_with_one_form_says_every_number_alike(made_catalog):
    made_catalog(("item.war_canoe.n", words.EN["item.war_canoe.n"], ("전투 카누 {n}척",)),
                 plural_forms="nplurals=1; plural=0;", code="ko")
    assert words.count(1, "war_canoe") == "전투 카누 1척" and words.count(5, "war_canoe") == "전투 카누 5척"


def test_lists_and_possessives_are_the_languages_own_patterns(made_catalog):
    made_catalog(("list.two", words.EN["list.two"], "{first} et {second}"),
                 ("list.end", words.EN["list.end"], "{rest} et {last}"),
                 ("possessive", words.EN["possessive"], "de {name}"),
                 ("event.explorer_returned", words.EN["event.explorer_returned"],
                  "L'explorateur {player_s} rentre au port."))
    assert words.join(["Tonga", "Samoa"]) == "Tonga et Samoa"
    assert words.join(["Tonga", "Samoa", "Hiva", "Raiatea"]) == "Tonga, Samoa, Hiva et Raiatea"
    assert isinstance(words.join(["Tonga", "Samoa"]), words.Several), "several: the verb agrees"
    assert words.text("event.explorer_returned", player_s=words.whose("Hiva"), player="Hiva") == \
        "L'explorateur de Hiva rentre au port."


def test_the_rules_reference_and_the_tutorial_speak_the_language(made_catalog):
    english = help.reference().find("E5")
    assert english is not None
    made_catalog(("help.E5.title", english.title, "Le retour de l'explorateur"),
                 ("tutorial.explore.title", tutorial.chapter("explore").title, "Explorer et nœuds"))
    assert help.reference().find("E5").title == "Le retour de l'explorateur"
    assert tutorial.chapter("explore").title == "Explorer et nœuds"
    words.set_language("en")
    assert help.reference().find("E5").title == english.title, "each language has its own reference"


@pytest.mark.parametrize(("environ", "code"), [
    ({"LANG": "fr_FR.UTF-8"}, "fr"), ({"LC_ALL": "it_IT.UTF-8", "LANG": "fr_FR.UTF-8"}, "it"),
    ({"LANGUAGE": "ko_KR:en", "LANG": "C"}, "ko"), ({"LANG": "de_DE.UTF-8"}, "en"), ({}, "en"),
    ({"LANG": "French_France.1252"}, "fr")])
def test_the_first_run_follows_the_systems_locale(environ, code):
    assert catalog.system_language(environ) == code


def test_every_message_exists_in_english_and_keeps_its_fields_in_every_catalog():
    """Every message of every catalog has the English's named fields (a translation that drops or renames one
    would fail where it is shown) and keeps the reference's links."""
    for code in catalog.LANGUAGES:
        tr = catalog.translations(code)
        for m in catalog.sources(words.EN):
            if m.plural is None:
                said = tr.pgettext(m.context, m.english)
                assert fields(said) == fields(m.english), (code, m.context, said)
                assert re.findall(help.LINK, said) == re.findall(help.LINK, m.english) or not m.context.startswith(
                    "help."), (code, m.context)
            else:
                for n in (0, 1, 2, 5, 21):
                    said = tr.npgettext(m.context, m.english, m.plural, n)
                    assert fields(said) <= fields(m.english) | {"n"}, (code, m.context, said)


def test_a_change_of_language_in_the_settings_reaches_every_scene(app, made_catalog):
    """From the pause menu over a game: the settings' rows and the pause menu under them speak the new language
    at once, and the choice is kept for the next run."""
    from game import flow
    from game.match import Match
    made_catalog(("pause.resume", words.EN["pause.resume"], "Reprendre la partie"),
                 ("settings.language", words.EN["settings.language"], "Langue"))
    app.set_language("en")
    match = Match.new(app.rules, 2, ["human", "normal"], 3, speed="instant")
    flow.start_match(app, match)
    app.frame()
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert pause.form.widgets[0].label == words.EN["pause.resume"]
    flow.open_settings(app)
    settings = app.top
    row = next(i for i, w in enumerate(settings.form.widgets) if w.label == words.EN["settings.language"])
    settings.form.focus = row
    settings.set_language("fr")
    assert words.language_in_use() == "fr" and app.settings.language == "fr"
    assert preferences.load(app.settings.data_dir)[preferences.LANGUAGE] == "fr", "kept for the next run"
    assert pause.form.widgets[0].label == "Reprendre la partie", "the scene under the settings speaks it"
    assert settings.form.widgets[row].label == "Langue" and settings.form.focus == row
    app.frame()


def test_a_refused_decision_at_the_table_is_said_in_the_catalogs_words(app):
    """A stale click's action, refused by the engine, is toasted as the catalog words its reason (with its
    rule), not in the engine's own English."""
    from engine import Action
    from game import flow
    from game.match import Match
    match = Match.new(app.rules, 2, ["human", "normal"], 3, speed="instant")
    flow.start_match(app, match)
    table = app.top
    for _ in range(200):
        if table.legal and not table.anim.busy:
            break
        app.frame()
    stale = Action("build", ("village", "0807"))
    assert stale not in table.legal
    table.act(stale)
    said = table.menus.toasts[-1][0]
    reason = match.why(stale)
    assert said == (words.reason_text(reason, app.rules) if reason else words.text("why.not_now"))
    assert "(" in said or said == words.text("why.not_now")


def test_a_save_that_cannot_be_opened_is_said_in_the_players_language(tmp_path, made_catalog):
    """Each kind of save problem has its own sentence in the catalog; the English detail follows it (for a bug
    report) without the folders of the player's disk."""
    from engine import SaveError
    from game import savefile
    (tmp_path / "folder.paradise").mkdir()
    (tmp_path / "junk.paradise").write_bytes(b"PK not a zip")
    (tmp_path / "huge.paradise").write_bytes(b"x" * (savefile.FILE_BYTES + 1))
    made_catalog(("save.problem.not_a_file", words.EN["save.problem.not_a_file"], "Ce n'est pas un fichier."))
    kinds = {}
    for name in ("folder", "junk", "huge", "missing"):
        with pytest.raises(SaveError) as caught:
            savefile.read(tmp_path / f"{name}.paradise")
        kinds[name] = caught.value.kind
        said = words.save_problem(caught.value)
        assert str(tmp_path) not in said and f"{name}.paradise" in said
    assert kinds == {"folder": "not_a_file", "junk": "damaged", "huge": "too_large", "missing": "missing"}
    with pytest.raises(SaveError) as caught:
        savefile.read(tmp_path / "folder.paradise")
    assert words.save_problem(caught.value).startswith("Ce n'est pas un fichier. (")


def test_the_glossary_finds_its_words_in_any_of_their_forms(made_catalog):
    """French and Italian make plurals by changing a word's end, in each word of a term: the glossary still finds
    "canoë de guerre" in "canoës de guerre", as English finds "hex" in "hexes"."""
    made_catalog(("help.term.war canoe", "war canoe", "canoë de guerre"),
                 ("help.term.unknown hex", "unknown hex", "hexagone inconnu"))
    found = [t.word for t in help.terms_in("Deux canoës de guerre entrent dans les hexagones inconnus")]
    assert "canoë de guerre" in found and "hexagone inconnu" in found
    words.set_language("en")
    assert "war canoe" in [t.word for t in help.terms_in("Two war canoes sail")]


def test_a_term_inside_a_longer_one_is_not_listed_again(made_catalog):
    """Korean writes transport canoe 수송카누 and transit 수송: a line about transport canoes is not about the
    transit; a line that says both lists both."""
    made_catalog(("help.term.transport canoe", "transport canoe", "수송카누"), ("help.term.transit", "transit", "수송"),
                 code="ko")
    assert [t.word for t in help.terms_in("수송카누를 만듭니다")] == ["수송카누"]
    assert sorted(t.word for t in help.terms_in("수송 중인 수송카누")) == ["수송", "수송카누"]


@pytest.mark.parametrize(("argv", "stored", "environ", "spoken"), [
    ([], {}, {"LANG": "it_IT.UTF-8"}, "it"),                       # the first run: the system's language
    ([], {"language": "ko"}, {"LANG": "it_IT.UTF-8"}, "ko"),        # then the settings' choice
    (["--lang", "fr"], {"language": "ko"}, {"LANG": "it_IT.UTF-8"}, "fr"),   # and --lang over both
    (["--screenshot", "x.png"], {}, {"LANG": "it_IT.UTF-8"}, "en"),          # pictures: English unless told
])
def test_the_language_comes_from_lang_then_the_settings_then_the_system(monkeypatch, tmp_path, argv, stored,
                                                                         environ, spoken):
    import main
    from game import client
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in environ.items():
        monkeypatch.setenv(var, value)
    monkeypatch.setattr(catalog.locale, "getlocale", lambda: (None, None))
    args = main.parse_args(argv + ["--data-dir", str(tmp_path)])
    assert client.settings_from(args, tmp_path, stored).language == spoken


def test_a_line_never_breaks_at_a_no_break_space(app):
    """French puts a no-break space before ":" and "?": a wrapped line never begins with its ":" (the log showed
    "Samoa construit en Samoa (0806)" then ": 2 pions.")."""
    from game import theme
    said = "Samoa construit en Samoa (0806)\u00a0: 2 pions."
    for width in range(40, 400, 7):
        lines = theme.wrap(said, 20, width)
        assert not any(line.startswith(":") for line in lines) and "\u00a0:" in "".join(lines), width
    assert any("\u00a0:" in t for t in words.all_texts("fr")), "the French catalog uses them"
