"""Exploration step, rules E1-E7 (with rulings X1 and X12), driven by scenarios and chosen chance outcomes."""
from __future__ import annotations

import itertools

import pytest

import engine
from engine.board import is_enemy, is_known
from engine.exploration import can_explore, knots, premove_endpoints, premove_path
from engine.state import AT_HOME, EXPLORATION, LOST

from .helpers import do, legal, play_random

TWO = {"players": ["Tonga", "Samoa"], "step": "exploration", "order": ["Tonga", "Samoa"]}
THREE = {"players": ["Tonga", "Samoa", "Hiva"], "step": "exploration", "order": ["Tonga", "Samoa", "Hiva"]}


def game(rules, base=TWO, **extra):
    return engine.load_scenario(rules, {**base, **extra})



def hexes(state, verb):
    return sorted(str(a).split()[1] for a in engine.legal_actions(state) if a.verb == verb)


def kinds_seen(events, player_index):
    return [e.kind for e in events if e.seen_by(player_index)]


def test_E1_only_explorers_enter_unknown_hexes_and_these_are_the_targets(rules):
    s = game(rules)
    do(s, "premove 0807")
    assert hexes(s, "explore") == ["0906", "0907", "0908"] or set(hexes(s, "explore")) <= {
        rules.map.labels[n] for n in rules.map.neighbors(rules.map.hex_of("Tonga"))}
    for label in hexes(s, "explore"):
        assert rules.map.kinds[rules.map.hex_of(label)] == "unknown"


def test_E2_a_lost_explorer_comes_back_and_does_not_explore(rules):
    s = game(rules, explorers={"Tonga": "lost"})
    tonga = s.names.index("Tonga")
    assert s.explorer[tonga] == AT_HOME
    assert engine.current_player(s) == "Samoa"
    assert any(e["kind"] == "explorer_back" for e in engine.observe(s, "Samoa")["log"])


def test_E3_premove_through_known_non_enemy_hexes(rules):
    s = game(rules)
    tonga = s.names.index("Tonga")
    ends = {rules.map.labels[h] for h in premove_endpoints(s, tonga)}
    assert "0807" in ends                              # its own island group touches the unknown
    assert "0806" not in ends and "0706" not in ends   # Samoa's home and independent Fiji are enemy hexes
    assert "0906" not in ends                          # unknown hexes are not pre-move hexes
    # An explored ocean hex opens the way east; another player's pieces there close it again.
    s = game(rules, ocean=["0906", "1006"])
    assert "1006" in {rules.map.labels[h] for h in premove_endpoints(s, tonga)}
    events = do(s, "premove 1006")
    assert events[0].get("path") == ["0807", "0906", "1006"], "the route, hex by hex, for the client"
    s = game(rules, ocean=["0906"], pieces={"Samoa": [{"hex": "0906", "war_canoe": 1}]})
    assert "0906" not in {rules.map.labels[h] for h in premove_endpoints(s, tonga)}


def test_E3_the_premove_route_is_a_shortest_one_through_known_non_enemy_hexes(rules):
    """The route shown to the client, in positions reached by random play: it starts on an IG the player
    controls and is as short as a plain breadth-first search from those IGs says."""
    routes = 0

    def check(s):
        nonlocal routes
        if s.step != EXPLORATION or engine.current_player(s) in (None, engine.CHANCE) or s.sub.phase != "start":
            return
        player = s.sub.player
        open_hexes = {h for h in range(len(rules.map)) if is_known(s, h) and not is_enemy(s, h, player)}
        distance = dict.fromkeys(s.controlled(player), 0)
        frontier = list(distance)
        for h in frontier:
            for n in rules.map.neighbors(h):
                if n in open_hexes and n not in distance:
                    distance[n] = distance[h] + 1
                    frontier.append(n)
        for end in premove_endpoints(s, player):
            route = premove_path(s, player, end)
            assert s.controller[route[0]] == player and route[-1] == end
            assert all(rules.map.distance(a, b) == 1 for a, b in itertools.pairwise(route))
            assert all(h in open_hexes for h in route[1:])
            assert len(route) - 1 == distance[end]
            routes += 1

    for seed in range(3):
        play_random(engine.new_game(rules, 2 + seed, seed), 3000, seed, check)
    assert routes > 100


