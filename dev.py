"""Set up the project's virtual environment and run the game or the tests, or build the program.

    python3 dev.py play [game arguments...]   set up, then start the game
    python3 dev.py test [pytest arguments...] set up, then check the code (ruff, mypy) and run the whole test suite
                                              (with pytest arguments: only pytest)
    python3 dev.py serve [--port N] [--host ADDR] [--data-dir FOLDER]
                                              set up, then host online games (game/online/server.py,
                                              docs/PROTOCOL.md) until Ctrl+C
    python3 dev.py record [recording arguments...]
                                              set up, then record a scripted moment of a bot game as an animated
                                              picture, docs/screenshots/paradise.webp (tools/record.py; --help)
    python3 dev.py build [PyInstaller arguments...]
                                              set up, then build the program that runs without Python into
                                              dist/paradise/ (build.spec)

Only a Python 3.11+ interpreter is needed. The environment lives in `.venv/` inside the repository; each command
installs only what it needs (the game's dependencies, and the `test`, `record` or `build` group of
pyproject.toml), and nothing again until a requirement there changes, so the second run starts at once. Every
set-up then compiles the message catalogs (tools/catalog.py), which the game reads and the build bundles.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / "paradise-installed.txt"
CATALOGS = ROOT / "tools" / "catalog.py"
# The optional groups of pyproject.toml each command needs beside the game's own dependencies: playing needs none,
# and the tests never wait for PyInstaller, which only a build (CI's after the tests) installs.
GROUPS = {"play": (), "serve": (), "test": ("test",), "record": ("record",), "build": ("build",)}
RECORDER = ROOT / "tools" / "record.py"


def venv_python() -> Path:
    scripts = "Scripts" if os.name == "nt" else "bin"
    return VENV / scripts / ("python.exe" if os.name == "nt" else "python")


def requirements(groups: tuple[str, ...] | None) -> list[str]:
    """The game's dependencies and those of the optional groups named (None: every group), as declared in
    pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras: dict[str, list[str]] = project.get("optional-dependencies", {})
    chosen = extras if groups is None else {name: extras[name] for name in groups}
    return list(project["dependencies"]) + [req for group in chosen.values() for req in group]


def installed() -> set[str]:
    """The requirement lines the venv was set up with, as the stamp lists them."""
    if not (venv_python().exists() and STAMP.exists()):
        return set()
    return set(STAMP.read_text(encoding="utf-8").splitlines())


def ensure_environment(groups: tuple[str, ...]) -> Path:
    """Create the venv and install what the command needs unless the stamp lists every line of it. The stamp
    keeps the lines installed before that pyproject.toml still declares, so moving between commands installs
    nothing again, while a changed line is new and installs."""
    reqs = requirements(groups)
    python = venv_python()
    done = installed()
    if done.issuperset(reqs):
        return python
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py runs under any python3, before the venv exists
        sys.exit("Paradise needs Python 3.11 or newer.")
    if not python.exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("Installing dependencies ...", flush=True)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *reqs],
                   check=True)
    kept = done.intersection(requirements(None)).union(reqs)
    STAMP.write_text("".join(f"{req}\n" for req in sorted(kept)), encoding="utf-8")
    return python


def compile_catalogs(python: Path) -> None:
    """The game reads compiled message catalogs (.mo), build products not kept in git; the tool compiles only
    those older than their .po, so this costs nothing once done."""
    subprocess.run([str(python), str(CATALOGS), "compile"], cwd=ROOT, check=True)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in GROUPS:
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    python = ensure_environment(GROUPS[command])
    compile_catalogs(python)
    if command == "play":
        return subprocess.call([str(python), str(ROOT / "main.py"), *rest], cwd=ROOT)
    if command == "serve":
        return subprocess.call([str(python), "-m", "game.online.server", *rest], cwd=ROOT)
    if command == "build":
        return subprocess.call([str(python), "-m", "PyInstaller", "--noconfirm", *rest, "build.spec"], cwd=ROOT)
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if command == "record":
        return subprocess.call([str(python), str(RECORDER), *rest], cwd=ROOT, env=env)
    checked = 0 if rest else check_code(python)
    return subprocess.call([str(python), "-m", "pytest", "-n", "2", *rest], cwd=ROOT, env=env) or checked


CHECKS = (("ruff", "check", "."), ("mypy", "--strict", "engine", "game"))


def check_code(python: Path) -> int:
    """The whole suite starts with the linter and the type checker (the engine strict, the client plain), so a
    renamed field fails here instead of in a game; the tests run whatever they say."""
    failed = 0
    for tool, *args in CHECKS:
        print(f"$ {tool} {' '.join(args)}", flush=True)
        failed |= subprocess.call([str(python), "-m", tool, *args], cwd=ROOT)
    return failed


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
