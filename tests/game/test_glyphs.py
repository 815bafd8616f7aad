"""Every character a player may read has a glyph in the font that draws it, in every language (issue 27).

pygame-ce draws a missing character as an empty box and has no fallback font, so a missing glyph shows only on
screen: a translation that brings a character the font lacks (a Korean syllable in Source Sans Pro, a French
quote left out of a subset) fails here. Each message of each language's catalog (`words.all_texts`, its fields
left out: they are names, numbers and other messages) and each character the game's code writes itself (the
ellipsis of `theme.fit`, the arrows of a choice) is looked up in the family `theme.text` draws it with, in each
of the game's weights. `pygame.font.Font.metrics` cannot tell: on this pygame-ce it gives the empty box's metrics
for a missing character; `pygame.freetype` reads the same files with the same FreeType and gives None.
"""
from __future__ import annotations

import ast
import re
import unicodedata
from pathlib import Path

import pygame
import pygame.freetype
import pytest

from game import catalog, theme, words
from game.paths import asset

FIELD = re.compile(r"\{[^{}]*\}")
GAME = Path(theme.__file__).parent


def code_texts() -> list[str]:
    """The string literals of the game's code with a character beyond ASCII, docstrings and regular expressions
    left out (the catalog's English is among them: it is drawn in every language where a translation lacks)."""
    out = []
    for path in sorted(GAME.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(node.body[0].value) for node in ast.walk(tree)
                if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                and node.body and isinstance(node.body[0], ast.Expr)}
        patterns = {id(arg) for node in ast.walk(tree) if isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
                    and node.func.value.id == "re" for arg in node.args}
        out += [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)
                and not node.value.isascii() and id(node) not in docs | patterns]
    return out


def lacking(texts: list[str], family: str) -> dict[str, dict[str, str]]:
    """For each weight of the family, each character it lacks and a text that needs it."""
    needed: dict[str, str] = {}
    for said in texts:
        for char in FIELD.sub("", said):
            if unicodedata.category(char) != "Cc":        # line breaks: wrapped, never drawn
                needed.setdefault(char, said)
    chars = "".join(sorted(needed))
    out = {}
    for weight, file in theme.FAMILIES[family].items():
        face = pygame.freetype.Font(str(asset("fonts", file)), 16)
        missing = {c: needed[c] for c, m in zip(chars, face.get_metrics(chars), strict=True) if m is None}
        if missing:
            out[weight] = missing
    return out


@pytest.fixture(scope="module", autouse=True)
def freetype() -> None:
    pygame.freetype.init()


@pytest.mark.parametrize("code", list(catalog.LANGUAGES))
def test_every_text_of_a_language_has_a_glyph_in_the_font_that_draws_it(code):
    texts = [*words.all_texts(code), *catalog.LANGUAGES.values(), *code_texts()]
    by_family: dict[str, list[str]] = {}
    for said in texts:
        by_family.setdefault(theme.drawn_with(said, theme.family(code)), []).append(said)
    found = {family: missing for family, said in by_family.items() if (missing := lacking(said, family))}
    assert not found, "\n".join(f"{family} {weight} lacks {char!r} (U+{ord(char):04X}) for {text!r}"
                                for family, weights in found.items() for weight, chars in weights.items()
                                for char, text in chars.items())


def test_the_check_finds_hangul_missing_from_source_sans_pro_and_nothing_missing_from_the_korean_family():
    korean = ["새 게임", "{player}의 차례: ½ VP → 승리…", "Tonga · 0807 « œ »"]
    assert set(lacking(korean, theme.LATIN)) == set(theme.FAMILIES[theme.LATIN])
    assert set(lacking(korean, theme.LATIN)["bold"]) == set("새게임의차례승리")
    assert lacking(korean, theme.KOREAN) == {}


def test_the_korean_family_draws_korean_and_hangul_in_any_language_and_a_switch_shows_no_text_of_before(monkeypatch):
    pygame.font.init()
    monkeypatch.setattr(words.lookup, "language", "fr")
    assert theme.family() == theme.LATIN
    assert theme.drawn_with("Français", theme.family()) == theme.LATIN
    assert theme.drawn_with("‹ 한국어 ›", theme.family()) == theme.KOREAN
    assert theme.font(20, "bold").size("‹ 한국어 ›") == theme.text("‹ 한국어 ›", 20, weight="bold").get_size()
    latin, room = theme.text("Tonga 9", 20), theme.font(20).size("Tonga Samoa")[0]
    assert theme.wrap("Tonga Samoa", 20, room) == ("Tonga Samoa",)
    monkeypatch.setattr(words.lookup, "language", "ko")
    assert theme.family() == theme.KOREAN
    korean = theme.text("Tonga 9", 20)
    assert korean.get_size() != latin.get_size() and theme.font(20).size("Tonga 9") == korean.get_size()
    assert theme.wrap("Tonga Samoa", 20, room) == ("Tonga", "Samoa"), "wrapped again in the wider Korean letters"


def test_a_game_in_another_language_opens_no_korean_file_until_a_text_has_hangul(app, monkeypatch):
    """The Korean files (2 MB each) cost a game in English nothing: the title is drawn without them; the settings'
    language row, which names Korean in its own words, opens them."""
    from game import scenes  # noqa: F401 - the scenes registered

    opened: list[str] = []
    made = theme.Font.__init__

    def noted(font: theme.Font, size: int, weight: str, family: str) -> None:
        opened.append(family)
        made(font, size, weight, family)

    monkeypatch.setattr(theme.Font, "__init__", noted)
    for cache in (theme._font, theme._text, theme._wrap):
        cache.cache_clear()
    app.reset(app.make("title"))
    app.settle()
    assert opened and theme.KOREAN not in opened
    app.push(app.make("settings"))
    app.settle()
    assert theme.KOREAN in opened
