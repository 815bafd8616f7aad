"""Set-up, rules S1-S5."""
from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine.state import AT_HOME, BAND, INDEPENDENT, UNBUILT


def pieces_by_place(state, player):
    return Counter((state.piece_hex[pid], state.piece_kind[pid]) for pid in state.pieces_of(player))


def test_S1_cup_deck_and_te_waka_maui_aside(rules):
    s = engine.new_game(rules, ["Tonga", "Samoa"], seed=1)
    assert s.cup == [m.count for m in rules.markers]
    assert len(s.deck) == 27 and not any(s.hand) and not any(s.shown)
    te_waka_maui = rules.tile_id("Te Waka Maui")
    assert te_waka_maui not in s.stack and te_waka_maui not in s.tile


def test_S2_two_players_tonga_and_samoa(rules):
    s = engine.new_game(rules, ["Samoa", "Tonga"], seed=1)
    assert s.names == ("Samoa", "Tonga")
    assert all(t < 0 for t in s.tile) and not any(s.ocean)
    assert len(s.stack) == 29


@pytest.mark.parametrize("players,placed,removed", [
    (3, {"Hiva", "Flint Is.", "Niue"}, 3),
    (4, {"Hiva", "Flint Is.", "Niue", "Raiatea"}, 4),
])
def test_S2_three_and_four_players_place_tiles_and_markers(rules, players, placed, removed):
    s = engine.new_game(rules, players, seed=5)
    m = rules.map
    on_map = {rules.tiles[t].name: h for h, t in enumerate(s.tile) if t >= 0}
    assert set(on_map) == placed
    for setup_tile in m.setup_tiles:
        if setup_tile.tile in placed:
            h = on_map[setup_tile.tile]
            assert h == setup_tile.hex and s.tile_up[h] and s.orient[h] == setup_tile.orientation
    assert {h for h, o in enumerate(s.ocean) if o} == {o.hex for o in m.setup_oceans}
    full = {m_.id: m_.count for m_ in rules.markers}
    taken = {k: full[k] - s.cup[k] for k in full}
    islands = sum(n for k, n in taken.items() if rules.markers[k].kind == "island")
    oceans = sum(n for k, n in taken.items() if rules.markers[k].kind == "ocean")
    assert (islands, oceans) == (removed, 2)
    assert sum(taken.values()) == removed + 2, "off-course markers drawn were returned to the cup"
    # S3: the rest of the tiles (not Te Waka Maui) form the stack.
    assert len(s.stack) == 29 - len(placed)
    assert sum(s.cup) == len(m.explorable) - len(placed) - 2 + 2


def test_S2_three_player_marker_draws_depend_on_the_seed(rules):
    cups = {tuple(engine.new_game(rules, 3, seed=k).cup) for k in range(12)}
    assert len(cups) > 1


def test_S2_wrong_homes_are_refused(rules):
    with pytest.raises(engine.SetupError, match="Tonga, Samoa, Hiva"):
        engine.new_game(rules, ["Tonga", "Samoa", "Raiatea"], seed=1)
    with pytest.raises(engine.SetupError, match="2 to 4 players"):
        engine.new_game(rules, 5, seed=1)
    with pytest.raises(engine.SetupError, match="unknown option"):
        engine.new_game(rules, 2, seed=1, options={"volcanoes": True})
    with pytest.raises(engine.SetupError, match="VP target"):
        engine.new_game(rules, 2, seed=1, options={"variable_game_end": "lots"})


def test_S4_random_deal_is_a_seeded_permutation(rules):
    deals = {engine.new_game(rules, 4, seed=k).names for k in range(20)}
    assert all(sorted(d) == sorted(rules.setups[4].homes) for d in deals)
    assert len(deals) > 3
    assert engine.new_game(rules, 4, seed=3).names == engine.new_game(rules, 4, seed=3).names


@pytest.mark.parametrize("players", [2, 3, 4])
def test_S5_capital_village_and_two_bands_at_home(rules, players):
    s = engine.new_game(rules, players, seed=2)
    for p, name in enumerate(s.names):
        home = rules.map.hex_of(name)
        assert s.home[p] == s.capital[p] == home
        assert s.controller[home] == p and s.villages(home) == 2
        assert pieces_by_place(s, p)[(home, BAND)] == 2
        assert not any(s.piece_up[pid] for pid in s.pieces_of(p)), "face down"
        placed = [pid for pid in s.pieces_of(p) if s.piece_hex[pid] != UNBUILT]
        assert len(placed) == 2, "everything else is unbuilt"
        assert s.explorer[p] == AT_HOME
        assert s.vp_track[p] == 3 == engine.vp(s, name)


def test_S5_printed_independents_start_independent(rules):
    s = engine.new_game(rules, 2, seed=2)
    for ig in rules.map.islands:
        assert s.controller[ig.hex] == (INDEPENDENT if not ig.home else s.names.index(ig.name))


def test_S4_deal_homes_names_the_homes_new_game_deals(rules):
    for players in (2, 3, 4):
        for seed in (1, 7, 99):
            assert engine.deal_homes(rules, players, seed) == list(engine.new_game(rules, players, seed).names)
