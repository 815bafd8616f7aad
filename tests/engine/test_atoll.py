"""B3 (C5): no village ever stands on an atoll, so a colony there never becomes one. Why a build, a settling or a
conversion there is refused says so (engine.why_not), rather than a rule that only follows from it; and only of an
atoll everyone can see (X9)."""
from __future__ import annotations

from typing import Any

import engine

ATOLL = "0907"                        # beside Tonga


def building(tile: dict[str, Any], pieces: list[dict[str, Any]]) -> engine.GameState:
    return engine.load_scenario(engine.load_ruleset(), {
        "players": ["Tonga", "Samoa"], "step": "building", "active": "Tonga",
        "tiles": [{"hex": ATOLL, "tile": "Flint Is.", **tile}], "pieces": {"Tonga": pieces}})


def test_B3_building_at_an_atoll_with_a_colony_there_is_refused_for_the_atoll() -> None:
    s = building({}, [{"hex": ATOLL, "colony": 1, "transport_canoe": 1}])
    for action in (engine.Action("build", ("village", ATOLL)), engine.Action("build", ("colony", ATOLL)),
                   engine.Action("settle", (ATOLL,)), engine.Action("convert", (ATOLL,))):
        assert engine.why_not(s, action) == engine.Reason("B3", "atoll", {"hex": ATOLL}), action


def test_B3_a_colony_elsewhere_keeps_its_reasons() -> None:
    s = building({}, [])
    settle, village = (engine.why_not(s, engine.Action(*a)) for a in (("settle", ("0906",)),
                                                                       ("build", ("village", "0906"))))
    assert settle is not None and settle.code == "not_now"
    assert village is not None and village.code == "build_not_area"


def test_X9_a_face_down_atoll_is_not_told() -> None:
    s = building({"face_up": False, "discovered_by": ["Tonga"]}, [])
    reason = engine.why_not(s, engine.Action("build", ("village", ATOLL)))
    assert reason is not None and reason.code == "build_not_area", "the tile's squares are hidden"
