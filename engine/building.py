"""Building step (rules B1-B5; in pass-and-play players build one after another, ruling X8). For now each player's only decision is to end their part of the step."""
from __future__ import annotations

from . import flow
from .state import BUILDING

STEP = BUILDING
begin = begin_player = flow.sequential_begin_player
legal = flow.end_only_legal
perform = flow.end_only_perform
