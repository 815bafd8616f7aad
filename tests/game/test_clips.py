"""Feedback for everything (issue 38): every event kind the views carry has its clip, or a written reason why it
has none; clips of one batch play at once except where the rules give an order (a battle's rounds, one piece's
legs); each clip draws only inside the rectangle it reports; reduce motion keeps the clips but drops particles
and shake."""
from __future__ import annotations

import typing
from typing import Any

import pygame
import pytest

import engine
from engine import views
from game import anim
from game.render import particles

HEXES = ("1006", "1007")
EXPLORERS = {"Tonga": "1006", "Samoa": "1008"}


def kinds() -> dict[str, type]:
    """Every kind of the LogEntry union, with its TypedDict."""
    out = {}
    for td in typing.get_args(views.LogEntry):
        (kind,) = typing.get_args(typing.get_type_hints(td)["kind"])
        out[kind] = td
    return out


def sample(kind: str, td: type, rules: engine.Ruleset) -> dict[str, Any]:
    """An event of this kind with plausible public fields (names, hexes, a card and a tile of the rules)."""
    card = next(iter(rules.cards)) if not kind.startswith("event_") else next(iter(rules.events))
    values: dict[str, Any] = {
        "hex": HEXES[1], "source": HEXES[0], "to": HEXES[1], "path": list(HEXES), "player": "Tonga",
        "players": ["Tonga"], "attacker": "Tonga", "defender": "Samoa", "winner": "Tonga", "loser": "Samoa",
        "chooser": "Samoa", "drawer": "Tonga", "marker": "island", "first": "Tonga", "by": "Tonga",
        "piece": "warrior_band", "tile": next(iter(rules.tile_ids)), "card": card, "face": 4, "knots": 2,
        "modifier": 0, "result": "defender_panics", "step": "exploration", "turn": 2, "pieces": 2, "villages": 1,
        "sunk": {"Tonga": {"war_canoe": 1}}, "front": [{"war_canoe": 1}, {"warrior_band": 1}], "back": [{}, {}],
        "cause": "event", "ig": "Fiji", "how": "voyage", "text": "careful", "winners": ["Tonga"],
        "vp": {"Tonga": "9"}, "direction": "cw", "order": ["Tonga", "Samoa"], "items": {"war_canoe": 1},
    }
    hints = typing.get_type_hints(td)
    event = {name: values.get(name, 1 if hint is int else True if hint is bool else "x")
             for name, hint in hints.items() if name != "kind"}
    if kind == "claim_failed":
        event["vp"] = "9"
    return {"kind": kind, **event, "throw_seed": 7} if kind == "die_rolled" else {"kind": kind, **event}


def clip_of(event: dict[str, Any]) -> anim.Anim | None:
    clips, _ = anim.from_events([event], dict(EXPLORERS), "normal")
    return clips[0] if clips else None


def test_every_kind_the_views_carry_has_its_clip_or_a_reason(screen, rules) -> None:
    every = kinds()
    assert len(every) > 80
    made, reasons, missing = {}, {}, []
    for kind, td in sorted(every.items()):
        clip = clip_of(sample(kind, td, rules))
        reason = anim.WITHOUT_CLIP.get(kind)
        if clip is not None:
            assert reason is None, f"{kind} has a clip and a reason not to"
            made[kind] = type(clip).__name__
        elif reason:
            reasons[kind] = reason
        else:
            missing.append(kind)
    assert not missing, f"kinds with neither a clip nor a reason: {missing}"
    assert set(anim.WITHOUT_CLIP) <= set(every), "reasons for kinds the views no longer carry"
    assert len(made) >= 50, made


def test_each_clip_draws_inside_the_rectangle_it_reports(screen, rules) -> None:
    """The table redraws only where a clip says it drew (game/render/redraw.py)."""
    where = {"1006": ((400.0, 300.0), 60.0), "1007": ((500.0, 330.0), 60.0), "1008": ((450.0, 250.0), 60.0)}
    for kind, td in sorted(kinds().items()):
        clip = clip_of(sample(kind, td, rules))
        if clip is None:
            continue
        for t in (0.1, 0.35, 0.6, 0.95):
            screen.fill((0, 0, 0))
            clip.elapsed = clip.duration * t
            drawn = clip.draw(screen, lambda label: where[label], 16)
            mask = pygame.mask.from_threshold(screen, (0, 0, 0), (1, 1, 1, 255))
            mask.invert()
            if mask.count() == 0:
                continue
            assert drawn is not None, f"{kind} drew and said nowhere"
            (box,) = [r.unionall(mask.get_bounding_rects()) for r in mask.get_bounding_rects()[:1]]
            assert drawn.contains(box), f"{kind} at {t}: drew {box} outside {drawn}"


