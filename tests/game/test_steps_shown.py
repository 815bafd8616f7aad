"""Steps that show (issue 24): each step begins with a banner saying what happens in it."""
from __future__ import annotations

import pygame


def test_each_step_begins_with_a_banner_saying_what_happens_in_it(screen):
    """Issue 24: the Victory step passed unnoticed. A step's start is a clip of its own (skipped like any other;
    none at speed instant): its name and a line on what happens, drawn across the top of the map."""
    from game import anim
    event = {"kind": "step_started", "turn": 3, "step": "victory"}
    clips, leading = anim.from_events([event], {}, "normal")
    banner = clips[0]
    assert isinstance(banner, anim.Banner) and leading == [] and banner.after == [event]
    assert "Victory" in banner.title and "(V3)" in banner.line
    assert anim.from_events([event], {}, "instant") == ([], [event])
    screen.fill((0, 0, 0))
    banner.advance(banner.duration / 2)
    banner.draw(screen, lambda label: ((0, 0), 1), 16)
    top = pygame.image.tobytes(screen.subsurface((0, 0, screen.get_width(), 200)), "RGB")
    lit = sum(1 for i in range(0, len(top), 3) if top[i:i + 3] != b"\x00\x00\x00")
    assert lit > 5000, "the banner is drawn"


def test_while_others_play_the_map_turns_to_each_action(app, rules):
    """Issue 24: an explorer's voyage at the map's edge played out under the log panel. As each clip begins,
    the hex it plays at is brought into sight; issue 38: by a glide, never a cut."""
    from game import anim
    from game.match import Match
    from game.render.camera import CAP, shift
    from game.scenes.table import TableScene
    match = Match.new(rules, 2, ["normal", "normal"], 3, speed="normal")
    table = TableScene(app, match)
    app.push(table)
    app.frame()
    far = rules.map.hex_of("1509")
    table.anim.skip()
    camera = table.map.camera
    camera.centre_on(0, 0, cut=True)
    assert not table.map.visible(*table.map.layout.centres[far]) and not table.legal
    table.anim.add(anim.Pop("1509", "", (255, 255, 255), 1.0))
    slides = []
    for _ in range(90):
        before = (camera.x, camera.y, camera.zoom)
        app.frame()
        slides.append(shift(before, (camera.x, camera.y, camera.zoom), camera.screen))
        if not camera.moving:
            break
    assert table.map.visible(*table.map.layout.centres[far]), "in sight within a second and a half"
    assert len(slides) > 2 and max(slides) <= CAP + 1e-9, "it glided there"
    match.close()


def test_the_decision_coming_back_after_others_played_is_a_your_turn_moment(app, rules):
    from game import anim
    from game.match import Match
    from game.scenes.table import TableScene
    match = Match.new(rules, 2, ["human", "normal"], 3, speed="normal")
    table = TableScene(app, match)
    app.push(table)
    greeted: dict[int, set[int]] = {}            # the banners shown, by the position they greet
    for _ in range(3000):
        app.frame()
        head = table.anim.items[0] if table.anim.items else None
        if isinstance(head, anim.Banner) and head.title.startswith("Your turn"):
            greeted.setdefault(match.actions, set()).add(id(head))
        if table.legal and not table.anim.busy:
            if match.last_player == "Samoa":
                break
            table.act(table.legal[0])
    assert match.actions in greeted, "Tonga's decision after Samoa's began with its banner"
    assert all(len(banners) == 1 for banners in greeted.values()), "one banner per return, not per rebuild"
    match.close()
