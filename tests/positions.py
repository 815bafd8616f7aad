"""Game positions built for tests, shared by the engine's and the client's tests: rule M8-M14's battles, V1-V5's
empires, the positions NOTATION.md's table names, armed games with every option, and a Hard bot's plan points.
One module of their own, so that no test module imports another."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import engine
from engine.ai import Budget, RuleBot, SearchBot, Sight
from engine.ai.rule_bot import Board
from engine.movement import Movement
from tests.engine.helpers import do

# BASE: the hand-off's and the PINs' position, two players at Exploration; BATTLE: the battles' (M8-M14).
BASE = {"players": ["Tonga", "Samoa"], "step": "exploration", "order": ["Tonga", "Samoa"], "ocean": ["0906"]}
BATTLE = {"players": ["Tonga", "Samoa"], "step": "movement", "order": ["Tonga", "Samoa"],
          "ocean": ["0906", "1006", "0808"]}


def game(rules: engine.Ruleset, tonga: list[dict[str, Any]], samoa: list[dict[str, Any]] | None = None,
         **extra: Any) -> engine.GameState:
    """Rule M8's positions: Tonga's (and Samoa's) pieces at movement, with the ocean hexes BATTLE names."""
    pieces = {"Tonga": tonga}
    if samoa is not None:
        pieces["Samoa"] = samoa
    return engine.load_scenario(rules, {**BATTLE, "pieces": pieces, **extra})


M14 = {"tiles": [{"hex": "1007", "tile": "Rarotonga"}],
       "islands": [{"ig": "1007", "villages": 2, "controller": "Samoa"}]}


def m14_game(rules: engine.Ruleset) -> engine.GameState:
    """The rulebook's M14 example battle, before Tonga moves."""
    return game(rules, [{"hex": "0906", "war_canoe": 2, "warrior_band": 1, "transport_canoe": 1}],
                [{"hex": "1007", "transport_canoe": 1, "warrior_band": 1, "face_up_canoe": True},
                 {"hex": "Samoa", "warrior_band": 2}], **M14)


M14_MOVE = ("party 0906", "take war_canoe", "take war_canoe", "take warrior_band war_canoe", "take transport_canoe",
            "go 1007", "done")


TONGA_LINE, SAMOA_LINE = 2, 1       # hex directions of a line of unknown hexes from each home (SE, NE)


def line(rules: engine.Ruleset, home: str, direction: int, length: int) -> list[str]:
    """The hexes of a line of unknown hexes from a home."""
    m = rules.map
    h, out = m.hex_of(home), []
    for _ in range(length):
        h = m.step(h, direction)
        assert m.kinds[h] == "unknown"
        out.append(m.labels[h])
    return out


def empire(rules: engine.Ruleset, sc: dict[str, Any], player: str, direction: int, tiles: list[tuple[str, int, int]],
           home_villages: int = 4, chain: bool = True) -> None:
    """Add to a scenario a home plus a line of face-up tiles (name, villages, IA) linked by face-up canoes."""
    hexes = line(rules, player, direction, len(tiles))
    sc.setdefault("tiles", []).extend({"hex": h, "tile": t} for h, (t, _, _) in zip(hexes, tiles))
    islands = sc.setdefault("islands", [])
    islands.append({"ig": player, "villages": home_villages, "controller": player, "capital": True})
    for h, (_, villages, ia) in zip(hexes, tiles):
        if villages:
            islands.append({"ig": h, "villages": villages, "ia": ia, "controller": player})
    stacks = [{"hex": h, "transport_canoe": 1, "face_up_canoe": chain} for h in [player, *hexes]]
    sc.setdefault("pieces", {})[player] = stacks


def big_empires(rules: engine.Ruleset, tonga_cards: list[str], samoa_cards: list[str],
                samoa_tiles: list[tuple[str, int, int]] | None = None) -> engine.GameState:
    """Rule V3's claims: two empires near the threshold, Samoa to build, with the cards given."""
    sc: dict[str, Any] = {"players": ["Tonga", "Samoa"], "step": "building", "active": "Samoa",
                          "cards": {"Tonga": {"hand": tonga_cards}, "Samoa": {"hand": samoa_cards}}}
    # Tonga: 4 + 15 villages, 7 linked IGs = 26 VP on the map.
    empire(rules, sc, "Tonga", TONGA_LINE, [("Raiatea", 3, 0), ("Rarotonga", 3, 0), ("Hawaiki", 3, 0),
                                             ("Kuporu", 2, 0), ("Tuamotu", 2, 0), ("Tubuai", 2, 0)])
    # Samoa: 4 + 17 villages, 7 linked IGs = 28 VP on the map (IA lets brown squares hold villages).
    empire(rules, sc, "Samoa", SAMOA_LINE, samoa_tiles or [
        ("Hiva", 4, 1), ("Hawaii", 4, 1), ("Tahiti", 3, 1), ("Mangareva", 2, 0), ("Wallis & Futuna", 2, 0),
        ("Rotuma", 2, 0)])
    return engine.load_scenario(rules, sc)


DOC = Path(__file__).resolve().parents[1] / "docs" / "NOTATION.md"


def doc_rows() -> list[tuple[str, str]]:
    """(example, position) for every row of the verb table."""
    rows = [line for line in DOC.read_text().splitlines() if line.startswith("| ") and "`" in line]
    return [(re.findall(r"`([^`]+)`", row)[0], row.rstrip(" |").split("|")[-1].strip()) for row in rows]


EXPLORE = {"players": ["Tonga", "Samoa"], "step": "exploration",
           "tiles": [{"hex": "0907", "tile": "Tahiti", "face_up": False, "discovered_by": ["Tonga"]}]}
MOVE = {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906", "1006", "0808"]}
HOME_FLEET = {**MOVE, "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 2, "transport_canoe": 1,
                                            "warrior_band": 1}]}}
