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

def test_B1_6_X33_the_owner_sees_the_supply_by_kind_the_others_its_height(rules):
    s = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "ocean": ["0906"],
                                     "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 2, "warrior_band": 1},
                                                          {"hex": "0906", "transport_canoe": 1}]},
                                     "removed": {"Tonga": {"war_canoe": 1}}})
    mix = rules.counter_mix
    mine, theirs = engine.observe(s, "Tonga")["players"][0], engine.observe(s, "Samoa")["players"][0]
    assert mine["supply"] == {"transport_canoe": mix["transport_canoe"] - 1, "war_canoe": mix["war_canoe"] - 3,
                              "warrior_band": mix["warrior_band"] - 1, "colony": mix["colony"],
                              "rumor": mix["rumor"]}
    assert theirs["supply"] is None, "the kinds would tell what the stack at sea holds (X33)"
    assert engine.observe(s, None)["players"][0]["supply"] is None
    assert mine["supply_total"] == theirs["supply_total"] == sum(mine["supply"].values())
    assert mine["out_of_game"] == theirs["out_of_game"] == 1


def test_X33_the_others_cannot_tell_a_rumor_from_a_canoe_by_the_supply(rules):
    """One face-down piece of Tonga's at sea: a rumor in one game, a war canoe in the other. Samoa's views are the
    same (the rules make rumors free bluffs, M7)."""
    def at_sea(kind):
        return engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "ocean": ["0906"],
                                            "pieces": {"Tonga": [{"hex": "0906", kind: 1}]}})
    rumor, canoe = at_sea("rumor"), at_sea("war_canoe")
    assert engine.observe(rumor, "Samoa") == engine.observe(canoe, "Samoa")
    assert engine.observe(rumor, "Tonga") != engine.observe(canoe, "Tonga")


def test_B1_6_the_supply_never_goes_below_zero_while_the_bought_cards_are_drawn(rules):
    """The builds are placed when all are revealed; the card draw comes after (X23): the builder's supply then
    counts what is unbuilt, without taking the placed builds off twice."""
    s = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "step": "building",
                                     "islands": [{"ig": "Tonga", "villages": 4, "controller": "Tonga"}]})
    do(s, "build rumor 0807", "build rumor 0807", "buy 0807", "end", "end")
    assert engine.current_player(s) == engine.CHANCE, "the deck decides the card Tonga bought"
    supply = engine.observe(s, "Tonga")["players"][0]["supply"]
    assert supply["rumor"] == 0 and min(supply.values()) >= 0
    assert sum(supply.values()) == engine.observe(s, "Tonga")["players"][0]["supply_total"]


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

def test_X9_each_viewer_counts_the_log_in_the_events_they_see(rules):
    s = play_random(engine.new_game(rules, 3, 5), 300, 5)
    secret = event("card_drawn", frozenset({0}), player=s.names[0], card="moai")
    s.add_log([secret, event("note", text="public")])
    everything = s.events()
    assert len(everything) > 3 * JOURNAL_CHUNK
    for p, name in [*enumerate(s.names), (None, None)]:
        mine = [e.to_dict() for e in everything if (e.visible is None if p is None else e.seen_by(p))]
        full = engine.observe(s, name)
        assert full["log_size"] == len(mine) and full["log"] == mine
        for since in (0, 1, JOURNAL_CHUNK - 1, JOURNAL_CHUNK, len(mine) - 2, len(mine), len(mine) + 10):
            part = engine.observe(s, name, since=since)
            assert part["log"] == mine[since:], (name, since)
            assert part["log_size"] == len(mine)
            assert engine.events_since(s, name, since) == (mine[since:], len(mine))
    last_two = [engine.observe(s, name, since=engine.observe(s, name)["log_size"] - 2)["log"] for name in s.names]
    assert [e["kind"] for e in last_two[0]] == ["card_drawn", "note"]
    assert [e["kind"] for e in last_two[1]][-1] == "note" and "card_drawn" not in [e["kind"] for e in last_two[1]]
    assert engine.observe(s, s.names[0], log=False, since=5)["log"] == []


def test_B1_2_X8_nothing_the_next_builder_reads_depends_on_the_secret_builds(rules):
    """Tonga plans one item in one game, four in the other: Samoa, building next, reads the same view and the
    same log, index for index (the log's size counts only the events Samoa sees)."""
    def after(*plans):
        s = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "step": "building",
                                         "islands": [{"ig": "Tonga", "villages": 4, "controller": "Tonga"}]})
        do(s, *plans, "end")
        assert engine.current_player(s) == "Samoa"
        return s
    few, many = after("build rumor 0807"), after("build rumor 0807", "build rumor 0807", "build transport_canoe 0807",
                                                   "build war_canoe 0807")
    assert engine.observe(few, "Samoa") == engine.observe(many, "Samoa")
    assert engine.observe(few, None) == engine.observe(many, None)
    size = engine.observe(few, "Samoa")["log_size"]
    for since in (0, size - 1, size):
        assert engine.events_since(few, "Samoa", since) == engine.events_since(many, "Samoa", since)
    assert engine.observe(few, "Tonga")["log_size"] < engine.observe(many, "Tonga")["log_size"]


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
    for name in s.names:                            # and it is no more than any player sees
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


def test_B1_6_a_free_piece_card_with_none_left_leaves_the_supply_at_zero(rules):
    """Wood Carving places a war canoe « from your counter mix »: with every war canoe on the map the power
    places none, and the builder's supply shows 0 war canoes, not -1."""
    mix = rules.counter_mix["war_canoe"]
    s = engine.load_scenario(rules, {"players": ["Tonga", "Samoa"], "step": "building",
                                     "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": mix}]},
                                     "cards": {"Tonga": {"hand": ["wood_carving"]}}})
    do(s, "use wood_carving")
    assert engine.observe(s, "Tonga")["players"][0]["supply"]["war_canoe"] == 0
    do(s, "end", "end")
    assert sum(1 for p in s.pieces_of(0, 1) if s.piece_hex[p] >= 0) == mix
