"""The bot levels (issue 18): Easy, Normal and Hard. Hard searches on positions re-dealt from its view alone
(ruling X9, engine/hidden.determinise), is reproducible with a rollout budget, decides trivial positions at once,
stops when asked, and wins games against Normal by victory."""
from __future__ import annotations

import threading

import pytest

import engine
from engine.ai import BOTS, LEVELS, Budget, EasyBot, RuleBot, SearchBot, Sight
from engine.hidden import determinise, redeal
from engine.invariants import violations
from engine.runner import play_game
from engine.state import RUMOR, TRANSPORT
from tests.positions import FEW, board, plan_points


def hide_more(state: engine.GameState, player: int) -> engine.GameState:
    """A twin that differs from `state` in what `player` cannot know: redeal's cards, tiles and piles, and
    besides, in the other player's face-down stacks, a transport canoe or rumor and a piece of another kind
    change hexes (heights and the counts of each kind stay)."""
    twin = redeal(state, player, 99)
    other = 1 - player
    lo, hi = twin.piece_span[other]
    placed = [p for p in range(lo, hi) if twin.piece_hex[p] >= 0 and not twin.piece_up[p]
              and twin.must_hold[twin.piece_hex[p]] != other]
    pairs = [(a, b) for a in placed for b in placed if twin.piece_kind[a] in (TRANSPORT, RUMOR)
             and twin.piece_kind[a] != twin.piece_kind[b] and twin.piece_hex[a] != twin.piece_hex[b]]
    if pairs:
        a, b = pairs[0]
        twin.piece_hex[a], twin.piece_hex[b] = twin.piece_hex[b], twin.piece_hex[a]
    twin.memo = None
    return twin


def test_X9_determinise_depends_on_the_view_alone(rules):
    """Two positions that differ only in what the Hard bot cannot know give it the same re-dealt position for a
    seed, and the same choice; the position re-dealt is a sound game state."""
    checked = 0
    for seed in (3, 8):
        for state, who, bot in plan_points(rules, seed, 4):
            me = state.names.index(who)
            twin = hide_more(state, me)
            assert engine.observe(twin, who) == engine.observe(state, who)
            assert engine.state_hash(twin) != engine.state_hash(state)
            for k in range(3):
                dealt = determinise(state, me, k)
                assert engine.state_hash(dealt) == engine.state_hash(determinise(twin, me, k))
                assert violations(dealt) == []
            copy = SearchBot(who, seed, rules, FEW)
            copy.tried = (bot.tried[0], set(bot.tried[1]))
            legal = engine.legal_actions(state)
            rule = RuleBot(who, seed, rules)
            rule.tried = (bot.tried[0], set(bot.tried[1]))
            view = engine.observe(state, who, log=False)
            first = bot.candidates(board(bot, state, who), legal)[0]
            assert first.action == rule.move(view, board(rule, state, who), legal, {a.verb for a in legal}), \
                "the rule bot's own choice comes first (it wins ties, and a stopped search plays it)"
            assert bot.choose(Sight(state, who), legal) == copy.choose(Sight(twin, who), engine.legal_actions(twin))
            checked += 1
    assert checked >= 6


def test_X9_determinise_re_deals_what_is_hidden(rules):
    """The other player's cards come from the pool of unseen cards, not from the truth: over a few seeds they
    change, while everything the player sees stays."""
    sc = {"players": ["Tonga", "Samoa"], "cards": {"Samoa": {"hand": ["moai", "poi"]}}}
    state = engine.load_scenario(rules, sc)
    hands = {tuple(determinise(state, 0, seed).hand[1]) for seed in range(8)}
    assert len(hands) > 1 and all(len(hand) == 2 for hand in hands)
    seen = engine.observe(state, "Tonga", log=False)
    for seed in range(3):
        assert engine.observe(determinise(state, 0, seed), "Tonga", log=False) == {**seen, "log_size": 0}


def _do(state: engine.GameState, *texts: str) -> engine.GameState:
    for text in texts:
        engine.apply(state, engine.parse_action(state, text))
    return state


def test_X38_a_tile_that_A4_removed_face_down_is_re_dealt(rules):
    """Te Waka Maui took a face-down tile out of play: which tile it was is as unknown as the tile stack."""
    sc = {"players": ["Tonga", "Samoa"], "step": "movement", "options": {"south_island": True}}
    one = engine.load_scenario(rules, sc)
    two = one.clone()
    one.adv.removed_tiles, two.adv.removed_tiles = [one.stack.pop(0)], [two.stack.pop(1)]
    assert engine.observe(one, "Tonga") == engine.observe(two, "Tonga")
    assert engine.state_hash(determinise(one, 0, 5)) == engine.state_hash(determinise(two, 0, 5))


