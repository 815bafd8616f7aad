"""The speed guard's verdict (bench/guard.py, a CI step): the best rates before and after are compared, a slowdown
over 30 % fails, and one slow run among good ones does not."""
from __future__ import annotations

from bench import guard


def runs(*rates: tuple[float, float]) -> list[dict[str, float]]:
    return [{"random play": play, "clone": clone} for play, clone in rates]


def passed(before: list[dict[str, float]], after: list[dict[str, float]]) -> dict[str, bool]:
    return {metric: ok for metric, (*_, ok) in guard.verdicts(before, after).items()}


def test_the_same_speed_passes():
    same = runs((30_000, 100_000), (28_000, 96_000))
    assert passed(same, same) == {"random play": True, "clone": True}


def test_the_figures_are_the_best_of_each_side_and_their_ratio():
    old, new, slower, ok = guard.verdicts(runs((24_000, 1), (30_000, 1)), runs((20_000, 1), (25_000, 1)))["random play"]
    assert (old, new, slower, ok) == (30_000, 25_000, 1.2, True)


def test_a_slowdown_over_30_percent_fails():
    assert passed(runs((30_000, 100_000)), runs((22_000, 100_000))) == {"random play": False, "clone": True}
    assert passed(runs((30_000, 100_000)), runs((30_000, 70_000))) == {"random play": True, "clone": False}


def test_taking_30_percent_longer_is_the_limit_itself():
    assert passed(runs((26_000, 13_000)), runs((20_000, 10_000))) == {"random play": True, "clone": True}
    assert not any(passed(runs((26_000, 13_000)), runs((19_990, 9_990))).values())


def test_one_slow_run_beside_good_ones_passes():
    before = runs((30_000, 100_000), (29_000, 98_000), (30_500, 99_000))
    after = runs((15_000, 50_000), (29_500, 97_000), (28_000, 99_500))      # the machine was busy once
    assert passed(before, after) == {"random play": True, "clone": True}


def test_faster_code_passes():
    assert all(passed(runs((20_000, 50_000)), runs((40_000, 100_000))).values())