def test_E4_1_ocean_marker_stays_knot_side_up(rules):
    s = game(rules)
    do(s, "premove 0807", "explore 0906")
    assert engine.current_player(s) == engine.CHANCE
    events = do(s, "marker ocean_2")
    h = rules.map.hex_of("0906")
    assert s.ocean[h] and s.explorer[0] == h and knots(s, s.sub) == 2
    assert [e.get("marker") for e in events if e.kind == "marker_drawn"] == ["ocean"]
    view = engine.observe(s, "Samoa")["exploration"]
    assert view["knots"] == 2 and view["markers"] == [{"hex": "0906", "marker": "ocean", "knots": 2}]
    assert engine.current_player(s) == "Tonga" and "return" in legal(s)


def test_E4_2_island_tile_is_seen_by_the_discoverer_only(rules):
    s = game(rules)
    do(s, "premove 0807", "explore 0906", "marker island_2")
    outcomes = engine.chance_outcomes_omniscient(s)
    assert len(outcomes) == 29 and sum(p for _, p in outcomes) == 1
    events = do(s, "tile Hawaii")
    assert "tile_drawn" in kinds_seen(events, 0) and "tile_drawn" not in kinds_seen(events, 1)
    assert {r["hex"]: r for r in engine.observe(s, "Tonga")["hexes"]}["0906"]["tile"] == "Hawaii"
    samoa_view = {r["hex"]: r for r in engine.observe(s, "Samoa")["hexes"]}["0906"]
    assert samoa_view["tile"] is None and samoa_view["face_up"] is False
    assert legal(s) == ["keep", "reveal"]
    do(s, "keep")
    h = rules.map.hex_of("0906")
    assert s.discovered[h] == 1 and not s.tile_up[h]
    samoa_view = {r["hex"]: r for r in engine.observe(s, "Samoa")["hexes"]}["0906"]
    assert samoa_view == {"tile": None, "face_up": False, "discovered_by": ["Tonga"], "hex": "0906"}
    assert "Hawaii" not in repr(engine.observe(s, "Samoa"))


def test_E4_2_revealed_at_once_faces_the_discoverers_home(rules):
    s = game(rules, order=["Samoa", "Tonga"])
    do(s, "premove 0806", "explore 0905", "marker island_2", "tile Hawaii")
    events = do(s, "reveal")
    h = rules.map.hex_of("0905")
    samoa_orientation = next(ig.orientation for ig in rules.map.islands if ig.name == "Samoa")
    assert s.tile_up[h] and s.orient[h] == samoa_orientation and s.discovered[h] == 0
    assert any(e.kind == "tile_revealed" and e.visible is None for e in events)


def test_E4_3_off_course_the_left_neighbour_chooses_and_the_marker_leaves(rules):
    s = game(rules, THREE, order=["Tonga", "Hiva", "Samoa"])    # play runs counter-clockwise...
    do(s, "premove 0807", "explore 0907")
    cup_before = sum(s.cup)
    do(s, "marker off_course")
    # ...but the left neighbour is the next seat clockwise (X1): Samoa.
    assert engine.current_player(s) == "Samoa"
    choices = hexes(s, "course")
    assert "0907" not in choices and choices, "X12: any explorable hex next to the explorer but the intended one"
    assert sum(s.cup) == cup_before - 1
    assert s.explorer[0] == rules.map.hex_of("0807"), "the intended hex was not entered"
    do(s, f"course {choices[0]}")
    assert engine.current_player(s) == engine.CHANCE
    do(s, "marker ocean_1")
    assert s.explorer[0] == rules.map.hex_of(choices[0])
    assert knots(s, s.sub) == 1, "off course adds no knots"
    # Backtrack: the intended hex may still be explored this turn if it is adjacent again.
    assert all(rules.map.kinds[rules.map.hex_of(h)] == "unknown" for h in hexes(s, "explore"))


def test_E4_3_off_course_into_another_players_face_down_tile(rules):
    tiles = [{"hex": "0907", "tile": "Tahiti", "face_up": False, "discovered_by": ["Samoa"]}]
    s = game(rules, tiles=tiles, ocean=["0808"])
    do(s, "premove 0807", "explore 0906", "marker off_course")
    assert engine.current_player(s) == "Samoa"
    assert "0907" in hexes(s, "course")
    do(s, "course 0907")
    assert engine.current_player(s) == "Tonga", "a face-down tile is examined, not drawn for"
    assert knots(s, s.sub) == 2


