"""Set up the project's virtual environment and run the game or the tests.

    python3 dev.py play [game arguments...]   set up, then start the game
    python3 dev.py test [pytest arguments...] set up, then check the code (ruff, mypy) and run the whole test suite
                                              (with pytest arguments: only pytest)

Only a Python 3.11+ interpreter is needed. The environment lives in `.venv/` inside the repository and is
reinstalled only when `pyproject.toml` changes, so the second run starts at once.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / "paradise-installed.txt"


def venv_python() -> Path:
    scripts = "Scripts" if os.name == "nt" else "bin"
    return VENV / scripts / ("python.exe" if os.name == "nt" else "python")


def requirements() -> list[str]:
    """Every dependency of the game and its tests, as declared in pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project.get("optional-dependencies", {})
    return list(project["dependencies"]) + [req for group in extras.values() for req in group]


def ensure_environment() -> Path:
    """Create the venv and install the requirements unless the stamp says they are current."""
    reqs = requirements()
    digest = hashlib.sha256("\n".join(reqs).encode()).hexdigest()
    python = venv_python()
    if python.exists() and STAMP.exists() and STAMP.read_text().strip() == digest:
        return python
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py runs under any python3, before the venv exists
        sys.exit("Paradise needs Python 3.11 or newer.")
    if not python.exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("Installing dependencies ...", flush=True)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *reqs],
                   check=True)
    STAMP.write_text(digest + "\n")
    return python


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("play", "test"):
        print(__doc__)
        return 2
    python = ensure_environment()
    command, rest = argv[0], argv[1:]
    if command == "play":
        return subprocess.call([str(python), str(ROOT / "main.py"), *rest], cwd=ROOT)
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
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
