"""Exploration step (rules E1-E7). For now each player's only decision is to end their part of the step."""
from __future__ import annotations

from . import flow
from .state import EXPLORATION

STEP = EXPLORATION
begin = begin_player = flow.sequential_begin_player
legal = flow.end_only_legal
perform = flow.end_only_perform
