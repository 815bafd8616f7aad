"""Where the client finds its assets and keeps its saves and settings.

Assets travel with the program (beside the sources, or inside a PyInstaller build); saves, autosaves and
settings live in the player's data folder, never inside the program's folder, which a frozen build may
replace or unpack to a temporary place (ENV-NOTES, PyInstaller).
"""
from __future__ import annotations

import sys
from pathlib import Path

import platformdirs

APP_NAME = "Paradise"


def resource_root() -> Path:
    """The folder that holds assets/ and config/: the project, or the unpacked build when frozen."""
    if getattr(sys, "frozen", False):
        return Path(getattr(sys, "_MEIPASS", Path(sys.executable).parent))
    return Path(__file__).resolve().parent.parent


def asset(*parts: str) -> Path:
    return resource_root().joinpath("assets", *parts)


def default_data_dir() -> Path:
    """The platform's folder for this user's application data (platformdirs knows each system's rules)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def ensure_dir(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return folder
