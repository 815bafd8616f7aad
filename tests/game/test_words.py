"""game/words/: every event kind the engine emits, every verb of docs/NOTATION.md and every decision met in
random games turns into words with a rule number."""
from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import get_args

import pytest

import engine
from engine import Action, views
from engine.random_events import NewHome
from game import words
from game.words import EN, Line, action_rule, action_text, decision_line, decision_text, event_line, event_lines, place
from tests.engine.helpers import do, play_random
from tests.positions import doc_rows, position

ROOT = Path(__file__).resolve().parents[2]
RULE = re.compile(r"^[STEMBVACX][0-9]")
ALL_OPTIONS = {"malaria": True, "south_island": True, "kumara": True, "random_events": True,
               "saved_resources": True, "variable_starting_pieces": True}


# --- what the engine emits, read from its source ----------------------------------------------------------------

def _kinds_in(node: ast.expr) -> list[str]:
    """The kinds a call's first argument can name: a literal, or a conditional between literals."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _kinds_in(node.body) + _kinds_in(node.orelse)
    return []


def engine_events() -> dict[str, set[str]]:
    """Every `event("kind", ..., field=...)` call in engine/: kind -> the field names it is given."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "event"
                    and node.args):
                continue
            fields: set[str] = set()
            for kw in node.keywords:
                if kw.arg is not None:
                    fields.add(kw.arg)
                elif isinstance(kw.value, ast.Dict):          # event(..., **{"name": value})
                    fields.update(k.value for k in kw.value.keys if isinstance(k, ast.Constant))
            for kind in _kinds_in(node.args[0]):
                found.setdefault(kind, set()).update(fields)
    return found


ENGINE_EVENTS = engine_events()


def test_the_source_scan_finds_what_a_grep_finds_and_the_conditional_kinds() -> None:
    text = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "engine").glob("*.py"))
    grepped = set(re.findall(r'event\("([a-z_]*)"', text))
    assert grepped <= set(ENGINE_EVENTS)
    assert {"piece_panicked", "explorer_returned"} <= set(ENGINE_EVENTS) - grepped
    assert len(ENGINE_EVENTS) >= 80


# Sample values by field name, for events built from the engine's field lists.
SAMPLE = {
    "player": "Tonga", "winner": "Tonga", "loser": "Samoa", "attacker": "Tonga", "defender": "Samoa",
    "chooser": "Samoa", "drawer": "Tonga", "first": "Samoa", "by": "Tonga", "chosen_by": "Tonga",
    "hex": "0706", "to": "0906", "source": "0807", "turn": 3, "step": "exploration", "direction": "cw",
    "order": ["Samoa", "Tonga", "Hiva"], "path": ["0807", "0906"], "premove": True, "marker": "island",
    "knots": 2, "hexes": 2, "tile": "Hawaii", "orientation": 2, "face": 4, "modifier": 0, "piece": "war_canoe",
    "pieces": 3, "attacker_pieces": {"war_canoe": 2, "warrior_band": 1}, "defender_pieces": {"warrior_band": 1},
    "local_warriors": 1, "villages": 2, "removed": 1, "saved": 1, "controlled": True, "item": "war_canoe",
    "items": {"war_canoe": 1, "rumor": 2}, "improved_agriculture": 1, "face_up_canoe": True, "cause": "event",
    "how": "voyage", "vp": "27/2", "old": "3", "new": "7/2", "winners": ["Tonga"], "players": ["Tonga", "Samoa"],
    "seed": 7, "options": {"malaria": True, "variable_game_end": 24}, "text": "a warning", "bp": 2, "count": 1,
    "sunk": {"Tonga": {"rumor": 1, "transport_canoe": 1}}, "ig": "Fiji", "card": "moai",
}
PER_KIND = {
    "die_rolled": {"result": "defender_panics"}, "kumara_roll": {"result": "explore"},
    "event_tie": {"marker": "Tonga"}, "war_canoes_stopped": {"cause": "enemy_war_canoe"},
    "event_drawn": {"card": "pele"}, "event_revealed": {"card": "drought"}, "event_played": {"card": "taniwha"},
    "game_over": {"vp": {"Tonga": "29", "Samoa": "43/2"}}, "build_planned": {"item": "war_canoe"},
}


def sample_event(kind: str) -> dict:
    fields = ENGINE_EVENTS[kind]
    event = {"kind": kind, **{f: SAMPLE.get(f, "x") for f in sorted(fields)}}
    event.update({k: v for k, v in PER_KIND.get(kind, {}).items() if k in fields})
    return event


@pytest.mark.parametrize("kind", sorted(ENGINE_EVENTS))
def test_every_event_kind_the_engine_emits_has_its_own_words_and_rule(kind: str, rules: engine.Ruleset) -> None:
    assert f"event.{kind}" in EN
    event = sample_event(kind)
    line = event_line(event, rules)
    assert isinstance(line, Line)
    assert RULE.match(line.rule), line
    assert line.text[:1].isupper() and line.text.rstrip()[-1] in ".!", line.text
    assert "{" not in line.text and "None" not in line.text and "_" not in line.text, line.text
    if "hex" in event:
        assert "Fiji (0706)" in line.text, line.text


