"""Issue 40: each player's part of a sequential step leaves a line in everyone's log, a pass too, so the turn order
chosen (T2) is seen played out (T1): a player who does not explore, and each player's end of Movement & Battle."""
from __future__ import annotations

import engine

from .helpers import do


def public(state: engine.GameState, since: int) -> list[engine.LogEntry]:
    return engine.events_since(state, None, since)[0]


def test_T1_a_player_who_does_not_explore_is_said_to_everyone(rules: engine.Ruleset) -> None:
    s = engine.new_game(rules, 2, 5)
    do(s, "order Samoa cw")
    assert engine.current_player(s) == "Samoa"
    before = engine.events_since(s, None)[1]
    do(s, "end")
    for viewer in (None, "Tonga", "Samoa"):
        seen = [e for e in engine.events_since(s, viewer)[0] if e["kind"] == "exploration_passed"]
        assert seen == [{"kind": "exploration_passed", "player": "Samoa"}]
    assert public(s, before)[0] == {"kind": "exploration_passed", "player": "Samoa"}, "before Tonga's turn"
    assert engine.current_player(s) == "Tonga"


def test_T1_each_player_ends_movement_in_a_line_in_turn_order(rules: engine.Ruleset) -> None:
    s = engine.new_game(rules, 2, 5)
    do(s, "order Samoa cw", "end", "end")                   # nobody explores
    assert s.step == engine.STEP_NAMES.index("movement")
    before = engine.events_since(s, None)[1]
    do(s, "end", "end")
    ended = [e for e in public(s, before) if e["kind"] == "movement_ended"]
    assert ended == [{"kind": "movement_ended", "player": "Samoa"}, {"kind": "movement_ended", "player": "Tonga"}]
    assert s.step == engine.STEP_NAMES.index("building")
