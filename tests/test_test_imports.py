"""No test module imports another (issue 40): importing one runs its module-level code and ties two files' tests
together, and a test's helper found only by reading the other test file is hard to find. What tests share lives in
modules of their own: tests/positions.py (game positions built for tests), tests/engine/helpers.py,
tests/game/helpers.py (the client's drivers) and hard_bot.py, tests/online/harness.py and clients.py, and the
conftest.py files."""
from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
# A test module named in a string, as code run in a child process imports it.
NAMED = re.compile(r"\btests(?:\.\w+)*\.test_\w+")


def package_of(path: Path) -> list[str]:
    """The dotted package a file under tests/ belongs to, as parts: tests/game/test_x.py is in tests.game."""
    return ["tests", *path.relative_to(TESTS).parent.parts]


def imported(source: str, package: list[str]) -> list[str]:
    """Every module a source imports, relative imports resolved from `package`, and every test module its strings
    name."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = [*base, *(node.module or "").split(".")] if node.module else base
            out.append(".".join(module))
            out += [".".join([*module, alias.name]) for alias in node.names]      # `from . import test_x`
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            out += NAMED.findall(node.value)
    return out


def named_test_modules(source: str, package: list[str]) -> set[str]:
    """The test modules (their last part named test_*) a source imports."""
    return {name for name in imported(source, package) if name.split(".")[-1].startswith("test_")}


def test_the_finder_sees_every_way_of_importing_a_test_module() -> None:
    here = ["tests", "game"]
    assert named_test_modules("from tests.engine.test_battle import m14_game", here) == {"tests.engine.test_battle"}
    assert named_test_modules("import tests.game.test_cli as cli", here) == {"tests.game.test_cli"}
    assert named_test_modules("from .test_cli import run", here) == {"tests.game.test_cli"}
    assert named_test_modules("from ..engine.test_victory import empire", here) == {"tests.engine.test_victory"}
    assert named_test_modules("from . import test_sea", here) == {"tests.game.test_sea"}
    assert named_test_modules("def f():\n    from .test_pads import press", here) == {"tests.game.test_pads"}
    assert named_test_modules('CODE = "from tests.game.test_worker import ENDLESS"', here) == {"tests.game.test_worker"}
    shared = "from .conftest import click\nfrom tests.positions import BASE\nfrom .helpers import run, table_for\n"
    assert named_test_modules(shared, here) == set(), "conftest and the shared modules are no test modules"


def test_no_test_module_imports_another() -> None:
    found = [f"{path.relative_to(TESTS.parent)} imports {name}"
             for path in sorted(set(TESTS.rglob("test_*.py")) - {Path(__file__).resolve()})   # not this file's examples
             for name in sorted(named_test_modules(path.read_text(encoding="utf-8"), package_of(path)))]
    assert not found, "shared helpers belong in tests/positions.py or a helpers module:\n" + "\n".join(found)