def test_X38_while_arioi_may_call_a_battle_off_the_defenders_stack_is_re_dealt(rules):
    """Nothing of the stacks shows before the battle starts (X26, X35): the defender's war canoe's companion at
    sea may be a band or a transport canoe, whichever the truth."""
    sc = {"players": ["Tonga", "Samoa"], "step": "movement", "ocean": ["0906"],
          "cards": {"Samoa": {"hand": ["arioi", "feather_cloak"]}}}

    def announced(at_sea: dict, at_home: dict) -> engine.GameState:
        pieces = {"Tonga": [{"hex": "Tonga", "war_canoe": 2}],
                  "Samoa": [{"hex": "0906", "war_canoe": 1, **at_sea}, {"hex": "Samoa", **at_home}]}
        state = engine.load_scenario(rules, {**sc, "pieces": pieces})
        _do(state, "party 0807", "take war_canoe", "take war_canoe", "go 0906", "done", "end")
        assert state.sub.battle.phase == "cancel"
        return state
    one = announced({"warrior_band": 1}, {"transport_canoe": 1})
    two = announced({"transport_canoe": 1}, {"warrior_band": 1})
    assert engine.observe(one, "Tonga") == engine.observe(two, "Tonga")
    assert engine.state_hash(determinise(one, 0, 2)) == engine.state_hash(determinise(two, 0, 2))


def test_X38_no_re_deal_during_the_secret_building(rules):
    """The others' secret builds are in the state (B1.2, X8): re-dealing there is refused, not leaked."""
    sc = {"players": ["Tonga", "Samoa"], "step": "building", "order": ["Samoa", "Tonga"],
          "islands": [{"ig": "Samoa", "villages": 3, "controller": "Samoa", "capital": True}]}
    state = _do(engine.load_scenario(rules, sc), "build war_canoe 0806", "end")
    with pytest.raises(ValueError, match="secret builds"):
        determinise(state, 0, 1)


def test_the_hard_bot_is_reproducible_with_a_rollout_budget(rules):
    def make(kind, name, seed=4):
        return SearchBot(name, seed, rules, FEW) if kind == "hard" else BOTS[kind](name, seed, rules)
    first, one = play_game(rules, 2, 4, ["hard", "normal"], max_turns=6, make_bot=make)
    second, _ = play_game(rules, 2, 4, ["hard", "normal"], max_turns=6, make_bot=make)
    assert engine.state_hash(first) == engine.state_hash(second)
    assert one.bots[first.names[0]].stats.searches > 0


def test_hard_against_normal_ends_by_victory(rules):
    def make(kind, name):
        return SearchBot(name, 11, rules, Budget(seconds=None, rollouts=8)) if kind == "hard" else RuleBot(
            name, 11, rules)
    state, result = play_game(rules, 2, 11, ["normal", "hard"], max_turns=60, make_bot=make)
    assert result.over and result.winner is not None
    assert result.bots[state.names[1]].stats.rollouts > 0


def test_trivial_decisions_are_taken_without_search(rules):
    state = engine.new_game(rules, 2, 5)
    bot = SearchBot(state.names[0], 5, rules, Budget(seconds=None, rollouts=10**6))
    only = engine.legal_actions(state)[:1]
    assert bot.choose(Sight(state, state.names[0]), only) == only[0]
    assert bot.stats.searches == 0


def test_a_stopped_search_returns_the_rule_bots_choice(rules):
    """stop() (quit, load, a new game) ends a search in progress; a stopped bot plays the rule bot's plan."""
    state, who, bot = plan_points(rules, 3, 1)[0]
    bot.budget = Budget(seconds=None, rollouts=10**9)          # would think for hours
    legal = engine.legal_actions(state)
    rule_choice = bot.candidates(board(bot, state, who), legal)[0].action
    result = []
    thread = threading.Thread(target=lambda: result.append(bot.choose(Sight(state, who), legal)))
    thread.start()
    bot.stop()
    thread.join(timeout=60)
    assert not thread.is_alive() and result
    assert result[0] == rule_choice
    assert bot.stats.rollouts < 10**9


def test_easy_makes_mistakes_the_rule_bot_does_not(rules):
    """Easy plays legal actions, and in a game some of its plan decisions differ from the rule bot's."""
    state = engine.new_game(rules, 2, 6)
    easy, normal = EasyBot(state.names[0], 6, rules), RuleBot(state.names[0], 6, rules)
    differ = 0
    other = RuleBot(state.names[1], 6, rules)
    while state.turn <= 6 and not engine.is_over(state):
        who = engine.current_player(state)
        if who == engine.CHANCE:
            engine.resolve_chance(state)
            continue
        legal = engine.legal_actions(state)
        if who == state.names[0]:
            choice = easy.choose(Sight(state, who), legal)
            normal.plan, normal.tried = easy.plan, easy.tried
            differ += choice != normal.choose(Sight(state.clone(), who), legal)
            assert choice in legal
        else:
            choice = other.choose(Sight(state, who), legal)
        engine.apply(state, choice)
    assert differ > 0


def test_every_level_is_a_bot():
    assert LEVELS == ("easy", "normal", "hard") and all(kind in BOTS for kind in LEVELS)
