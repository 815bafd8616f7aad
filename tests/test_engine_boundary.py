"""The engine's public API is true (issue 37, docs/ENGINE.md "Public API"): the client, the benchmarks, the tools
and main.py take from the engine only the names `engine` and `engine.ai` export in `__all__`. A static check of
their source: imports, and attribute chains such as `engine.saves.from_data`."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import engine
import engine.ai

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"engine": frozenset(engine.__all__), "engine.ai": frozenset(engine.ai.__all__)}
MODULES = {"engine": {"hexgrid", "hexmap", "views"}, "engine.ai": set()}     # submodules exported whole, on purpose


def sources() -> list[Path]:
    files = [ROOT / "main.py", *(path for folder in ("game", "bench", "tools")
                                 for path in sorted((ROOT / folder).rglob("*.py")))]
    assert len(files) >= 60
    return files


def package_of(parts: list[str]) -> tuple[str, list[str]]:
    """The public package a dotted name starts in, and the rest of the name after it."""
    if parts[:2] == ["engine", "ai"]:
        return "engine.ai", parts[2:]
    return "engine", parts[1:]


def chain(node: ast.Attribute) -> list[str] | None:
    """The dotted parts of `a.b.c`, or None when it does not start at a plain name (a call's result, ...)."""
    parts = [node.attr]
    value = node.value
    while isinstance(value, ast.Attribute):
        parts.append(value.attr)
        value = value.value
    return [value.id, *reversed(parts)] if isinstance(value, ast.Name) else None


def refusals(source: str, where: str) -> list[str]:
    """What the source takes from the engine beyond the public names, one line each ("line 3: ...")."""
    tree = ast.parse(source, where)
    out: list[str] = []
    bound: dict[str, str] = {}          # a local name -> the public package it is (import engine, import ... as x)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] != "engine":
                    continue
                if alias.name not in PACKAGES:
                    out.append(f"line {node.lineno}: import {alias.name}")
                elif alias.asname:
                    bound[alias.asname] = alias.name            # import engine.ai as bots
                else:
                    bound["engine"] = "engine"                  # import engine, import engine.ai: both bind engine
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] == "engine":
            exported = PACKAGES.get(node.module or "")
            if exported is None:
                out.append(f"line {node.lineno}: from {node.module} import")
            out += [f"line {node.lineno}: from {node.module} import {alias.name}"
                    for alias in node.names if exported is not None and alias.name not in exported]
    for node in ast.walk(tree):
        parts = chain(node) if isinstance(node, ast.Attribute) else None
        if parts is None or parts[0] not in bound:
            continue
        package, rest = package_of([*bound[parts[0]].split("."), *parts[1:]])
        if len(rest) == 1 and rest[0] not in PACKAGES[package]:         # each chain once, where it leaves the API
            out.append(f"line {node.lineno}: {'.'.join(parts)}")
    return out


def test_the_client_tools_and_benchmarks_use_only_the_public_api():
    found = {str(path.relative_to(ROOT)): refusals(path.read_text(encoding="utf-8"), str(path))
             for path in sources()}
    assert {name: got for name, got in found.items() if got} == {}


def test_only_the_named_submodules_are_exported():
    """A submodule (a file or a folder of the package) is exported only on purpose: `from engine import movement`
    works once anything has imported engine, and only the check above refuses it."""
    for package, names in PACKAGES.items():
        folder = ROOT.joinpath(*package.split("."))
        whole = {name for name in names if (folder / f"{name}.py").is_file() or (folder / name).is_dir()}
        assert whole == MODULES[package]


PLANTED = [
    ("from engine import movement\n", "from engine import movement"),
    ("state = engine.saves.from_data(data, rules)\n", "engine.saves"),
    ("import engine.driver\n", "import engine.driver"),
    ("from engine.schema import write_atomically\n", "from engine.schema import"),
    ("from engine.ai.rule_bot import Board\n", "from engine.ai.rule_bot import"),
    ("from engine.ai import determinise\n", "from engine.ai import determinise"),
    ("import engine as e\nsteps = e.state.STEP_NAMES\n", "e.state"),
    ("def f():\n    return engine.game.chance_outcomes_omniscient\n", "engine.game"),
]


@pytest.mark.parametrize(("planted", "refused"), PLANTED)
def test_the_check_refuses_a_planted_import(planted: str, refused: str):
    """Each planted line, added to a real file of game/, is the one thing refused there."""
    path = ROOT / "game" / "match.py"
    source = path.read_text(encoding="utf-8")
    assert refusals(source, str(path)) == []
    got = refusals(source + "\n" + planted, str(path))
    assert len(got) == 1 and got[0].endswith(refused), got
