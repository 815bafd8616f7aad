"""What the renderers and scenes may read (CLIENT.md): views and events only, never a GameState. A static
check of their source: no mention of GameState, no reach into a match's private state. (That no file of the
client imports the engine's internals, tests/test_engine_boundary.py checks.)"""
from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[2] / "game"


def sources() -> list[Path]:
    files = sorted((GAME / "render").glob("*.py")) + sorted((GAME / "scenes").rglob("*.py"))
    assert len(files) >= 10
    return files


def problems(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and node.module.startswith("engine"):
            if any(alias.name in ("GameState", "state") for alias in node.names):
                out.append("imports GameState")
        elif isinstance(node, ast.Name) and node.id == "GameState":
            out.append(f"line {node.lineno}: names GameState")
        elif isinstance(node, ast.Attribute) and node.attr in ("GameState", "_state", "state", "clone"):
            out.append(f"line {node.lineno}: reads .{node.attr}")
    return out


def test_renderers_and_scenes_never_read_a_game_state():
    found = {path.name: problems(path) for path in sources()}
    assert {name: p for name, p in found.items() if p} == {}


def test_the_check_catches_a_renderer_that_reads_the_state(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from engine import GameState\n\ndef draw(match):\n    return match._state.turn\n")
    assert len(problems(bad)) == 2


def scene_imports(path: Path, source: str | None = None) -> set[str]:
    """The scene modules (game.scenes.<name>) that a file (or `source` put at its path) imports, other than its
    own."""
    package = path.relative_to(GAME.parent).with_suffix("").parts[:-1]          # e.g. ("game", "scenes", "table")
    out = set()
    text = path.read_text(encoding="utf-8") if source is None else source
    for node in ast.walk(ast.parse(text, str(path))):
        if isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else ()
            parts = [*base, *(node.module or "").split(".")] if node.module else list(base)
            out.add(".".join(parts))
            out.update(".".join([*parts, alias.name]) for alias in node.names)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    mine = ".".join(path.relative_to(GAME.parent).with_suffix("").parts[:3])
    return {".".join(name.split(".")[:3]) for name in out
            if name.startswith("game.scenes.") and ".".join(name.split(".")[:3]) != mine}


def test_no_scene_module_imports_another():
    """Scenes ask the app for another scene by name (App.make), so that scenes never import each other."""
    found = {str(path.relative_to(GAME)): scene_imports(path) for path in sorted((GAME / "scenes").rglob("*.py"))
             if path.name != "__init__.py" or path.parent.name != "scenes"}
    assert len(found) >= 15
    assert {name: got for name, got in found.items() if got} == {}


def test_the_scene_import_check_can_fail():
    table = GAME / "scenes" / "table" / "scene.py"
    source = table.read_text(encoding="utf-8")
    assert scene_imports(table, source) == set()
    assert scene_imports(table, source + "\nfrom ..battle import BattleScene\n") == {"game.scenes.battle"}
    assert scene_imports(table, source + "\nfrom game.scenes import title\n") == {"game.scenes.title"}
    assert scene_imports(GAME / "scenes" / "end.py", "from .pause import PauseScene\n") == {"game.scenes.pause"}