@pytest.mark.parametrize("event, words_in, rule", [
    ({"kind": "marker_drawn", "player": "Tonga", "hex": "0906", "marker": "island", "knots": 2},
     "Tonga's explorer discovers an island group at 0906 (2 knots).", "E4.2"),
    ({"kind": "marker_drawn", "player": "Tonga", "hex": "0906", "marker": "ocean", "knots": 1},
     "open ocean at 0906 (1 knot)", "E4.1"),
    ({"kind": "marker_drawn", "player": "Tonga", "hex": "0906", "marker": "off_course", "knots": 0},
     "off course", "E4.3"),
    ({"kind": "explorer_enters", "player": "Tonga", "hex": "0906", "chosen_by": "Samoa"},
     "Samoa steers Tonga's explorer into 0906", "E4.3"),
    ({"kind": "explorer_moved", "player": "Tonga", "to": "0807", "path": ["0807"], "premove": True},
     "Tonga's explorer starts exploring from Tonga (0807)", "E3"),
    ({"kind": "piece_panicked", "hex": "0706", "player": "independent", "piece": "local_warrior"},
     "The islanders' local warrior panics at Fiji (0706).", "M8.4"),
    ({"kind": "retreat", "player": "Samoa", "source": "0906", "to": None, "pieces": 0, "removed": 3},
     "Samoa has nowhere to retreat from 0906 and loses 3 pieces.", "X4"),
    ({"kind": "retreat", "player": "Samoa", "source": "0906", "to": "0806", "pieces": 2, "removed": 1},
     "retreats 2 pieces from 0906 to Samoa (0806) and loses 1 piece", "M9"),
    ({"kind": "conquest", "hex": "0706", "player": "Tonga", "saved": 0, "controlled": False},
     "razed", "M10"),
    ({"kind": "vp_changed", "player": "Tonga", "old": "5", "new": "11/2"}, "Tonga now has 5½ VP (was 5).", "V1"),
    ({"kind": "game_over", "winners": ["Tonga", "Samoa"], "vp": {"Tonga": "28", "Samoa": "28"}},
     "Tonga and Samoa share the victory! Final VP: Tonga 28, Samoa 28.", "V5"),
    ({"kind": "village_lost", "hex": "0405", "player": "Samoa", "cause": "malaria"},
     "Malaria strikes Solomon Is. (0405): Samoa loses a village.", "A3"),
    ({"kind": "step_started", "turn": 0, "step": "building"}, "free building", "A1"),
    ({"kind": "turn_order", "chooser": "Tonga", "first": "Samoa", "direction": "ccw",
      "order": ["Samoa", "Tonga", "Hiva"]}, "counter-clockwise: Samoa, Tonga and Hiva", "T2"),
    ({"kind": "build_planned", "player": "Tonga", "item": "event", "card": "leader_rises"},
     "A Leader Rises", "A7"),
    ({"kind": "build_planned", "player": "Tonga", "item": "internal_rotation"}, "internal rotation", "B1.1"),
    ({"kind": "build_planned", "player": "Tonga", "item": "village", "hex": "0807"},
     "Tonga plans a village at Tonga (0807).", "B3"),
    ({"kind": "build_planned", "player": "Tonga", "item": "war_canoe", "hex": "0807"},
     "Tonga plans a war canoe at Tonga (0807).", "B2"),
    ({"kind": "card_used", "player": "Tonga", "card": "double_hulled_canoes"}, "Double Hulled Canoes", "X26"),
    ({"kind": "kumara", "player": "Samoa", "how": "conquest"}, "Samoa takes a Kumara by conquest (2 VP).", "A5"),
    ({"kind": "kumara", "player": "Samoa", "how": "voyage"}, "brings kumara back from South America", "A5"),
])
def test_event_variants_read_as_a_game_log(event: dict, words_in: str, rule: str, rules: engine.Ruleset) -> None:
    line = event_line(event, rules)
    assert words_in in line.text
    assert line.rule == rule


def test_a_die_roll_names_the_side_it_hurts_when_the_battle_start_is_known(rules: engine.Ruleset) -> None:
    log = [{"kind": "battle_started", "hex": "0706", "attacker": "Samoa", "defender": "Tonga",
            "attacker_pieces": {"war_canoe": 1}, "defender_pieces": {"warrior_band": 2}, "local_warriors": 1,
            "villages": 1},
           {"kind": "die_rolled", "hex": "0706", "face": 4, "modifier": 0, "result": "defender_panics"}]
    lines = event_lines(log, rules)
    assert lines[1].text == "The battle die at Fiji (0706) shows 4: one of Tonga's combat pieces panics."
    alone = event_line(log[1], rules)
    assert "the defender's" in alone.text and alone.rule == "M8.4"


