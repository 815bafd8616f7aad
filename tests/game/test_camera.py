"""The camera glides (issue 38): while the others play it follows their moves without ever cutting, it comes back
to the human's decision when it comes, it shakes at impacts except under reduce motion, where its moves are
cross-fades; every glide ends in a bounded time, and a zoom by the wheel keeps the point under the cursor still."""
from __future__ import annotations

import pygame
import pytest

from game import anim
from game.match import Match
from game.render.camera import CAP, GLIDE_MAX, Camera, shift
from game.scenes.table import TableScene

from .conftest import post

FPS = 60


def slid(camera: Camera, before: tuple[float, float, float]) -> float:
    return shift(before, (camera.x, camera.y, camera.zoom), camera.screen)


def table_at(app, rules, seats: list[str], speed: str = "normal", seed: int = 3) -> tuple[TableScene, Match]:
    match = Match.new(rules, len(seats), seats, seed, speed=speed)
    table = TableScene(app, match)
    app.push(table)
    app.frame()
    return table, match


def test_while_bots_play_the_camera_never_cuts(app, rules):
    """The whole table through many frames of a bot game at speed normal: no frame where the picture slides more
    than CAP of the view, and the camera did follow the moves (it glided)."""
    table, match = table_at(app, rules, ["normal", "normal", "normal"])
    camera = table.map.camera
    worst, glides, followed = 0.0, 0, set()
    for _ in range(9000):                                   # two and a half minutes of play
        before = (camera.x, camera.y, camera.zoom)
        gliding = camera.glide
        app.frame()
        worst = max(worst, slid(camera, before))
        glides += camera.glide is not None and camera.glide is not gliding
        followed.update(c.focus for c in table.anim.playing() if c.focus is not None)
    assert match.actions > 100 and len(followed) > 10, "the bots played, at many hexes"
    assert glides >= 5, "the camera followed them"
    assert worst <= CAP + 1e-9, f"a frame slid {worst:.0%} of the view"
    match.close()


def test_the_camera_comes_back_to_the_humans_decision(app, rules):
    """However far the others took the camera, when the decision comes back it glides to what the decision is
    about: the hexes it lights, else the player's own pieces; the player never drags the map home."""
    table, match = table_at(app, rules, ["human", "normal"])
    camera, layout = table.map.camera, table.map.layout
    human = table.viewer.shown
    returns = 0
    away = False
    for _ in range(12000):
        if not table.legal and table.anim.busy and match.last_player not in (None, human):
            far = max(((0.0, 0.0), (layout.width, 0.0), (0.0, layout.height), (layout.width, layout.height)),
                      key=lambda p: min(abs(p[0] - layout.centres[h][0]) + abs(p[1] - layout.centres[h][1])
                                        for h in table.own_hexes() or [0]))
            camera.centre_on(*far, cut=True)     # a bot's voyage took the eye to the far side
            away = True
        before = (camera.x, camera.y, camera.zoom)
        app.frame()
        if table.legal and not table.anim.busy and away:
            frames = 0
            while camera.moving:
                before = (camera.x, camera.y, camera.zoom)
                app.frame()
                assert slid(camera, before) <= CAP + 1e-9, "it glides back"
                frames += 1
            assert frames <= 2 * GLIDE_MAX * FPS
            wanted = list(table.plan.by_hex) or table.own_hexes()
            assert any(table.map.visible(*layout.centres[h]) for h in wanted), "the decision is in sight"
            returns += 1
            away = False
            if returns == 4:
                break
        if table.legal and not table.anim.busy:
            table.act(table.legal[0])
    assert returns == 4
    own = table.own_hexes()                      # a decision lighting no hex: the player's own pieces, home first
    camera.centre_on(*far, cut=True)
    assert own and not any(table.map.visible(*layout.centres[h]) for h in own)
    table.look_at_own()
    while camera.moving:
        app.frame()
    assert table.map.visible(*layout.centres[own[0]])
    match.close()


class Impact(anim.Pop):
    shake = 0.8


