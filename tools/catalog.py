"""The message catalogs' tool (gettext, with Babel): gather the game's English into the template, merge it into each
language's catalog, compile the catalogs the game reads.

    python tools/catalog.py extract     write assets/locale/paradise.pot from the English (game/catalog.py)
    python tools/catalog.py update      extract, then merge the template into each language's .po (new messages
                                        empty, changed ones marked fuzzy, gone ones kept as obsolete)
    python tools/catalog.py compile     compile each .po to its .mo where the .mo is missing or older (the
                                        project's set-up runs this: dev.py)
    python tools/catalog.py status      how many messages each language has translated
    python tools/catalog.py fill CODE FILE...
                                        put translations into CODE's .po from JSON files, each an object of
                                        context -> translation (a list of the plural forms for a plural)

A fuzzy or empty translation is not compiled: the game shows the English there, and `status` counts it missing.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

from game import catalog, words  # noqa: E402

LOCALE = ROOT / "assets" / "locale"
TEMPLATE = LOCALE / f"{catalog.DOMAIN}.pot"
WIDTH = 116


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{catalog.DOMAIN}.po"


def template() -> Catalog:
    """Every message of the game, English, each under its context (its key)."""
    pot = Catalog(project="Paradise", version="1", copyright_holder="the Paradise project", charset="utf-8")
    for m in catalog.sources(words.EN):
        pot.add(m.english if m.plural is None else (m.english, m.plural), context=m.context,
                auto_comments=[m.note] if m.note else ())
    return pot


def extract() -> Catalog:
    pot = template()
    LOCALE.mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("wb") as f:
        write_po(f, pot, width=WIDTH, omit_header=False)
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(pot)} messages")
    return pot


def update() -> None:
    pot = extract()
    for code in catalog.LANGUAGES:
        if code == catalog.SOURCE:
            continue
        path = po_path(code)
        if path.exists():
            with path.open("rb") as f:
                po = read_po(f, locale=code)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            po = Catalog(locale=code, project="Paradise", version="1", charset="utf-8")
        po.update(pot, no_fuzzy_matching=True)
        with path.open("wb") as f:
            write_po(f, po, width=WIDTH)
        print(f"{path.relative_to(ROOT)}: {translated(po)} of {len(po)} translated")


def translated(po: Catalog) -> int:
    return sum(1 for m in po if m.id and not m.fuzzy and (all(m.string) if isinstance(m.string, tuple)
                                                            else bool(m.string)))


def compile_all(quiet: bool = False) -> int:
    """Compile each language's catalog whose .mo is missing or older than its .po; how many were compiled."""
    done = 0
    for code in catalog.LANGUAGES:
        path = po_path(code)
        mo = path.with_suffix(".mo")
        if not path.exists() or (mo.exists() and mo.stat().st_mtime >= path.stat().st_mtime):
            continue
        with path.open("rb") as f:
            po = read_po(f, locale=code)
        tmp = mo.with_suffix(".mo.tmp")
        with tmp.open("wb") as f:
            write_mo(f, po)
        tmp.replace(mo)
        done += 1
        if not quiet:
            print(f"compiled {mo.relative_to(ROOT)}: {translated(po)} of {len(po)} messages")
    return done


def status() -> None:
    total = len(template())
    for code in catalog.LANGUAGES:
        if code == catalog.SOURCE:
            continue
        path = po_path(code)
        if not path.exists():
            print(f"{code}: no catalog")
            continue
        with path.open("rb") as f:
            po = read_po(f, locale=code)
        print(f"{code}: {translated(po)} of {total} translated")


def fill(code: str, files: list[str]) -> None:
    """Translations made elsewhere (several translators, one file each) put into the language's catalog: each
    message found by its context; a context the catalog lacks is reported, never added."""
    path = po_path(code)
    with path.open("rb") as f:
        po = read_po(f, locale=code)
    by_context = {m.context: m for m in po if m.id}
    done = 0
    for name in files:
        for context, said in json.loads(Path(name).read_text(encoding="utf-8")).items():
            message = by_context.get(context)
            if message is None:
                print(f"{name}: no message {context!r} in the catalog")
                continue
            message.string = tuple(said) if isinstance(said, list) else said
            message.flags.discard("fuzzy")
            done += 1
    po.fuzzy = False
    tmp = path.with_suffix(".po.tmp")
    with tmp.open("wb") as f:
        write_po(f, po, width=WIDTH)
    tmp.replace(path)
    print(f"{path.relative_to(ROOT)}: {done} translations put in; {translated(po)} of {len(po)} translated")


def main(argv: list[str]) -> int:
    commands = {"extract": extract, "update": update, "compile": compile_all, "status": status}
    if len(argv) >= 3 and argv[0] == "fill":
        fill(argv[1], argv[2:])
        return 0
    if len(argv) != 1 or argv[0] not in commands:
        print(__doc__)
        return 2
    commands[argv[0]]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