@pytest.mark.parametrize("event", [
    {"kind": "a_kind_from_the_future", "player": "Tonga", "hex": "0906"},
    {"kind": "explorer_moved"},                      # a known kind whose fields are missing
    {"kind": "die_rolled", "hex": "0906", "face": 4, "modifier": 0, "result": "a_result_from_the_future"},
    {},
])
def test_an_event_the_catalog_cannot_word_is_a_bug_that_surfaces(event: dict, rules: engine.Ruleset) -> None:
    """No made-up fallback line hides a kind or a field without words: the tests above hold the engine's."""
    with pytest.raises(KeyError):
        event_line(event, rules)              # type: ignore[arg-type]  # deliberately not an event


# --- place names ------------------------------------------------------------------------------------------------

def test_place_gives_printed_names_and_plain_labels(rules: engine.Ruleset) -> None:
    assert place("0706", rules) == "Fiji (0706)"
    assert "Fiji" in place("0706", rules)
    assert place("0906", rules) == "0906"
    assert place("0807", rules) == "Tonga (0807)"
    galapagos = rules.map.labels[rules.map.galapagos]
    assert place(galapagos, rules) == f"Galapagos Islands ({galapagos})"
    name, h = rules.map.labels_named[0]
    assert place(rules.map.labels[h], rules) == f"{name} ({rules.map.labels[h]})"
    assert place("south_america", rules) == "South America"
    assert place("9999", rules) == "9999"


def test_face_up_tiles_name_their_hexes_except_in_the_line_that_names_the_tile(rules: engine.Ruleset) -> None:
    view = {"hexes": [{"hex": "0906", "tile": "Nihoa", "face_up": True},
                      {"hex": "1006", "tile": "Manihiki", "face_up": False}]}
    tiles = words.face_up_tiles(view)
    assert tiles == {"0906": "Nihoa"}, "a face-down tile is named to its discoverer only, never in a place"
    assert place("0906", rules, tiles) == "Nihoa (0906)" and place("1006", rules, tiles) == "1006"
    planned = {"kind": "build_planned", "player": "Samoa", "item": "village", "hex": "0906"}
    revealed = {"kind": "tile_revealed", "by": "Samoa", "tile": "Nihoa", "hex": "0906"}
    assert [line.text for line in event_lines([planned, revealed], rules, tiles=tiles)] == [
        "Samoa plans a village at Nihoa (0906).", "Samoa reveals Nihoa at 0906."]


def test_a_hex_tooltip_counts_the_pieces_in_words(rules: engine.Ruleset) -> None:
    record = {"hex": "0806", "controller": "Samoa",
              "squares": {"green": 4, "brown": 0, "improved": 0, "green_built": 4, "brown_built": 0},
              "stacks": {"Samoa": {"kinds": {"transport_canoe": 1, "warrior_band": 2, "colony": 1},
                                   "face_up_canoe": True},
                         "Tonga": {"pieces": 1}}}
    lines = words.hex_lines(record, "0806", rules.map.kinds[rules.map.hex_of("0806")], rules, {})
    assert lines == ["Samoa (0806)", "Villages 4 of 4 possible (4 green squares; 0 brown, 0 of them improved)",
                     "Controlled by Samoa",
                     "Samoa: 1 transport canoe, 2 warrior bands and 1 colony; a transport canoe face up",
                     "Tonga: 1 face-down piece"]
    assert words.hex_lines(None, "1509", "unknown", rules, {})[1] == "Unknown waters: only an explorer may enter (E1)"


def test_knots_and_build_points_in_the_singular_and_the_plural(rules: engine.Ruleset) -> None:
    assert words.explorer_knots("Samoa", 1) == "Samoa's explorer: 1 knot (5 returns, 6 is lost)"
    assert words.explorer_knots("Samoa", 3).startswith("Samoa's explorer: 3 knots")
    area = {"bp": 5, "hexes": ["0806", "0906", "1006", "1105"]}
    assert words.area_bp(area, rules, {"0906": "Nihoa"}) == "5 BP to build at Samoa, Nihoa, 1006…"


def test_a_player_row_tooltip_shows_face_up_cards_and_only_the_viewers_own_hand(rules: engine.Ruleset) -> None:
    view = {"you": "Samoa", "threshold": 28, "hand": ["moai"],
            "players": [{"name": "Samoa", "vp": "14", "cards_shown": ["surfing"], "cards_in_hand": 1,
                         "supply": {"war_canoe": 2, "colony": 0}},
                        {"name": "Tonga", "vp": "13/2", "cards_shown": [], "cards_in_hand": 2, "supply": None,
                         "supply_total": 7}]}
    assert words.player_lines(view, "Samoa", rules) == [
        "Samoa: 14 VP of 28", "Face up: Surfing: 1 VP.", "In your hand: Moai: 3 VP.", "Left to build: 2 war canoes"]
    assert words.player_lines(view, "Tonga", rules) == [
        "Tonga: 6½ VP of 28", "2 hidden cards", "7 pieces left to build (which kinds, only they know)"]