@pytest.mark.parametrize("reduce", [False, True])
def test_an_impact_shakes_the_camera_except_under_reduce_motion(app, rules, reduce):
    app.settings.reduce_motion = reduce
    table, match = table_at(app, rules, ["normal", "normal"])
    table.anim.skip()
    camera = table.map.camera
    app.frame()
    rest = camera.target
    table.anim.add(Impact(match.rules.map.labels[table.own_hexes()[0]] if table.own_hexes() else "0807", "",
                          (255, 255, 255), 1.0))
    offsets = []
    for _ in range(20):
        app.frame()
        offsets.append(abs(camera.x - camera.target[0]) + abs(camera.y - camera.target[1]))
    assert camera.target == rest
    if reduce:
        assert max(offsets) == 0 and camera.quake is None, "nothing shakes under reduce motion"
    else:
        assert max(offsets) > 0, "the picture shook"
        for _ in range(60):
            app.frame()
        assert not camera.moving and (camera.x, camera.y) == rest[:2], "and came to rest"
    match.close()


def test_under_reduce_motion_a_move_of_the_camera_is_a_cross_fade(app, rules):
    """No glide: the view is there at once, and the old picture fades into the new over a few frames."""
    app.settings.reduce_motion = True
    table, match = table_at(app, rules, ["human", "normal"])      # nothing else moves the camera meanwhile
    table.anim.skip()
    app.frame()
    camera = table.map.camera
    old = pygame.image.tobytes(app.screen, "RGB")
    camera.centre_on(0, 0)
    assert camera.glide is None and camera.faded == 1, "at once"
    for _ in range(8):
        app.frame()
    assert table.fade is not None and not table.settled
    middle = pygame.image.tobytes(app.screen, "RGB")
    for _ in range(30):
        app.frame()
    assert table.fade is None
    new = pygame.image.tobytes(app.screen, "RGB")
    differs = [i for i in range(0, len(new), 997) if old[i] != new[i]]
    assert len(differs) > 100
    between = sum(min(old[i], new[i]) - 2 <= middle[i] <= max(old[i], new[i]) + 2 for i in differs)
    mixed = sum(middle[i] not in (old[i], new[i]) for i in differs)
    assert between > 0.9 * len(differs) and mixed > 0.5 * len(differs), "a blend of the old and the new"
    match.close()


def test_glides_take_a_bounded_time(app, rules):
    """Across the whole map and back, to each corner and in and out: each glide ends within GLIDE_MAX and the
    frames CAP needs for its distance, sliding at most CAP a frame."""
    table, match = table_at(app, rules, ["human", "normal"])
    table.anim.skip()
    camera, layout = table.map.camera, table.map.layout
    moves = [lambda: camera.centre_on(0, 0), lambda: camera.centre_on(layout.width, layout.height),
             lambda: camera.set_zoom(camera.levels[-1]), lambda: camera.centre_on(0, layout.height),
             camera.fit, lambda: camera.zoom_by(2, (100, 100)), lambda: camera.put(0, 0, 640, 360)]
    for move in moves:
        app.frame()
        start = camera.target
        move()
        distance = shift(start, camera.target, camera.screen)
        frames = 0
        while camera.moving:
            before = (camera.x, camera.y, camera.zoom)
            app.frame()
            assert slid(camera, before) <= CAP + 1e-9
            frames += 1
        assert frames <= GLIDE_MAX * FPS + distance / CAP + 3
        assert (camera.x, camera.y, camera.zoom) == camera.target
    match.close()


def test_a_zoom_by_the_wheel_keeps_the_point_under_the_cursor_still_as_it_eases(app, rules):
    table, match = table_at(app, rules, ["human", "normal"])
    table.anim.skip()
    app.frame()
    camera = table.map.camera
    at = (600, 300)
    held = camera.to_world(*at)
    zoom = camera.zoom
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 1), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    steps = []
    for _ in range(40):
        app.frame()
        steps.append(camera.zoom)
        x, y = camera.to_world(*at)
        assert abs(x - held[0]) < 1e-6 and abs(y - held[1]) < 1e-6, "the point under the cursor stays"
    assert camera.zoom > zoom and len(set(steps)) > 3, "eased over several frames"
    match.close()


def test_at_speed_instant_the_camera_cuts_and_a_table_settles_when_its_camera_rests(app, rules):
    """The UI monkey and the tests click hexes right after a move: at speed instant moves are made at once; at
    any speed the table is not settled while its camera moves."""
    table, match = table_at(app, rules, ["normal", "normal"], speed="instant")
    camera = table.map.camera
    camera.centre_on(0, 0)
    assert camera.glide is None and not camera.moving
    match.speed = "normal"
    app.frame()
    camera.centre_on(table.map.layout.width, table.map.layout.height)
    assert camera.moving and not table.settled
    match.close()
