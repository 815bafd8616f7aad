"""The message catalogs: every English message the player may read, each under a context that names where it is
used, and the languages it is translated into (gettext, `assets/locale/<code>/LC_MESSAGES/paradise.po`).

The English is the source: the templates of `game/words/english.py`, the rules reference (assets/help/rules.yaml), the
tutorial (assets/tutorial/chapters.yaml) and the cards' and events' titles and texts (config/). `tools/catalog.py`
gathers them with `sources()` into the template `paradise.pot`, merges it into each language's `.po` and compiles
the `.po` files to the `.mo` files read here (the project's set-up runs the compilation, docs/CLIENT.md
"Languages"). A context is the message's key ("event.retreat", "help.E5.text"), so two messages with the same
English never share a translation by accident.
"""
from __future__ import annotations

import contextlib
import gettext
import locale
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import yaml

import engine

from .paths import asset

DOMAIN = "paradise"
# The languages offered, each by its own name (the settings list them so), English first: it is the source.
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "it": "Italiano", "ko": "한국어"}
SOURCE = "en"
PARTICLES = frozenset({"ko"})   # languages whose words take their particles joined (no word boundary after a term)


@dataclass(frozen=True)
class Message:
    """One message to translate: its context (the key), its English, and its plural's English if it has one
    (a message with a plural is chosen by a number `n`, with the language's own plural forms)."""
    context: str
    english: str
    plural: str | None = None
    note: str = ""                  # for the translator: where it is shown, what its fields are


def locale_dir() -> str:
    return str(asset("locale"))


@cache
def translations(code: str) -> gettext.NullTranslations:
    """The compiled catalog of a language; English (and a language whose catalog is not compiled yet) gets the
    messages' own English."""
    if code == SOURCE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, locale_dir(), [code], fallback=True)


def system_language(environ: dict[str, str] | None = None) -> str:
    """The language of the system's locale among those offered (the first run follows it); English otherwise.
    LANGUAGE, LC_ALL, LC_MESSAGES and LANG are read in gettext's order, then the locale module's guess."""
    env = os.environ if environ is None else environ
    wanted = [part for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG") for part in env.get(var, "").split(":")]
    if environ is None:
        with contextlib.suppress(ValueError):           # a locale name Python does not know
            wanted.append(locale.getlocale()[0] or "")
    for name in wanted:                                 # "fr_FR.UTF-8", "ko-KR", Windows' "French_France"
        code = locale.normalize(name).split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return SOURCE


def sources(templates: dict[str, str | tuple[str, str]]) -> Iterator[Message]:
    """Every message of the game in English: the words' templates (passed in: game/words/english.py owns them), then the
    rules reference, the tutorial, and the cards' and events' titles and texts."""
    for key, english in templates.items():
        if isinstance(english, tuple):
            yield Message(key, english[0], english[1])
        else:
            yield Message(key, english)
    yield from _help_sources()
    yield from _tutorial_sources()
    rules = engine.load_ruleset()
    for card in rules.cards:
        yield Message(f"card.{card.key}.title", card.title, note="an Arts & Culture card's title")
        yield Message(f"card.{card.key}.text", card.text, note="an Arts & Culture card's power")
    for key, option in rules.options.items():
        yield Message(f"option.{key}.title", option["title"], note="an advanced rule's name (new game, the log)")
    for event in rules.events:
        yield Message(f"random_event.{event['id']}.title", event["title"], note="a random event card's title (A7)")
        yield Message(f"random_event.{event['id']}.text", event["text"], note="a random event card's effect (A7)")
    yield from _place_sources(rules)


def place_key(name: str) -> str:
    """The context of a place's name on the map ("Solomon Is." -> "place.name.solomon_is"): the same name is one
    message wherever it stands (an island group, a tile, a sea)."""
    return "place.name." + re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def _place_sources(rules: engine.Ruleset) -> Iterator[Message]:
    """The names the map prints (island groups, seas and other decorative names) and the tiles' islands, once
    each: real places, which each language writes its own way (Korean in Hangul)."""
    hexmap = rules.map
    names = [ig.name for ig in hexmap.islands] + [name for name, _ in hexmap.labels_named]
    for name in dict.fromkeys(names + [tile.name for tile in rules.tiles]):
        yield Message(place_key(name), name, note="a real place of the Pacific, as the map and the log name it")


def _load_yaml(*parts: str) -> dict[str, object]:
    with asset(*parts).open(encoding="utf-8") as f:
        data = yaml.safe_load(f)
    return data if isinstance(data, dict) else {}


def _help_sources() -> Iterator[Message]:
    data = _load_yaml("help", "rules.yaml")
    for chapter in data.get("chapters") or ():          # type: ignore[attr-defined]
        yield Message(f"help.chapter.{chapter['id']}", chapter["title"], note="a chapter of the rules reference")
    for code, entry in (data.get("entries") or {}).items():    # type: ignore[attr-defined]
        yield Message(f"help.{code}.title", entry["title"], note=f"rule {code}'s title")
        yield Message(f"help.{code}.text", entry["text"],
                      note=f"rule {code}: a paragraph a line, '- ' starts a list item, [E5] links to rule E5")
    for word, term in (data.get("terms") or {}).items():      # type: ignore[attr-defined]
        yield Message(f"help.term.{word}", word, note="a glossary word, found in the table's sentences")
        yield Message(f"help.term.{word}.text", term["text"], note=f"the glossary's line for '{word}'")


def _tutorial_sources() -> Iterator[Message]:
    data = _load_yaml("tutorial", "chapters.yaml")
    for chapter in data.get("chapters") or ():          # type: ignore[attr-defined]
        cid = chapter["id"]
        yield Message(f"tutorial.{cid}.title", chapter["title"], note="a chapter of Learn to play")
        yield Message(f"tutorial.{cid}.summary", chapter["summary"], note="what the chapter teaches")
        for i, lesson in enumerate(chapter["lessons"]):
            yield Message(f"tutorial.{cid}.{i}", lesson["say"].strip(), note="what the coach says")
