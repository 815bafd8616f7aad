"""Shared fixtures. Headless SDL is set before anything can import pygame."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import settings

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


# CI draws the same examples every run (a red CI names a real regression, never a new random draw); a developer's
# runs draw new ones each time, and every failure found that way is pinned with @example.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")