def test_a_refusal_names_the_missing_piece_plainly(rules: engine.Ruleset) -> None:
    reason = engine.Reason("B1.6", "build_mix", {"item": "transport_canoe", "hex": "0806"})
    assert words.reason_text(reason, rules) == "No transport canoe left in your supply (B1.6)"


def test_the_chain_canoe_is_named_before_it_is_taken(rules: engine.Ruleset) -> None:
    take = Action("take", ("transport_canoe",))
    assert action_text(take, rules, {"hexes": [], "movement": {"party": {"chain_canoe_next": False}}}) == (
        "Add a transport canoe")
    assert action_text(take, rules, {"hexes": [], "movement": {"party": {"chain_canoe_next": True}}}) == (
        "Add the face-up transport canoe (it turns face down: X19)")


def test_builds_say_what_they_cost(rules: engine.Ruleset) -> None:
    assert action_text(Action("build", ("war_canoe", "0806")), rules) == (
        f"Build a war canoe at Samoa (0806) ({rules.costs['war_canoe']} BP)")
    assert action_text(Action("buy", ("0806",)), rules) == (
        f"Buy an Arts & Culture card with {rules.costs['card']} BP from Samoa (0806)")
    line = event_line({"kind": "build_planned", "player": "Samoa", "item": "face_up_canoe", "hex": "0906"}, rules)
    assert line == Line("Samoa plans to put the new transport canoe at 0906 face up.", "M6")


# --- actions ----------------------------------------------------------------------------------------------------