LEFT_BAND = {**MOVE, "pieces": {"Tonga": [{"hex": "0906", "transport_canoe": 1, "warrior_band": 2}]},
             "moved": [{"hex": "0906", "piece": "transport_canoe", "moves_left": 1, "passenger": "warrior_band"}]}
SEA_BATTLE = {**MOVE, "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 2}],
                                 "Samoa": [{"hex": "0906", "war_canoe": 1}, {"hex": "0808", "war_canoe": 1}]}}
M14_SCENARIO = {**MOVE, "tiles": [{"hex": "1007", "tile": "Rarotonga"}],
       "islands": [{"ig": "1007", "villages": 2, "controller": "Samoa"}],
       "pieces": {"Tonga": [{"hex": "0906", "war_canoe": 2, "warrior_band": 1, "transport_canoe": 1}],
                  "Samoa": [{"hex": "1007", "transport_canoe": 1, "warrior_band": 1}]}}
TWO_IGS = {**MOVE, "tiles": [{"hex": "0905", "tile": "Tahiti"}],
           "islands": [{"ig": "0905", "villages": 1, "controller": "Samoa"}],
           "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1}], "Samoa": [{"hex": "0906", "transport_canoe": 1}]}}
SAMOA_HOME = {**MOVE, "tiles": [{"hex": "0905", "tile": "Tahiti"}, {"hex": "0805", "tile": "Rotuma"}],
              "islands": [{"ig": "0905", "villages": 1, "controller": "Samoa"},
                          {"ig": "0805", "villages": 1, "controller": "Samoa"}],
              "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 2}], "Samoa": []}}
BUILD = {"players": ["Tonga", "Samoa"], "step": "building", "order": ["Tonga", "Samoa"],
         "islands": [{"ig": "Tonga", "villages": 4, "controller": "Tonga", "capital": True}]}
SEA_FIGHT = {**MOVE, "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1}],
                                "Samoa": [{"hex": "0906", "war_canoe": 1}]}}
FIGHT_AT_SEA = ["party 0807", "take war_canoe", "go 0906", "done", "end"]
KUMARA = {"players": ["Tonga", "Samoa"], "step": "exploration", "options": {"kumara": True},
          "tiles": [{"hex": "1704", "tile": "Rapa Nui"}],
          "islands": [{"ig": "1704", "villages": 1, "controller": "Tonga"}]}
EVENTS = {"players": ["Tonga", "Samoa"], "options": {"random_events": True}}
EXPLORE_START = ["premove 0807", "explore 0906"]
ATTACK_SAMOA = ["party 0807", "take war_canoe", "take war_canoe", "go 0806", "done", "end", "die 6"]
POSITIONS: dict[str, tuple[dict[str, Any] | None, list[str]]] = {
    "new 4-player game": (None, []),
    "Tonga to explore": (EXPLORE, []),
    "Tonga holds a face-down tile at 0907": (EXPLORE, []),
    "after `premove 0807`": (EXPLORE, ["premove 0807"]),
    "after `explore 0906`": (EXPLORE, EXPLORE_START),
    "after `marker island_2`": (EXPLORE, EXPLORE_START + ["marker island_2"]),
    "after `marker off_course`": (EXPLORE, EXPLORE_START + ["marker off_course"]),
    "after `tile Hawaii`": (EXPLORE, EXPLORE_START + ["marker island_2", "tile Hawaii"]),
    "after `keep`": (EXPLORE, EXPLORE_START + ["marker island_2", "tile Hawaii", "keep"]),
    "a player who can claim": ({"players": ["Tonga", "Samoa"], "step": "victory",
                                "options": {"variable_game_end": 5},
                                "islands": [{"ig": "Tonga", "villages": 4, "controller": "Tonga"}]}, []),
    "Tonga's chain 0807-0906-1006": ({**MOVE, "pieces": {"Tonga": [
        {"hex": h, "transport_canoe": 1, "face_up_canoe": True, **({"warrior_band": 1} if h == "Tonga" else {})}
        for h in ("Tonga", "0906", "1006")]}}, []),
    "Tonga's war canoes at home": (HOME_FLEET, []),
    "a rumor at sea": ({**MOVE, "pieces": {"Tonga": [{"hex": "0906", "rumor": 1}]}}, []),
    "after `party 0807`": (HOME_FLEET, ["party 0807"]),
    "after Tonga's canoe left its band at 0906": (LEFT_BAND, ["party 0906", "take transport_canoe"]),
    "after `party 0807` with two transport canoes, one face up": (
        {**MOVE, "pieces": {"Tonga": [{"hex": "Tonga", "transport_canoe": 2, "face_up_canoe": True}]}},
        ["party 0807"]),
    "after `take warrior_band war_canoe`": (HOME_FLEET, ["party 0807", "take war_canoe",
                                                         "take warrior_band war_canoe"]),
    "Samoa retreats one canoe with a band and a colony": (
        {**MOVE, "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 1}],
                            "Samoa": [{"hex": "0906", "transport_canoe": 1, "warrior_band": 1, "colony": 1}]}},
        FIGHT_AT_SEA),
    "after `take war_canoe`": (HOME_FLEET, ["party 0807", "take war_canoe"]),
    "Tonga ends beside two enemy stacks": (SEA_BATTLE, ["party 0807", "take war_canoe", "go 0906", "done",
                                                       "party 0807", "take war_canoe", "go 0808", "done", "end"]),
    "Tonga's battle at sea": (SEA_BATTLE, ["party 0807", "take war_canoe", "take war_canoe", "go 0906", "done",
                                           "end"]),
    "Tonga's band and canoes rolled a 3": (M14_SCENARIO, ["party 0906", "take war_canoe", "take war_canoe",
                                                 "take warrior_band war_canoe", "take transport_canoe", "go 1007",
                                                 "done",
                                                 "end", "die 3"]),
    "Samoa loses between two IGs": (TWO_IGS, ["party 0807", "take war_canoe", "go 0906", "done", "end"]),
    "Tonga beat Samoa's IG": (MOVE | {"pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 2}], "Samoa": []}},
                              ATTACK_SAMOA),
    "Samoa lost its home": (SAMOA_HOME, ATTACK_SAMOA + ["raze"]),
    "Tonga to build": (BUILD, []),
    "Tonga has a colony at home": ({**BUILD, "pieces": {"Tonga": [{"hex": "Tonga", "colony": 1}]},
                                    "islands": [{"ig": "Tonga", "villages": 3, "controller": "Tonga"}]}, []),
    "Tonga's colony on Rarotonga": ({**BUILD, "tiles": [{"hex": "0906", "tile": "Rarotonga"}],
                                     "pieces": {"Tonga": [{"hex": "0906", "colony": 1}]}}, []),
    "Tonga holds Commerce": ({**BUILD, "cards": {"Tonga": {"hand": ["commerce"]}}}, []),
    "after `buy 0807`": ({**BUILD, "order": ["Tonga", "Samoa"]}, ["buy 0807", "end", "end"]),
    "Tonga holds Moai": ({**BUILD, "cards": {"Tonga": {"hand": ["moai"]}}}, []),
    "Samoa holds Arioi": (SEA_FIGHT | {"cards": {"Samoa": {"hand": ["arioi"]}}}, FIGHT_AT_SEA),
    "Tonga holds Tattoo": (SEA_FIGHT | {"cards": {"Tonga": {"shown": ["tattoo"]}}}, FIGHT_AT_SEA),
    "Tonga holds Tiki and rolled a 1": (SEA_FIGHT | {"cards": {"Tonga": {"shown": ["tiki"]}}},
                                        FIGHT_AT_SEA + ["die 1"]),
    "Samoa holds Deforestation": ({"players": ["Tonga", "Samoa"], "step": "victory",
                                   "options": {"variable_game_end": 5},
                                   "islands": [{"ig": "Tonga", "villages": 4, "controller": "Tonga"}],
                                   "cards": {"Samoa": {"hand": ["deforestation"]}}}, ["claim"]),
    "Tonga builds with saved resources": ({**BUILD, "options": {"saved_resources": True}}, []),
    "Tonga next to 1804": (KUMARA, []),
    "Tonga rolled 5 at 1804": (KUMARA, ["kumara 1804", "die 5"]),
    "Tonga and Samoa tied at 5 VP": ({**EVENTS, "vp_track": {"Tonga": 5, "Samoa": 5}}, []),
    "Samoa draws an event": ({**EVENTS, "vp_track": {"Tonga": 6, "Samoa": 5}}, []),
    "Tonga draws Invasive Weeds": ({**EVENTS, "vp_track": {"Tonga": 5, "Samoa": 6}}, ["event invasive_weeds"]),
    "Samoa holds Pele": ({**EVENTS, "vp_track": {"Tonga": 6, "Samoa": 5}}, ["event pele"]),
    "malaria struck Samoa's home": ({"players": ["Tonga", "Samoa"], "options": {"malaria": True}, "islands": [
        {"ig": "Vanuatu", "villages": 1, "controller": "Samoa", "capital": True, "home": True},
        {"ig": "Fiji", "villages": 1, "controller": "Samoa"}]}, ["die 6"]),
}


def position(rules: engine.Ruleset, name: str) -> engine.GameState:
    """The positions named in NOTATION.md's table: a scenario and the actions played since."""
    assert name in POSITIONS, f"unknown position {name!r}"
    scenario, history = POSITIONS[name]
    if scenario is None:
        state = engine.new_game(rules, ["Tonga", "Samoa", "Hiva", "Raiatea"], seed=1)
    else:
        state = engine.load_scenario(rules, scenario)
    do(state, *history)
    return state


ALL_OPTIONS = {"variable_starting_pieces": True, "saved_resources": True, "malaria": True, "south_island": True,
               "kumara": True, "random_events": True}
ARMY = {"war_canoe": 3, "warrior_band": 3, "transport_canoe": 3, "colony": 1, "rumor": 1, "face_up_canoe": True}


def armed_game(rules: engine.Ruleset, players: int, seed: int) -> engine.GameState:
    """Every player starts with canoes and warriors at home, advanced rules on: battles come early."""
    homes = rules.setups[players].homes
    return engine.load_scenario(rules, {"players": list(homes), "seed": seed, "options": ALL_OPTIONS,
                                        "pieces": {home: [{**ARMY, "hex": home}] for home in homes}})


def arranged_battle(rules: engine.Ruleset) -> engine.GameState:
    """Tonga's two war canoes attack Samoa's stack at sea; the scenario queued the die: 6, 6, 6."""
    sc = {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906"], "dice": [6, 6, 6],
          "pieces": {"Tonga": [{"hex": "Tonga", "war_canoe": 2}],
                     "Samoa": [{"hex": "0906", "war_canoe": 1, "warrior_band": 1}]}}
    s = engine.load_scenario(rules, sc)
    do(s, "party 0807", "take war_canoe", "take war_canoe", "go 0906", "done", "end")
    assert engine.current_player(s) == engine.CHANCE
    return s


FEW = Budget(seconds=None, rollouts=6)


def plan_points(rules: engine.Ruleset, seed: int, count: int) -> list[tuple[engine.GameState, str, SearchBot]]:
    """Positions where a Hard bot (Tonga's seat in a 2-player game against Normal) starts a search, each with a
    copy of the bot as it stood then."""
    state = engine.new_game(rules, 2, seed)
    hard_name = state.names[0]
    bots = {hard_name: SearchBot(hard_name, seed, rules, FEW), state.names[1]: RuleBot(state.names[1], seed, rules)}
    found: list[tuple[engine.GameState, str, SearchBot]] = []
    while len(found) < count and not engine.is_over(state):
        who = engine.current_player(state)
        if who == engine.CHANCE:
            engine.resolve_chance(state)
            continue
        assert who is not None, "a game not over has a player to act"
        movement = state.sub
        if (who == hard_name and isinstance(movement, Movement) and movement.phase == "move"
                and movement.battle is None):
            twin = SearchBot(hard_name, seed, rules, FEW)
            turn, tried = bots[who].tried
            twin.tried = (state.turn, set(tried) if turn == state.turn else set())
            if len(twin.candidates(board(twin, state, who), engine.legal_actions(state))) > 1:
                found.append((state.clone(), who, twin))
        engine.apply(state, bots[who].choose(Sight(state, who), engine.legal_actions(state)))
    return found


def board(bot: SearchBot, state: engine.GameState, who: str) -> Board:
    """What the bot's rules read of its view."""
    return Board(bot.rules, engine.observe(state, who, log=False))