def test_E4_4_off_course_with_no_other_hex_to_explore(rules):
    # From 0807 the only explorable neighbour left is 0906.
    s = game(rules, ocean=["0907", "0808"])
    do(s, "premove 0807")
    assert hexes(s, "explore") == ["0906"]
    events = do(s, "explore 0906", "marker off_course")
    assert any(e.kind == "off_course_stuck" for e in events)
    assert [(rules.map.labels[h], k) for h, k in s.sub.markers] == [("0807", -1)]
    assert knots(s, s.sub) == 2 and s.explorer[0] == rules.map.hex_of("0807")
    assert engine.current_player(s) == "Tonga" and "explore 0906" in legal(s), "it may try again"


def test_E5_up_to_four_knots_continue_five_must_return(rules):
    s = game(rules)
    do(s, "premove 0807", "explore 0906", "marker ocean_2", "explore 1006", "marker ocean_2")
    assert knots(s, s.sub) == 4 and engine.current_player(s) == "Tonga"
    events = do(s, f"explore {hexes(s, 'explore')[0]}", "marker ocean_1")
    assert s.explorer[0] == AT_HOME and engine.current_player(s) == "Samoa"
    assert [e.get("knots") for e in events if e.kind == "explorer_returned"] == [5]


def test_E5_six_or_more_the_explorer_is_lost_after_resolving_the_hex(rules):
    s = game(rules)
    do(s, "premove 0807", "explore 0906", "marker ocean_3", "explore 1006", "marker island_3", "tile Tahiti")
    assert engine.current_player(s) == "Tonga", "the hex is resolved first: keep or reveal"
    do(s, "keep")
    assert s.explorer[0] == LOST and engine.current_player(s) == "Samoa"
    assert s.discovered[rules.map.hex_of("1006")] == 1, "the discovery stands"


def test_E6_1_examining_another_players_face_down_tile(rules):
    tiles = [{"hex": "0907", "tile": "Tahiti", "face_up": False, "discovered_by": ["Samoa"]}]
    s = game(rules, THREE, tiles=tiles)
    events = do(s, "premove 0807", "explore 0907")
    assert engine.current_player(s) == "Tonga" and knots(s, s.sub) == 2
    assert [e.get("tile") for e in events if e.kind == "tile_seen"] == ["Tahiti"]
    assert all(e.visible == frozenset({0}) for e in events if e.kind == "tile_seen")
    do(s, "keep")
    h = rules.map.hex_of("0907")
    assert s.discovered[h] == 0b011 and not s.tile_up[h]


def test_E6_1_flipped_when_every_player_has_discovered_it(rules):
    tiles = [{"hex": "0906", "tile": "Tahiti", "face_up": False, "discovered_by": ["Samoa"]}]
    s = game(rules, tiles=tiles)
    events = do(s, "premove 0807", "explore 0906", "keep")
    h = rules.map.hex_of("0906")
    assert s.tile_up[h] and s.discovered[h] == 0
    assert any(e.kind == "tile_revealed" for e in events)


def test_E6_2_at_most_three_discovered_markers(rules):
    tiles = [{"hex": h, "tile": t, "face_up": False, "discovered_by": ["Tonga"]}
             for h, t in (("0805", "Tuvalu"), ("0905", "Tokelau"), ("1005", "Rotuma"))]
    s = game(rules, tiles=tiles)
    do(s, "premove 0807", "explore 0906", "marker island_2", "tile Hawaii")
    assert "keep" not in legal(s) and "reveal" in legal(s)
    assert {"flip 0805", "flip 0905", "flip 1005"} <= set(legal(s))
    do(s, "flip 0905")
    assert "keep" in legal(s)


def test_E6_3_crossing_a_known_hex_costs_two_knots(rules):
    s = game(rules, ocean=["1006"])
    do(s, "premove 0807", "explore 0906", "marker ocean_1")
    assert "cross 1006" in legal(s) and "cross 0806" not in legal(s), "Samoa is an enemy hex"
    events = do(s, "cross 1006")
    assert knots(s, s.sub) == 3 and s.explorer[0] == rules.map.hex_of("1006")
    assert any(e.kind == "penalty_marker" and e.get("hex") == "1006" for e in events)


def test_E6_3_no_crossing_before_a_hex_is_explored(rules):
    s = game(rules, ocean=["0906"])
    do(s, "premove 0807")
    assert not hexes(s, "cross")


def test_E6_4_printed_ocean_is_never_explored(rules):
    s = game(rules)
    for h, kind in enumerate(rules.map.kinds):
        if kind != "unknown":
            assert not can_explore(s, h, 0)