def notation_rows() -> list[tuple[Action, str, str]]:
    """(example action, rule column, meaning) for every row of docs/NOTATION.md's verb table."""
    rows = []
    for line in (ROOT / "docs" / "NOTATION.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or not cells[1].startswith("`"):
            continue
        verb, *args = cells[1].strip("`").split()
        rows.append((Action(verb, tuple(int(a) if verb == "die" else a for a in args)), cells[3], cells[2]))
    return rows


NOTATION = notation_rows()


def test_the_notation_table_is_read() -> None:
    verbs = {action.verb for action, _, _ in NOTATION}
    assert len(verbs) >= 49                  # `lose` has no row of its own: the `panic` row names it
    assert {"take", "leave", "claim", "pass", "save_bp", "kumara"} <= verbs
    assert verbs <= set(words.ACTION_RULES)


@pytest.mark.parametrize("action, rule_column, meaning", NOTATION, ids=[str(a) for a, _, _ in NOTATION])
def test_every_verb_of_the_notation_has_words_and_a_rule(action: Action, rule_column: str, meaning: str,
                                                         rules: engine.Ruleset) -> None:
    said = action_text(action, rules)
    assert said and said != str(action)
    assert "_" not in said and "{" not in said, said
    assert said[:1].isupper()
    rule = action_rule(action)
    assert RULE.match(rule)
    assert rule in rule_column or rule in meaning, (rule, rule_column)


@pytest.mark.parametrize("notation, said", [
    ("explore 0906", "Explore 0906"),
    ("take warrior_band war_canoe", "Put a warrior band on a war canoe"),
    ("take war_canoe", "Add a war canoe"),
    ("leave warrior_band war_canoe", "Put the warrior band ashore from a war canoe"),
    ("roll", "Roll the die without a card"),
    ("lose warrior_band", "Lose a warrior band"),
    ("claim", "Claim victory (reveal your VP cards)"),
    ("go 0706", "Move the party to Fiji (0706)"),
    ("use commerce", "Use Commerce"),
    ("play pele 0807", "Play Pele on Tonga (0807)"),
    ("target Samoa", "Aim the event at Samoa"),
    ("sail south_america", "Sail into South America"),
    ("marker ocean_2", "The cup gives an open ocean marker (2 knots)"),
    ("choose marker", "Take the turn-order marker"),
])
def test_action_words(notation: str, said: str, rules: engine.Ruleset) -> None:
    verb, *args = notation.split()
    assert action_text(Action(verb, tuple(args)), rules) == said


@pytest.mark.parametrize("where, said", [
    ("Tonga to explore", "Do not explore this turn"),
    ("Tonga's chain 0807-0906-1006", "End Transit"),
    ("Tonga's war canoes at home", "End your movement (battles follow)"),
    ("Tonga to build", "Finish building"),
])
def test_end_says_what_it_ends_by_the_views_decision(where: str, said: str, rules: engine.Ruleset) -> None:
    state = position(rules, where)
    assert Action("end", ()) in engine.legal_actions(state)
    assert action_text(Action("end", ()), rules, engine.observe(state, "Tonga")) == said
    assert action_text(Action("end", ()), rules) == "End your part of this step"


def test_a_verb_or_an_argument_without_words_is_a_bug_that_surfaces(rules: engine.Ruleset) -> None:
    for action in (Action("juggle", ("0906",)), Action("juggle", ()), Action("transit", ("war_canoe",)),
                   Action("choose", ("nothing",))):
        with pytest.raises((KeyError, IndexError)):
            action_text(action, rules)
    with pytest.raises(KeyError):
        action_rule(Action("juggle", ()))


def test_every_verb_the_engine_declares_has_words_and_a_rule() -> None:
    for verb in get_args(views.Verb):
        assert any(key == f"action.{verb}" or key.startswith(f"action.{verb}.") for key in EN), verb
        assert RULE.match(words.ACTION_RULES[verb]), verb


# --- random games -----------------------------------------------------------------------------------------------

def _expected_turn_order(state: engine.GameState) -> str:
    """What the Turn-order step is really waiting for (the view does not say; words reads it from the log)."""
    sub = state.sub
    if isinstance(sub.owed, NewHome):        # a home malaria or an event emptied (M11, X29)
        return "new home"
    if sub.owed is not None:                 # the sea takes pieces: whose, then which (X28)
        return "aims" if sub.owed.owner < 0 else "which piece is lost"
    if sub.events is not None:
        return {"choose": "chooses between", "draw": "event deck", "target": "aims"}[sub.events.phase]
    return {"malaria": "malaria die", "order": "who plays first"}[sub.stage]


GAMES = [(2, 11, None, 900), (3, 12, ALL_OPTIONS, 1300), (4, 13, ALL_OPTIONS, 1300), (2, 14, ALL_OPTIONS, 1100),
         (3, 15, {"random_events": True, "malaria": True}, 1000)]


@pytest.mark.parametrize("players, seed, options, actions", GAMES)
def test_random_games_turn_into_words(players: int, seed: int, options: dict | None, actions: int,
                                      rules: engine.Ruleset) -> None:
    state = engine.new_game(rules, players, seed, options)
    public_since = [0]                       # the client's `since`: it asks only for what is new
    seen_actions: dict[Action, str] = {}
    decisions = 0

    def check(state: engine.GameState) -> None:
        nonlocal decisions
        view = engine.observe(state, None, since=public_since[0])
        public_since[0] = view["log_size"]
        who = view["to_act"]
        line = decision_line(view, rules)
        said = decision_text(view, rules)
        assert said.strip() and RULE.match(line.rule), (view["step"], said)
        assert said == f"{line.text} ({line.rule})"
        if who is None:
            assert said.startswith("Game over")
        elif who != engine.CHANCE:
            assert who in line.text, said
            assert line.text != f"{who} decides", (view["step"], view["movement"])
            for action in engine.legal_actions(state):
                if action not in seen_actions:
                    seen_actions[action] = action_text(action, rules, view)
                    assert RULE.match(action_rule(action)), action
        if view["step"] == "turn_order" and who is not None:
            assert _expected_turn_order(state) in said, (said, state.sub.to_dict())
        decisions += 1

    play_random(state, actions, seed, check)
    assert decisions > 100
    for action, said in seen_actions.items():
        assert said and said != str(action) and "_" not in said, (action, said)
    for player in [None, *state.names]:
        log = engine.observe(state, player)["log"]
        lines = event_lines(log, rules)
        assert len(lines) == len(log)
        for event, line in zip(log, lines):
            assert line.text.strip() and "{" not in line.text, line
            assert RULE.match(line.rule), (event, line)


# --- the documented positions (docs/NOTATION.md): the decisions random games seldom reach -----------------------

DECISIONS = {
    "new 4-player game": "Tonga chooses who plays first (T2)",
    "Tonga to explore": "Tonga explores (E3)",
    "after `explore 0906`": "The discovery cup decides what Tonga's explorer finds at 0906 (E4)",
    "after `marker island_2`": "The tile stack decides which island group Tonga discovers (E4.2)",
    "after `marker off_course`": "Samoa chooses where Tonga's explorer drifts off course (E4.3)",
    "Tonga ends beside two enemy stacks": "Tonga chooses the next battle (M8)",
    "Tonga's band and canoes rolled a 3": "Tonga decides which piece panics (M8.4)",
    "Samoa loses between two IGs": "Samoa chooses where to retreat from 0906 (M9)",
    "Samoa retreats one canoe with a band and a colony": "Samoa chooses whom the retreating canoes carry (X17)",
    "Tonga beat Samoa's IG": "Tonga decides whether to save villages at Samoa (0806) (M10)",
    "Samoa lost its home": "Samoa names a new home (M11)",
    "after `buy 0807`": "The deck deals the cards bought (B4)",
    "Samoa holds Arioi": "Samoa may answer Tonga's attack at 0906 with a card (X26)",
    "Tonga holds Tiki and rolled a 1": "Tonga may have the roll at 0906 taken again with a card (X24)",
    "Samoa holds Deforestation": "Samoa may answer Tonga's claim with Deforestation (V4)",
    "Tonga rolled 5 at 1804": "Tonga steers the explorer toward South America (A5)",
    "Tonga and Samoa tied at 5 VP": "Tonga chooses between the turn-order marker and the event card (A7)",
    "Samoa draws an event": "The event deck decides (A7)",
    "Tonga draws Invasive Weeds": "Tonga aims Invasive Weeds (A7)",
    "Samoa holds Pele": "Samoa chooses who plays first (T2)",
    "malaria struck Samoa's home": "Samoa names a new home (M11)",
    "a player who can claim": "Tonga may claim victory where their VP, cards shown, reach the target (V3)",
}
POSITIONS = sorted({where for _, where in doc_rows()})


@pytest.mark.parametrize("where", POSITIONS)
def test_each_documented_position_says_who_decides_and_why(where: str, rules: engine.Ruleset) -> None:
    state = position(rules, where)
    who = engine.current_player(state)
    for viewer in (None, *state.names):
        said = decision_text(engine.observe(state, viewer), rules)
        if where in DECISIONS:
            assert said == DECISIONS[where], (viewer, said)
        assert RULE.match(decision_line(engine.observe(state, viewer), rules).rule)
        if who != engine.CHANCE:
            assert who in said
    view = engine.observe(state, None if who == engine.CHANCE else who)
    for action in engine.legal_actions(state):
        said = action_text(action, rules, view)
        assert said and said != str(action) and "_" not in said, (action, said)


def test_a_claim_answered_then_the_end_of_the_game_in_words(rules: engine.Ruleset) -> None:
    state = position(rules, "Samoa holds Deforestation")
    do(state, "decline")
    view = engine.observe(state, "Samoa")
    assert decision_text(view, rules) == "Game over: Tonga wins (V5)"
    lines = event_lines(view["log"], rules)
    assert Line("Tonga claims victory!", "V3") in lines
    assert lines[-1].rule == "V5" and lines[-1].text.startswith("Game over: Tonga wins! Final VP: Tonga 5")


def test_deforestation_that_stops_a_claim_in_words(rules: engine.Ruleset) -> None:
    state = position(rules, "Samoa holds Deforestation")
    do(state, "use deforestation")
    lines = event_lines(engine.observe(state, None)["log"], rules)
    assert Line("Samoa uses Deforestation.", "X26") in lines
    assert any(line.rule == "V4" and "Tonga's claim fails" in line.text for line in lines), lines


def test_malaria_in_words(rules: engine.Ruleset) -> None:
    state = position(rules, "malaria struck Samoa's home")
    do(state, "home 0706")
    lines = event_lines(engine.observe(state, None)["log"], rules)
    assert Line("Samoa rolls 6 for malaria: it strikes Vanuatu (0506).", "A3") in lines
    assert Line("Malaria strikes Vanuatu (0506): Samoa loses a village.", "A3") in lines
    assert Line("Samoa has lost their home!", "M11") in lines
    assert Line("Samoa makes Fiji (0706) their new home.", "M11") in lines


# --- the engine's decision in words --------------------------------------------------------------------------------

def test_each_kind_of_decision_has_its_words_and_no_words_are_left_over() -> None:
    kinds = set(get_args(views.DecisionKind))
    keys = {key for key in EN if key.startswith("decision.")}
    assert keys == {f"decision.{kind}" for kind in kinds} | {"decision.with_rule", "decision.over.won",
                                                              "decision.over.shared"}


def test_a_decision_is_worded_from_the_views_entry_alone(rules: engine.Ruleset) -> None:
    """The words come from `decision`, whatever else the view holds: the engine, not the log, says what is
    being decided (A7's tie here, which a view's VP alone once had to stand for)."""
    state = position(rules, "Tonga and Samoa tied at 5 VP")
    view = engine.observe(state, "Samoa")
    assert decision_text(view, rules) == "Tonga chooses between the turn-order marker and the event card (A7)"
    view["decision"] = {**view["decision"], "kind": "order", "rule": "T2"}
    assert decision_text(view, rules) == "Tonga chooses who plays first (T2)"
    del view["decision"]["who"]
    with pytest.raises(KeyError):
        decision_text(view, rules)


# --- every word from the catalog -----------------------------------------------------------------------------------

def _keys_named(node: ast.expr) -> list[str]:
    """The catalog keys a `text(...)` call's first argument names: a literal, or an f-string's fixed start."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
        return [str(node.values[0].value)]
    if isinstance(node, ast.IfExp):
        return _keys_named(node.body) + _keys_named(node.orelse)
    return []


def test_every_key_the_client_asks_for_is_in_the_catalog() -> None:
    asked = set()
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.args and (
                    (isinstance(node.func, ast.Attribute) and node.func.attr in ("text", "unit")
                     and isinstance(node.func.value, ast.Name) and node.func.value.id == "words")
                    or (path.parent.name == "words" and isinstance(node.func, ast.Name) and node.func.id == "text")):
                asked.update((path.name, key) for key in _keys_named(node.args[0]))
    assert len(asked) > 150
    for where, key in asked:
        assert key in EN or any(k.startswith(key) for k in EN if key.endswith((".", "_"))) or (
            f"{key}.one" in EN and f"{key}.many" in EN), (where, key)


def test_every_reason_why_not_gives_has_words(rules: engine.Ruleset) -> None:
    source = (ROOT / "engine" / "explain.py").read_text(encoding="utf-8")
    codes = set(re.findall(r'Reason\("[A-Z0-9.]+", "([a-z_]+)"', source))
    codes |= {f"{verb}_garrison" for verb in ("settle", "convert")}      # Reason(..., f"{action.verb}_garrison")
    assert len(codes) > 20
    for code in codes:
        said = words.reason_text(engine.Reason("B2", code, {"hex": "0806", "item": "village", "cost": 2, "bp": 1,
                                                            "verb": "go"}), rules)
        assert said.endswith(" (B2)") and "{" not in said, code


# Callee -> its arguments (positions and keywords) that are drawn as words.
DRAWN: dict[str, tuple[int | str, ...]] = {
    "text": (0, "words"), "wrap": (0, "words"), "fit": (0, "words"),          # theme.text, theme.wrap, theme.fit
    "Button": (0, "label"), "Choice": (0, 1, 4, "label", "options", "hints"), "Toggle": (0, 1, "label", "hint"),
    "NumberField": (0, "label"), "ListView": (0, 2, "items", "label"), "Pop": (1, "words"), "Flip": (1, "name"),
    "page": (1, "heading"),
}
SCENES = {"message": (1, 2)}                        # app.make("message", title, message): a scene's drawn words
KEY_METHODS = ("get", "pop", "setdefault")          # their first argument is a key, not a result


def _callee(call: ast.Call) -> tuple[str, str]:
    """(the object's name, the function's name): ("theme", "text"), ("", "Button")."""
    func = call.func
    if isinstance(func, ast.Attribute):
        owner = func.value
        return (owner.id if isinstance(owner, ast.Name) else owner.attr if isinstance(owner, ast.Attribute)
                else "", func.attr)
    return ("", func.id if isinstance(func, ast.Name) else "")


class Drawn:
    """The string literals a module draws: the constants that reach a drawn argument (DRAWN) directly or through
    the names, attributes, parameters and functions of the module that produce it (names are merged over the
    module: more than the truth, never less). A call into the catalog (`words.`) is where words come from: it is
    not followed, nor is another drawing call (it is checked where it stands)."""

    def __init__(self, tree: ast.Module):
        self.values: dict[str, list[ast.expr]] = {}      # a name, attribute or parameter -> what is bound to it
        self.returns: dict[str, list[ast.expr]] = {}     # a function or method -> what it returns
        self.docs = {id(n.body[0].value) for n in ast.walk(tree)
                     if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef)) and n.body
                     and isinstance(n.body[0], ast.Expr)}
        params = {n.name: [a.arg for a in n.args.args if a.arg not in ("self", "cls")]
                  for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        for node in ast.walk(tree):
            self.bind_node(node, params)
        self.found: set[tuple[int, str]] = set()
        self.seen: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _callee(node)[0] != "words":
                self.follow(*self.drawn_arguments(node))

    def bind_node(self, node: ast.AST, params: dict[str, list[str]]) -> None:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                self.bind(target, node.value)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and node.value is not None:
            self.bind(node.target, node.value)
        elif isinstance(node, (ast.For, ast.comprehension)):
            for item in node.iter.elts if isinstance(node.iter, (ast.List, ast.Tuple)) else [node.iter]:
                self.bind(node.target, item)
        elif isinstance(node, ast.FunctionDef):
            self.returns[node.name] = [r.value for r in ast.walk(node) if isinstance(r, ast.Return) and r.value]
        elif isinstance(node, ast.Call):
            name = _callee(node)[1]
            if name in ("append", "extend", "insert") and isinstance(node.func, ast.Attribute) and node.args:
                self.bind(node.func.value, node.args[-1])
            for param, arg in zip(params.get(name, ()), node.args):       # a parameter takes its arguments
                self.values.setdefault(param, []).append(arg)
            for keyword in node.keywords:
                if keyword.arg in params.get(name, ()):
                    self.values.setdefault(keyword.arg, []).append(keyword.value)

    def bind(self, target: ast.expr, value: ast.expr) -> None:
        if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts):
            for t, v in zip(target.elts, value.elts):
                self.bind(t, v)
        elif isinstance(target, (ast.Name, ast.Attribute)):
            self.values.setdefault(target.id if isinstance(target, ast.Name) else target.attr, []).append(value)
        elif isinstance(target, ast.Subscript):
            self.bind(target.value, value)

    @staticmethod
    def drawn_arguments(call: ast.Call) -> list[ast.expr]:
        name = _callee(call)[1]
        if name == "make" and call.args and isinstance(call.args[0], ast.Constant):
            return [call.args[i] for i in SCENES.get(str(call.args[0].value), ()) if i < len(call.args)]
        where = DRAWN.get(name, ())
        return ([call.args[i] for i in where if isinstance(i, int) and i < len(call.args)]
                + [k.value for k in call.keywords if k.arg in where])

    def follow(self, *nodes: ast.expr) -> None:
        for node in nodes:
            if id(node) not in self.seen:
                self.seen.add(id(node))
                self.step(node)

    def step(self, node: ast.expr) -> None:
        if isinstance(node, ast.Constant):
            if isinstance(node.value, str) and any(c.isalpha() for c in node.value) and id(node) not in self.docs:
                self.found.add((node.lineno, node.value))
        elif isinstance(node, (ast.Name, ast.Attribute)):
            self.follow(*self.values.get(node.id if isinstance(node, ast.Name) else node.attr, ()))
        elif isinstance(node, ast.Call):
            owner, name = _callee(node)
            if owner == "words" or name in DRAWN:
                return
            if isinstance(node.func, ast.Attribute):
                self.follow(node.func.value)
            self.follow(*self.returns.get(name, ()))
            self.follow(*(node.args[1:] if name in KEY_METHODS else node.args), *[k.value for k in node.keywords])
        else:
            self.follow(*self.parts(node))

    @staticmethod
    def parts(node: ast.expr) -> list[ast.expr]:
        """The parts of an expression that make its value (not a test, a key or an index)."""
        if isinstance(node, ast.JoinedStr):
            return list(node.values)
        if isinstance(node, (ast.FormattedValue, ast.Subscript, ast.Starred)):
            return [node.value]
        if isinstance(node, ast.IfExp):
            return [node.body, node.orelse]
        if isinstance(node, ast.BoolOp):
            return list(node.values)
        if isinstance(node, ast.BinOp):
            return [node.left, node.right]
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            return list(node.elts)
        if isinstance(node, ast.Dict):
            return [v for v in node.values if v is not None]
        if isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
            return [node.elt]
        if isinstance(node, ast.DictComp):
            return [node.value]
        return []


def drawn_literals(source: str) -> set[str]:
    return {literal for _, literal in Drawn(ast.parse(source)).found}


# Literals other engineers' modules still draw, listed for them to move into the catalog (issue 23).
DRAWING_MODULES = sorted({*(ROOT / "game" / "scenes").rglob("*.py"), *(ROOT / "game" / "render").glob("*.py"),
                          *(ROOT / "game" / "ui").glob("*.py"), ROOT / "game" / "anim.py", ROOT / "game" / "flow.py"})


@pytest.mark.parametrize("path", DRAWING_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_scenes_and_the_render_draw_no_english_outside_the_catalog(path: Path) -> None:
    assert drawn_literals(path.read_text(encoding="utf-8")) == set(), str(path.relative_to(ROOT))


def test_the_literal_check_finds_words_however_they_reach_the_screen() -> None:
    source = '''
from game import theme, words
HINTS = {"a": "A hint"}
def label(n):
    return "Seat " + str(n)
def helper(surface, caption):
    surface.blit(theme.text(caption, 10), (0, 0))
class Scene:
    def __init__(self, app):
        self.title = "Paused"
        buttons = [Button("Resume", app.pop)]
        buttons.append(Button(words.text("menu.quit"), app.quit))
        app.make("message", "Oops", words.text("load.failed"))
    def draw(self, screen):
        head = "You win!" if self.won else f"{self.winner} wins!"
        for cells, name in ((1, "AUSTRALIA"), (2, "THE AMERICAS")):
            theme.text(name, 10, theme.INK, "bold")
        theme.text(self.title, 10, theme.INK, "bold")
        theme.text(head, 10)
        theme.text(HINTS.get("a", "none"), 10)
        theme.text(words.text(f"step.{self.step}"), 10)
        helper(screen, label(3))
'''
    assert drawn_literals(source) == {"Paused", "Resume", "Oops", "You win!", " wins!", "AUSTRALIA", "THE AMERICAS",
                                      "A hint", "none", "Seat "}


def test_the_verb_agrees_with_the_islanders_and_with_shared_winners() -> None:
    """Issue 24's newcomer read "the islanders wins" and "within 1 turns"."""
    from game.words import join, text, who
    assert text("battle.cell.defender_panics", faces="5-6", defender=who("independent")) == \
        "5-6: the islanders panic"
    assert text("battle.cell.defender_panics", faces="5-6", defender=who("Samoa")) == "5-6: Samoa panics"
    assert text("event.game_over", winners=join(["Tonga", "Samoa"]), scores="12, 12") == \
        "Game over: Tonga and Samoa win! Final VP: 12, 12."
    assert text("event.game_over", winners=join(["Tonga"]), scores="12") == "Game over: Tonga wins! Final VP: 12."
    assert "1 turns" not in text("end.why.turns.one", threshold=25)


def test_a_face_down_tile_nobody_else_discovered_says_no_discoverer(rules: engine.Ruleset) -> None:
    from game.words import hex_lines
    record = {"hex": "0906", "face_up": False, "tile": "Niue", "discovered_by": []}
    lines = hex_lines(record, "0906", rules.map.kinds[rules.map.hex_of("0906")], rules, {})
    assert "Face-down tile: Niue" in lines and not any("nothing" in line for line in lines)