def test_instant_makes_no_clips_and_still_keeps_them_without_particles_or_shake(screen, rules, monkeypatch) -> None:
    events = [sample(kind, td, rules) for kind, td in kinds().items()]
    assert anim.from_events(events, dict(EXPLORERS), "instant") == ([], events)
    shaking = [c for c in anim.from_events(events, dict(EXPLORERS), "normal")[0] if c.shake > 0]
    assert {type(c).__name__ for c in shaking} >= {"DieThrow", "Sink", "Conquest"}, "impacts shake the camera"
    drawn: list[float] = []
    monkeypatch.setattr(particles.Puff, "draw", lambda self, *a: drawn.append(a[-1]) or None)
    still, _ = anim.from_events(events, dict(EXPLORERS), "normal", still=True)
    assert len(still) >= 50 and all(c.shake == 0 and c.still for c in still)
    for clip in still:
        clip.elapsed = clip.duration / 2
        clip.draw(screen, lambda label: ((400.0, 300.0), 60.0), 16)
    assert drawn == [], "reduce motion: no particles"
    moving, _ = anim.from_events([sample("piece_removed", kinds()["piece_removed"], rules)], {}, "normal")
    moving[0].elapsed = moving[0].duration / 2
    moving[0].draw(screen, lambda label: ((400.0, 300.0), 60.0), 16)
    assert drawn, "and particles otherwise"


def test_a_batch_plays_at_once_but_a_battle_and_a_piece_keep_their_order(screen, rules, monkeypatch) -> None:
    """Two explorers far apart sail together; one stack's two legs and a battle's rounds (M8-M14) one after
    another; the log hears every event in the engine's order, each once its clip (and those before it) ended."""
    monkeypatch.setattr(anim.sound, "play", lambda *a: None)
    events = [
        {"kind": "explorer_moved", "player": "Tonga", "to": "0807", "path": ["0906", "0807"]},
        {"kind": "explorer_moved", "player": "Samoa", "to": "1509", "path": ["1508", "1509"]},
        {"kind": "stack_moved", "player": "Hiva", "source": "1006", "to": "1007", "pieces": 2},
        {"kind": "stack_moved", "player": "Hiva", "source": "1007", "to": "1107", "pieces": 2},
        {"kind": "battle_started", "hex": "1107", "attacker": "Hiva", "defender": "Samoa", "attacker_pieces": {},
         "defender_pieces": {}, "local_warriors": 0, "villages": 0, "front": [{}, {}], "back": [{}, {}]},
        {"kind": "die_rolled", "hex": "1107", "face": 4, "modifier": 0, "result": "defender_panics",
         "throw_seed": 3},
        {"kind": "piece_panicked", "hex": "1107", "player": "Samoa", "piece": "warrior_band"},
        {"kind": "battle_over", "hex": "1107"},
    ]
    heard: list[dict[str, Any]] = []
    begun: list[anim.Anim] = []
    queue = anim.Queue(heard.extend, begun.append)
    clips, leading = anim.from_events(events, {}, "normal")
    assert leading == [] and len(clips) == 7
    for clip in clips:
        queue.add(clip)
    for later, earlier in ((3, 2), (4, 3), (5, 4), (6, 5)):
        assert clips[earlier] in clips[later].waits
    assert clips[0].waits == [] and clips[1].waits == [] and clips[2].waits == []
    queue.update(1 / 60)
    assert begun == clips[:3], "both explorers and the stack's first leg set off together"
    for _ in range(2000):
        if not queue.busy:
            break
        before = len(heard)
        queue.update(1 / 60)
        for e in heard[before:]:
            owner = next(c for c in clips if e in c.after)
            assert owner.done and all(c.done for c in clips[:clips.index(owner)]), "only once its clip has ended"
        started = [clips.index(c) for c in begun]
        assert started == sorted(started[:3]) + sorted(started[3:]), "in order where the rules need it"
    assert heard == events, "every event once, in the engine's order"
    order = [clips.index(c) for c in begun]
    assert order[3:] == [3, 4, 5, 6], "the second leg, then the battle round by round"


def test_skip_hands_on_every_event_in_order_and_ends_the_queue(screen, rules) -> None:
    heard: list[dict[str, Any]] = []
    queue = anim.Queue(heard.extend)
    events = [sample(k, kinds()[k], rules) for k in ("marker_drawn", "tile_revealed", "village_built", "conquest")]
    clips, leading = anim.from_events(events, dict(EXPLORERS), "normal")
    for clip in clips:
        queue.add(clip)
    queue.update(0.1)
    assert heard == leading == [] and queue.busy
    queue.skip()
    assert heard == events and not queue.busy and list(queue.playing()) == []


@pytest.mark.parametrize("speed", ["normal", "fast"])
def test_the_die_throw_lands_with_an_impact_and_a_shake(speed) -> None:
    event = {"kind": "die_rolled", "hex": "1006", "face": 2, "modifier": 0, "result": "attacker_panics",
             "throw_seed": 11}
    (clip,), _ = anim.from_events([event], {}, speed)
    assert isinstance(clip, anim.DieThrow) and clip.shake > 0 and clip.pose.face in range(1, 7)
    if speed == "normal":
        assert clip.lift > 1 and clip.since_landing < 0, "thrown from above"
        clip.advance(1.0)
        assert clip.lift < 0.3 and clip.since_landing > 0
    clip.advance(clip.duration)
    assert clip.pose.face == 2
