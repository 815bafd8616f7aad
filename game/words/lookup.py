"""Words looked up in the language in use: the one place a message is chosen, filled and translated."""
from __future__ import annotations

from typing import Any, NamedTuple

from .. import catalog
from .english import EN

language = catalog.SOURCE          # the language in use (set_language): its code in catalog.LANGUAGES
_catalog = catalog.translations(language)


def set_language(code: str) -> None:
    """Speak `code` from now on (the settings, --lang, the system's locale at the first run). The caches of
    translated words (the help's, the tutorial's, the glossary's) are keyed by the language."""
    global language, _catalog
    if code not in catalog.LANGUAGES:
        raise ValueError(f"no catalog for the language {code!r}; there are {', '.join(catalog.LANGUAGES)}")
    language, _catalog = code, catalog.translations(code)


def text(key: str, **fields: Any) -> str:
    """The message `key` in the language in use (its English where the catalog lacks it), filled with `fields`:
    the one place where words are looked up. A message with a plural is chosen by the field `n` with the
    language's own plural forms. A key that English lacks is a KeyError: a bug the tests show, never words made up
    on the spot."""
    if key + ".many" in EN and any(isinstance(fields.get(name), Several) for name in SUBJECTS):
        key += ".many"                              # the verb agrees: "the islanders panic", "Tonga and Samoa win"
    english = EN[key]
    if isinstance(english, tuple):
        template = _catalog.npgettext(key, english[0], english[1], fields["n"])
    else:
        template = _catalog.pgettext(key, english)
    return template.format(**fields)


def translate(key: str, english: str) -> str:
    """A message whose English lives in a data file (the rules reference, the tutorial, a card's title), in
    the language in use (catalog.sources names each one's key)."""
    return _catalog.pgettext(key, english) if language != catalog.SOURCE else english


def all_texts(code: str) -> list[str]:
    """Every message of the game in the language `code`, its fields unfilled (each plural form once): what the
    glyph and width tests draw."""
    tr = catalog.translations(code)
    out = []
    for m in catalog.sources(EN):
        if m.plural is None:
            out.append(tr.pgettext(m.context, m.english))
        else:
            out += list(dict.fromkeys(tr.npgettext(m.context, m.english, m.plural, n) for n in range(30)))
    return out


SUBJECTS = ("player", "attacker", "defender", "winners")     # the fields a template's verb agrees with


class Several(str):
    """A subject that is several (the islanders; players in a list): a template's verb agrees with it (`text`
    picks the key's ".many" message), in any language, as the words themselves are not looked at."""


class Line(NamedTuple):
    """One line of the log: what happened, in words, and the rule that governs it."""
    text: str
    rule: str


def language_in_use() -> str:
    """The code of the language words are looked up in now (set_language changes it)."""
    return language
