"""Shared fixtures. Headless SDL is set before anything can import pygame."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

import engine  # noqa: E402


@pytest.fixture(scope="session")
def rules() -> engine.Ruleset:
    return engine.load_ruleset()
