"""observe(): which squares of each island group are built, each player's supply, and the log read in batches
(`since`, `log_size`) without rebuilding the whole log. Everything here is public or the viewer's own (X9)."""
from __future__ import annotations

import random

import pytest

import engine
from engine.hidden import redeal
from engine.state import JOURNAL_CHUNK, Journal, event

from .helpers import do, play_random


def hexes(state: engine.GameState, player: str) -> dict[str, dict]:
    return {r["hex"]: r for r in engine.observe(state, player, log=False)["hexes"]}


# --- squares ----------------------------------------------------------------------------------------------------

def test_B3_squares_say_which_are_built_and_improved(rules):
    s = engine.load_scenario(rules, {
        "players": ["Tonga", "Samoa"],
        "tiles": [{"hex": "1007", "tile": "Rarotonga"},
                  {"hex": "1005", "tile": "Hawaii", "face_up": False, "discovered_by": ["Samoa"]}],
        "islands": [{"ig": "Fiji", "green_villages": 2, "brown_villages": 1, "ia": 1, "controller": "Samoa"},
                    {"ig": "Tonga", "villages": 3, "controller": "Tonga"}]})
    rarotonga = rules.tiles[rules.tile_id("Rarotonga")]
    for viewer in ("Tonga", "Samoa"):
        seen = hexes(s, viewer)
        assert seen["0706"]["squares"] == {"green": 3, "brown": 1, "green_built": 2, "brown_built": 1, "improved": 1}
        assert seen["0807"]["squares"] == {"green": 4, "brown": 0, "green_built": 3, "brown_built": 0, "improved": 0}
        assert seen["1007"]["squares"] == {"green": rarotonga.green, "brown": rarotonga.brown, "green_built": 0,
                                           "brown_built": 0, "improved": 0}
        vanuatu = seen["0506"]                       # a printed IG nobody holds: its squares are printed
        assert vanuatu["squares"]["green"] == 3 and vanuatu["controller"] == "independent"
        assert "squares" not in seen["1005"], "a face-down tile's squares would tell which tile it is"


# --- supply -----------------------------------------------------------------------------------------------------

def test_B1_6_every_player_sees_each_supply_by_kind(rules):
    s = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "ocean": ["0906"],
                                     "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 2, "warrior_band": 1},
                                                          {"hex": "0906", "transport_canoe": 1}]},
                                     "removed": {"Tonga": {"war_canoe": 1}}})
    mix = rules.counter_mix
    mine, theirs = engine.observe(s, "Tonga")["players"][0], engine.observe(s, "Samoa")["players"][0]
    assert mine["supply"] == {"transport_canoe": mix["transport_canoe"] - 1, "war_canoe": mix["war_canoe"] - 3,
                              "warrior_band": mix["warrior_band"] - 1, "colony": mix["colony"],
                              "rumor": mix["rumor"]}
    assert theirs["supply"] == mine["supply"], "the unbuilt pieces lie on the table (X33)"
    assert mine["supply_total"] == theirs["supply_total"] == sum(mine["supply"].values())
    assert mine["out_of_game"] == theirs["out_of_game"] == 1


def test_X8_planned_builds_leave_the_builders_supply_only(rules):
    s = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "step": "building"})
    before_mine = engine.observe(s, "Tonga")["players"][0]
    before_theirs = engine.observe(s, "Samoa")["players"][0]
    do(s, "build transport_canoe 0807")
    mine, theirs = engine.observe(s, "Tonga")["players"][0], engine.observe(s, "Samoa")["players"][0]
    assert mine["supply"]["transport_canoe"] == before_mine["supply"]["transport_canoe"] - 1
    assert mine["supply_total"] == before_mine["supply_total"], "the total counts what is still unbuilt"
    assert theirs == before_theirs, "Samoa does not see Tonga's secret builds"


@pytest.mark.parametrize("seed", [3, 8])
def test_X9_a_redeal_leaves_every_view_unchanged(rules, seed):
    s = play_random(engine.new_game(rules, 3, seed), 400, seed)
    for p, name in enumerate(s.names):
        assert engine.observe(s, name) == engine.observe(redeal(s, p, seed), name)


# --- the log in batches -----------------------------------------------------------------------------------------

