"""The rules reference a player reads in the game (assets/help/rules.yaml): every rule in the project's own words,
numbered like the engine's rule codes, in chapters, with a glossary of the terms the table uses.

An entry's text is paragraphs (a line each) and list items ("- "); `[E5]` in it links to another entry; its
`picture` names one of the pictures game/render/diagrams.py draws. Each Arts & Culture card and random event has
an entry too ("card.tiki", "event.pele"), listed in a chapter like any rule: its title, power and kind come from
the card itself (config/, in the language in use), so the search finds a card by its title in every language.
The file is checked when it is read: a broken link, an entry in no chapter, an unknown picture or card, or a term
pointing nowhere is a ConfigError naming the file and the key, as for the rule files.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

import yaml

import engine

from . import catalog, paths, words
from .render import cards, diagrams

RULE = r"[STEMBVACX][0-9]+(?:\.[0-9]+)*"            # a rule code: E5, M8.4, X42
LINK = re.compile(rf"\[({RULE})\]")                   # a link in the reference's text
SHOWN = re.compile(rf"\(({RULE})\)")                  # a link as the page shows it, a code as the game does
CODE = re.compile(rf"\b({RULE})\b")
PICTURES = frozenset(diagrams.DRAWERS)                 # an entry may show only a picture the game can draw


@dataclass(frozen=True)
class Entry:
    code: str
    title: str
    text: str
    see: tuple[str, ...] = ()
    picture: str | None = None
    card: cards.Card | None = None               # the card whose entry this is (its face is the picture)

    def paragraphs(self) -> list[str]:
        return [line.strip() for line in self.text.splitlines() if line.strip()]

    @property
    def label(self) -> str:
        """How lists and headings name the entry: a rule by its code and title, a card by its title."""
        return self.title if self.card is not None else f"{self.code}  {self.title}"


@dataclass(frozen=True)
class Chapter:
    id: str
    title: str
    codes: tuple[str, ...]


@dataclass(frozen=True)
class Term:
    word: str
    text: str
    rule: str


@dataclass(frozen=True)
class Reference:
    chapters: tuple[Chapter, ...]
    entries: dict[str, Entry]
    terms: dict[str, Term]

    def chapter_of(self, code: str) -> Chapter:
        return next(c for c in self.chapters if code in c.codes)

    def find(self, code: str) -> Entry | None:
        """The entry of a code, or of the nearest rule above it (M8.4.1 → M8.4 → M8)."""
        while code:
            if code in self.entries:
                return self.entries[code]
            code = code.rpartition(".")[0]
        return None

    def search(self, words: str) -> list[str]:
        """The codes of the entries whose code, title or text hold every word (titles first, a title that is the
        search's words exactly before them)."""
        wanted = words.lower().split()
        if not wanted:
            return [code for chapter in self.chapters for code in chapter.codes]
        order = [code for chapter in self.chapters for code in chapter.codes]

        def hay(e: Entry) -> tuple[str, str]:
            return f"{e.code} {e.title}".lower(), e.text.lower()
        found = [(code, *hay(self.entries[code])) for code in order]
        exact = " ".join(wanted)
        titled = [c for c, head, _ in found if all(w in head for w in wanted)]
        titled.sort(key=lambda c: self.entries[c].title.lower() != exact)      # a title said whole first (a card)
        texted = [c for c, head, body in found if c not in titled and all(w in head + body for w in wanted)]
        return titled + texted


def _fail(key: str, expected: str, found: object = "something else") -> engine.ConfigError:
    return engine.ConfigError("assets/help/rules.yaml", key, expected, str(found))


def parse(data: object) -> Reference:
    """A reference from the YAML's data, checked (ConfigError naming the key otherwise)."""
    if not isinstance(data, dict):
        raise _fail("", "a mapping with chapters, entries and terms")
    raw = data.get("entries")
    if not isinstance(raw, dict) or not raw:
        raise _fail("entries", "a mapping of rule codes to entries")
    entries = {}
    for code, e in raw.items():
        if not isinstance(e, dict) or not isinstance(e.get("title"), str) or not isinstance(e.get("text"), str):
            raise _fail(f"entries.{code}", "a title and a text")
        picture = e.get("picture")
        if picture is not None and picture not in PICTURES:
            raise _fail(f"entries.{code}.picture", f"one of {', '.join(sorted(PICTURES))}", picture)
        entries[str(code)] = Entry(str(code), words.translate(f"help.{code}.title", e["title"]),
                                   words.translate(f"help.{code}.text", e["text"]), tuple(map(str, e.get("see") or ())),
                                   picture)
    chapters = tuple(Chapter(str(c.get("id")), words.translate(f"help.chapter.{c.get('id')}", str(c.get("title"))),
                             tuple(map(str, c.get("codes") or ())))
                     for c in data.get("chapters") or () if isinstance(c, dict))
    terms = _terms(data.get("terms") or {})
    placed = [code for c in chapters for code in c.codes]
    entries.update(_card_entries(placed))
    for code, entry in entries.items():
        if placed.count(code) != 1:
            raise _fail(f"entries.{code}", "to be in exactly one chapter")
        for link in (*entry.see, *LINK.findall(entry.text)):
            if link not in entries:
                raise _fail(f"entries.{code}", "links to entries that exist", f"a link to {link}")
    for code in placed:
        if code not in entries:
            raise _fail("chapters", "codes that have entries", code)
    for word, term in terms.items():
        if term.rule not in entries:
            raise _fail(f"terms.{word}.rule", "a code that has an entry", term.rule)
    return Reference(chapters, entries, terms)


def _card_entries(placed: list[str]) -> dict[str, Entry]:
    """The entries of the cards the chapters list ("card.tiki", "event.pele"), from the cards themselves: the
    title, the power, and what the card's kind means with its rules. Every card of the rule files is listed."""
    rules = cards.known_rules()
    known = {card.code: card for card in cards.every_card(rules)}
    for code in known:
        if code not in placed:
            raise _fail("chapters", "an entry for every card", f"no {code}")
    out = {}
    for code in placed:
        card = known.get(code)
        if card is None:
            if code.partition(".")[0] in ("card", "event"):
                raise _fail("chapters", "cards that the rule files hold", code)
            continue
        family = cards.family(card, rules)
        kind = [f"cardhelp.{family}", "cardhelp.bought"] if card.deck == "card" else [f"cardhelp.{family}"]
        text = "\n".join([cards.power(card, rules), *(words.text(k) for k in kind)])
        out[code] = Entry(code, cards.title(card, rules), text, card=card)
    return out


def _terms(raw: dict[object, object]) -> dict[str, Term]:
    """The glossary in the language in use, by its word there."""
    terms = {}
    for w, t in raw.items():
        if isinstance(t, dict):
            word = words.translate(f"help.term.{w}", str(w))
            terms[word] = Term(word, words.translate(f"help.term.{w}.text", str(t.get("text"))), str(t.get("rule")))
    return terms


def terms_in(text: str) -> tuple[Term, ...]:
    """The glossary's terms that a line of the table's text uses (longest first, each once); cached, as the
    bar's tooltip asks every frame."""
    return _terms_in(text, words.language_in_use())


@lru_cache(maxsize=64)
def _terms_in(text: str, language: str) -> tuple[Term, ...]:
    low = text.lower()
    spans = {t: [m.span() for m in re.finditer(_term_pattern(w.lower(), language), low)]
             for w, t in reference().terms.items()}
    found: list[Term] = []
    covered: list[tuple[int, int]] = []
    for term in sorted((t for t in spans if spans[t]), key=lambda t: -len(t.word)):
        if any(not any(a <= start and end <= b for a, b in covered) for start, end in spans[term]):
            found.append(term)              # a word used on its own, not only inside a longer term ("unknown hex")
            covered += spans[term]
    return tuple(found)


def _term_pattern(word: str, language: str) -> str:
    """A glossary word as the table's sentences may write it: each of its words in any of its forms (a longer
    word's last letter may change and up to three follow: hex, hexes; esagono, esagoni; canoë, canoës). In
    Korean, whose particles join the word they follow, the word as it is, with no boundary after it."""
    if language in catalog.PARTICLES:
        return r"\b" + re.escape(word)
    forms = [re.escape(w[:-1] if len(w) > 4 else w) + r"\w{0,3}" for w in word.split()]
    return r"\b" + r"\s+".join(forms) + r"\b"


def reference() -> Reference:
    """The rules reference in the language in use, read and checked once for each language (a translation
    that breaks a link is refused as the English would be)."""
    return _reference(words.language_in_use())


@cache
def _reference(language: str) -> Reference:
    path = paths.asset("help", "rules.yaml")
    with path.open(encoding="utf-8") as f:
        return parse(yaml.safe_load(f))
