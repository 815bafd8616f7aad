"""Small pieces of sentences: places, lists, counts of pieces, who and whose, VP, titles."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from engine import Ruleset, View

from ..catalog import place_key
from .lookup import Several, text, translate


@lru_cache(maxsize=8)
def _printed_names(hexmap: Any) -> dict[int, str]:
    """Hex id -> the name the map prints there: the island groups and the decorative names. (Set-up tiles are
    left out: they stand on their hexes only in 3- and 4-player games.)"""
    names = {h: name for name, h in hexmap.labels_named}
    names.update({h: ig.name for h, ig in hexmap.island_at.items()})
    return names


def place_name(name: str) -> str:
    """A real place's name as the map and the rules' files write it ("Fiji", a tile's "Rotuma"), in the language
    in use (catalog.place_key)."""
    return translate(place_key(name), name)


def _hex_name(h: int, hexmap: Any) -> str | None:
    """A hex's printed name, or one of the two A5 islands, in the language in use; or None."""
    name = _printed_names(hexmap).get(h)
    if name is not None:
        return place_name(name)
    if h == hexmap.galapagos:
        return text("place.galapagos")
    if h == hexmap.unfortunate:
        return text("place.unfortunate")
    return None


def face_up_tiles(view: View | None) -> dict[str, str]:
    """Hex label -> the name of the face-up tile there: public, so any player's words may use it (none without
    a view)."""
    if view is None:
        return {}
    return {r["hex"]: tile for r in view["hexes"] if r.get("face_up") and (tile := r.get("tile"))}


def place(label: str, rules: Ruleset, tiles: Mapping[str, str] | None = None) -> str:
    """A hex in words: "Fiji (0706)" where the map prints a name or a face-up tile lies (`tiles`, from
    `face_up_tiles`), else its label "0906"; South America, and a label the map does not have, as it is."""
    if label == "south_america":
        return text("place.south_america")
    hexmap = rules.map
    if not hexmap.has_name(label):
        return label
    h = hexmap.hex_of(label)
    tile = (tiles or {}).get(hexmap.labels[h])
    name = _hex_name(h, hexmap) or (place_name(tile) if tile else None)
    return text("place.named", name=name, label=hexmap.labels[h]) if name else hexmap.labels[h]


def join(words: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C": the language's own patterns for two and for more (as CLDR's list patterns
    are made), each a whole message with named fields."""
    if not words:
        return text("list.none")
    if len(words) == 1:
        return words[0]
    if len(words) == 2:
        return Several(text("list.two", first=words[0], second=words[1]))
    rest = text("list.end", rest=words[-2], last=words[-1])
    for word in reversed(words[1:-2]):
        rest = text("list.start", first=word, rest=rest)
    return Several(text("list.start", first=words[0], rest=rest))


def _item(kind: str, form: str = "one") -> str:
    """A piece or build item as a word ("war canoe"), with its article (`form` "a") or in the plural ("many")."""
    return text(f"item.{kind}.{form}")


def count(n: int, kind: str) -> str:
    """"1 war canoe", "3 war canoes": the language's plural forms of the item's message."""
    return text(f"item.{kind}.n", n=n)


def items(counts: Mapping[str, int]) -> str:
    """{"war_canoe": 2, "rumor": 1} -> "2 war canoes and 1 rumor"."""
    return join([count(n, kind) for kind, n in counts.items() if n])


def unit(key: str, n: int) -> str:
    """A message with a plural, for `n` ("1 knot", "3 knots")."""
    return text(key, n=n)


def who(name: str) -> str:
    """A player's name, or the islanders (several: the verb agrees)."""
    return Several(text("who.independent")) if name == "independent" else name


def whose(name: str) -> str:
    """The possessive of a player or of the islanders, as a whole field that each language places in its
    sentences where its grammar wants it ("{player_s} explorer", "l'explorateur {player_s}")."""
    if name == "independent":
        return text("who.independent.possessive")
    return text("possessive", name=name)


def _vp(value: str) -> str:
    """VP as the track shows them: "7/2" -> "3½"."""
    top, _, part = value.partition("/")
    sign, digits = ("-", top[1:]) if top.startswith("-") else ("", top)
    if part == "2" and digits.isdigit():
        return sign + text("vp.half", whole=int(digits) // 2 or "")
    return value


def signed(n: int) -> str:
    return text("signed", sign="+" if n > 0 else "", n=n)


_TITLES: dict[int, tuple[object, dict[str, str], dict[str, str], dict[str, str]]] = {}


def _titles(rules: Ruleset) -> tuple[object, dict[str, str], dict[str, str], dict[str, str]]:
    """Card key -> title, event id -> title and card key -> power, made once per ruleset (its records hold
    mappings, which do not hash, so the cache is keyed by the identity of the card tuple it keeps alive)."""
    entry = _TITLES.get(id(rules.cards))
    if entry is None or entry[0] is not rules.cards:
        entry = (rules.cards, {c.key: c.title for c in rules.cards}, {e["id"]: e["title"] for e in rules.events},
                 {c.key: c.text for c in rules.cards})
        _TITLES[id(rules.cards)] = entry
    return entry


def card_title(key: str, rules: Ruleset) -> str:
    """An Arts & Culture card's printed title from its key ("moai" -> "Moai"), in the language in use."""
    return translate(f"card.{key}.title", _titles(rules)[1][key])


def option_title(key: str, rules: Ruleset) -> str:
    """An advanced rule's name ("malaria" -> "Malaria"), in the language in use."""
    return translate(f"option.{key}.title", rules.options[key]["title"])


def card_text(key: str, rules: Ruleset) -> str:
    """An Arts & Culture card's power in words, in the language in use."""
    return translate(f"card.{key}.text", _titles(rules)[3][key])


def event_title(key: str, rules: Ruleset) -> str:
    """A random event card's printed title from its id ("leader_rises" -> "A Leader Rises"), in the language in
    use."""
    return translate(f"random_event.{key}.title", _titles(rules)[2][key])


def _capital(line: str) -> str:
    return line[:1].upper() + line[1:]