def test_X9_the_log_from_an_index_counts_every_event_and_shows_the_visible_ones(rules):
    s = play_random(engine.new_game(rules, 3, 5), 300, 5)
    secret = event("card_drawn", frozenset({0}), player=s.names[0], card="moai")
    s.add_log([secret, event("note", text="public")])
    everything = s.events()
    assert len(everything) > 3 * JOURNAL_CHUNK
    for p, name in enumerate(s.names):
        full = engine.observe(s, name)
        assert full["log_size"] == len(everything)
        assert full["log"] == [e.to_dict() for e in everything if e.seen_by(p)]
        for since in (0, 1, JOURNAL_CHUNK - 1, JOURNAL_CHUNK, len(everything) - 2, len(everything),
                      len(everything) + 10):
            part = engine.observe(s, name, since=since)
            assert part["log"] == [e.to_dict() for e in everything[since:] if e.seen_by(p)]
            assert part["log_size"] == len(everything)
    last_two = [engine.observe(s, name, since=len(everything) - 2)["log"] for name in s.names]
    assert [e["kind"] for e in last_two[0]] == ["card_drawn", "note"]
    assert [e["kind"] for e in last_two[1]] == ["note"], "the index counts the event Samoa may not see"
    assert engine.observe(s, s.names[0], log=False, since=5)["log"] == []


def test_reading_the_newest_events_does_not_rebuild_the_whole_log(rules, monkeypatch):
    s = play_random(engine.new_game(rules, 4, 2), 600, 2)
    size = engine.observe(s, s.names[0])["log_size"]
    monkeypatch.setattr(Journal, "items", lambda self: pytest.fail("the whole log was rebuilt"))
    copied = []
    real = Journal.items_from

    def counting(self, start):
        out = real(self, start)
        copied.append(len(out))
        return out
    monkeypatch.setattr(Journal, "items_from", counting)
    view = engine.observe(s, s.names[0], since=size - 3)
    assert copied == [3] and len(view["log"]) <= 3


def test_journal_items_from_matches_items():
    rnd = random.Random(4)
    journal, reference = Journal(), []
    for step in range(400):
        batch = [(step, k) for k in range(rnd.choice([0, 1, 1, 2, 3, JOURNAL_CHUNK + 5]))]
        if rnd.random() < 0.2:
            twin = journal.share()
            twin.plus([("twin only",)])             # a clone's additions never show in the original
        journal = journal.plus(batch)
        reference += batch
        assert len(journal) == len(reference) and journal.items() == reference
        for start in (0, 1, len(reference) // 2, len(reference) - 1, len(reference), len(reference) + 3,
                      rnd.randrange(len(reference) + 1)):
            assert journal.items_from(start) == reference[start:]


# --- the public view --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [4, 9, 13])
def test_X9_the_public_view_holds_no_players_secrets(rules, seed):
    s = play_random(engine.new_game(rules, 2 + seed % 3, seed), 200 + 150 * seed, seed)
    public = engine.observe(s, None)
    assert public["you"] is None and public["hand"] == [] and public["spent"] == []
    assert all("kinds" not in stack for rec in public["hexes"] for stack in rec.get("stacks", {}).values())
    assert all(e["kind"] not in ("tile_drawn", "card_drawn", "event_drawn", "tile_seen", "built_kinds")
               for e in public["log"])
    for p in range(s.players):                      # every player's secrets changed: the same public view
        assert engine.observe(redeal(s, p, seed), None) == public
    for p, name in enumerate(s.names):              # and it is no more than any player sees
        mine = engine.observe(s, name)
        assert [r["hex"] for r in public["hexes"]] == [r["hex"] for r in mine["hexes"]]
        assert len(public["log"]) <= len(mine["log"])


def test_X9_events_since_is_the_log_of_observe_without_the_view(rules):
    s = play_random(engine.new_game(rules, 3, 6), 400, 6)
    for who in (*s.names, None):
        for since in (0, 57, len(s.log)):
            view = engine.observe(s, who, since=since)
            assert engine.events_since(s, who, since) == (view["log"], view["log_size"])
    with pytest.raises(KeyError):
        engine.events_since(s, "Nobody")


def test_T1_every_view_names_whose_part_of_the_step_it_is(rules):
    """`active`: the player whose part of a step taken in turn order it is (public, as the turn order is), also
    while chance decides inside it (E4: the marker drawn for the explorer's hex)."""
    s = engine.new_game(rules, 3, seed=4)
    mover = None
    for _ in range(500):
        who = engine.current_player(s)
        if who == engine.CHANCE and engine.observe(s, None, log=False)["step"] == "exploration" and mover:
            break
        if who == engine.CHANCE:
            engine.resolve_chance(s)
            continue
        mover = who if engine.observe(s, None, log=False)["step"] == "exploration" else None
        explore = [a for a in engine.legal_actions(s) if a.verb == "explore"]
        engine.apply(s, explore[0] if explore else engine.legal_actions(s)[0])
    assert engine.current_player(s) == engine.CHANCE and mover is not None
    assert {engine.observe(s, name, log=False)["active"] for name in (None, *s.names)} == {mover}