def test_E6_5_a_discoverer_may_flip_whenever_they_are_to_act(rules):
    tiles = [{"hex": "0907", "tile": "Tahiti", "face_up": False, "discovered_by": ["Tonga", "Samoa"]}]
    s = game(rules, {**THREE, "step": "movement"}, tiles=tiles)
    assert engine.current_player(s) == "Tonga" and "flip 0907" in legal(s)
    events = do(s, "flip 0907")
    h = rules.map.hex_of("0907")
    assert s.tile_up[h] and s.orient[h] == 0 and s.discovered[h] == 0, "markers back to both owners"
    assert engine.current_player(s) == "Tonga", "flipping is no part of the step"
    assert events[0].kind == "tile_revealed" and events[0].get("tile") == "Tahiti"


def test_E7_resolution(rules):
    s = game(rules)
    pool = s.penalty_pool
    do(s, "premove 0807", "explore 0906", "marker island_1", "tile Tahiti", "keep", "cross 0807")
    assert s.penalty_pool == pool - 1 and knots(s, s.sub) == 3
    do(s, "explore 0808", "marker ocean_1", "return")
    assert s.penalty_pool == pool and s.explorer[0] == AT_HOME and s.sub.player == 1
    assert s.ocean[rules.map.hex_of("0808")] and s.tile[rules.map.hex_of("0906")] == rules.tile_id("Tahiti")
    assert engine.observe(s, "Samoa")["exploration"]["markers"] == [], "Samoa's own exploration starts clean"


def test_E_long_sequence(rules):
    """Pre-move, ocean (2 knots), off course chosen by the left neighbour, island (2 knots, kept face down),
    then a forced return at 5 knots."""
    s = game(rules)
    log = []
    log += do(s, "premove 0807", "explore 0906", "marker ocean_2")
    log += do(s, "explore 1006", "marker off_course")
    assert engine.current_player(s) == "Samoa"
    log += do(s, "course 1007", "marker island_2", "tile Rarotonga", "keep")
    assert knots(s, s.sub) == 4
    log += do(s, "explore 1107", "marker ocean_1")
    assert s.explorer[0] == AT_HOME and engine.current_player(s) == "Samoa"
    kinds = [e.kind for e in log]
    assert kinds.count("marker_drawn") == 4 and "off_course" in kinds and kinds[-1] != "explorer_lost"
    assert [e.get("to") for e in log if e.kind == "explorer_moved"] == ["0807", "0906", "1007", "1107"]
    h = rules.map.hex_of("1007")
    assert s.discovered[h] == 1 and s.tile[h] == rules.tile_id("Rarotonga")
    assert not s.ocean[rules.map.hex_of("1006")], "the off-course hex was never explored"
    assert {rules.map.labels[h] for h, o in enumerate(s.ocean) if o} == {"0906", "1107"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_exploring_until_the_map_is_full(rules, players):
    s = engine.new_game(rules, players, seed=players)
    prefer = ("premove", "explore", "course", "keep", "reveal", "order", "marker", "tile", "end")
    for _ in range(5000):
        who = engine.current_player(s)
        if who is None or s.turn > 60:
            break
        if who == engine.CHANCE:
            engine.resolve_chance(s)
            continue
        actions = engine.legal_actions(s)
        best = min(actions, key=lambda a: prefer.index(a.verb) if a.verb in prefer else len(prefer))
        engine.apply(s, best)
        islands = sum(n for m, n in zip(rules.markers, s.cup) if m.kind == "island")
        assert islands == len(s.stack), "island markers and tiles run out together"
        assert s.penalty_pool >= 0
    left = [h for h in rules.map.explorable if can_explore(s, h, 0) and s.tile[h] < 0]
    assert sum(s.cup) == 0 or not left
    explored = sum(1 for h in rules.map.explorable if s.ocean[h] or s.tile[h] >= 0)
    assert explored >= len(rules.map.explorable) - 8


def test_X32_off_course_with_an_empty_cup(rules):
    """The left neighbour may only send the explorer where it can still explore; the choice is theirs alone."""
    tiles = [{"hex": "0907", "tile": "Tahiti", "face_up": False, "discovered_by": ["Samoa"]}]
    s = game(rules, tiles=tiles)
    off_course = next(m.id for m in rules.markers if m.kind == "off_course")
    s.cup[:] = [0] * len(s.cup)
    s.cup[off_course] = 1
    do(s, "premove 0807", "explore 0906", "marker off_course")
    assert engine.current_player(s) == "Samoa"
    assert legal(s) == ["course 0907"], "only the face-down tile needs no marker; no flip while choosing for Tonga"
    do(s, "course 0907", "keep")
    assert engine.legal_actions(s)
